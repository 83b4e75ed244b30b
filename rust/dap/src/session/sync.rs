//! Breakpoint sync: the project's lists (a file's line breakpoints, the function
//! breakpoints, the exception breakpoints) resent in full to the adapter when they
//! change, and what the adapter says of each breakpoint reported back to the store.
//!
//! - **Breakpoint code** (conditions, log message parts) goes through debugpy's shim
//!   where the session has it ([`CodeRoute::PythonShim`]); a stop caused by a
//!   condition the guard refused says so in its description.

use super::{as_i64, lock, Session};
use crate::adapter::Exceptions;
use crate::breakpoints::{exception_arguments, plan, List, Owner, Planned};
use crate::test_runs::FailureStop;
use debugger_core::error::{ErrorCode, ToolResult};
use debugger_core::model::*;
use serde_json::{json, Value as Json};
use std::path::PathBuf;
use std::time::Duration;

/// What one more breakpoint in a `setBreakpoints` list adds to its request's bound
/// (debugpy takes about 1 ms each: 10,000 in one file take 10 s).
const PER_LISTED_BREAKPOINT: Duration = Duration::from_millis(3);

impl Session {
    /// The project's lists, plus the file of a run-to target and the functions of
    /// the session's own stop at failing tests, where the project has none.
    pub(super) fn lists_with(&self, run_to_file: Option<&PathBuf>) -> Vec<List> {
        let mut lists = self.shared.store_lists(&self.project);
        let own = run_to_file
            .map(|file| List::File(file.clone()))
            .into_iter()
            .chain(self.failure_call().map(|_| List::Functions));
        for list in own {
            if !lists.contains(&list) {
                lists.push(list);
            }
        }
        lists
    }

    /// Resend one list in full (after a change in the store).
    pub async fn sync_list(&self, list: &List) -> ToolResult<()> {
        if self.mode != LaunchMode::Debug || self.is_ended() {
            return Ok(());
        }
        let _guard = self.bp_lock.lock().await;
        self.sync_list_locked(list).await
    }

    pub(super) async fn sync_list_locked(&self, list: &List) -> ToolResult<()> {
        let (suppressed, run_to) = {
            let st = lock(&self.state);
            (
                st.suppressed,
                st.run_to
                    .as_ref()
                    .filter(|(f, _)| matches!(list, List::File(file) if f == file))
                    .map(|(_, l)| *l),
            )
        };
        let bps = self.shared.list_breakpoints(&self.project, list);
        if *list == List::Functions && !self.supports("supportsFunctionBreakpoints") {
            // Kept in the project for the sessions of adapters that can; said here.
            let why = format!(
                "{} cannot stop at a function by name (no supportsFunctionBreakpoints); \
                 set a line breakpoint instead",
                self.adapter.name
            );
            self.report_status(
                bps.iter()
                    .map(|b| (b.id.as_str(), false, Some(why.clone()))),
            );
            return Ok(());
        }
        let mut planned = plan(&bps, suppressed, run_to, self.code_route);
        if *list == List::Functions {
            // In force like exception breakpoints, even while breakpoints are ignored.
            planned.extend(self.failure_call().map(|function| Planned {
                owner: Owner::TestFailure,
                wire: json!({ "name": function }),
            }));
        }
        let wires: Vec<Json> = planned.iter().map(|p| p.wire.clone()).collect();
        let listed = wires.len() as u32;
        let (command, args, context) = match list {
            List::File(file) => (
                "setBreakpoints",
                json!({
                    "source": { "path": file, "name": file.file_name().map(|n| n.to_string_lossy().into_owned()) },
                    "lines": wires.iter().map(|w| w["line"].clone()).collect::<Vec<_>>(),
                    "breakpoints": wires,
                    "sourceModified": false,
                }),
                format!("setting breakpoints in {}", file.display()),
            ),
            List::Functions => (
                "setFunctionBreakpoints",
                json!({ "breakpoints": wires }),
                "setting function breakpoints".to_string(),
            ),
        };
        if self.busy().is_some() {
            // The program reads it when it is free; what it says of each breakpoint
            // then is not waited for.
            self.client
                .send(command, args)
                .await
                .map_err(|e| self.dap_error(e, &context, ErrorCode::AdapterFailed))?;
            return Ok(());
        }
        // An adapter checks each breakpoint of the list: its time grows with them.
        let timeout = self.shared.request_timeout() + PER_LISTED_BREAKPOINT * listed;
        let body = self
            .client
            .request(command, args, timeout)
            .await
            .map_err(|e| self.dap_error(e, &context, ErrorCode::AdapterFailed))?;
        let answers = body
            .get("breakpoints")
            .and_then(Json::as_array)
            .cloned()
            .unwrap_or_default();
        {
            let mut st = lock(&self.state);
            st.dap_ids.retain(|_, (l, _)| l != list);
            for (entry, answer) in planned.iter().zip(answers.iter()) {
                if let Some(id) = answer.get("id").and_then(as_i64) {
                    st.dap_ids.insert(id, (list.clone(), entry.owner.clone()));
                }
            }
        }
        self.report_status(
            planned
                .iter()
                .zip(answers.iter())
                .filter_map(|(entry, answer)| {
                    let Owner::Project(id) = &entry.owner else {
                        return None;
                    };
                    let verified = answer
                        .get("verified")
                        .and_then(Json::as_bool)
                        .unwrap_or(false);
                    let message = answer
                        .get("message")
                        .and_then(Json::as_str)
                        .map(str::to_owned);
                    Some((id.as_str(), verified, message))
                }),
        );
        Ok(())
    }

