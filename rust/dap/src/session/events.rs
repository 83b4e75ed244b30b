//! The event loop: DAP events turned into [`BackendEvent`]s. A stop is judged here
//! (which breakpoints caused it, whether an exception or a failing test was asked
//! for, which watched values changed) before anyone sees it.
//!
//! - **Stop reasons.** A stop caused only by the one-shot target of `run_to_line`
//!   is reported as [`StopReason::Step`] with description `"run to line"`; if a
//!   user breakpoint caused it (also), it is a `Breakpoint` stop with its ids. The
//!   one-shot target replaces a user breakpoint on the very same line while it is
//!   set, so a stop there is a "run to line" stop.
//! - **Exception breakpoints** (profiles whose exceptions are of classes: debugpy).
//!   debugpy resolves only built-in class names in `exceptionOptions`, so a
//!   user-defined class is requested as `BaseException` and each exception stop is
//!   checked: its class and bases (read by the profile's expression in the top frame,
//!   falling back to `exceptionInfo`) against the requested classes and
//!   caught/uncaught modes. A stop nobody asked for is
//!   continued silently: no `Stopped`, no `Continued`.
//! - **Break on uncaught** (a launch option, on by default): one more exception
//!   option, every class unhandled, sent after the project's, held by the session
//!   and never by the store, so it is no breakpoint (not listed, not persisted, the
//!   user's own exception breakpoints untouched). Its stop names no breakpoint.
//!   An uncaught `SystemExit` is a deliberate exit, continued silently.
//! - **Crashes** (lldb-dap, Delve: profiles whose exceptions are crashes). An exception
//!   stop is the program crashing (a signal, a panic): it stops with the
//!   adapter's `exceptionInfo` when break on uncaught is on, and is continued
//!   silently (the program then ends) when it is off. Exception breakpoints by class
//!   are Python's: the project's are reported unverified in such a session.

use super::{as_i64, ending_suffix, lock, Phase, Session, EXIT_GRACE, EXIT_STATUS_WAIT};
use crate::adapter::{self, Exceptions};
use crate::breakpoints::{self, exception_wanted, Owner};
use debugger_core::error::ErrorCode;
use debugger_core::model::*;
use debugger_core::BackendEvent;
use serde_json::{json, Value as Json};
use std::path::PathBuf;
use std::sync::Arc;
use tokio::io::BufReader;
use tokio::sync::mpsc;

