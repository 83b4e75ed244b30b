//! What a debug adapter profile says ([`AdapterProfile`]: the types it serves, how
//! its adapter is started and reached, its launch arguments, evaluation and quirks),
//! and the launch.json fields that every profile reads the same way.

use crate::launch_json::LaunchConfig;
use crate::test_runs::TestSupport;
use debugger_core::error::ToolError;
use debugger_core::model::LaunchMode;
use serde_json::Value as Json;
use std::path::{Path, PathBuf};

/// One debug adapter the standalone backend can drive.
pub struct AdapterProfile {
    /// How messages and logs name it.
    pub name: &'static str,
    /// The launch.json `type`s it serves.
    pub types: &'static [&'static str],
    /// `list_run_configurations`' `type` for its configurations.
    pub label: &'static str,
    /// `initialize`'s `adapterID`.
    pub adapter_id: &'static str,
    pub program: AdapterProgram,
    pub transport: Transport,
    /// What to install when it is missing.
    pub install: &'static str,
    /// The language of its sessions, for the side-effect policy.
    pub language: &'static str,
    /// What a configuration of this adapter lacks, beyond launch.json's own rules.
    pub check: fn(&LaunchConfig) -> Vec<String>,
    /// The `launch` request's arguments.
    pub launch_arguments: fn(&LaunchRequest<'_>) -> Json,
    pub evaluation: Evaluation,
    /// What an exception stop is.
    pub exceptions: Exceptions,
    /// How its frames and variable listings read.
    pub frames: Frames,
    /// The error for an adapter that is not installed for the command that started
    /// it, when its stderr says so (`command`, `stderr`).
    pub not_installed: fn(&Path, &str) -> Option<ToolError>,
    /// Console lines that are the adapter's own talk, not the program's or a
    /// logpoint's: (starts with, contains).
    pub console_chatter: &'static [(&'static str, &'static str)],
    /// A run-mode (`noDebug`) launch still sends `initialized` and waits for
    /// `configurationDone` before the program starts.
    pub run_mode_configures: bool,
    /// Its variable listings keep the values of the stop, even after a
    /// `setVariable` (Delve): the set's own answer is the value to trust.
    pub listings_fixed_at_stop: bool,
    /// An attach with `connect` reaches the adapter already listening in the program
    /// (`python -m debugpy --listen`), instead of starting one.
    pub attach_connects: bool,
    /// One adapter is started ahead for the next launch (`warm.rs`): it speaks stdio
    /// and does not care where it runs.
    pub keep_warm: bool,
    /// The adapter runs in the program's directory instead of the launch's `cwd`.
    pub runs_in_program_dir: bool,
    /// The program writes to the adapter's own stdout and stderr (it inherits them)
    /// instead of its output arriving as `output` events.
    pub program_on_adapter_stdio: bool,
    /// The exit status arrives only in a console line, after this text.
    pub exit_status_after: Option<&'static str>,
    /// How its test launches stop at a failing test (`test_runs.rs`).
    pub tests: Option<TestSupport>,
    /// Why it cannot watch a value, said when it announces no `supportsDataBreakpoints`.
    pub no_watchpoints_because: &'static str,
}

impl AdapterProfile {
    /// The shim holding its runtime guard, where it has one.
    pub fn shim(&self) -> Option<&'static Shim> {
        match self.evaluation.guard {
            Guard::Shim(shim) => Some(shim),
            _ => None,
        }
    }
}

/// How the adapter process is started.
pub enum AdapterProgram {
    /// `<python> -m <module>`, with the configuration's interpreter.
    PythonModule(&'static str),
    /// The first of `names` found on `PATH`, with `args`, and `env` added to the
    /// server's environment.
    Executable {
        names: &'static [&'static str],
        args: &'static [&'static str],
        env: &'static [(&'static str, &'static str)],
    },
}

/// How DAP reaches the adapter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport {
    Stdio,
    /// It listens on a loopback port it prints on stdout (`... at: 127.0.0.1:PORT`).
    TcpListen,
}

/// How a session evaluates without side effects, and with them.
pub struct Evaluation {
    /// `GuardedExpression`: the shim's runtime guard (debugpy), lldb's variable
    /// paths, or Delve's plain evaluation with these leading words refused.
    pub guard: Guard,
    /// The `evaluate` context of statements and consented expressions.
    pub statements_context: &'static str,
}

pub enum Guard {
    Shim(&'static Shim),
    VariablePaths,
    RefusedPrefixes(&'static [&'static str]),
}

/// A runtime guard that the adapter's shim puts in the program (debugpy's
/// `sitecustomize.py`), and what the session asks of it.
pub struct Shim {
    /// The expression that runs an expression under the guard.
    pub guarded: fn(&str) -> String,
    /// Whether an expression runs none of the program's code (one variable's name),
    /// so that it is read as written, without the guard's cost.
    pub runs_no_code: fn(&str) -> bool,
    /// The error for a guarded evaluation that failed: the guard's refusal becomes
    /// `side_effects_not_allowed`; other failures pass through.
    pub refusal: fn(ToolError) -> ToolError,
    /// Statements as their body and the trailing expression whose value is the answer.
    pub split_statements: fn(&str) -> (Option<String>, Option<String>),
    /// Make the file where the shim says what breakpoint code is doing; it is kept
    /// open for reading (each request checks it: one read, not an open and a close).
    pub create_activity: fn(&Path) -> std::io::Result<std::fs::File>,
    /// Read that file (a torn or unreadable record reads as none).
    pub read_activity: fn(&std::fs::File) -> Activity,
}