    /// Record what the adapter says of breakpoints (id, verified, message) and
    /// announce the ones that changed.
    fn report_status<'a>(&self, statuses: impl Iterator<Item = (&'a str, bool, Option<String>)>) {
        let statuses = statuses
            .map(|(id, verified, message)| (id.to_string(), verified, message))
            .collect();
        self.shared.report_statuses(&self.project, statuses);
    }

    /// Resend the exception breakpoints.
    pub async fn sync_exceptions(&self) -> ToolResult<()> {
        if self.mode != LaunchMode::Debug || self.is_ended() {
            return Ok(());
        }
        let _guard = self.bp_lock.lock().await;
        self.sync_exceptions_locked().await
    }

    pub(super) async fn sync_exceptions_locked(&self) -> ToolResult<()> {
        let requests = self.shared.exception_requests(&self.project);
        if let Exceptions::Crashes(_) = self.adapter.exceptions {
            let why = format!(
                "{} stops where the program crashes (a signal, a panic) by itself; exception \
                 breakpoints by class are for Python",
                self.adapter.name
            );
            self.report_status(
                requests
                    .iter()
                    .map(|r| (r.id.as_str(), false, Some(why.clone()))),
            );
            return Ok(());
        }
        let body = self
            .call(
                "setExceptionBreakpoints",
                exception_arguments(
                    &requests,
                    self.break_on_uncaught,
                    matches!(
                        self.test_failures,
                        Some(FailureStop::LeavingTestCode { .. })
                    ),
                ),
                "setting exception breakpoints",
                ErrorCode::AdapterFailed,
            )
            .await?;
        let answers = body
            .get("breakpoints")
            .and_then(Json::as_array)
            .cloned()
            .unwrap_or_default();
        // One answer per exception option; an option the adapter rejects marks its breakpoint.
        let mut i = 0;
        self.report_status(requests.iter().map(|r| {
            let n = usize::from(r.caught) + usize::from(r.uncaught);
            let verified = answers.is_empty()
                || answers[i..(i + n).min(answers.len())]
                    .iter()
                    .all(|a| a.get("verified").and_then(Json::as_bool).unwrap_or(true));
            i += n;
            (r.id.as_str(), verified, None)
        }));
        Ok(())
    }
}
