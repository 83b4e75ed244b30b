//! The 28 tools: their names, schemas, annotations and handlers, written once over
//! the [`Backend`] trait. Nothing here knows MCP framing (see `mcp.rs`) or DAP.
//!
//! Each handler takes its parameter struct (which doubles as the input JSON Schema;
//! fields decode leniently) and returns a result struct (the output JSON Schema) or
//! a [`ToolError`]. The registry macro at the bottom keeps the list and the
//! dispatch in one place.

mod breakpoints;
pub(crate) mod budget;
pub mod changes;
mod data_breakpoints;
mod evaluation;
mod execution;
mod frame_values;
mod frames;
mod question;
pub(crate) mod resolve;
mod run;
mod schema;
mod sessions;
mod source;
mod source_lines;
mod stack;
mod trace;
mod variables;
mod views;
pub mod waiting;

use crate::app::Call;
use debugger_core::{ToolError, ToolResult};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{Map, Value};

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
/// Ends a debug session: the program it runs ends (an attached one is left running), and
/// nothing the user keeps is lost (breakpoints, watches, history stay). Not destructive in
/// MCP's sense, and stopping an ended session answers the same: clients that refuse
/// destructive tools in unattended runs (Codex `exec`) let an agent stop what it started.
const ENDS: Hints = Hints {
    read_only: false,
    destructive: false,
    idempotent: true,
};
/// Runs the user's code or changes a program's state: a launch, a run, an assignment.
const DESTRUCTIVE: Hints = Hints {
    read_only: false,
    destructive: true,
    idempotent: false,
};

/// The tools a client that defers tools behind a search loads at once: what a model needs
/// to begin (set a breakpoint, start, see where it stopped) without searching first. Each
/// costs its description and input schema in every turn's context (about 2.2 KB for these
/// three, of about 20 KB for all of them); the rest are found by the search hints.
pub const ALWAYS_LOADED: [&str; 3] = [
    "start_debug_session",
    "set_breakpoint",
    "get_debug_session_status",
];