impl Session {
    pub(super) async fn event_loop(
        self: Arc<Self>,
        mut events: mpsc::UnboundedReceiver<crate::protocol::Event>,
    ) {
        while let Some(event) = events.recv().await {
            self.diagnostics.event(&event.event, &event.body);
            if self.is_ended() && event.event != "terminated" {
                continue;
            }
            let body = &event.body;
            match event.event.as_str() {
                "initialized" => {
                    self.initialized.send_replace(true);
                }
                "process" => {
                    if let Some(pid) = body
                        .get("systemProcessId")
                        .and_then(Json::as_u64)
                        .and_then(|p| u32::try_from(p).ok())
                    {
                        lock(&self.state).debuggee_pid = Some(pid);
                        lock(&self.descriptor).process_id = Some(pid);
                        self.shared.emit(BackendEvent::ProcessStarted {
                            session: self.id.clone(),
                            process_id: pid,
                        });
                        tokio::spawn(self.clone().reap_after_exit(pid));
                    }
                }
                "stopped" => self.on_stopped(body).await,
                "continued" => {
                    let was_paused = {
                        let mut st = lock(&self.state);
                        let paused = st.phase == Phase::Paused;
                        if paused {
                            st.phase = Phase::Running;
                        }
                        paused
                    };
                    if was_paused {
                        self.shared.emit(BackendEvent::Continued {
                            session: self.id.clone(),
                        });
                    }
                }
                "output" => self.on_output(body),
                "breakpoint" => self.on_breakpoint_event(body),
                "exited" => {
                    let code = body.get("exitCode").and_then(as_i64).unwrap_or(0);
                    self.exited(i32::try_from(code).unwrap_or(i32::MIN));
                }
                "terminated" => {
                    // The adapter may now exit: that is the end it announced.
                    lock(&self.state).stopping = true;
                    let session = self.clone();
                    // Cleanup closes the adapter; its end of stream then ends this loop.
                    tokio::spawn(async move {
                        if session.adapter.exit_status_after.is_some() {
                            // Delve tells the exit status only once told to disconnect.
                            let t = session.shared.request_timeout().min(EXIT_GRACE);
                            let disconnect = session.disconnect_arguments();
                            let _ = session.client.request("disconnect", disconnect, t).await;
                            let mut exited = session.exited.subscribe();
                            let _ = tokio::time::timeout(EXIT_STATUS_WAIT, exited.wait_for(|v| *v))
                                .await;
                        }
                        session.finish(None).await
                    });
                }
                _ => {}
            }
        }
        let unexpected = {
            let st = lock(&self.state);
            !st.stopping && st.phase != Phase::Ended
        };
        let error = match unexpected {
            true => {
                let ended = ending_suffix(self.adapter_ending().await);
                Some(self.diagnosed(
                    ErrorCode::AdapterCrashed,
                    &format!(
                        "the {} adapter exited unexpectedly{ended}",
                        self.adapter.name
                    ),
                ))
            }
            false => None,
        };
        self.finish(error).await;
    }

    fn exited(&self, exit_code: i32) {
        self.diagnostics.program_exited(exit_code.into());
        self.exited.send_replace(true);
        self.shared.emit(BackendEvent::Exited {
            session: self.id.clone(),
            exit_code,
        });
    }

    pub(super) fn on_output(&self, body: &Json) {
        let category = match body.get("category").and_then(Json::as_str) {
            Some("telemetry") => return,
            Some("stdout") => OutputCategory::Stdout,
            Some("stderr") => OutputCategory::Stderr,
            _ => OutputCategory::Console,
        };
        let text = body
            .get("output")
            .and_then(Json::as_str)
            .unwrap_or_default();
        if text.is_empty() {
            return;
        }
        if category == OutputCategory::Console {
            let status = self
                .adapter
                .exit_status_after
                .and_then(|marker| adapter::exit_status_in(text, marker));
            if let Some(exit_code) = status {
                self.exited(exit_code);
            }
            if adapter::is_chatter(self.adapter, text) {
                return;
            }
        }
        self.shared.emit(BackendEvent::Output {
            session: self.id.clone(),
            category,
            // lldb runs the program on a terminal, which ends lines with \r\n.
            text: text.replace("\r\n", "\n"),
        });
    }

    /// Read the adapter's stdout to its end (a full pipe would block it): the
    /// program's output where the program writes there (Delve), else logged.
    pub(super) async fn read_adapter_stdout(
        self: Arc<Self>,
        mut lines: tokio::io::Lines<BufReader<tokio::process::ChildStdout>>,
    ) {
        while let Ok(Some(line)) = lines.next_line().await {
            if self.adapter.program_on_adapter_stdio {
                self.on_output(&json!({ "category": "stdout", "output": format!("{line}\n") }));
            } else {
                tracing::debug!(target: "adapter", adapter = self.adapter.name, "{line}");
            }
        }
    }

    fn on_breakpoint_event(&self, body: &Json) {
        let Some(bp) = body.get("breakpoint") else {
            return;
        };
        let Some(dap_id) = bp.get("id").and_then(as_i64) else {
            return;
        };
        let owner = lock(&self.state).dap_ids.get(&dap_id).cloned();
        if let Some((_, Owner::Project(id))) = owner {
            let verified = bp.get("verified").and_then(Json::as_bool).unwrap_or(false);
            let message = bp.get("message").and_then(Json::as_str).map(str::to_owned);
            self.shared
                .report_statuses(&self.project, vec![(id, verified, message)]);
        }
    }

