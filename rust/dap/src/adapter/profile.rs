//! What a debug adapter profile says ([`AdapterProfile`]: the types it serves, how
//! its adapter is started and reached, its launch arguments, evaluation and quirks),
//! and the launch.json fields that every profile reads the same way.

use crate::launch_json::LaunchConfig;
use crate::test_runs::TestSupport;
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
    /// Python's semantics: exception stops are exceptions of classes (caught or not,
    /// the project's exception breakpoints by class), frames belong to modules,
    /// arguments are read from the code object. Otherwise an exception stop is the
    /// program crashing (a signal, a panic).
    pub python_semantics: bool,
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

/// How the adapter process is started.
pub enum AdapterProgram {
    /// `<python> -m <module>`, with the configuration's interpreter.
    PythonModule(&'static str),
    /// The first of `names` found on `PATH`, with `args`.
    Executable {
        names: &'static [&'static str],
        args: &'static [&'static str],
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
    PythonShim,
    VariablePaths,
    RefusedPrefixes(&'static [&'static str]),
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
