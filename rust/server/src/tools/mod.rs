//! The 27 tools: their names, schemas, annotations and handlers, written once over
//! the [`Backend`] trait. Nothing here knows MCP framing (see `mcp.rs`) or DAP.
//!
//! Each handler takes its parameter struct (which doubles as the input JSON Schema;
//! fields decode leniently) and returns a result struct (the output JSON Schema) or
//! a [`ToolError`]. The registry macro at the bottom keeps the list and the
//! dispatch in one place.

mod breakpoints;
pub(crate) mod common;
mod data_breakpoints;
mod evaluation;
mod execution;
mod frame_values;
mod question;
mod run;
mod schema;
mod sessions;
mod source;
mod stack;
mod trace;
mod variables;
pub mod waiting;

use crate::consent::{ConsentMemory, Scope};
use crate::notices::Notices;
use crate::owners::Owners;
use crate::redact::{Redacting, Secrets};
use crate::resources::notify::Change;
use crate::tracker::Tracker;
use crate::watches::WatchStore;
use debugger_core::{Backend, ToolError, ToolResult};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{Map, Value};
use std::sync::Arc;
use tokio::sync::broadcast;
pub use waiting::Waiting;

/// Changes kept for subscribers that fall behind (beyond, they refresh everything).
const CHANGE_BACKLOG: usize = 256;

/// What a confirmation request came back with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Consent {
    Granted(Scope),
    Denied,
    /// Nobody can be asked (no IDE, client without elicitation).
    Unavailable,
    /// The question goes to the client as this call's answer (MRTR, protocol
    /// 2026-07-28): the call stops here, before acting, and the client's retry of it
    /// brings the reply (`mrtr.rs`).
    Deferred,
}

/// An action that needs the user's approval, described for the question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfirmRequest {
    /// What the agent wants to do, in a sentence.
    pub action: String,
    /// The project's name.
    pub project: String,
    /// What the action is about, in the user's words: the run configuration's name,
    /// the expression, or the assignment.
    pub subject: String,
    /// The debug session the action concerns; `None` for a launch.
    pub session_id: Option<String>,
    /// The session's stop when it was asked (its generation), set by [`confirm`]: an
    /// approval holds for that stop only.
    pub stop: Option<u64>,
}

/// Asks the user to approve an action (IDE dialog, MCP elicitation, or a question
/// the client answers in its next round).
#[async_trait::async_trait]
pub trait Confirmer: Send + Sync {
    async fn confirm(&self, request: &ConfirmRequest) -> Consent;

    /// The question this confirmer deferred during the call ([`Consent::Deferred`]):
    /// the call stopped there with nothing done, and its answer is that question, not
    /// the error the handler returned.
    fn deferred(&self) -> Option<ConfirmRequest> {
        None
    }
}

/// Shared state of the server: one per process, shared by every MCP connection.
pub struct App {
    /// The debugger, behind the secret masking: the only backend the tools see.
    pub backend: Arc<dyn Backend>,
    /// The secret masking the backend is wrapped in; source lines shown pass through it
    /// too, as a file of the project may hold a credential written into the code.
    pub secrets: Arc<Secrets>,
    pub tracker: Arc<Tracker>,
    pub watches: WatchStore,
    /// Brave mode and the sessions approved for their life.
    pub consent: Arc<ConsentMemory>,
    /// Which breakpoints the agent set.
    pub owners: Owners,
    /// What each backend event changed, sent once the tracker has applied it (the
    /// resource subscriptions listen here).
    pub changes: broadcast::Sender<Change>,
    /// What to tell the agent as it happens (MCP logging).
    pub notices: Arc<Notices>,
}

