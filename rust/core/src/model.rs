//! Backend-neutral data: what a backend reports about projects, run configurations,
//! sessions, breakpoints, threads, frames and values. Where they are serialized
//! straight to the agent, their field names are the tools' result fields (an API).

use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// An open project: a directory whose content tools may touch.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Project {
    pub name: String,
    /// Canonical absolute path of the project root.
    pub path: PathBuf,
}

/// One entry of `list_run_configurations`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct RunConfiguration {
    pub name: String,
    #[serde(rename = "type")]
    pub type_name: String,
    pub type_id: String,
    pub is_temporary: bool,
    pub can_run: bool,
    pub can_debug: bool,
    pub folder: Option<String>,
    pub description: Option<String>,
    /// Why the configuration cannot be run or debugged, when it cannot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unavailable_reason: Option<String>,
}

/// Whether a launch attaches the debugger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LaunchMode {
    Debug,
    Run,
}

/// What one launch asks for on top of its configuration.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LaunchOptions {
    /// Stop where an exception nobody catches would end the program (a debug launch
    /// only). A launch behaviour, not a breakpoint: it never shows among the
    /// project's breakpoints and leaves the user's exception breakpoints alone.
    /// Only for backends whose [`crate::Backend::break_on_uncaught_default`] is `Some`.
    pub break_on_uncaught: bool,
    /// Replace the configuration's program arguments, working directory or (key by
    /// key) environment for this launch only; the configuration itself is unchanged.
    /// Only for backends whose [`crate::Backend::launch_overrides`] is true.
    pub overrides: LaunchOverrides,
    /// A file launch runs only this test: a pytest node name (`test_total`,
    /// `TestCart::test_total[2]`) or `-k` expression, or Go's `-run` pattern.
    pub test: Option<String>,
}

/// What one launch changes of its configuration ([`LaunchOptions::overrides`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LaunchOverrides {
    /// Replace the program arguments.
    pub args: Option<Vec<String>>,
    /// Replace the working directory (absolute, checked to be inside the project).
    pub cwd: Option<PathBuf>,
    /// Set these variables on top of the configuration's environment.
    pub env: std::collections::BTreeMap<String, String>,
}

/// What a launch would run, as the user is asked about it (learnt without starting
/// anything).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LaunchTarget {
    /// The configuration's type as the user knows it (`debugpy`, `Python`).
    pub type_name: String,
    /// The program, module or main target; `None` where the backend cannot tell.
    pub program: Option<String>,
    /// Its arguments, where known.
    pub args: Option<Vec<String>>,
    /// Its working directory, where known.
    pub cwd: Option<PathBuf>,
    /// The variables it sets in the program's environment (overrides applied), where
    /// known: the masking learns the values of secret-named ones, which a program reads
    /// into variables of any name.
    pub env: Vec<(String, String)>,
}

impl LaunchOverrides {
    pub fn is_empty(&self) -> bool {
        self == &Self::default()
    }
}

/// Life cycle of a session as the agent sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SessionState {
    Running,
    Paused,
    Stopped,
}

/// What a backend knows about a session it started.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SessionDescriptor {
    pub id: String,
    pub name: String,
    pub run_configuration: String,
    pub mode: LaunchMode,
    /// Root of the project the session belongs to.
    pub project: PathBuf,
    pub process_id: Option<u32>,
    /// The debugger attached to a program started elsewhere: stopping the session
    /// detaches and leaves the program running.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub attached: bool,
}

/// Why execution stopped. Serialized as the answers' `paused_reason`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    Breakpoint,
    Step,
    Pause,
    Exception,
    Entry,
    Goto,
    Other,
    // Plain comments, not doc comments: those would turn the schema's enum into
    // a oneOf that the tool reference cannot list.
    // A test failed (a test launch stops where it fails): see `FailedTest`.
    TestFailed,
    // A watched value was written: see `ValueChange`.
    ValueChanged,
}

/// What a stop says beyond its reason.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopDetail {
    FailedTest(FailedTest),
    ValueChanged(Vec<ValueChange>),
}

/// The failing test a test launch stopped at.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct FailedTest {
    /// As the runner names it: `test_calc.py::test_add`, `TestTotal`.
    pub name: String,
    /// The failure as the test reported it (the assertion's message).
    pub message: String,
    /// The stack frame of the test's own code, the one selected at the stop (0 is the
    /// top; deeper when the stop is inside the test framework).
    #[serde(default, skip_serializing)]
    #[schemars(skip)]
    pub frame: usize,
}

/// A watched value that changed (a data breakpoint's stop).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ValueChange {
    /// What is watched, as it was named: `total`, `acc.balance`.
    pub watch: String,
    pub old: String,
    pub new: String,
    /// The breakpoint id of the watch.
    pub breakpoint_id: String,
    /// Where the write happened (`file:line`), when the debugger stops just after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub written_at: Option<String>,
}

/// The exception a session stopped on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ExceptionInfo {
    /// Fully qualified type name, e.g. `builtins.ValueError` or `java.lang.NullPointerException`.
    #[serde(rename = "type")]
    pub type_name: String,
    pub message: String,
    /// True when nothing in the program will catch it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uncaught: Option<bool>,
}

/// `suspend_policy` of a breakpoint: which threads stop, or none (log only).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum SuspendPolicy {
    #[default]
    All,
    Thread,
    None,
}