    async fn on_stopped(self: &Arc<Self>, body: &Json) {
        let reason = body
            .get("reason")
            .and_then(Json::as_str)
            .unwrap_or("")
            .to_string();
        let thread = body.get("threadId").and_then(as_i64);
        let hit_dap: Vec<i64> = body
            .get("hitBreakpointIds")
            .and_then(Json::as_array)
            .map(|a| a.iter().filter_map(as_i64).collect())
            .unwrap_or_default();

        // Exceptions first: an unwanted one is continued without a trace.
        let mut exception = None;
        let mut exception_hits = Vec::new();
        let mut failed_test = None;
        if reason == "exception" {
            if let Some(thread) = thread {
                let (info, mro) = self.exception_details(thread).await;
                let unwanted = if let Exceptions::Classes(_) = self.adapter.exceptions {
                    let requests = self.shared.exception_requests(&self.project);
                    let uncaught = info.uncaught == Some(true);
                    exception_hits = self
                        .conditions_hold(
                            thread,
                            &requests,
                            exception_wanted(&requests, &mro, uncaught),
                        )
                        .await;
                    let by_default = self.break_on_uncaught
                        && breakpoints::uncaught_default_wants(&mro, uncaught);
                    if exception_hits.is_empty() && !by_default && !uncaught {
                        failed_test = self.failed_exception_test(thread, &info, &mro).await;
                    }
                    let asked = !requests.is_empty() || self.break_on_uncaught;
                    asked && exception_hits.is_empty() && !by_default && failed_test.is_none()
                } else {
                    // A crash: stopping there is what break on uncaught means.
                    !self.break_on_uncaught
                };
                if unwanted {
                    tracing::debug!(session = %self.id, ty = %info.type_name, "exception stop not asked for; continuing");
                    if self.continue_unseen(thread).await {
                        return;
                    }
                }
                exception = Some(info);
            }
        }

        // Which breakpoints caused it (before the lists are restored: ids change).
        let (run_to, mapped) = {
            let st = lock(&self.state);
            let mapped: Vec<Owner> = hit_dap
                .iter()
                .filter_map(|id| st.dap_ids.get(id).map(|(_, o)| o.clone()))
                .collect();
            (st.run_to.clone(), mapped)
        };
        let mut project_hits: Vec<String> = mapped
            .iter()
            .filter_map(|o| match o {
                Owner::Project(id) => Some(id.clone()),
                Owner::RunTo | Owner::TestFailure => None,
            })
            .collect();
        let mut run_to_hit = mapped.contains(&Owner::RunTo);
        if let (true, Some(thread)) = (mapped.contains(&Owner::TestFailure), thread) {
            failed_test = self.failed_framework_test(thread).await;
            let seen = failed_test.is_some() || !project_hits.is_empty() || run_to_hit;
            if !seen && self.continue_unseen(thread).await {
                return;
            }
        }
        let description = body
            .get("description")
            .or_else(|| body.get("text"))
            .and_then(Json::as_str);
        let mut changes = Vec::new();
        if let (true, Some(thread)) = (self.is_watch_stop(&reason, description), thread) {
            changes = self.watch_changes(thread).await;
            if changes.is_empty() && self.continue_unseen(thread).await {
                return;
            }
        }
        if reason == "breakpoint" && hit_dap.is_empty() && changes.is_empty() {
            if let Some((file, line)) = self.top_location(thread).await {
                project_hits = self.shared.ids_at(&self.project, &file, line);
                run_to_hit = run_to
                    .as_ref()
                    .is_some_and(|(f, l)| f == &file && *l == line);
            }
        }

        // Restore the normal lists before anyone sees the stop.
        let restore = {
            let mut st = lock(&self.state);
            let restore = st.suppressed || st.run_to.is_some();
            st.suppressed = false;
            st.run_to = None;
            restore
        };
        if restore {
            let lists = self.lists_with(run_to.as_ref().map(|(f, _)| f));
            let _guard = self.bp_lock.lock().await;
            for list in lists {
                if let Err(e) = self.sync_list_locked(&list).await {
                    tracing::warn!(?list, %e, "could not restore breakpoints");
                }
            }
        }

        let mut hits = project_hits.clone();
        hits.extend(exception_hits.iter().cloned());
        if !hits.is_empty() {
            self.shared.record_hits(&self.project, &hits).await;
        }
        let watch_hits = changes.iter().map(|c| c.breakpoint_id.clone());
        let project_hits: Vec<String> = project_hits.into_iter().chain(watch_hits).collect();

        let (stop_reason, description) = match reason.as_str() {
            _ if failed_test.is_some() => (StopReason::TestFailed, None),
            _ if !changes.is_empty() => (StopReason::ValueChanged, None),
            "breakpoint" | "function breakpoint" | "data breakpoint" | "instruction breakpoint" => {
                if run_to_hit && project_hits.is_empty() {
                    (StopReason::Step, Some("run to line".to_string()))
                } else {
                    (StopReason::Breakpoint, None)
                }
            }
            "step" => (StopReason::Step, None),
            "goto" => (StopReason::Goto, None),
            "pause" => (StopReason::Pause, None),
            "exception" => (StopReason::Exception, None),
            "entry" => (StopReason::Entry, None),
            _ => (StopReason::Other, None),
        };
        let description = description
            .or_else(|| self.refused_code(&hits))
            .or_else(|| {
                body.get("description")
                    .or_else(|| body.get("text"))
                    .and_then(Json::as_str)
                    .map(str::to_owned)
            });
        let description = match (description, self.condition_failures()) {
            (Some(said), Some(failures)) => Some(format!("{said} {failures}")),
            (said, failures) => said.or(failures),
        };
        let detail = match (failed_test, changes.is_empty()) {
            (Some(test), _) => Some(StopDetail::FailedTest(test)),
            (None, false) => Some(StopDetail::ValueChanged(changes)),
            (None, true) => None,
        };
        {
            let mut st = lock(&self.state);
            st.phase = Phase::Paused;
            st.stopped_thread = thread;
        }
        self.shared.emit(BackendEvent::Stopped {
            session: self.id.clone(),
            thread_id: thread.map(|t| t.to_string()),
            reason: stop_reason,
            hit_breakpoints: project_hits.into_iter().chain(exception_hits).collect(),
            exception,
            description,
            detail,
        });
    }