impl App {
    /// Create the app over `backend` wrapped in the secret masking, and start feeding the
    /// tracker (and the consent memory) from its events.
    pub fn new(
        backend: Arc<dyn Backend>,
        watches: WatchStore,
        consent: Arc<ConsentMemory>,
        secrets: Arc<Secrets>,
    ) -> Arc<Self> {
        let backend: Arc<dyn Backend> = Redacting::new(backend, secrets.clone());
        let tracker = Arc::new(Tracker::new());
        let mut events = backend.events();
        let pump = tracker.clone();
        let forget = consent.clone();
        let changes = broadcast::channel(CHANGE_BACKLOG).0;
        let announce = changes.clone();
        let notices = Arc::new(Notices::default());
        let tell = notices.clone();
        tokio::spawn(async move {
            loop {
                match events.recv().await {
                    Ok(event) => {
                        if let debugger_core::BackendEvent::Terminated { session, .. } = &event {
                            forget.session_ended(session);
                        }
                        pump.apply(&event);
                        tell.of_event(&event);
                        if let Some(change) = Change::of(&event, &pump) {
                            let _ = announce.send(change);
                        }
                    }
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(n)) => {
                        tracing::warn!(
                            missed = n,
                            "session tracker fell behind the backend's events"
                        )
                    }
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => break,
                }
            }
        });
        Arc::new(Self {
            backend,
            secrets,
            tracker,
            owners: Owners::new(watches.state().clone()),
            watches,
            consent,
            changes,
            notices,
        })
    }

    /// Remember an approval of `scope` for `session` and, when it reaches the session's
    /// later actions, tell the agent.
    pub fn remember_approval(&self, scope: Scope, session: &str) {
        self.consent.record(scope, session);
        if scope == Scope::Session {
            self.notices.approval_remembered(session);
        }
    }
}

/// The per-call context a handler may need besides the app.
pub struct Call<'a> {
    pub app: &'a App,
    pub confirmer: &'a dyn Confirmer,
    /// Progress reports and cancellation of the call's waits.
    pub waiting: &'a Waiting,
}

/// MCP annotations of a tool.
#[derive(Debug, Clone, Copy)]
pub struct Hints {
    pub read_only: bool,
    pub destructive: bool,
    pub idempotent: bool,
}

const READ: Hints = Hints {
    read_only: true,
    destructive: false,
    idempotent: true,
};
const CONTROL: Hints = Hints {
    read_only: false,
    destructive: false,
    idempotent: false,
};
const EDIT: Hints = Hints {
    read_only: false,
    destructive: false,
    idempotent: true,
};
const DESTRUCTIVE: Hints = Hints {
    read_only: false,
    destructive: true,
    idempotent: false,
};

/// A tool as listed to clients.
#[derive(Debug, Clone)]
pub struct ToolInfo {
    pub name: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    pub hints: Hints,
    pub input_schema: Map<String, Value>,
    pub output_schema: Map<String, Value>,
}

/// Longest string argument accepted, in bytes: no expression, path or name needs
/// more, and a longer one would be stored (a breakpoint's condition) and sent back in
/// every answer that lists it.
pub const MAX_ARGUMENT_BYTES: usize = 64 * 1024;

/// The first string (a value, or an object's key) longer than [`MAX_ARGUMENT_BYTES`]
/// in `value`, by its path (keys in it cut short).
fn oversized_string(value: &Value, path: &str) -> Option<String> {
    match value {
        Value::String(s) if s.len() > MAX_ARGUMENT_BYTES => Some(path.to_string()),
        Value::Object(map) => map.iter().find_map(|(key, v)| {
            let shown: String = key.chars().take(40).collect();
            let at = match path.is_empty() {
                true => shown.clone(),
                false => format!("{path}.{shown}"),
            };
            if key.len() > MAX_ARGUMENT_BYTES {
                return Some(format!("{at}… (a key)"));
            }
            oversized_string(v, &at)
        }),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, v)| oversized_string(v, &format!("{path}[{i}]"))),
        _ => None,
    }
}

/// Decode a tool's arguments; a failure names the field it is about (`timeout: ...`).
/// Only the decoding is made for each parameter struct: the checks and the error are
/// shared by all ([`checked`], [`decoding_error`]), one copy in the binary.
fn decode<P: DeserializeOwned>(arguments: Value) -> ToolResult<P> {
    let arguments = checked(arguments)?;
    serde_path_to_error::deserialize(&arguments)
        .map_err(|e| decoding_error(&arguments, e, failure::<P>))
}

/// The arguments to decode (none: an empty object), refused when a string in them is
/// longer than [`MAX_ARGUMENT_BYTES`].
fn checked(arguments: Value) -> ToolResult<Value> {
    let arguments = match arguments {
        Value::Null => Value::Object(Map::new()),
        other => other,
    };
    if let Some(field) = oversized_string(&arguments, "") {
        return Err(ToolError::invalid_params(format!(
            "Invalid argument '{field}': longer than {MAX_ARGUMENT_BYTES} bytes."
        )));
    }
    Ok(arguments)
}

