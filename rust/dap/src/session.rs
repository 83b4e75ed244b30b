//! One debug session: an adapter process (as its [`AdapterProfile`] says), its
//! connection, the launch handshake, the event loop that turns DAP events into
//! [`BackendEvent`]s, and every request a session answers (execution, breakpoints
//! sync, inspection). What differs between adapters is read from the profile.
//!
//! Decisions where DAP or the adapters leave a choice:
//! - **Stop reasons.** A stop caused only by the one-shot target of `run_to_line`
//!   is reported as [`StopReason::Step`] with description `"run to line"`; if a
//!   user breakpoint caused it (also), it is a `Breakpoint` stop with its ids. The
//!   one-shot target replaces a user breakpoint on the very same line while it is
//!   set, so a stop there is a "run to line" stop.
//! - **Breakpoint lists during `ignore_breakpoints`.** Every list of the project (its
//!   files', its functions') is sent empty (only a run-to target stays) until the next stop of the
//!   session, whatever causes it; then the full lists are restored before the stop
//!   is reported. Exception breakpoints stay in force.
//! - **Exception breakpoints** (Python). debugpy resolves only built-in class names in
//!   `exceptionOptions`, so a user-defined class is requested as `BaseException`
//!   and each exception stop is checked: its class and bases (read from pydevd's
//!   `__exception__` in the top frame, falling back to `exceptionInfo`) against the
//!   requested classes and caught/uncaught modes. A stop nobody asked for is
//!   continued silently: no `Stopped`, no `Continued`.
//! - **Break on uncaught** (a launch option, on by default): one more exception
//!   option, every class unhandled, sent after the project's, held by the session
//!   and never by the store, so it is no breakpoint (not listed, not persisted, the
//!   user's own exception breakpoints untouched). Its stop names no breakpoint.
//!   An uncaught `SystemExit` is a deliberate exit, continued silently.
//! - **Crashes** (lldb-dap, Delve: profiles without Python exceptions). An exception
//!   stop is the program crashing (a signal, a panic): it stops with the
//!   adapter's `exceptionInfo` when break on uncaught is on, and is continued
//!   silently (the program then ends) when it is off. Exception breakpoints by class
//!   are Python's: the project's are reported unverified in such a session.
//! - **Scopes.** `Local` and `All` list the frame's locals (module globals only
//!   when `Global` is asked for: they are large and agents pay per token);
//!   `This` is the `self` (or `cls`) local; `Arguments` are the locals named by the
//!   frame's code object parameters, read by one evaluation that finds the target
//!   frame in pydevd's own `evaluate_expression(py_db, frame, ...)` (pydevd
//!   evaluates with a merged globals+locals dict, so `locals()` cannot identify it);
//!   `not_supported` if that ever fails. debugpy puts functions and classes of a
//!   scope in the synthetic groups that are dropped, so `Global` lists module data.
//! - **`Into { force: true }`** is a plain `stepIn`: debugpy decides "my code" at
//!   launch (`justMyCode` of the configuration) and has no per-step override.
//! - **Hung evaluations.** debugpy runs an evaluation on the paused thread and
//!   answers nothing else about that thread until it ends. An evaluation that
//!   outlives the request timeout is remembered (expression, start) until its answer
//!   arrives (or [`EVALUATION_ABANDON`] passes); meanwhile every request that needs
//!   the paused program fails at once with `evaluation_running`, naming it, instead
//!   of each waiting out its own timeout. `pause`, `threads` and `stop` still work.
//! - **A busy program.** A program that cannot answer (stuck in breakpoint code, which
//!   the shim reports in its activity file; in an evaluation; in C code that holds
//!   the interpreter lock, seen as a request unanswered for [`SILENT_AFTER`] while it
//!   burns a CPU, or for the whole request timeout) is [`Session::busy`]: requests
//!   that need it fail at once with `busy`, saying what it is doing; breakpoint
//!   lists and `pause` are sent without waiting (the program reads them when it is
//!   free), and `stop` kills it without waiting for goodbyes.
//! - **Breakpoint code** (conditions, log message parts) goes through debugpy's shim
//!   where the session has it ([`CodeRoute::PythonShim`]); a stop caused by a
//!   condition the guard refused says so in its description.
//! - **Why it failed.** A launch request that fails is coded by its cause: the
//!   adapter said no (`adapter_failed`), did not answer in time (`timeout`), or went
//!   away (`adapter_crashed`, its exit status waited for at most [`EXIT_STATUS_WAIT`]);
//!   the adapter's output ending unasked mid-session is `adapter_crashed` too, carried
//!   by `Terminated`. Each such error has the [`Diagnostics`] snapshot as its
//!   `diagnostics` detail; a request that times out or finds the adapter gone later
//!   gets it as well.
//! - **Continued.** Emitted when we resume (before the request is sent, so it always
//!   precedes the next `Stopped`) or when debugpy reports a resume while we
//!   considered the session paused.

mod test_failure;
mod watchpoints;

use crate::adapter::debugpy::{self, BreakpointCode};
use crate::adapter::{self, AdapterCommand, AdapterProfile, Guard};
use crate::breakpoints::{
    self, exception_arguments, exception_wanted, plan, CodeRoute, List, Owner, Planned,
};
use crate::client::{Client, ClientError};
use crate::diagnostics::{Diagnostics, Ending};
use crate::launch_json::LaunchConfig;
use crate::test_runs::FailureStop;
use crate::tree;
use crate::values;
use crate::Shared;
use debugger_core::error::{ErrorCode, ToolError, ToolResult};
use debugger_core::eval_guard::split_trailing_expression;
use debugger_core::model::*;
use debugger_core::BackendEvent;
use serde_json::{json, Value as Json};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::Child;
use tokio::sync::{mpsc, watch};

mod busy;

/// How long cleanup waits for the adapter to exit by itself before killing it.
const EXIT_GRACE: Duration = Duration::from_secs(3);
/// What one more breakpoint in a `setBreakpoints` list adds to its request's bound
/// (debugpy takes about 1 ms each: 10,000 in one file take 10 s).
const PER_LISTED_BREAKPOINT: Duration = Duration::from_millis(3);
/// How often a session checks whether its debuggee process is still there.
const REAP_POLL: Duration = Duration::from_millis(250);
/// At most this many modules, and as many sources, in one answer.
const LOADED_CAP: usize = 300;
/// How long a session that terminated waits for an exit status told after it.
const EXIT_STATUS_WAIT: Duration = Duration::from_secs(1);
/// How long an evaluation that outlived its timeout is still waited for (and blocks
/// the paused program's requests with `evaluation_running`).
pub const EVALUATION_ABANDON: Duration = Duration::from_secs(60 * 60);
/// The prefix of the temporaries pytest's assertion rewriting adds to a test's
/// locals (`@py_assert1`): no name of the user's, and no expression can name them.
const PYTEST_REWRITE: &str = "@py_";
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
/// debugpy's synthetic group entries in variable listings.
const SYNTHETIC: &[&str] = &[
    "special variables",
    "function variables",
    "class variables",
    "protected variables",
];

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