    /// Continue a stop nobody is shown (an exception or failure call nobody asked
    /// about): no `Stopped`, no `Continued`. False when the adapter refused, so the
    /// stop is shown after all.
    async fn continue_unseen(&self, thread: i64) -> bool {
        let t = self.shared.request_timeout();
        match self
            .client
            .request("continue", json!({ "threadId": thread }), t)
            .await
        {
            Ok(_) => true,
            Err(e) => {
                tracing::warn!(%e, "could not continue past a stop nobody asked for");
                false
            }
        }
    }

    /// `exceptionInfo` plus the exception's class and bases as `module.qualname`.
    /// The exception breakpoints among `hits` whose condition holds in the raising
    /// frame (or that have none). A condition that cannot be evaluated stops, as
    /// debugpy does for line breakpoints, so an error is never silently skipped.
    async fn conditions_hold(
        &self,
        thread: i64,
        requests: &[breakpoints::ExceptionRequest],
        hits: Vec<String>,
    ) -> Vec<String> {
        let mut kept = Vec::new();
        for id in hits {
            let condition = requests
                .iter()
                .find(|r| r.id == id)
                .and_then(|r| r.condition.clone());
            let Some(condition) = condition else {
                kept.push(id);
                continue;
            };
            let Some(frame) = self.top_frame_id(thread).await else {
                kept.push(id);
                continue;
            };
            let expression = breakpoints::exception_condition(self.code_route, &condition, &id);
            let answer = self
                .client
                .request(
                    "evaluate",
                    json!({ "expression": expression, "frameId": frame, "context": "watch" }),
                    self.shared.request_timeout(),
                )
                .await;
            match answer
                .as_ref()
                .ok()
                .and_then(|v| v.get("result"))
                .and_then(Json::as_str)
            {
                Some("False") => {
                    tracing::debug!(session = %self.id, %id, %condition, "exception condition false");
                }
                Some("True") => kept.push(id),
                other => {
                    tracing::debug!(session = %self.id, %id, ?other, "exception condition failed; stopping");
                    kept.push(id);
                }
            }
        }
        kept
    }