/// A tool as listed to clients.
#[derive(Debug, Clone)]
pub struct ToolInfo {
    pub name: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    /// Plain words a model would search with, for clients that defer tools behind a
    /// search (Claude Code's `anthropic/searchHint`): each word of a query must be found
    /// in the name, the description or these.
    pub search_hint: &'static str,
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
    ($( $name:literal => $module:ident :: $handler:ident ( $params:ty ) -> $result:ty, $hints:expr, $title:literal, $description:literal, $search:literal; )*) => {
        /// Every tool, in the order clients see them, with the schemas of `schemas.json`.
        pub fn list() -> Vec<ToolInfo> {
            let mut schemas = schema::Served::load();
            vec![$(ToolInfo {
                name: $name,
                title: $title,
                description: $description,
                search_hint: $search,
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

        /// Every tool's result schema with its nested shapes and descriptions, as
        /// `docs/tools.md` shows it (the served one is compact).
        #[cfg(test)]
        pub(crate) fn documented_output_schemas() -> Map<String, Value> {
            let mut all = Map::new();
            $(all.insert($name.into(), schema::documented::<$result>().into());)*
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
        "Run configurations (the IDE's, or .vscode/launch.json) with can_run/can_debug.",
        "debugger: what can be run or debugged, launch configurations";
    "run_configuration" => run::run_configuration(run::RunConfigurationParams) -> run::RunOutcome, DESTRUCTIVE,
        "Run a configuration",
        "Run without the debugger; wait_for_completion answers exit_code and output, else a session_id.",
        "run a program or tests without the debugger and get its exit code and output";
    "list_debug_sessions" => sessions::list_debug_sessions(sessions::ListSessions) -> sessions::SessionList, READ,
        "List debug sessions",
        "The project's sessions (ended ones: 'stopped'), the current one marked.",
        "debugger: which debug sessions are running or paused";
    "start_debug_session" => sessions::start_debug_session(sessions::StartSession) -> sessions::StartedSession, DESTRUCTIVE,
        "Start a debug session",
        "Debug a configuration (can_debug) or a file (file_path: Python, Go; test: one test, pytest name/-k or Go -run; line: stop there). Waits for the first stop (wait_for_pause); stops at uncaught exceptions and failing tests (break_on_uncaught); restart: stop the current one first.",
        "debug a program, script or failing test in the debugger: launch, stop at a breakpoint, find a bug";
    "stop_debug_session" => sessions::stop_debug_session(sessions::SessionOnly) -> sessions::StoppedSession, ENDS,
        "Stop a debug session",
        "Terminate a session and its processes; breakpoints and watches stay.",
        "debugger: end, kill or quit the program being debugged";
    "get_debug_session_status" => sessions::get_debug_session_status(sessions::StatusParams) -> sessions::SessionStatus, READ,
        "Get debug session status",
        "The current stop in one call: reason, location, stack, variables, watches, source, output.",
        "debugger: where the program stopped and why, current line, variables, exception";
    "list_breakpoints" => breakpoints::list_breakpoints(breakpoints::ListBreakpoints) -> breakpoints::BreakpointList, READ,
        "List breakpoints",
        "The project's breakpoints (first 100), optionally filtered.",
        "debugger: which breakpoints and logpoints are set";
    "set_breakpoint" => breakpoints::set_breakpoint(breakpoints::SetBreakpoint) -> breakpoints::BreakpointSet, EDIT,
        "Set a breakpoint",
        "At file_path+line, on entry to function (debugger's name, e.g. main.run), or when watch (variable id or name) changes (native code); log_message: a logpoint; persists with the project.",
        "debugger: add a breakpoint, logpoint or conditional breakpoint to stop the program at a line";
    "remove_breakpoint" => breakpoints::remove_breakpoint(breakpoints::RemoveBreakpoint) -> breakpoints::BreakpointsRemoved, EDIT,
        "Remove breakpoints",
        "Remove by breakpoint_id, file_path (and line), or the agent's own (owner); a missing one succeeds.",
        "debugger: delete or clear breakpoints";
    "set_exception_breakpoint" => breakpoints::set_exception_breakpoint(breakpoints::SetExceptionBreakpoint) -> breakpoints::BreakpointSet, EDIT,
        "Set an exception breakpoint",
        "Stop when an exception of a class is raised: caught, uncaught, or both.",
        "debugger: break when an exception or error is raised";
    "resume" => execution::resume(execution::ResumeParams) -> execution::ExecutionResult, CONTROL,
        "Resume",
        "Resume until the next stop; execution tools answer where it stands (running on timeout, stopped with exit_code at the end).",
        "debugger: continue running the paused program to the next breakpoint";
    "pause" => execution::pause(execution::PauseParams) -> execution::ExecutionResult, CONTROL,
        "Pause",
        "Pause a running session.",
        "debugger: interrupt a running or hanging program";
    "step_over" => execution::step_over(execution::StepOverParams) -> execution::ExecutionResult, CONTROL,
        "Step over",
        "Step over the current line.",
        "debugger: step through code line by line, next line";
    "step_into" => execution::step_into(execution::StepIntoParams) -> execution::ExecutionResult, CONTROL,
        "Step into",
        "Step into the current line's call.",
        "debugger: step into a function call";
    "step_out" => execution::step_out(execution::StepParams) -> execution::ExecutionResult, CONTROL,
        "Step out",
        "Run until this function returns.",
        "debugger: step out, finish the current function and return";
    "run_to_line" => execution::run_to_line(execution::RunToLineParams) -> execution::ExecutionResult, CONTROL,
        "Run to line",
        "Run to file_path:line.",
        "debugger: continue until a given line";
    "jump_to_line" => execution::jump_to_line(execution::JumpToLineParams) -> execution::ExecutionResult, DESTRUCTIVE,
        "Jump to line",
        "Set the next statement: skip or re-run lines of the current function.",
        "debugger: set next statement, jump back and run a line again";
    "get_stack_trace" => stack::get_stack_trace(stack::StackParams) -> stack::StackTrace, READ,
        "Get stack trace",
        "Call stack of the current (or given) thread, top first; library frames marked.",
        "debugger: call stack, backtrace, who called this function";
    "select_stack_frame" => stack::select_stack_frame(stack::SelectFrame) -> stack::FrameSelected, EDIT,
        "Select stack frame",
        "Default frame for variables, evaluate and status until execution moves.",
        "debugger: move up or down the call stack to another frame";
    "list_threads" => stack::list_threads(stack::ThreadsParams) -> stack::ThreadList, READ,
        "List threads",
        "The debuggee's threads, marking the current one.",
        "debugger: the program's threads";
    "get_variables" => variables::get_variables(variables::GetVariables) -> variables::VariableList, READ,
        "Get variables",
        "A frame's variables (values cut at 1,000 chars), with ids for expand_variable/set_variable until execution moves.",
        "debugger: local variables and their values, why is this value wrong";
    "expand_variable" => variables::expand_variable(variables::ExpandVariable) -> variables::Children, READ,
        "Expand variable",
        "Children of an object, by variable_id and/or dotted path.",
        "debugger: inspect an object's fields, list or dict items";
    "set_variable" => variables::set_variable(variables::SetVariable) -> variables::VariableSet, DESTRUCTIVE,
        "Set variable",
        "Set a variable in the paused program; answers it re-read (set_failed if unchanged).",
        "debugger: change a variable's value in the paused program";
    "evaluate" => evaluation::evaluate(evaluation::EvaluateParams) -> evaluation::Evaluation, CONTROL,
        "Evaluate",
        "Evaluate in a frame; without allow_side_effects, only expressions proven side-effect free run.",
        "debugger: evaluate an expression in the paused program, inspect a value";
    "add_watch" => evaluation::add_watch(evaluation::AddWatch) -> evaluation::WatchAdded, EDIT,
        "Add watch",
        "Watch an expression in every get_debug_session_status; persists with the project.",
        "debugger: watch an expression's value at every stop";
    "remove_watch" => evaluation::remove_watch(evaluation::RemoveWatch) -> evaluation::WatchRemoved, EDIT,
        "Remove watch",
        "Remove a watch; a missing one succeeds.",
        "debugger: delete a watch expression";
    "trace_execution" => trace::trace_execution(trace::TraceParams) -> trace::Trace, DESTRUCTIVE,
        "Trace execution",
        "How values evolve in one call: each probe hit evaluates its expressions (no side effects) and goes on, until the end, max_hits, timeout or another stop; launches configuration_name or continues the session; leaves no breakpoint.",
        "debugger: trace or log values over a loop without stopping, printf debugging";
    "get_source_context" => source::get_source_context(source::SourceParams) -> source::SourceContext, READ,
        "Get source context",
        "Numbered source lines around file_path:line (default: the current location); current and breakpoint lines marked.",
        "debugger: show the source code around the current line";
}

#[cfg(test)]
mod tests {
    use super::*;
    use debugger_core::ErrorCode;

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
}