/// The error of arguments that did not decode, naming the field serde names or, when it
/// lost the path, the one [`culprit`] finds with `failure`.
fn decoding_error(
    arguments: &Value,
    error: serde_path_to_error::Error<serde_json::Error>,
    failure: fn(&Value) -> Option<String>,
) -> ToolError {
    let field = error.path().to_string();
    let inner = error.into_inner();
    let field = if field.is_empty() || field == "." {
        culprit(arguments, &inner.to_string(), failure)
    } else {
        Some(field)
    };
    match field {
        Some(field) => ToolError::invalid_params(format!("Invalid argument '{field}': {inner}")),
        None => ToolError::invalid_params(format!("Invalid arguments: {inner}")),
    }
}

/// Why `arguments` do not decode as `P`, if they do not: the one part of the error path
/// made for each parameter struct. It decodes as `decode` does, through the same
/// deserializer (each struct's decoding is in the binary once, not twice).
fn failure<P: DeserializeOwned>(arguments: &Value) -> Option<String> {
    serde_path_to_error::deserialize::<_, P>(arguments)
        .err()
        .map(|e| e.into_inner().to_string())
}

/// The top-level argument a decoding error is about, when serde lost the path (structs
/// with `#[serde(flatten)]` decode from a buffer): the first one whose removal changes
/// the error into success or another error that is not a missing field (removing a
/// required argument, guilty or not, can only say it is missing: no proof either way).
/// Runs on the error path only.
fn culprit(
    arguments: &Value,
    error: &str,
    failure: fn(&Value) -> Option<String>,
) -> Option<String> {
    let Value::Object(map) = arguments else {
        return None;
    };
    map.keys()
        .find(|key| {
            let mut without = map.clone();
            without.remove(*key);
            failure(&Value::Object(without))
                .is_none_or(|other| other != error && !other.starts_with("missing field"))
        })
        .cloned()
}

fn encode<R: Serialize>(result: R) -> ToolResult<Value> {
    serde_json::to_value(result).map_err(encoding_error)
}

/// Shared by every result type's [`encode`].
fn encoding_error(error: serde_json::Error) -> ToolError {
    ToolError::internal(format!("encoding result: {error}"))
}

macro_rules! registry {
    ($( $name:literal => $module:ident :: $handler:ident ( $params:ty ) -> $result:ty, $hints:expr, $title:literal, $description:literal; )*) => {
        /// Every tool, in the order clients see them, with the schemas of `schemas.json`.
        pub fn list() -> Vec<ToolInfo> {
            let mut schemas = schema::Served::load();
            vec![$(ToolInfo {
                name: $name,
                title: $title,
                description: $description,
                hints: $hints,
                input_schema: schemas.take($name, schema::Side::Input),
                output_schema: schemas.take($name, schema::Side::Output),
            }),*]
        }

        /// Every tool's schemas as its parameter and result types make them: what
        /// `schemas.json` must hold.
        #[cfg(test)]
        fn generated_schemas() -> Map<String, Value> {
            let mut all = Map::new();
            $(all.insert($name.into(), schema::generated::<$params, $result>());)*
            all
        }

        /// Run a tool by name.
        pub async fn call(call: &Call<'_>, name: &str, arguments: Value) -> ToolResult<Value> {
            match name {
                $($name => encode($module::$handler(call, decode::<$params>(arguments)?).await?),)*
                other => Err(ToolError::invalid_params(format!("Unknown tool '{other}'."))),
            }
        }
    };
}