/// The adapter a session talks to, as reached: the process started for it (none
/// when it was already listening in the program), the connection, its stderr.
struct Reached {
    child: Option<Child>,
    connection: adapter::Connection,
    diagnostics: Arc<Diagnostics>,
    /// Lines of the adapter's stderr that are the program's (Delve).
    program_stderr_lines: Option<mpsc::UnboundedReceiver<String>>,
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
    shared: Arc<Shared>,
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
    /// [`SessionSpec::activity`], once made.
    activity: Option<PathBuf>,
    /// [`SessionSpec::code_route`].
    code_route: CodeRoute,
    /// [`SessionSpec::values_without_code`], where the shim is in the program.
    values_without_code: bool,
    /// The debuggee's CPU as last seen (is a silent program spinning?).
    cpu: Mutex<busy::CpuWatch>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// An error that says why in words and in data: the message with the adapter's
/// stderr tail, and the `diagnostics` detail (the record and the pending requests).
fn diagnosed(
    adapter: &AdapterProfile,
    record: &Diagnostics,
    pending: &[(String, Duration)],
    code: ErrorCode,
    message: &str,
) -> ToolError {
    ToolError::new(
        code,
        format!("{message}{}", tail_suffix(adapter, &record.stderr_tail())),
    )
    .with_detail("diagnostics", record.snapshot(pending))
}

/// What a failed request during the launch means: the adapter refused it, never
/// answered, or went away.
fn launch_cause(e: &ClientError) -> ErrorCode {
    match e {
        ClientError::Failed { .. } => ErrorCode::AdapterFailed,
        ClientError::Timeout { .. } => ErrorCode::Timeout,
        ClientError::Closed { .. } => ErrorCode::AdapterCrashed,
    }
}

/// The launch saw the session end (its adapter gone) before it was ready.
fn ended_during_launch() -> ClientError {
    ClientError::Closed {
        command: "launch".into(),
        reason: "the session ended".into(),
    }
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
    /// Spawn the adapter, run the launch handshake (breakpoints in place before
    /// `configurationDone`) and return once the launch is acknowledged.
    pub async fn start(shared: Arc<Shared>, mut spec: SessionSpec) -> ToolResult<Arc<Session>> {
        let profile = spec.adapter;
        let ready = spec.ready_adapter.take();
        let Reached {
            mut child,
            connection,
            diagnostics,
            program_stderr_lines,
        } = Self::reach_adapter(&shared, &spec, ready).await?;
        let adapter_pgid = child.as_ref().and_then(Child::id);
        let (client, events) = Client::start(connection.reader, connection.writer);

        let init_args = json!({
            "clientID": "jetbrains-debugger", "clientName": "jetbrains-debugger",
            "adapterID": profile.adapter_id, "locale": "en-US",
            "linesStartAt1": true, "columnsStartAt1": true, "pathFormat": "path",
            "supportsVariableType": true, "supportsVariablePaging": false,
            "supportsRunInTerminalRequest": false, "supportsStartDebuggingRequest": false,
            "supportsProgressReporting": false, "supportsInvalidatedEvent": false,
        });
        let capabilities = match client
            .request("initialize", init_args, shared.launch_timeout)
            .await
        {
            Ok(capabilities) => capabilities,
            Err(e) => {
                // Taken before the adapter is told to go: what it left unanswered.
                let pending = client.pending();
                client.close_input().await;
                if let Some(child) = child.as_mut() {
                    // Let the adapter finish writing its error, but never wait long.
                    if let Ok(Ok(status)) = tokio::time::timeout(EXIT_GRACE, child.wait()).await {
                        diagnostics.adapter_ended(status);
                        diagnostics.stderr_read_to_end(EXIT_STATUS_WAIT).await;
                    }
                    let _ = child.kill().await;
                }
                if diagnostics
                    .stderr_tail()
                    .contains("No module named debugpy")
                {
                    return Err(debugpy::missing_debugpy(
                        &spec.command.program,
                        "No module named debugpy",
                    ));
                }
                let ended = match e {
                    ClientError::Closed { .. } => ending_suffix(diagnostics.adapter_ending()),
                    _ => String::new(),
                };
                return Err(diagnosed(
                    profile,
                    &diagnostics,
                    &pending,
                    launch_cause(&e),
                    &format!(
                        "the {} adapter did not initialize: {e}{ended}",
                        profile.name
                    ),
                ));
            }
        };

        let descriptor = SessionDescriptor {
            id: spec.id.clone(),
            name: spec.config.name.clone(),
            run_configuration: spec.config.name.clone(),
            mode: spec.mode,
            project: spec.project.clone(),
            process_id: None,
            attached: spec.config.request == "attach",
        };
        let session = Arc::new(Session {
            id: spec.id.clone(),
            adapter: profile,
            capabilities,
            project: spec.project.clone(),
            program: spec.config.program.clone(),
            mode: spec.mode,
            break_on_uncaught: spec.break_on_uncaught,
            test_failures: profile
                .tests
                .as_ref()
                .filter(|_| spec.test_failures)
                .map(|t| &t.failure),
            watchpoints: Mutex::new(Vec::new()),
            descriptor: Mutex::new(descriptor.clone()),
            client: client.clone(),
            shared: shared.clone(),
            state: Mutex::new(State {
                phase: Phase::Starting,
                stopped_thread: None,
                debuggee_pid: None,
                dap_ids: HashMap::new(),
                suppressed: false,
                run_to: None,
                stopping: false,
                resumed_at: SystemTime::now(),
            }),
            cleaned: tokio::sync::Mutex::new(false),
            bp_lock: tokio::sync::Mutex::new(()),
            child: tokio::sync::Mutex::new(child),
            adapter_pgid,
            diagnostics,
            initialized: watch::channel(false).0,
            exited: watch::channel(false).0,
            ended: watch::channel(false).0,
            runtime_guard: spec.runtime_guard,
            hung_evaluation: Arc::new(Mutex::new(None)),
            activity: spec.activity.clone().filter(|path| {
                debugpy::create_activity(path)
                    .map_err(
                        |e| tracing::warn!(%e, "no activity file: a busy program is seen later"),
                    )
                    .is_ok()
            }),
            cpu: Mutex::new(busy::CpuWatch::default()),
            code_route: spec.code_route,
            values_without_code: spec.values_without_code
                && spec.code_route == CodeRoute::PythonShim,
        });
        shared.register(session.clone());
        shared.emit(BackendEvent::SessionStarted(descriptor.clone()));
        tokio::spawn(session.clone().event_loop(events));
        if let Some(lines) = connection.adapter_stdout {
            tokio::spawn(session.clone().read_adapter_stdout(lines));
        }
        if let Some(mut lines) = program_stderr_lines {
            let session = session.clone();
            tokio::spawn(async move {
                while let Some(line) = lines.recv().await {
                    session.on_output(&json!({ "category": "stderr", "output": line }));
                }
            });
        }

        match session.handshake(&spec).await {
            Ok(()) => {
                let mut st = lock(&session.state);
                if st.phase == Phase::Starting {
                    st.phase = Phase::Running;
                }
                drop(st);
                Ok(session)
            }
            Err(e) => {
                session.finish(Some(e.clone())).await;
                Err(e)
            }
        }
    }

    /// Start the adapter (or take the one started ahead, `ready`) and connect to it,
    /// or (an attach to `debugpy --listen`) connect to the one already listening in
    /// the program.
    async fn reach_adapter(
        shared: &Shared,
        spec: &SessionSpec,
        ready: Option<Child>,
    ) -> ToolResult<Reached> {
        let profile = spec.adapter;
        let diagnostics = Arc::new(Diagnostics::default());
        if let Some(address) = adapter::listening_adapter(profile, &spec.config) {
            return Ok(Reached {
                child: None,
                connection: adapter::connect_to(&address).await?,
                diagnostics,
                program_stderr_lines: None,
            });
        }
        let mut child = match ready {
            Some(child) => child,
            None => adapter::spawn(
                &spec.command,
                &adapter::adapter_cwd(profile, &spec.config, &spec.project),
                &tree::tag_for(&shared.tree_owner, &spec.id),
            )?,
        };
        let Some(stderr) = child.stderr.take() else {
            return Err(ToolError::internal("adapter spawned without piped stdio"));
        };
        let (program_stderr, program_stderr_lines) = match profile.program_on_adapter_stdio {
            true => {
                let (tx, rx) = mpsc::unbounded_channel();
                (Some(tx), Some(rx))
            }
            false => (None, None),
        };
        tokio::spawn(collect_stderr(
            BufReader::new(stderr),
            diagnostics.clone(),
            profile.name,
            program_stderr,
        ));
        match adapter::connect(profile.transport, &mut child, shared.launch_timeout).await {
            Ok(connection) => Ok(Reached {
                child: Some(child),
                connection,
                diagnostics,
                program_stderr_lines,
            }),
            Err(e) => {
                let _ = child.kill().await;
                if let Ok(Some(status)) = child.try_wait() {
                    diagnostics.adapter_ended(status);
                }
                Err(diagnosed(profile, &diagnostics, &[], e.code, &e.message))
            }
        }
    }

    async fn handshake(&self, spec: &SessionSpec) -> ToolResult<()> {
        let t = self.shared.launch_timeout;
        let args = spec.launch_args.clone();
        // `launch` or `attach`, as the configuration asks.
        let launch = match self.client.send(&spec.config.request, args).await {
            Ok(launch) => launch,
            Err(e) => return Err(self.launch_error(&e).await),
        };
        let launch_fut = launch.wait(t);
        tokio::pin!(launch_fut);
        let mut init = self.initialized.subscribe();
        let mut early = None;
        let mut ended = false;
        tokio::select! {
            r = &mut launch_fut => early = Some(r),
            r = init.wait_for(|v| *v) => ended = r.is_err(),
            _ = tokio::time::sleep(t) => {
                return Err(self.diagnosed(ErrorCode::Timeout, &format!(
                    "{} did not get ready within {} s", self.adapter.name, t.as_secs())));
            }
        }
        if ended {
            return Err(self.launch_error(&ended_during_launch()).await);
        }
        if let Some(Err(e)) = &early {
            return Err(self.launch_error(e).await);
        }
        if early.is_some() && self.mode == LaunchMode::Run && !self.adapter.run_mode_configures {
            // debugpy and Delve answer a `noDebug` launch at once and send no
            // `initialized`: there is nothing to configure.
            return Ok(());
        }
        if early.is_some() {
            // Answered before `initialized` (other adapters do that): still wait for it.
            let initialized = tokio::time::timeout(t, init.wait_for(|v| *v))
                .await
                .map(|r| r.is_ok());
            match initialized {
                Ok(true) => {}
                Ok(false) => return Err(self.launch_error(&ended_during_launch()).await),
                Err(_) => {
                    return Err(self.diagnosed(
                        ErrorCode::Timeout,
                        &format!("no 'initialized' event from {}", self.adapter.name),
                    ))
                }
            }
        }
        if self.mode == LaunchMode::Debug {
            let _guard = self.bp_lock.lock().await;
            for list in self.lists_with(None) {
                if let Err(e) = self.sync_list_locked(&list).await {
                    if self.client.is_closed() {
                        let closed = ClientError::Closed {
                            command: "setBreakpoints".into(),
                            reason: e.message,
                        };
                        return Err(self.launch_error(&closed).await);
                    }
                    tracing::warn!(?list, %e, "could not set breakpoints");
                }
            }
            if let Err(e) = self.sync_exceptions_locked().await {
                tracing::warn!(%e, "could not set exception breakpoints");
            }
        }
        let done = self
            .client
            .request("configurationDone", json!({}), self.shared.request_timeout)
            .await;
        let launched = match (done, early) {
            (Err(e), _) => Err(e),
            (Ok(_), Some(_)) => Ok(()),
            (Ok(_), None) => launch_fut.await.map(|_| ()),
        };
        match launched {
            Ok(()) => Ok(()),
            Err(e) => Err(self.launch_error(&e).await),
        }
    }

    /// A launch request that failed, told apart by its cause ([`launch_cause`]).
    async fn launch_error(&self, e: &ClientError) -> ToolError {
        let name = self.adapter.name;
        let message = match e {
            ClientError::Failed { command, message }
                if command == "launch" || command == "attach" =>
            {
                format!("{name} could not launch the program: {message}")
            }
            ClientError::Failed { .. } => format!("{name} could not launch the program: {e}"),
            ClientError::Timeout { .. } => format!("{name} did not answer during the launch: {e}"),
            ClientError::Closed { .. } => format!(
                "the {name} adapter exited during the launch{}: {e}",
                ending_suffix(self.adapter_ending().await)
            ),
        };
        self.diagnosed(launch_cause(e), &message)
    }

    /// [`diagnosed`] for this session.
    fn diagnosed(&self, code: ErrorCode, message: &str) -> ToolError {
        diagnosed(
            self.adapter,
            &self.diagnostics,
            &self.client.pending(),
            code,
            message,
        )
    }

    /// The adapter process's end, waited for a little (its output closes first).
    async fn adapter_ending(&self) -> Option<Ending> {
        if let Some(child) = self.child.lock().await.as_mut() {
            if let Ok(Ok(status)) = tokio::time::timeout(EXIT_STATUS_WAIT, child.wait()).await {
                self.diagnostics.adapter_ended(status);
                self.diagnostics.stderr_read_to_end(EXIT_STATUS_WAIT).await;
            }
        }
        self.diagnostics.adapter_ending()
    }

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

    /// Once the debuggee process is gone, kill what it left behind outside the
    /// adapter's process group (a daemon it started): such a process holds the
    /// debuggee's output pipe, and debugpy's launcher waits for that pipe to close
    /// before it reports the exit, so the session would never end.
    async fn reap_after_exit(self: Arc<Self>, debuggee: u32) {
        while !self.is_ended() && tree::alive(debuggee) {
            tokio::time::sleep(REAP_POLL).await;
        }
        if self.is_ended() {
            return;
        }
        let (tag, keep) = (
            tree::tag_for(&self.shared.tree_owner, &self.id),
            self.adapter_pgid,
        );
        let killed =
            tokio::task::spawn_blocking(move || tree::kill_tagged_outside_group(&tag, keep)).await;
        if let Ok(n @ 1..) = killed {
            tracing::debug!(session = %self.id, killed = n, "killed what the debuggee left behind");
        }
    }

    pub fn is_ended(&self) -> bool {
        lock(&self.state).phase == Phase::Ended
    }

    // ----- event loop -------------------------------------------------------

    async fn event_loop(
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
                            let t = session.shared.request_timeout.min(EXIT_GRACE);
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

    fn on_output(&self, body: &Json) {
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
    async fn read_adapter_stdout(
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
                let unwanted = if self.adapter.python_semantics {
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
                        failed_test = self.failed_python_test(thread, &info, &mro).await;
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
        let t = self.shared.request_timeout;
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
            let expression = match self.code_route {
                CodeRoute::AsWritten => format!("bool({condition}\n)"),
                route => breakpoints::routed(route, &condition, BreakpointCode::Condition, &id),
            };
            let answer = self
                .client
                .request(
                    "evaluate",
                    json!({ "expression": expression, "frameId": frame, "context": "watch" }),
                    self.shared.request_timeout,
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
        let t = self.shared.request_timeout;
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
            .map(without_pydevd_note)
            .unwrap_or("Exception")
            .to_string();
        let message = info
            .get("description")
            .or_else(|| details.get("message"))
            .and_then(Json::as_str)
            .unwrap_or_default()
            .to_string();
        let uncaught = match self.adapter.python_semantics {
            true => info
                .get("breakMode")
                .and_then(Json::as_str)
                .map(|m| m == "unhandled" || m == "userUnhandled"),
            // A signal or a panic: nothing in the program handled it.
            false => Some(true),
        };
        let mut mro = Vec::new();
        let frame = match self.adapter.python_semantics {
            true => self.top_frame_id(thread).await,
            false => None,
        };
        if let Some(frame) = frame {
            let expr =
                "' '.join(c.__module__ + '.' + c.__qualname__ for c in __exception__[0].__mro__)";
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
        let (type_name, message) = match self.adapter.python_semantics {
            true => (mro.first().cloned().unwrap_or(type_name), message),
            false => crash_details(type_name, message),
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
                self.shared.request_timeout,
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

    /// Mark the session ended (once): emit `Terminated`, then clean up.
    async fn finish(&self, error: Option<ToolError>) {
        let first = {
            let mut st = lock(&self.state);
            let first = st.phase != Phase::Ended;
            st.phase = Phase::Ended;
            first
        };
        if first {
            self.drop_watchpoints();
            self.shared.emit(BackendEvent::Terminated {
                session: self.id.clone(),
                error,
            });
        }
        self.cleanup().await;
        self.ended.send_replace(true);
    }

    /// Disconnect, close the adapter's stdin, wait a little, then kill the adapter's
    /// and the debuggee's process groups. Idempotent.
    async fn cleanup(&self) {
        let mut cleaned = self.cleaned.lock().await;
        if std::mem::replace(&mut *cleaned, true) {
            return;
        }
        // A busy program answers no goodbye: its processes are killed at once.
        let grace = match self.doing() {
            Some(_) => Duration::from_millis(100),
            None => EXIT_GRACE,
        };
        if !self.client.is_closed() {
            let t = self.shared.request_timeout.min(grace);
            let _ = self
                .client
                .request("disconnect", self.disconnect_arguments(), t)
                .await;
        }
        self.client.close_input().await;
        if let Some(mut child) = self.child.lock().await.take() {
            match tokio::time::timeout(grace, child.wait()).await {
                Ok(Ok(status)) => self.diagnostics.adapter_ended(status),
                Ok(Err(_)) => {}
                Err(_) => {
                    tracing::debug!(session = %self.id, "adapter did not exit on EOF; killing it")
                }
            }
            if let Some(pgid) = self.adapter_pgid {
                tree::kill_group(pgid);
            }
            let _ = child.kill().await;
        }
        // The launcher puts the debuggee in a process group of its own; a program
        // attached to was started elsewhere and is left running.
        let pid = lock(&self.state)
            .debuggee_pid
            .filter(|_| !self.descriptor().attached);
        if let Some(pid) = pid {
            if tree::group_of(pid) == Some(pid) {
                tree::kill_group(pid);
            }
        }
        if let Some(path) = &self.activity {
            let _ = std::fs::remove_file(path);
        }
        // Descendants that left both groups (setsid, double fork) carry the tag.
        let tag = tree::tag_for(&self.shared.tree_owner, &self.id);
        let killed = tokio::task::spawn_blocking(move || tree::kill_tagged(&tag)).await;
        if let Ok(n @ 1..) = killed {
            tracing::debug!(session = %self.id, killed = n, "killed the rest of the tree");
        }
    }

    /// `disconnect`'s arguments: a launched program ends with its session, one
    /// attached to goes on (the debugger detaches).
    fn disconnect_arguments(&self) -> Json {
        json!({ "terminateDebuggee": !self.descriptor().attached })
    }

    /// Terminate the session and its processes; returns once it has ended (bounded).
    pub async fn stop(&self) {
        lock(&self.state).stopping = true;
        let mut ended = self.ended.subscribe();
        if *ended.borrow() {
            return;
        }
        self.finish(None).await;
        let _ = tokio::time::timeout(EXIT_GRACE, ended.wait_for(|v| *v)).await;
    }

    // ----- breakpoints ------------------------------------------------------

    /// The project's lists, plus the file of a run-to target and the functions of
    /// the session's own stop at failing tests, where the project has none.
    fn lists_with(&self, run_to_file: Option<&PathBuf>) -> Vec<List> {
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

    async fn sync_list_locked(&self, list: &List) -> ToolResult<()> {
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
        let timeout = self.shared.request_timeout + PER_LISTED_BREAKPOINT * listed;
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

    async fn sync_exceptions_locked(&self) -> ToolResult<()> {
        let requests = self.shared.exception_requests(&self.project);
        if !self.adapter.python_semantics {
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
                    matches!(self.test_failures, Some(FailureStop::LeavingTestCode)),
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

    // ----- execution --------------------------------------------------------

    fn live(&self) -> ToolResult<()> {
        if self.is_ended() {
            return Err(ToolError::new(
                ErrorCode::SessionEnded,
                format!("session {} has ended", self.id),
            ));
        }
        Ok(())
    }

    fn paused_thread(&self) -> ToolResult<Option<i64>> {
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
            .request(command, args, self.shared.request_timeout)
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

    // ----- inspection -------------------------------------------------------

    /// The modules and sources the program has loaded, asked only of an adapter that
    /// says it answers (lldb-dap 19 aborts on a `loadedSources` it does not support).
    pub async fn loaded_code(&self) -> ToolResult<LoadedCode> {
        self.live()?;
        let mut code = LoadedCode::default();
        let mut omitted = 0;
        match self
            .capped_list("supportsModulesRequest", "modules", "modules")
            .await?
        {
            Some((modules, left_out)) => {
                omitted += left_out;
                code.modules = Some(modules.iter().map(loaded_module).collect());
            }
            None => code
                .unsupported
                .push(format!("{} does not list modules", self.adapter.name)),
        }
        match self
            .capped_list("supportsLoadedSourcesRequest", "loadedSources", "sources")
            .await?
        {
            Some((sources, left_out)) => {
                omitted += left_out;
                code.sources = Some(
                    sources
                        .iter()
                        .filter_map(|s| s.get("path").or_else(|| s.get("name")))
                        .filter_map(Json::as_str)
                        .map(str::to_owned)
                        .collect(),
                );
            }
            None => code.unsupported.push(format!(
                "{} does not list loaded sources",
                self.adapter.name
            )),
        }
        if code.modules.is_none() && code.sources.is_none() {
            return Err(ToolError::new(
                ErrorCode::NotSupported,
                format!(
                    "{} tells neither modules nor loaded sources",
                    self.adapter.name
                ),
            ));
        }
        code.omitted = (omitted > 0).then_some(omitted);
        Ok(code)
    }

    /// The `key` list of `command`'s answer, at most [`LOADED_CAP`] of it and how many
    /// were left out; `None` when the adapter does not say it answers (`capability`).
    async fn capped_list(
        &self,
        capability: &str,
        command: &str,
        key: &str,
    ) -> ToolResult<Option<(Vec<Json>, usize)>> {
        if !self.supports(capability) {
            return Ok(None);
        }
        let body = self
            .call(
                command,
                json!({}),
                &format!("listing {key}"),
                ErrorCode::NotSupported,
            )
            .await?;
        let all = body
            .get(key)
            .and_then(Json::as_array)
            .cloned()
            .unwrap_or_default();
        let omitted = all.len().saturating_sub(LOADED_CAP);
        Ok(Some((all.into_iter().take(LOADED_CAP).collect(), omitted)))
    }

    pub async fn threads(&self) -> ToolResult<Vec<ThreadInfo>> {
        self.live()?;
        let body = self
            .call("threads", json!({}), "threads", ErrorCode::AdapterFailed)
            .await?;
        Ok(body
            .get("threads")
            .and_then(Json::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|t| {
                        Some(ThreadInfo {
                            id: t.get("id").and_then(as_i64)?.to_string(),
                            name: t
                                .get("name")
                                .and_then(Json::as_str)
                                .unwrap_or_default()
                                .to_string(),
                        })
                    })
                    .collect()
            })
            .unwrap_or_default())
    }

    pub async fn stack(&self, thread_id: &str, max: usize) -> ToolResult<(Vec<StackFrame>, usize)> {
        self.paused_thread()?;
        let thread = parse_id(thread_id, "thread", ErrorCode::ThreadNotFound)?;
        let levels = max.clamp(1, 10_000);
        let body = self
            .call(
                "stackTrace",
                json!({ "threadId": thread, "startFrame": 0, "levels": levels }),
                &format!("stack of thread {thread_id}"),
                ErrorCode::ThreadNotFound,
            )
            .await?;
        let raw = body
            .get("stackFrames")
            .and_then(Json::as_array)
            .cloned()
            .unwrap_or_default();
        let frames: Vec<StackFrame> = raw.iter().take(max).map(|f| self.frame(f)).collect();
        let total = body
            .get("totalFrames")
            .and_then(Json::as_u64)
            .and_then(|n| usize::try_from(n).ok())
            .unwrap_or(raw.len())
            .max(raw.len());
        Ok((frames, total))
    }

    fn frame(&self, f: &Json) -> StackFrame {
        let file = f
            .pointer("/source/path")
            .and_then(Json::as_str)
            .map(PathBuf::from);
        let hint = f
            .get("presentationHint")
            .or_else(|| f.pointer("/source/presentationHint"))
            .and_then(Json::as_str)
            .unwrap_or("");
        let is_library = matches!(hint, "subtle" | "deemphasize")
            || file
                .as_deref()
                .is_none_or(|p| is_library_path(p, &self.shared.project_roots()));
        StackFrame {
            frame_ref: f.get("id").and_then(as_i64).unwrap_or(0).to_string(),
            line: f
                .get("line")
                .and_then(Json::as_u64)
                .and_then(|l| u32::try_from(l).ok()),
            class: file
                .as_deref()
                .filter(|_| self.adapter.python_semantics)
                .and_then(|p| module_name(p, self.program.as_deref(), &self.project)),
            method: without_pydevd_note(without_rust_hash(
                f.get("name").and_then(Json::as_str).unwrap_or("?"),
            ))
            .to_string(),
            file,
            is_library,
        }
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
        let mut answer = tokio::spawn(in_flight.wait(self.shared.request_timeout));
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

    async fn scopes(&self, frame: i64) -> ToolResult<Vec<Json>> {
        let body = self
            .call(
                "scopes",
                json!({ "frameId": frame }),
                &format!("scopes of frame {frame}"),
                ErrorCode::FrameNotFound,
            )
            .await?;
        Ok(body
            .get("scopes")
            .and_then(Json::as_array)
            .cloned()
            .unwrap_or_default())
    }

    async fn list(&self, reference: i64) -> ToolResult<Vec<Value>> {
        let body = self
            .call(
                "variables",
                json!({ "variablesReference": reference }),
                &format!("variables of {reference}"),
                ErrorCode::VariableExpired,
            )
            .await?;
        Ok(body
            .get("variables")
            .and_then(Json::as_array)
            .map(|a| {
                a.iter()
                    .filter(|v| {
                        !v.get("name").and_then(Json::as_str).is_some_and(|n| {
                            SYNTHETIC.contains(&n) || n.starts_with(PYTEST_REWRITE)
                        })
                    })
                    .map(|v| to_value(v, reference))
                    .collect()
            })
            .unwrap_or_default())
    }

    pub async fn variables(&self, frame_ref: &str, scope: VariableScope) -> ToolResult<Vec<Value>> {
        self.paused_thread()?;
        let frame = parse_id(frame_ref, "frame", ErrorCode::FrameNotFound)?;
        match scope {
            VariableScope::Global => self.scope_values(frame, "globals").await,
            VariableScope::Local | VariableScope::All => self.scope_values(frame, "locals").await,
            VariableScope::This => {
                let all = self.scope_values(frame, "locals").await?;
                // Python's `self`/`cls`, C++'s `this`, Rust's `self`.
                let this = ["self", "cls", "this"]
                    .iter()
                    .find_map(|name| all.iter().find(|v| v.name == *name))
                    .cloned();
                Ok(this.into_iter().collect())
            }
            VariableScope::Arguments => {
                let names = self.argument_names(frame).await?;
                let all = self.scope_values(frame, "locals").await?;
                Ok(names
                    .iter()
                    .filter_map(|n| all.iter().find(|v| &v.name == n).cloned())
                    .collect())
            }
        }
    }

    /// The values of a frame's `locals` or `globals`: from the shim when values are
    /// shown without program code, else from the adapter's scope of that name.
    async fn scope_values(&self, frame: i64, scope: &str) -> ToolResult<Vec<Value>> {
        if self.values_without_code {
            return self
                .values_listing(frame, &values::scope_request(scope))
                .await;
        }
        let scopes = self.scopes(frame).await?;
        let reference = scopes.iter().find_map(|s| {
            let name = s
                .get("name")
                .and_then(Json::as_str)
                .unwrap_or("")
                .to_ascii_lowercase();
            let hint = s
                .get("presentationHint")
                .and_then(Json::as_str)
                .unwrap_or("");
            (name == scope || hint == scope)
                .then(|| s.get("variablesReference").and_then(as_i64))
                .flatten()
        });
        match reference {
            Some(r) => self.list(r).await,
            None => Ok(Vec::new()),
        }
    }

    /// A listing from the shim's `__jbd_values__` (no program code runs).
    async fn values_listing(&self, frame: i64, request: &Json) -> ToolResult<Vec<Value>> {
        let shown = self
            .eval_once(frame, &values::call(request), "clipboard")
            .await
            .map_err(debugpy::guard_refusal)?;
        let answer = values::answer(&shown.value).map_err(debugpy::guard_refusal)?;
        Ok(values::entries(&answer, frame, request))
    }

    /// Parameter names of the frame's function, in order (none at module level).
    async fn argument_names(&self, frame: i64) -> ToolResult<Vec<String>> {
        if !self.adapter.python_semantics {
            return Err(ToolError::new(
                ErrorCode::NotSupported,
                format!(
                    "{} lists a frame's arguments among its locals; use scope local",
                    self.adapter.name
                ),
            ));
        }
        let body = self
            .call(
                "evaluate",
                json!({ "expression": debugpy::PARAMETER_NAMES, "frameId": frame, "context": "watch" }),
                "reading the frame's parameters",
                ErrorCode::NotSupported,
            )
            .await?;
        let result = body.get("result").and_then(Json::as_str).unwrap_or("None");
        if result == "None" {
            return Err(ToolError::new(
                ErrorCode::NotSupported,
                "the frame's parameters could not be determined",
            ));
        }
        Ok(result
            .trim_matches(['\'', '"'])
            .split(',')
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect())
    }

    pub async fn children(&self, children_ref: &str) -> ToolResult<Vec<Value>> {
        self.paused_thread()?;
        if let Some(listing) = values::parse_ref(children_ref) {
            let (frame, request) = listing?;
            return self.values_listing(frame, &request).await;
        }
        let reference = parse_id(children_ref, "value", ErrorCode::VariableNotFound)?;
        self.list(reference).await
    }

    pub async fn set_value(
        &self,
        frame_ref: &str,
        target: &ValueTarget,
        new_value: &str,
    ) -> ToolResult<Value> {
        self.paused_thread()?;
        let t = self.shared.request_timeout;
        match target {
            ValueTarget::Slot { container, name } => {
                let reference =
                    parse_id(container, "variable container", ErrorCode::VariableNotFound)?;
                let body = self
                    .client
                    .request("setVariable", json!({ "variablesReference": reference, "name": name, "value": new_value }), t)
                    .await
                    .map_err(|e| self.dap_error(e, &format!("setting {name}"), ErrorCode::EvaluationFailed))?;
                let mut v = to_value(&body, reference);
                v.name = name.clone();
                if self.adapter.listings_fixed_at_stop {
                    return Ok(v);
                }
                // Re-read it from the container so the answer is what the program sees.
                if let Ok(list) = self.list(reference).await {
                    if let Some(fresh) = list.into_iter().find(|x| &x.name == name) {
                        return Ok(fresh);
                    }
                }
                Ok(v)
            }
            ValueTarget::Expression(expression) => {
                let frame = parse_id(frame_ref, "frame", ErrorCode::FrameNotFound)?;
                self.client
                    .request(
                        "setExpression",
                        json!({ "expression": expression, "value": new_value, "frameId": frame }),
                        t,
                    )
                    .await
                    .map_err(|e| {
                        self.dap_error(
                            e,
                            &format!("setting {expression}"),
                            ErrorCode::EvaluationFailed,
                        )
                    })?;
                self.evaluate(frame_ref, expression, EvaluationKind::Expression)
                    .await
            }
        }
    }

    pub async fn evaluate(
        &self,
        frame_ref: &str,
        expression: &str,
        kind: EvaluationKind,
    ) -> ToolResult<Value> {
        self.paused_thread()?;
        let frame = parse_id(frame_ref, "frame", ErrorCode::FrameNotFound)?;
        match kind {
            EvaluationKind::Expression => self.eval_once(frame, expression, "watch").await,
            EvaluationKind::GuardedExpression => {
                self.eval_guarded(frame, expression)
                    .await
                    .map(|value| Value {
                        name: expression.to_string(),
                        target: Some(ValueTarget::Expression(expression.to_string())),
                        evaluate_name: Some(expression.to_string()),
                        ..value
                    })
            }
            EvaluationKind::CodeFragment => {
                let context = self.adapter.evaluation.statements_context;
                match self.adapter.evaluation.guard {
                    Guard::PythonShim => match split_trailing_expression(expression) {
                        (Some(body), Some(last)) => {
                            self.eval_once(frame, &body, context).await?;
                            self.eval_once(frame, &last, context).await
                        }
                        _ => self.eval_once(frame, expression, context).await,
                    },
                    _ => self.eval_once(frame, expression, context).await,
                }
            }
        }
    }

    /// Evaluate under the profile's guard: the shim's runtime guard (its refusals
    /// become `side_effects_not_allowed`), lldb's variable paths, or Delve's
    /// evaluation with its calling prefixes refused.
    async fn eval_guarded(&self, frame: i64, expression: &str) -> ToolResult<Value> {
        if !self.runtime_guard {
            return Err(ToolError::new(
                ErrorCode::SideEffectsNotAllowed,
                "Not evaluated: this session runs without the runtime side-effect guard.",
            ));
        }
        match self.adapter.evaluation.guard {
            Guard::PythonShim if self.values_without_code => {
                let request = values::expression_request(expression);
                let shown = self
                    .eval_once(frame, &values::call(&request), "clipboard")
                    .await
                    .map_err(debugpy::guard_refusal)?;
                let answer = values::answer(&shown.value).map_err(debugpy::guard_refusal)?;
                Ok(values::value(&answer["value"], frame, &request))
            }
            Guard::PythonShim => self
                .eval_once(frame, &debugpy::guarded_call(expression), "watch")
                .await
                .map_err(debugpy::guard_refusal),
            Guard::VariablePaths => self
                .eval_once(frame, expression, "hover")
                .await
                .map_err(|e| match e.code {
                    ErrorCode::EvaluationFailed => ToolError::new(
                        ErrorCode::EvaluationFailed,
                        format!(
                            "{} (without allow_side_effects, native code is read as a \
                             variable path only: a.b, p->c, a[0], *p; anything else would \
                             run code in the program)",
                            e.message
                        ),
                    ),
                    _ => e,
                }),
            Guard::RefusedPrefixes(prefixes) => {
                let first = expression
                    .trim_start()
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .next()
                    .unwrap_or_default();
                if prefixes.contains(&first) {
                    return Err(ToolError::new(
                        ErrorCode::SideEffectsNotAllowed,
                        format!(
                            "Not evaluated: `{first}` runs code in the program; pass \
                             allow_side_effects: true to ask the user"
                        ),
                    ));
                }
                self.eval_once(frame, expression, "watch").await
            }
        }
    }

    async fn eval_once(&self, frame: i64, expression: &str, context: &str) -> ToolResult<Value> {
        let failed = |e| self.dap_error(e, "evaluation failed", ErrorCode::EvaluationFailed);
        let started = Instant::now();
        let in_flight = self
            .client
            .send(
                "evaluate",
                json!({ "expression": expression, "frameId": frame, "context": context }),
            )
            .await
            .map_err(failed)?;
        let mut answer = tokio::spawn(in_flight.wait(EVALUATION_ABANDON));
        let body = match tokio::time::timeout(self.shared.request_timeout, &mut answer).await {
            Ok(Ok(body)) => body.map_err(failed)?,
            Ok(Err(join)) => return Err(ToolError::internal(format!("evaluation: {join}"))),
            Err(_) => {
                *lock(&self.hung_evaluation) = Some(HungEvaluation {
                    expression: expression.to_string(),
                    since: started,
                });
                let hung = self.hung_evaluation.clone();
                tokio::spawn(async move {
                    let _ = answer.await;
                    *lock(&hung) = None;
                });
                return Err(ToolError::new(
                    ErrorCode::Timeout,
                    format!(
                        "The evaluation of `{expression}` did not finish within {} s. It goes on \
                         running in the debuggee; until it ends, calls that need the paused \
                         program answer evaluation_running. pause and stop_debug_session work.",
                        self.shared.request_timeout.as_secs_f64()
                    ),
                ));
            }
        };
        let reference = body.get("variablesReference").and_then(as_i64).unwrap_or(0);
        Ok(Value {
            name: expression.to_string(),
            value: body
                .get("result")
                .and_then(Json::as_str)
                .unwrap_or_default()
                .to_string(),
            type_name: body.get("type").and_then(Json::as_str).map(str::to_owned),
            children_ref: (reference > 0).then(|| reference.to_string()),
            target: Some(ValueTarget::Expression(expression.to_string())),
            evaluate_name: Some(expression.to_string()),
        })
    }
}

fn loaded_module(m: &Json) -> LoadedModule {
    let text = |key: &str| m.get(key).and_then(Json::as_str).map(str::to_owned);
    LoadedModule {
        name: text("name").unwrap_or_default(),
        path: text("path"),
        symbols: text("symbolStatus"),
    }
}

fn to_value(v: &Json, container: i64) -> Value {
    let name = v
        .get("name")
        .and_then(Json::as_str)
        .unwrap_or_default()
        .to_string();
    let reference = v.get("variablesReference").and_then(as_i64).unwrap_or(0);
    Value {
        value: v
            .get("value")
            .and_then(Json::as_str)
            .unwrap_or_default()
            .to_string(),
        type_name: v.get("type").and_then(Json::as_str).map(str::to_owned),
        children_ref: (reference > 0).then(|| reference.to_string()),
        target: Some(ValueTarget::Slot {
            container: container.to_string(),
            name: name.clone(),
        }),
        evaluate_name: v
            .get("evaluateName")
            .and_then(Json::as_str)
            .map(str::to_owned),
        name,
    }
}

/// How a crash reads: lldb's `signal` / `signal SIGABRT` as the signal's name,
/// Delve's `panic` with its Go-quoted value unquoted.
fn crash_details(kind: String, description: String) -> (String, String) {
    if kind == "signal" {
        if let Some(name) = description.strip_prefix("signal ") {
            return (name.to_string(), description.clone());
        }
    }
    let unquoted = description
        .strip_prefix('"')
        .and_then(|d| d.strip_suffix('"'))
        .map(str::to_owned);
    (kind, unquoted.unwrap_or(description))
}

/// A name without what pydevd appends at an exception stop in a frame below the
/// raise: `test_add (Current frame)`, `AssertionError       (note: full exception
/// trace is shown but execution is paused at: test_add)`.
fn without_pydevd_note(name: &str) -> &str {
    let name = name
        .strip_suffix(debugpy::PAUSED_FRAME_MARK)
        .unwrap_or(name);
    match name.find("(note: ") {
        Some(at) => name[..at].trim_end(),
        None => name,
    }
}

/// A Rust symbol without its legacy mangling hash (`main::f::h0123456789abcdef`).
fn without_rust_hash(name: &str) -> &str {
    match name.rsplit_once("::h") {
        Some((path, hash)) if hash.len() == 16 && hash.chars().all(|c| c.is_ascii_hexdigit()) => {
            path
        }
        _ => name,
    }
}

fn tail_suffix(adapter: &AdapterProfile, tail: &str) -> String {
    let tail = tail.trim();
    if tail.is_empty() {
        String::new()
    } else {
        format!("\n--- {} stderr (tail) ---\n{tail}", adapter.name)
    }
}

/// Keep the tail of the adapter's stderr in the diagnostics; where the program
/// writes there too, hand each line on as its output (`program`).
async fn collect_stderr(
    mut reader: BufReader<tokio::process::ChildStderr>,
    diagnostics: Arc<Diagnostics>,
    adapter: &'static str,
    program: Option<mpsc::UnboundedSender<String>>,
) {
    let mut line = String::new();
    loop {
        line.clear();
        match reader.read_line(&mut line).await {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                tracing::debug!(target: "adapter", adapter, "{}", line.trim_end());
                if let Some(program) = &program {
                    let _ = program.send(line.clone());
                }
                diagnostics.stderr_line(&line);
            }
        }
    }
    diagnostics.stderr_closed();
}

/// Library code: outside every project root, or in an installed-packages or
/// standard-library directory.
pub fn is_library_path(path: &Path, roots: &[PathBuf]) -> bool {
    let text = path.to_string_lossy();
    if text.contains("/site-packages/") || text.contains("/dist-packages/") || text.starts_with('<')
    {
        return true;
    }
    let in_stdlib = path.components().any(|c| {
        let s = c.as_os_str().to_string_lossy();
        s.starts_with("python3") || s.starts_with("python2")
    }) && text.contains("/lib/");
    in_stdlib || !roots.iter().any(|r| path.starts_with(r))
}

/// The Python module a file defines, when cheaply known: `__main__` for the
/// launched program, else the dotted path relative to the project root or to a
/// `site-packages` directory.
pub fn module_name(path: &Path, program: Option<&Path>, project: &Path) -> Option<String> {
    if program == Some(path) {
        return Some("__main__".into());
    }
    let text = path.to_string_lossy();
    let rel: PathBuf = if let Some((_, rest)) = text.split_once("/site-packages/") {
        PathBuf::from(rest)
    } else {
        path.strip_prefix(project).ok()?.to_path_buf()
    };
    if rel.extension()? != "py" {
        return None;
    }
    let mut parts: Vec<String> = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "__init__") {
        parts.pop();
    }
    if parts.is_empty()
        || parts
            .iter()
            .any(|p| p.is_empty() || p.contains(['.', '-', ' ']))
    {
        return None;
    }
    Some(parts.join("."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pydevd_notes_are_not_part_of_names() {
        assert_eq!(without_pydevd_note("test_add (Current frame)"), "test_add");
        assert_eq!(
            without_pydevd_note(
                "AssertionError       (note: full exception trace is shown but execution is \
                 paused at: test_add)"
            ),
            "AssertionError"
        );
        assert_eq!(without_pydevd_note("explode"), "explode");
    }

    #[test]
    fn library_and_module_names() {
        let roots = vec![PathBuf::from("/proj")];
        assert!(!is_library_path(Path::new("/proj/app/main.py"), &roots));
        assert!(is_library_path(
            Path::new("/proj/.venv/lib/python3.11/site-packages/requests/api.py"),
            &roots
        ));
        assert!(is_library_path(
            Path::new("/usr/lib/python3.11/json/__init__.py"),
            &roots
        ));
        assert!(is_library_path(Path::new("/elsewhere/x.py"), &roots));
        let project = Path::new("/proj");
        assert_eq!(
            module_name(
                Path::new("/proj/main.py"),
                Some(Path::new("/proj/main.py")),
                project
            )
            .as_deref(),
            Some("__main__")
        );
        assert_eq!(
            module_name(Path::new("/proj/pkg/util.py"), None, project).as_deref(),
            Some("pkg.util")
        );
        assert_eq!(
            module_name(Path::new("/proj/pkg/__init__.py"), None, project).as_deref(),
            Some("pkg")
        );
        assert_eq!(
            module_name(
                Path::new("/v/lib/python3.11/site-packages/requests/api.py"),
                None,
                project
            )
            .as_deref(),
            Some("requests.api")
        );
        assert_eq!(module_name(Path::new("/other/x.py"), None, project), None);
    }
}
