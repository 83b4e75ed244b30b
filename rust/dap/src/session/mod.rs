//! One debug session: an adapter process (as its [`AdapterProfile`] says), its
//! connection, and every request a session answers. What differs between adapters is
//! read from the profile. One `impl Session` spread over files by job:
//!
//! - `launch`: starting (reaching the adapter, the handshake) and ending a session.
//! - `events`: the event loop, and judging each stop.
//! - `sync`: the breakpoint lists sent to the adapter.
//! - `control`: resume, pause, step, run to a line.
//! - `inspect`: threads, stacks, variables, evaluation.
//! - `busy`, `test_failure`, `watchpoints`: a program that cannot answer, stops at
//!   failing tests, data breakpoints.
//!
//! This file holds the session's state and the one way a request is made
//! (`Session::call`). Each file names the choices it makes where DAP or the
//! adapters leave one; this one's:
//!
//! - **A busy program.** A program that cannot answer (stuck in breakpoint code, which
//!   the shim reports in its activity file; in an evaluation; in C code that holds
//!   the interpreter lock, seen as a request unanswered for [`SILENT_AFTER`] while it
//!   burns a CPU, or for the whole request timeout) is [`Session::busy`]: requests
//!   that need it fail at once with `busy`, saying what it is doing; breakpoint
//!   lists and `pause` are sent without waiting (the program reads them when it is
//!   free), and `stop` kills it without waiting for goodbyes.

mod busy;
mod control;
mod events;
mod inspect;
mod launch;
mod sync;
mod test_failure;
mod watchpoints;

use crate::adapter::{AdapterCommand, AdapterProfile};
use crate::breakpoints::{CodeRoute, ExceptionRequest, List, Owner};
use crate::client::{Client, ClientError};
use crate::diagnostics::{Diagnostics, Ending};
use crate::launch_json::LaunchConfig;
use crate::test_runs::FailureStop;
use debugger_core::error::{ErrorCode, ToolError, ToolResult};
use debugger_core::lock;
use debugger_core::model::*;
use debugger_core::BackendEvent;
use serde_json::Value as Json;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};
use tokio::process::Child;
use tokio::sync::watch;

/// How long cleanup waits for the adapter to exit by itself before killing it.
const EXIT_GRACE: Duration = Duration::from_secs(3);

/// How long a session that terminated waits for an exit status told after it.
const EXIT_STATUS_WAIT: Duration = Duration::from_secs(1);

/// How long the program may run breakpoint code (its guard's budget is 1 s) before the
/// session calls it busy instead of waiting for it.
const BUSY_AFTER: Duration = Duration::from_secs(1);

/// How long a request waits before the debuggee's CPU is sampled (is it spinning?).
const QUICK_ANSWER: Duration = Duration::from_millis(100);

/// How long a request may go unanswered while the debuggee burns a CPU (C code holding
/// the interpreter) before the session calls the program busy.
const SILENT_AFTER: Duration = Duration::from_millis(600);

/// The share of a CPU a program that does not answer must burn to count as busy in C code.
const SPINNING: f64 = 0.7;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Phase {
    Starting,
    Running,
    Paused,
    Ended,
}

struct State {
    phase: Phase,
    /// Thread of the last stop.
    stopped_thread: Option<i64>,
    debuggee_pid: Option<u32>,
    /// DAP breakpoint id → (list, owner), from the latest request sent per list.
    dap_ids: HashMap<i64, (List, Owner)>,
    /// `ignore_breakpoints` in force until the next stop.
    suppressed: bool,
    /// Pending `run_to_line` target.
    run_to: Option<(PathBuf, u32)>,
    /// `stop()` was asked, or the adapter said `terminated`: its end is no error.
    stopping: bool,
    /// When the program was last resumed (a guard refusal after it explains a stop).
    resumed_at: SystemTime,
    /// Per failing condition's label, the hits where it failed as last told.
    failures_told: HashMap<String, u64>,
}

/// An evaluation still running in the debuggee after its request timed out.
struct HungEvaluation {
    expression: String,
    since: Instant,
}