registry! {
    "list_run_configurations" => run::list_run_configurations(run::ListRunConfigurations) -> run::RunConfigurations, READ,
        "List run configurations",
        "Run configurations (the IDE's, or .vscode/launch.json) with can_run/can_debug.";
    "run_configuration" => run::run_configuration(run::RunConfigurationParams) -> run::RunOutcome, DESTRUCTIVE,
        "Run a configuration",
        "Run without the debugger; wait_for_completion answers exit_code and output, else a session_id.";
    "list_debug_sessions" => sessions::list_debug_sessions(sessions::ListSessions) -> sessions::SessionList, READ,
        "List debug sessions",
        "The project's sessions (recently ended: 'stopped'), the current one marked.";
    "start_debug_session" => sessions::start_debug_session(sessions::StartSession) -> sessions::StartedSession, DESTRUCTIVE,
        "Start a debug session",
        "Debug a configuration (can_debug) or a file (file_path: Python, Go; test: one test, pytest name/-k or Go -run; line: stop there). Waits for the first stop (wait_for_pause); stops at uncaught exceptions and failing tests (break_on_uncaught); restart: stop the current one first.";
    "stop_debug_session" => sessions::stop_debug_session(sessions::SessionOnly) -> sessions::StoppedSession, DESTRUCTIVE,
        "Stop a debug session",
        "Terminate a session and its processes; breakpoints and watches stay.";
    "get_debug_session_status" => sessions::get_debug_session_status(sessions::StatusParams) -> sessions::SessionStatus, READ,
        "Get debug session status",
        "The current stop in one call: reason, location, stack, variables, watches, source, output.";
    "list_breakpoints" => breakpoints::list_breakpoints(breakpoints::ListBreakpoints) -> breakpoints::BreakpointList, READ,
        "List breakpoints",
        "The project's breakpoints (first 100), optionally filtered.";
    "set_breakpoint" => breakpoints::set_breakpoint(breakpoints::SetBreakpoint) -> breakpoints::BreakpointSet, EDIT,
        "Set a breakpoint",
        "At file_path+line, on entry to function (debugger's name, e.g. main.run), or when watch (variable id or name) changes (native code); log_message: a logpoint; persists with the project.";
    "remove_breakpoint" => breakpoints::remove_breakpoint(breakpoints::RemoveBreakpoint) -> breakpoints::BreakpointsRemoved, EDIT,
        "Remove breakpoints",
        "Remove by breakpoint_id, file_path (and line), or the agent's own (owner); a missing one succeeds.";
    "set_exception_breakpoint" => breakpoints::set_exception_breakpoint(breakpoints::SetExceptionBreakpoint) -> breakpoints::BreakpointSet, EDIT,
        "Set an exception breakpoint",
        "Stop when an exception of a class is raised: caught, uncaught, or both.";
    "resume" => execution::resume(execution::ResumeParams) -> execution::ExecutionResult, CONTROL,
        "Resume",
        "Resume until the next stop; execution tools answer where it stands (running on timeout, stopped with exit_code at the end).";
    "pause" => execution::pause(execution::PauseParams) -> execution::ExecutionResult, CONTROL,
        "Pause",
        "Pause a running session.";
    "step_over" => execution::step_over(execution::StepOverParams) -> execution::ExecutionResult, CONTROL,
        "Step over",
        "Step over the current line.";
    "step_into" => execution::step_into(execution::StepIntoParams) -> execution::ExecutionResult, CONTROL,
        "Step into",
        "Step into the current line's call.";
    "step_out" => execution::step_out(execution::StepParams) -> execution::ExecutionResult, CONTROL,
        "Step out",
        "Run until this function returns.";
    "run_to_line" => execution::run_to_line(execution::RunToLineParams) -> execution::ExecutionResult, CONTROL,
        "Run to line",
        "Run to file_path:line.";
    "get_stack_trace" => stack::get_stack_trace(stack::StackParams) -> stack::StackTrace, READ,
        "Get stack trace",
        "Call stack of the current (or given) thread, top first; library frames marked.";
    "select_stack_frame" => stack::select_stack_frame(stack::SelectFrame) -> stack::FrameSelected, EDIT,
        "Select stack frame",
        "Default frame for variables, evaluate and status until execution moves.";
    "list_threads" => stack::list_threads(stack::ThreadsParams) -> stack::ThreadList, READ,
        "List threads",
        "The debuggee's threads, marking the current one.";
    "get_variables" => variables::get_variables(variables::GetVariables) -> variables::VariableList, READ,
        "Get variables",
        "A frame's variables (values cut at 1,000 chars), with ids for expand_variable/set_variable until execution moves.";
    "expand_variable" => variables::expand_variable(variables::ExpandVariable) -> variables::Children, READ,
        "Expand variable",
        "Children of an object, by variable_id and/or dotted path.";
    "set_variable" => variables::set_variable(variables::SetVariable) -> variables::VariableSet, DESTRUCTIVE,
        "Set variable",
        "Set a variable in the paused program; answers it re-read (set_failed if unchanged).";
    "evaluate" => evaluation::evaluate(evaluation::EvaluateParams) -> evaluation::Evaluation, CONTROL,
        "Evaluate",
        "Evaluate in a frame; without allow_side_effects, only expressions proven side-effect free run.";
    "add_watch" => evaluation::add_watch(evaluation::AddWatch) -> evaluation::WatchAdded, EDIT,
        "Add watch",
        "Watch an expression in every get_debug_session_status; persists with the project.";
    "remove_watch" => evaluation::remove_watch(evaluation::RemoveWatch) -> evaluation::WatchRemoved, EDIT,
        "Remove watch",
        "Remove a watch; a missing one succeeds.";
    "trace_execution" => trace::trace_execution(trace::TraceParams) -> trace::Trace, DESTRUCTIVE,
        "Trace execution",
        "How values evolve in one call: each probe hit evaluates its expressions (no side effects) and goes on, until the end, max_hits, timeout or another stop; launches configuration_name or continues the session; leaves no breakpoint.";
    "get_source_context" => source::get_source_context(source::SourceParams) -> source::SourceContext, READ,
        "Get source context",
        "Numbered source lines around file_path:line (default: the current location); current and breakpoint lines marked.";
}