/// What a breakpoint is attached to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum BreakpointKind {
    Line {
        /// Absolute path.
        file: PathBuf,
        line: u32,
    },
    Exception {
        exception_class: String,
        caught: bool,
        uncaught: bool,
    },
    /// Stops on entry to a function named as the debugger names it (`subtotal`,
    /// `main.subtotalOf` for Go, `main::subtotal_of` for Rust).
    Function { name: String },
    /// Stops when a value is written (a data breakpoint): named as the agent named
    /// it (`total`, `acc.balance`).
    Data { expression: String },
}

/// A breakpoint as requested by the agent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BreakpointSpec {
    pub kind: BreakpointKind,
    pub enabled: bool,
    pub condition: Option<String>,
    /// Logpoint message; `{expr}` parts are evaluated.
    pub log_message: Option<String>,
    pub suspend_policy: SuspendPolicy,
    /// Removed after its first hit.
    pub temporary: bool,
}

/// A breakpoint owned by a project (it outlives sessions).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Breakpoint {
    pub id: String,
    #[serde(flatten)]
    pub spec: BreakpointSpec,
    /// Stops it has caused (persisted with it).
    pub hit_count: u64,
    /// Whether a live debugger confirmed it can be hit; `None` while no session runs.
    pub verified: Option<bool>,
    /// The debugger's comment on the breakpoint (e.g. why it is unverified).
    pub message: Option<String>,
    /// A line breakpoint's line text, to follow edits of its file (kept by backends
    /// that move breakpoints themselves; an IDE's platform moves its own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub anchor: Option<crate::line_anchor::LineAnchor>,
}

/// A line breakpoint a launch moved, or could not place, because its file was edited.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct FollowedBreakpoint {
    pub id: String,
    pub from: u32,
    /// The new line; absent when it could not be placed (then disabled).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<u32>,
    /// Why it could not be placed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// A thread of the debuggee.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ThreadInfo {
    /// Backend thread id as a string (stable for the thread's life).
    pub id: String,
    pub name: String,
}

/// The code a session's program has loaded, as its debugger tells it (DAP `modules`
/// and `loadedSources`); a part the debugger does not answer is `None`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct LoadedCode {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub modules: Option<Vec<LoadedModule>>,
    /// Paths (or names, for sources without a file) of the loaded source files.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sources: Option<Vec<String>>,
    /// Entries left out by the cap, per list.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub omitted: Option<usize>,
    /// What the debugger cannot tell, and why.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unsupported: Vec<String>,
}

/// A loaded module: a shared library or executable, a Python module.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct LoadedModule {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// Whether its symbols (debug information) are loaded, as the debugger says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symbols: Option<String>,
}

/// One stack frame.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StackFrame {
    /// Backend frame handle, valid while the session stays at the same stop.
    pub frame_ref: String,
    pub file: Option<PathBuf>,
    pub line: Option<u32>,
    /// Class (Java) or module (Python) the function belongs to, when known.
    pub class: Option<String>,
    pub method: String,
    /// Library / runtime code rather than the user's.
    pub is_library: bool,
}

/// Which variables of a frame to list.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum VariableScope {
    Local,
    Arguments,
    This,
    Global,
    #[default]
    All,
}

/// How a backend may change the value a `Value` came from. On the wire (the IDE
/// bridge) `{"slot":{"container","name"}}` or `{"expression":"..."}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ValueTarget {
    /// A named slot inside a container (DAP: variablesReference + name).
    Slot { container: String, name: String },
    /// Only through an evaluatable expression (DAP: setExpression / evaluateName).
    Expression(String),
}

/// A value as the debugger presents it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Value {
    pub name: String,
    pub value: String,
    pub type_name: Option<String>,
    /// Backend handle to list children, if it has any.
    pub children_ref: Option<String>,
    /// How to set it, if it can be set.
    pub target: Option<ValueTarget>,
    /// An expression that evaluates to this value in the frame, if known.
    pub evaluate_name: Option<String>,
}

/// How an evaluation may run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EvaluationKind {
    /// A single expression, already screened for side effects when required.
    Expression,
    /// Statements (may change state); the value of a trailing expression is returned.
    CodeFragment,
    /// A single expression run under the session's runtime side-effect guard (only
    /// where [`crate::backend::Backend::runtime_guard`] says it exists): in Python any
    /// call that is not to a pure builtin fails with `side_effects_not_allowed`; in
    /// native code and Go, the debugger's read-only evaluation runs no code at all.
    GuardedExpression,
}

/// Kind of step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StepKind {
    Over,
    Into { force: bool },
    Out,
}

/// Program output stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OutputCategory {
    Stdout,
    Stderr,
    /// Messages of the debugger itself (logpoints land here).
    Console,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn value_targets_are_snake_case_on_the_wire() {
        let slot = ValueTarget::Slot {
            container: "h4".into(),
            name: "subtotal".into(),
        };
        let expression = ValueTarget::Expression("cart.total".into());
        assert_eq!(
            serde_json::to_value(&slot).unwrap(),
            json!({ "slot": { "container": "h4", "name": "subtotal" } })
        );
        assert_eq!(
            serde_json::to_value(&expression).unwrap(),
            json!({ "expression": "cart.total" })
        );
        for target in [slot, expression] {
            let text = serde_json::to_string(&target).unwrap();
            assert_eq!(serde_json::from_str::<ValueTarget>(&text).unwrap(), target);
        }
    }
}