    async fn exception_details(&self, thread: i64) -> (ExceptionInfo, Vec<String>) {
        let t = self.shared.request_timeout();
        let info = self
            .client
            .request("exceptionInfo", json!({ "threadId": thread }), t)
            .await
            .unwrap_or_default();
        let details = info.get("details").cloned().unwrap_or_default();
        let type_name = details
            .get("fullTypeName")
            .or_else(|| details.get("typeName"))
            .or_else(|| info.get("exceptionId"))
            .and_then(Json::as_str)
            .map(self.adapter.frames.name)
            .unwrap_or("Exception")
            .to_string();
        let message = info
            .get("description")
            .or_else(|| details.get("message"))
            .and_then(Json::as_str)
            .unwrap_or_default()
            .to_string();
        let (uncaught, classes) = match &self.adapter.exceptions {
            Exceptions::Classes(classes) => (
                info.get("breakMode")
                    .and_then(Json::as_str)
                    .map(|m| classes.uncaught_modes.contains(&m)),
                Some(classes.classes),
            ),
            // A signal or a panic: nothing in the program handled it.
            Exceptions::Crashes(_) => (Some(true), None),
        };
        let mut mro = Vec::new();
        let frame = match classes {
            Some(_) => self.top_frame_id(thread).await,
            None => None,
        };
        if let (Some(frame), Some(expr)) = (frame, classes) {
            if let Ok(v) = self
                .client
                .request(
                    "evaluate",
                    json!({ "expression": expr, "frameId": frame, "context": "watch" }),
                    t,
                )
                .await
            {
                if let Some(s) = v.get("result").and_then(Json::as_str) {
                    mro = s
                        .trim_matches(['\'', '"'])
                        .split_whitespace()
                        .map(str::to_owned)
                        .collect();
                }
            }
        }
        let (type_name, message) = match self.adapter.exceptions {
            Exceptions::Classes(_) => (mro.first().cloned().unwrap_or(type_name), message),
            Exceptions::Crashes(details) => details(type_name, message),
        };
        if mro.is_empty() {
            mro.push(type_name.clone());
        }
        (
            ExceptionInfo {
                type_name,
                message,
                uncaught,
            },
            mro,
        )
    }

    async fn top_frame(&self, thread: i64) -> Option<Json> {
        let body = self
            .client
            .request(
                "stackTrace",
                json!({ "threadId": thread, "startFrame": 0, "levels": 1 }),
                self.shared.request_timeout(),
            )
            .await
            .ok()?;
        body.get("stackFrames")?.as_array()?.first().cloned()
    }

    async fn top_frame_id(&self, thread: i64) -> Option<i64> {
        self.top_frame(thread).await?.get("id").and_then(as_i64)
    }

    async fn top_location(&self, thread: Option<i64>) -> Option<(PathBuf, u32)> {
        let frame = self.top_frame(thread?).await?;
        let file = frame.pointer("/source/path")?.as_str()?;
        let line = u32::try_from(frame.get("line")?.as_u64()?).ok()?;
        Some((PathBuf::from(file), line))
    }
}