/// Apply the confirmation policy: brave mode, or an earlier "for this session"
/// approval of the session concerned, skips it; otherwise the user must agree. The
/// scope of the approval is returned: a launch records a [`Scope::Session`] for the
/// session it starts ([`ConsentMemory::record`]); other actions are recorded here.
///
/// An approval is bound to the stop it was asked about: if execution moved while the
/// user was asked (another client resumed or stepped the program), nothing is done and
/// the call asks again when it is made again (on protocol 2026-07-28 the retry is that
/// call: its question names the new stop, so the old reply does not answer it).
pub async fn confirm(call: &Call<'_>, mut request: ConfirmRequest) -> ToolResult<Scope> {
    let consent = &call.app.consent;
    if consent.approved(request.session_id.as_deref()) {
        return Ok(Scope::Once);
    }
    let stop_of = |session: &str| {
        let record = call.app.tracker.get(session).ok()?;
        Some((record.stop_generation, record.state))
    };
    let asked_at = request.session_id.as_deref().and_then(stop_of);
    request.stop = asked_at.map(|(generation, _)| generation);
    let answer = call.confirmer.confirm(&request).await;
    let now = request.session_id.as_deref().and_then(stop_of);
    if matches!(answer, Consent::Granted(_)) && now != asked_at {
        return Err(ToolError::new(
            debugger_core::ErrorCode::ConfirmationRequired,
            format!(
                "Execution moved while the user was asked ({}); the approval was for where \
                 the program stood then. Nothing was done: call again to be asked about \
                 where it stands now.",
                request.action
            ),
        )
        .with_detail("execution_moved", true));
    }
    let action = request.action.as_str();
    match answer {
        Consent::Granted(scope) => {
            if let Some(session) = &request.session_id {
                call.app.remember_approval(scope, session);
            }
            Ok(scope)
        }
        Consent::Denied => Err(ToolError::new(
            debugger_core::ErrorCode::ConfirmationDenied,
            format!("The user did not approve: {action}"),
        )),
        // Never shown: the call's answer is the question (`Confirmer::deferred`).
        Consent::Deferred => Err(ToolError::new(
            debugger_core::ErrorCode::ConfirmationRequired,
            format!("Asked the user ({action}); the client's retry brings the answer."),
        )),
        Consent::Unavailable => Err(ToolError::new(
            debugger_core::ErrorCode::ConfirmationRequired,
            format!(
                "This action needs the user's approval ({action}), and nobody could be asked \
                 (no answer from an IDE dialog, and no MCP elicitation in this client). The user can allow such actions without asking by starting the \
                 server in brave mode: `jetbrains-debugger-mcp ... --brave` (or JETBRAINS_DEBUGGER_BRAVE=1), or with brave mode in the IDE plugin's settings."
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ide_requests::ServerRequests;
    use debugger_core::history::History;
    use debugger_core::state::StateDir;
    use debugger_core::ErrorCode;
    use debugger_ide::{BridgeConfig, IdeBackend};
    use std::sync::Mutex;

    /// Answers with the scripted consents, in order, and counts the questions.
    struct Scripted(Mutex<Vec<Consent>>);

    #[async_trait::async_trait]
    impl Confirmer for Scripted {
        async fn confirm(&self, _request: &ConfirmRequest) -> Consent {
            self.0.lock().unwrap().remove(0)
        }
    }

    impl Scripted {
        fn left(&self) -> usize {
            self.0.lock().unwrap().len()
        }
    }

    fn on(session: Option<&str>) -> ConfirmRequest {
        ConfirmRequest {
            action: "Set x = 1?".into(),
            project: "shop".into(),
            subject: "x = 1".into(),
            session_id: session.map(str::to_string),
            stop: None,
        }
    }

    /// An app over an IDE backend that no IDE connects to (confirm needs no backend call).
    async fn app(consent: Arc<ConsentMemory>) -> Arc<App> {
        let secrets = crate::redact::Secrets::new(Default::default());
        let requests = Arc::new(ServerRequests {
            history: Arc::new(History::new(10)),
            consent: consent.clone(),
            secrets: secrets.clone(),
        });
        let backend = IdeBackend::start(BridgeConfig::new(0, "t"), requests)
            .await
            .unwrap();
        let state = StateDir::at(std::env::temp_dir().join("jbd-confirm-test"));
        App::new(backend, WatchStore::new(state), consent, secrets)
    }

    #[test]
    fn decoding_names_the_field_and_refuses_huge_strings() {
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct P {
            #[serde(default, deserialize_with = "crate::lenient::opt_timeout")]
            timeout: Option<f64>,
            #[serde(default)]
            condition: Option<String>,
        }
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct Flattened {
            #[serde(flatten)]
            inner: P,
            #[serde(default)]
            session_id: Option<String>,
        }
        for (arguments, field) in [
            (
                serde_json::json!({"session_id": "s1", "timeout": -1}),
                "'timeout'",
            ),
            (
                serde_json::json!({"session_id": 5, "timeout": 3}),
                "'session_id'",
            ),
            (
                serde_json::json!({"condition": ["x"], "timeout": 3}),
                "'condition'",
            ),
        ] {
            let err = decode::<Flattened>(arguments.clone()).unwrap_err();
            assert!(err.message.contains(field), "{arguments}: {}", err.message);
        }
        let err = decode::<P>(serde_json::json!({"condition": 5})).unwrap_err();
        assert!(err.message.contains("'condition'"), "{}", err.message);
        let err = decode::<P>(serde_json::json!({"timeout": "NaN"})).unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidParams);
        assert!(err.message.contains("'timeout'"), "{}", err.message);
        let huge = "x".repeat(MAX_ARGUMENT_BYTES + 1);
        let err = decode::<P>(serde_json::json!({ "condition": huge })).unwrap_err();
        assert!(err.message.contains("'condition'"), "{}", err.message);
        assert!(err.message.len() < 200);
        let err = decode::<P>(serde_json::json!({ "env": { huge.clone(): "1" } })).unwrap_err();
        assert!(err.message.contains("'env.xxxx"), "{}", err.message);
        assert!(err.message.len() < 200, "the key is not echoed whole");
        assert!(decode::<P>(serde_json::json!({"condition": "x > 1", "timeout": 1e308})).is_ok());
    }

    #[tokio::test]
    async fn approvals_for_a_session_are_remembered_and_brave_mode_asks_nobody() {
        let consent = Arc::new(ConsentMemory::new(false));
        let app = app(consent.clone()).await;
        let confirmer = Scripted(Mutex::new(vec![
            Consent::Granted(Scope::Session), // a launch, for its session
            Consent::Granted(Scope::Session), // an action on s2
            Consent::Denied,                  // another action on s3
            Consent::Unavailable,             // nobody to ask
        ]));
        let waiting = Waiting::default();
        let call = Call {
            app: &app,
            confirmer: &confirmer,
            waiting: &waiting,
        };
        // A launch answers the scope; the launch handler records it for the new session.
        let scope = confirm(&call, on(None)).await.unwrap();
        assert_eq!(scope, Scope::Session);
        assert!(
            !consent.approved(Some("s1")),
            "nothing recorded without a session"
        );
        consent.record(scope, "s1");
        assert_eq!(confirm(&call, on(Some("s1"))).await.unwrap(), Scope::Once);
        assert_eq!(confirmer.left(), 3, "s1 was not asked about again");

        confirm(&call, on(Some("s2"))).await.unwrap();
        assert!(
            consent.approved(Some("s2")),
            "an action's session approval is recorded"
        );
        let denied = confirm(&call, on(Some("s3"))).await.unwrap_err();
        assert_eq!(denied.code, ErrorCode::ConfirmationDenied);
        let nobody = confirm(&call, on(None)).await.unwrap_err();
        assert_eq!(nobody.code, ErrorCode::ConfirmationRequired);
        assert!(nobody
            .message
            .contains("brave mode in the IDE plugin's settings"));

        consent.set_brave(true);
        assert_eq!(confirm(&call, on(None)).await.unwrap(), Scope::Once);
        assert_eq!(confirmer.left(), 0);
    }
}
