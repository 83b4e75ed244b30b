//! Execution control: resume, pause, step, run to a line and jump to one, with
//! breakpoints ignored until the next stop where asked.
//!
//! - **Continued.** Emitted when we resume (before the request is sent, so it always
//!   precedes the next `Stopped`) or when debugpy reports a resume while we
//!   considered the session paused.
//! - **Breakpoint lists during `ignore_breakpoints`.** Every list of the project (its
//!   files', its functions') is sent empty (only a run-to target stays) until the next stop of the
//!   session, whatever causes it; then the full lists are restored before the stop
//!   is reported. Exception breakpoints stay in force.
//! - **`Into { force: true }`** is a plain `stepIn`: debugpy decides "my code" at
//!   launch (`justMyCode` of the configuration) and has no per-step override.

use super::{lock, parse_id, Phase, Session};
use crate::breakpoints::List;
use debugger_core::error::{ErrorCode, ToolError, ToolResult};
use debugger_core::model::*;
use debugger_core::BackendEvent;
use serde_json::{json, Value as Json};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

impl Session {
    pub(super) fn live(&self) -> ToolResult<()> {
        if self.is_ended() {
            return Err(ToolError::new(
                ErrorCode::SessionEnded,
                format!("session {} has ended", self.id),
            ));
        }
        Ok(())
    }

    pub(super) fn paused_thread(&self) -> ToolResult<Option<i64>> {
        let st = lock(&self.state);
        match st.phase {
            Phase::Ended => Err(ToolError::new(
                ErrorCode::SessionEnded,
                format!("session {} has ended", self.id),
            )),
            Phase::Paused => {
                let thread = st.stopped_thread;
                drop(st);
                self.not_busy()?;
                Ok(thread)
            }
            Phase::Starting | Phase::Running => Err(ToolError::new(
                ErrorCode::NotPaused,
                format!("session {} is running, not paused", self.id),
            )),
        }
    }

    /// Mark running and tell subscribers, before the request goes out.
    fn mark_running(&self) {
        {
            let mut st = lock(&self.state);
            st.phase = Phase::Running;
            st.resumed_at = SystemTime::now();
        }
        self.shared.emit(BackendEvent::Continued {
            session: self.id.clone(),
        });
    }

    /// A resume request failed: the session is still paused where it was.
    fn mark_paused_again(&self) {
        let mut st = lock(&self.state);
        if st.phase == Phase::Running {
            st.phase = Phase::Paused;
        }
    }

    async fn resume_request(&self, command: &str, args: Json) -> ToolResult<()> {
        self.mark_running();
        if let Err(e) = self
            .client
            .request(command, args, self.shared.request_timeout())
            .await
        {
            self.mark_paused_again();
            return Err(self.dap_error(e, &format!("'{command}'"), ErrorCode::NotPaused));
        }
        Ok(())
    }

    pub async fn resume(&self) -> ToolResult<()> {
        let thread = self.paused_thread()?;
        self.resume_request("continue", json!({ "threadId": thread.unwrap_or(0) }))
            .await
    }

    pub async fn pause(&self) -> ToolResult<()> {
        self.live()?;
        if lock(&self.state).phase == Phase::Paused {
            return Ok(());
        }
        if let Some(doing) = self.busy() {
            // Asked now, read by the program when it is free (debugpy pauses every thread).
            self.client
                .send("pause", json!({ "threadId": 0 }))
                .await
                .map_err(|e| self.dap_error(e, "pause", ErrorCode::NotRunning))?;
            return Err(self.busy_error(&doing));
        }
        let thread = self
            .threads()
            .await?
            .first()
            .and_then(|t| t.id.parse::<i64>().ok())
            .unwrap_or(0);
        self.call(
            "pause",
            json!({ "threadId": thread }),
            "pause",
            ErrorCode::NotRunning,
        )
        .await
        .map(|_| ())
    }