/// What a shim last wrote: the breakpoint code running (its label and when it
/// began) and the last breakpoint code that stopped the program instead of deciding
/// (when, label, why).
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Activity {
    pub running: Option<(String, std::time::SystemTime)>,
    pub refused: Option<(std::time::SystemTime, String, CodeStop)>,
    /// Conditions that failed: only the first hit where one failed stopped the
    /// program; later hits where it failed the same way went on.
    pub failing: Vec<ConditionFailure>,
}

/// A condition that failed, as the shim counts it.
#[derive(Debug, Clone, PartialEq)]
pub struct ConditionFailure {
    /// "the condition of bp-3".
    pub label: String,
    /// The hits where it failed, the first (which stopped) included.
    pub hits: u64,
    /// The error, as the guard tells it.
    pub error: String,
}

/// Why breakpoint code stopped the program instead of deciding whether to.
#[derive(Debug, Clone, PartialEq)]
pub enum CodeStop {
    /// The side-effect guard refused it before it ran: what it tried.
    Refused(String),
    /// The guard stopped it after it ran over its time or memory budget: why.
    OverBudget(String),
    /// Code the user agreed to (it runs unguarded) was stopped at its time budget: why.
    OutOfTime(String),
    /// It failed: the error, as the guard tells it (no code of the program builds it).
    Failed(String),
}

/// What an exception stop is.
pub enum Exceptions {
    /// An exception of a class, caught or not, stopped for when the project's
    /// exception breakpoints by class (or break on uncaught) ask for it.
    Classes(ClassExceptions),
    /// The program crashing (a signal, a panic): nothing in it handled it; its class
    /// and message as shown, from `exceptionInfo`'s kind and description.
    Crashes(fn(String, String) -> (String, String)),
}

pub struct ClassExceptions {
    /// Evaluated in the raising frame: the exception's class and its bases, as
    /// `module.qualname`, space-separated.
    pub classes: &'static str,
    /// `exceptionInfo`'s `breakMode`s of an exception nothing handles.
    pub uncaught_modes: &'static [&'static str],
}

/// The class a frame's file defines (a Python module), from the file, the launched
/// program and the project root.
pub type FrameClass = fn(&Path, Option<&Path>, &Path) -> Option<String>;

/// How an adapter's frames and variable listings read.
pub struct Frames {
    /// A frame's name (and an exception's type) without what the adapter appends.
    pub name: fn(&str) -> &str,
    pub class: Option<FrameClass>,
    /// Evaluated in a frame: its parameters' names in order, comma-separated (`None`
    /// at module level). Without it, arguments are not told apart from locals.
    pub parameter_names: Option<&'static str>,
    /// Entries of variable listings that are none of the program's: whole names,
    /// and name prefixes.
    pub hidden_variables: (&'static [&'static str], &'static [&'static str]),
    /// Where the adapter tells what a function just returned.
    pub returned: Returned,
}

/// Where an adapter tells, at a stop, what a function returned.
pub enum Returned {
    /// It does not (its sessions answer `not_supported`).
    Unknown,
    /// Entries of the frame's locals named with `prefix` and the function's name
    /// (debugpy with `showReturnValue`: `(return) subtotal_of`); the ordinary listing
    /// leaves them out. Where the shim shows values, it reads them from the frame's
    /// local `dict` (function name to value) instead, under its guard.
    LocalsPrefix {
        prefix: &'static str,
        dict: &'static str,
    },
    /// A console command (run in the `repl` context; it reads, never runs program
    /// code) whose output has a line starting with `marker`, then `(type) $n = value`.
    Command {
        expression: &'static str,
        marker: &'static str,
    },
}

/// What a profile's `launch_arguments` builds from.
pub struct LaunchRequest<'a> {
    pub config: &'a LaunchConfig,
    pub mode: LaunchMode,
    pub session_id: &'a str,
    /// debugpy: the interpreter and the shim directory.
    pub python: Option<&'a Path>,
    pub shim: Option<&'a Path>,
}

/// The adapter command of one session.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AdapterCommand {
    pub program: PathBuf,
    pub args: Vec<String>,
    /// Added to the server's environment.
    pub env: &'static [(&'static str, &'static str)],
}

/// Whether a console line is `profile`'s own talk ([`AdapterProfile::console_chatter`]).
pub fn is_chatter(profile: &AdapterProfile, line: &str) -> bool {
    profile
        .console_chatter
        .iter()
        .any(|(start, inside)| line.starts_with(start) && line.contains(inside))
}

/// The exit status in a console line after `marker` (`... has exited with status 2`).
pub fn exit_status_in(line: &str, marker: &str) -> Option<i32> {
    let rest = &line[line.find(marker)? + marker.len()..];
    let digits: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '-')
        .collect();
    digits.parse().ok()
}

/// Whether a configuration attaches to a program started elsewhere.
pub fn attaching(config: &LaunchConfig) -> bool {
    config.request == "attach"
}

/// The process id an attach configuration names (`field`: a number, or digits).
pub fn process_id(config: &LaunchConfig, field: &str) -> Option<u32> {
    config.extra.get(field).and_then(whole_number)
}

/// A launch.json number as written: a JSON number, or digits in a string (as
/// `${env:PORT}` substitutes); `None` when it does not fit `T`.
pub(super) fn whole_number<T: TryFrom<u64> + std::str::FromStr>(value: &Json) -> Option<T> {
    match value {
        Json::Number(n) => n.as_u64().and_then(|n| T::try_from(n).ok()),
        Json::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// An attach configuration's problem when it names no process (`what` it needs).
pub(super) fn attach_target(what: &str, present: bool) -> Vec<String> {
    match present {
        true => vec![],
        false => vec![format!("an attach configuration needs {what}")],
    }
}

/// How a crash reads: lldb's `signal` / `signal SIGABRT` as the signal's name,
/// Delve's `panic` with its Go-quoted value unquoted.
pub(super) fn crash_details(kind: String, description: String) -> (String, String) {
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