/// What a session was started from.
pub struct SessionSpec {
    pub id: String,
    pub project: PathBuf,
    pub config: LaunchConfig,
    pub mode: LaunchMode,
    pub adapter: &'static AdapterProfile,
    pub command: AdapterCommand,
    /// The `launch` request's arguments (the profile made them).
    pub launch_args: Json,
    /// `GuardedExpression` can run here (the profile's guard is in place).
    pub runtime_guard: bool,
    /// The file where debugpy's shim says what breakpoint code is doing (made here).
    pub activity: Option<PathBuf>,
    /// How conditions and log messages reach the debugger.
    pub code_route: CodeRoute,
    /// Show values without running program code (needs the shim: `values.rs`).
    pub values_without_code: bool,
    /// An adapter started ahead for this session (`warm.rs`), to use instead of
    /// starting one.
    pub ready_adapter: Option<Child>,
    /// Stop at an uncaught exception without a project breakpoint.
    pub break_on_uncaught: bool,
    /// Stop where a test fails (a test launch, with break on uncaught).
    pub test_failures: bool,
}

/// What a session needs of the backend it belongs to (the state sessions share,
/// `crate::hub::Shared`, implements it): the event channel, the breakpoint store, the
/// registry of sessions, the sweeps, the bounds. A trait, so that a session knows nothing
/// of the hub that holds it.
#[async_trait::async_trait]
pub trait Hub: Send + Sync {
    fn emit(&self, event: BackendEvent);
    /// Add a started session to the registry.
    fn register(&self, session: Arc<Session>);
    /// Kill, off the caller's path, every process carrying `tag` (an ended session's).
    fn sweep(&self, session: &str, tag: String);
    fn project_roots(&self) -> Vec<PathBuf>;
    fn store_lists(&self, project: &Path) -> Vec<List>;
    fn list_breakpoints(&self, project: &Path, list: &List) -> Vec<Breakpoint>;
    fn exception_requests(&self, project: &Path) -> Vec<ExceptionRequest>;
    fn ids_at(&self, project: &Path, file: &Path, line: u32) -> Vec<String>;
    /// Record what a debugger says of breakpoints (id, verified, message).
    fn report_statuses(&self, project: &Path, statuses: Vec<(String, bool, Option<String>)>);
    /// Count stops; temporary breakpoints are removed and their lists resent.
    async fn record_hits(&self, project: &Path, ids: &[String]);
    /// Bound of one DAP request.
    fn request_timeout(&self) -> Duration;
    /// Bound of the launch handshake.
    fn launch_timeout(&self) -> Duration;
    /// Prefix of this backend's session tags (`tree`).
    fn tree_owner(&self) -> &str;
}

/// A live (or ended) session.
pub struct Session {
    pub id: String,
    adapter: &'static AdapterProfile,
    /// What the adapter said it supports (`initialize`'s answer).
    capabilities: Json,
    project: PathBuf,
    program: Option<PathBuf>,
    mode: LaunchMode,
    /// [`SessionSpec::break_on_uncaught`].
    break_on_uncaught: bool,
    /// How a failing test stops, when [`SessionSpec::test_failures`].
    test_failures: Option<&'static FailureStop>,
    /// The data breakpoints set in this session.
    watchpoints: Mutex<Vec<watchpoints::Watchpoint>>,
    descriptor: Mutex<SessionDescriptor>,
    client: Arc<Client>,
    shared: Arc<dyn Hub>,
    state: Mutex<State>,
    /// Serializes breakpoint list updates.
    bp_lock: tokio::sync::Mutex<()>,
    child: tokio::sync::Mutex<Option<Child>>,
    /// Held during cleanup; true once it ran.
    cleaned: tokio::sync::Mutex<bool>,
    adapter_pgid: Option<u32>,
    /// What an error or an end says of why (stderr tail, events, exit statuses).
    diagnostics: Arc<Diagnostics>,
    initialized: watch::Sender<bool>,
    /// The program's exit status is known.
    exited: watch::Sender<bool>,
    ended: watch::Sender<bool>,
    /// [`SessionSpec::runtime_guard`].
    pub runtime_guard: bool,
    /// The evaluation that outlived its timeout, until it answers.
    hung_evaluation: Arc<Mutex<Option<HungEvaluation>>>,
    /// [`SessionSpec::activity`], once made: its path and the file, open.
    activity: Option<(PathBuf, std::fs::File)>,
    /// [`SessionSpec::code_route`].
    code_route: CodeRoute,
    /// How values are shown where the shim is in the program and guards it
    /// (`values.rs`): never reading program code ([`SessionSpec::values_without_code`])
    /// or reading it under the guard; `None`: as the adapter shows them.
    shim_values: Option<crate::values::Reads>,
    /// The debuggee's CPU as last seen (is a silent program spinning?).
    cpu: Mutex<busy::CpuWatch>,
}