    /// Send every list empty (ignore breakpoints until the next stop), or
    /// set a run-to target; the normal lists come back at the next stop.
    async fn arm(&self, suppress: bool, run_to: Option<(PathBuf, u32)>) -> ToolResult<()> {
        if !suppress && run_to.is_none() {
            return Ok(());
        }
        let run_to_file = run_to.as_ref().map(|(f, _)| f);
        let lists = if suppress {
            self.lists_with(run_to_file)
        } else {
            run_to_file
                .map(|f| List::File(f.clone()))
                .into_iter()
                .collect()
        };
        {
            let mut st = lock(&self.state);
            st.suppressed = suppress;
            st.run_to = run_to;
        }
        let _guard = self.bp_lock.lock().await;
        for list in &lists {
            if let Err(e) = self.sync_list_locked(list).await {
                drop(_guard);
                self.disarm().await;
                return Err(e);
            }
        }
        Ok(())
    }

    /// Undo [`Self::arm`] after a failed request.
    async fn disarm(&self) {
        {
            let mut st = lock(&self.state);
            st.suppressed = false;
            st.run_to = None;
        }
        let _guard = self.bp_lock.lock().await;
        for list in self.shared.store_lists(&self.project) {
            let _ = self.sync_list_locked(&list).await;
        }
    }

    pub async fn step(
        &self,
        thread_id: &str,
        kind: StepKind,
        ignore_breakpoints: bool,
    ) -> ToolResult<()> {
        self.paused_thread()?;
        let thread = parse_id(thread_id, "thread", ErrorCode::ThreadNotFound)?;
        let command = match kind {
            StepKind::Over => "next",
            StepKind::Into { .. } => "stepIn",
            StepKind::Out => "stepOut",
        };
        self.arm(ignore_breakpoints, None).await?;
        let result = self
            .resume_request(
                command,
                json!({ "threadId": thread, "granularity": "line" }),
            )
            .await;
        if result.is_err() && ignore_breakpoints {
            self.disarm().await;
        }
        result
    }

    pub async fn run_to_line(
        &self,
        thread_id: &str,
        file: &Path,
        line: u32,
        ignore_breakpoints: bool,
    ) -> ToolResult<()> {
        self.paused_thread()?;
        let thread = parse_id(thread_id, "thread", ErrorCode::ThreadNotFound)?;
        self.arm(ignore_breakpoints, Some((file.to_path_buf(), line)))
            .await?;
        let result = self
            .resume_request("continue", json!({ "threadId": thread }))
            .await;
        if result.is_err() {
            self.disarm().await;
        }
        result
    }

    /// Only an adapter that announces `supportsGotoTargetsRequest` can set the next
    /// statement; one without it (lldb-dap 19, Delve) is `not_supported`.
    pub fn can_jump(&self) -> ToolResult<()> {
        if self.supports("supportsGotoTargetsRequest") {
            return Ok(());
        }
        Err(ToolError::new(
            ErrorCode::NotSupported,
            format!(
                "{} cannot set the next statement: it does not offer DAP gotoTargets.",
                self.adapter.name
            ),
        ))
    }

    /// "Set next statement": ask the adapter where `file:line` can be jumped to
    /// (`gotoTargets`), then `goto` the target on that line.
    pub async fn jump_to_line(&self, thread_id: &str, file: &Path, line: u32) -> ToolResult<()> {
        self.paused_thread()?;
        let thread = parse_id(thread_id, "thread", ErrorCode::ThreadNotFound)?;
        self.can_jump()?;
        let answer = self
            .call(
                "gotoTargets",
                json!({ "source": { "path": file }, "line": line }),
                "gotoTargets",
                ErrorCode::InvalidLocation,
            )
            .await?;
        let targets = answer
            .get("targets")
            .and_then(Json::as_array)
            .cloned()
            .unwrap_or_default();
        let on_line = |t: &&Json| t.get("line").and_then(Json::as_u64) == Some(u64::from(line));
        let target = targets
            .iter()
            .find(on_line)
            .or(targets.first())
            .and_then(|t| t.get("id").and_then(Json::as_i64))
            .ok_or_else(|| {
                ToolError::new(
                    ErrorCode::InvalidLocation,
                    format!(
                        "{}:{line} cannot be the next statement: the debugger offers no \
                         target there.",
                        file.display()
                    ),
                )
            })?;
        self.resume_request("goto", json!({ "threadId": thread, "targetId": target }))
            .await
    }
}