/// ` (it ended with signal SIGKILL)`, when the adapter's end is known.
fn ending_suffix(ending: Option<Ending>) -> String {
    ending
        .map(|e| format!(" (it ended with {})", e.describe()))
        .unwrap_or_default()
}

fn parse_id(text: &str, what: &str, code: ErrorCode) -> ToolResult<i64> {
    text.trim()
        .parse::<i64>()
        .map_err(|_| ToolError::new(code, format!("unknown {what} '{text}'")))
}

fn as_i64(v: &Json) -> Option<i64> {
    v.as_i64()
}

impl Session {
    /// A request that failed during the session: the adapter said no (`failed`), or,
    /// with the diagnostics, it did not answer in time or is gone.
    fn dap_error(&self, e: ClientError, context: &str, failed: ErrorCode) -> ToolError {
        let code = match &e {
            ClientError::Failed { message, .. } => {
                return ToolError::new(failed, format!("{context}: {message}"))
            }
            ClientError::Timeout { .. } => ErrorCode::Timeout,
            ClientError::Closed { .. } => ErrorCode::SessionEnded,
        };
        ToolError::new(code, format!("{context}: {e}")).with_detail(
            "diagnostics",
            self.diagnostics.snapshot(&self.client.pending()),
        )
    }

    /// Whether the adapter's `initialize` answer announces `capability`: what the
    /// adapter says, never what its profile is assumed to do.
    fn supports(&self, capability: &str) -> bool {
        self.capabilities
            .get(capability)
            .and_then(Json::as_bool)
            .unwrap_or(false)
    }

    pub fn descriptor(&self) -> SessionDescriptor {
        lock(&self.descriptor).clone()
    }

    pub fn project(&self) -> &Path {
        &self.project
    }

    /// The language of the program, as its adapter profile says.
    pub fn language(&self) -> &'static str {
        self.adapter.language
    }

    pub fn is_ended(&self) -> bool {
        lock(&self.state).phase == Phase::Ended
    }

    /// One request under the request timeout; a failure becomes a [`ToolError`] that
    /// names what was asked (`context`), with `refused` as the code when the adapter
    /// says no (timeouts and a lost adapter get their own codes in [`dap_error`]).
    /// A busy program ([`Session::busy`]) fails it at once; one that leaves it
    /// unanswered for [`SILENT_AFTER`] while burning a CPU fails it then (its late
    /// answer is dropped).
    async fn call(
        &self,
        command: &str,
        arguments: Json,
        context: &str,
        refused: ErrorCode,
    ) -> ToolResult<Json> {
        self.not_busy()?;
        let failed = |e| self.dap_error(e, context, refused);
        let in_flight = self.client.send(command, arguments).await.map_err(failed)?;
        let mut answer = tokio::spawn(in_flight.wait(self.shared.request_timeout()));
        // Most answers come at once; the debuggee's CPU is sampled only for a slow one.
        let answered = match tokio::time::timeout(QUICK_ANSWER, &mut answer).await {
            Ok(answered) => answered,
            Err(_) => {
                self.sample_cpu();
                match tokio::time::timeout(SILENT_AFTER - QUICK_ANSWER, &mut answer).await {
                    Ok(answered) => answered,
                    Err(_) => {
                        if let Some(doing) = self.busy() {
                            return Err(self.busy_error(&doing));
                        }
                        answer.await
                    }
                }
            }
        };
        answered
            .map_err(|join| ToolError::internal(format!("{context}: {join}")))?
            .map_err(failed)
    }
}
