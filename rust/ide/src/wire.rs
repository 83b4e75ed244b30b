//! The bridge's messages as Rust types: the method table of `protocol/README.md`
//! (name, direction, kind, timeout) and the params and results of every method and
//! notification. `debugger_core::model` types are reused wherever their serde form
//! already is the wire form (projects, run configurations, breakpoints, threads,
//! frames, values, exceptions, history changes); the types here cover the rest.
//!
//! This module owns the wire shape only: no I/O, no state. The tests in
//! `tests/protocol_examples.rs` decode and re-encode every example of `protocol/`
//! with these types.

use debugger_core::history::HistoryEntry;
use debugger_core::model::{
    Breakpoint, BreakpointSpec, EvaluationKind, ExceptionInfo, FailedTest, LaunchMode,
    OutputCategory, Project, SessionDescriptor, StepKind as CoreStepKind, StopReason, ValueTarget,
    VariableScope,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

/// The bridge protocol version this binary speaks.
pub const PROTOCOL_VERSION: u32 = 1;
/// Major versions this binary accepts in `hello`.
pub const SUPPORTED_VERSIONS: &[u32] = &[PROTOCOL_VERSION];

/// Method names, as they travel.
pub mod method {
    pub const HELLO: &str = "hello";
    pub const RUN_CONFIGURATIONS_LIST: &str = "run_configurations/list";
    pub const SESSION_LAUNCH: &str = "session/launch";
    pub const SESSION_STOP: &str = "session/stop";
    pub const SESSION_RESUME: &str = "session/resume";
    pub const SESSION_PAUSE: &str = "session/pause";
    pub const SESSION_STEP: &str = "session/step";
    pub const SESSION_RUN_TO_LINE: &str = "session/run_to_line";
    pub const SESSION_THREADS: &str = "session/threads";
    pub const SESSION_STACK: &str = "session/stack";
    pub const FRAME_SELECT: &str = "frame/select";
    pub const FRAME_VARIABLES: &str = "frame/variables";
    pub const VALUE_CHILDREN: &str = "value/children";
    pub const VALUE_SET: &str = "value/set";
    pub const FRAME_EVALUATE: &str = "frame/evaluate";
    pub const BREAKPOINTS_LIST: &str = "breakpoints/list";
    pub const BREAKPOINTS_ADD: &str = "breakpoints/add";
    pub const BREAKPOINTS_REMOVE: &str = "breakpoints/remove";
    pub const BREAKPOINTS_WATCH: &str = "breakpoints/watch";
    pub const UI_CONFIRM: &str = "ui/confirm";
    pub const HISTORY_CHANGED: &str = "history/changed";
    pub const HISTORY_LIST: &str = "history/list";
    pub const HISTORY_CLEAR: &str = "history/clear";
    pub const SETTINGS_UPDATE: &str = "settings/update";
    pub const HISTORY_EXPORT: &str = "history/export";
    pub const CLIENTS_LIST: &str = "clients/list";
    pub const CLIENTS_INSTALL: &str = "clients/install";
    pub const SESSION_STARTED: &str = "session/started";
    pub const SESSION_PROCESS_STARTED: &str = "session/process_started";
    pub const SESSION_PAUSED: &str = "session/paused";
    pub const SESSION_RESUMED: &str = "session/resumed";
    pub const SESSION_OUTPUT: &str = "session/output";
    pub const SESSION_EXITED: &str = "session/exited";
    pub const SESSION_TERMINATED: &str = "session/terminated";
    pub const BREAKPOINT_CHANGED: &str = "breakpoint/changed";
    pub const BREAKPOINT_REMOVED: &str = "breakpoint/removed";
    pub const PROJECT_OPENED: &str = "project/opened";
    pub const PROJECT_CLOSED: &str = "project/closed";
}

/// Who sends a method.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    IdeToServer,
    ServerToIde,
}

/// Request (answered) or notification (not answered).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Request,
    Notification,
}

/// One row of the spec's method table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MethodSpec {
    pub name: &'static str,
    pub direction: Direction,
    pub kind: Kind,
    /// How long the sender waits for the response (requests only).
    pub timeout: Option<Duration>,
}

const fn request(name: &'static str, direction: Direction, seconds: u64) -> MethodSpec {
    MethodSpec {
        name,
        direction,
        kind: Kind::Request,
        timeout: Some(Duration::from_secs(seconds)),
    }
}

const fn notification(name: &'static str, direction: Direction) -> MethodSpec {
    MethodSpec {
        name,
        direction,
        kind: Kind::Notification,
        timeout: None,
    }
}

/// The method table of `protocol/README.md`, in its order.
pub const METHODS: &[MethodSpec] = {
    use method::*;
    use Direction::{IdeToServer as I, ServerToIde as S};
    &[
        request(HELLO, I, 10),
        request(RUN_CONFIGURATIONS_LIST, S, 15),
        request(SESSION_LAUNCH, S, 120),
        request(SESSION_STOP, S, 15),
        request(SESSION_RESUME, S, 15),
        request(SESSION_PAUSE, S, 15),
        request(SESSION_STEP, S, 15),
        request(SESSION_RUN_TO_LINE, S, 15),
        request(SESSION_THREADS, S, 15),
        request(SESSION_STACK, S, 15),
        request(FRAME_SELECT, S, 15),
        request(FRAME_VARIABLES, S, 30),
        request(VALUE_CHILDREN, S, 30),
        request(VALUE_SET, S, 60),
        request(FRAME_EVALUATE, S, 60),
        request(BREAKPOINTS_LIST, S, 15),
        request(BREAKPOINTS_ADD, S, 15),
        request(BREAKPOINTS_REMOVE, S, 15),
        request(BREAKPOINTS_WATCH, S, 30),
        request(UI_CONFIRM, S, 120),
        notification(HISTORY_CHANGED, S),
        request(HISTORY_LIST, I, 10),
        request(HISTORY_CLEAR, I, 10),
        request(SETTINGS_UPDATE, I, 10),
        request(HISTORY_EXPORT, I, 10),
        request(CLIENTS_LIST, I, 10),
        request(CLIENTS_INSTALL, I, 90),
        notification(SESSION_STARTED, I),
        notification(SESSION_PROCESS_STARTED, I),
        notification(SESSION_PAUSED, I),
        notification(SESSION_RESUMED, I),
        notification(SESSION_OUTPUT, I),
        notification(SESSION_EXITED, I),
        notification(SESSION_TERMINATED, I),
        notification(BREAKPOINT_CHANGED, I),
        notification(BREAKPOINT_REMOVED, I),
        notification(PROJECT_OPENED, I),
        notification(PROJECT_CLOSED, I),
    ]
};

/// The spec row of a method.
pub fn spec(name: &str) -> Option<&'static MethodSpec> {
    METHODS.iter().find(|m| m.name == name)
}

/// Fallback for a request missing from the table (never the case for our own).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(15);

/// How long a sender waits for the response to `name`.
pub fn timeout_for(name: &str) -> Duration {
    spec(name)
        .and_then(|m| m.timeout)
        .unwrap_or(DEFAULT_TIMEOUT)
}

/// `{}`: the params or result of methods that carry nothing. Decodes from anything
/// (a peer sending `null` or extra fields is not worth failing a call over).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Empty {}

impl<'de> Deserialize<'de> for Empty {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        serde::de::IgnoredAny::deserialize(deserializer)?;
        Ok(Empty {})
    }
}

// ---- hello -------------------------------------------------------------------

/// The IDE product.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IdeInfo {
    /// e.g. `IntelliJ IDEA`.
    pub product: String,
    /// e.g. `IC`, `PC`.
    pub product_code: String,
    /// e.g. `IC-252.26830.84`.
    pub build: String,
}

/// `hello` params (IDE → server), the IDE's first message on a connection.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HelloParams {
    pub protocol_version: u32,
    pub ide: IdeInfo,
    pub plugin_version: String,
    pub projects: Vec<Project>,
    pub sessions: Vec<Session>,
}

/// `hello` result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HelloResult {
    pub protocol_version: u32,
    pub server_version: String,
    /// Where agents reach this binary's MCP endpoint (null when it serves none).
    pub mcp_url: Option<String>,
}

/// `error.data` of the `-32002` answer to a `hello` of another major version.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VersionMismatch {
    pub supported: Vec<u32>,
}

// ---- sessions ----------------------------------------------------------------

/// A debug or run session as the IDE reports it: `debugger_core`'s
/// [`SessionDescriptor`] plus the debuggee's `language`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Session {
    #[serde(flatten)]
    pub descriptor: SessionDescriptor,
    /// `python`, `java`, `kotlin`... or null when the IDE cannot tell.
    pub language: Option<String>,
    /// In a launch's answer when the launch asked for `break_on_uncaught`: whether the
    /// IDE could make this session stop at uncaught exceptions (false where the
    /// session's language has no exception breakpoint type the plugin can use).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub break_on_uncaught: Option<bool>,
}

/// `{project}`: params of `run_configurations/list` and `breakpoints/list`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProjectParams {
    pub project: PathBuf,
}

/// `run_configurations/list` result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunConfigurationsResult {
    pub configurations: Vec<debugger_core::model::RunConfiguration>,
}

/// `session/launch` params; the result is a [`Session`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "LaunchParamsFields")]
pub struct LaunchParams {
    pub project: PathBuf,
    #[serde(flatten)]
    pub target: LaunchTarget,
    pub mode: LaunchMode,
    /// Debug mode: stop where an exception nobody catches would end the program, for
    /// this session only. Absent: false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub break_on_uncaught: bool,
    /// What this launch changes of its configuration; absent: nothing.
    #[serde(default, skip_serializing_if = "LaunchOverrides::is_empty")]
    pub overrides: LaunchOverrides,
}

/// `{args?, cwd?, env?}`: applied to a copy of the configuration made for one launch.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LaunchOverrides {
    /// Replace the program arguments.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub args: Option<Vec<String>>,
    /// Replace the working directory (absolute).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cwd: Option<PathBuf>,
    /// Set these variables on top of the configuration's environment.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub env: BTreeMap<String, String>,
}

impl LaunchOverrides {
    pub fn is_empty(&self) -> bool {
        self == &Self::default()
    }
}

impl From<&debugger_core::model::LaunchOverrides> for LaunchOverrides {
    fn from(o: &debugger_core::model::LaunchOverrides) -> Self {
        Self {
            args: o.args.clone(),
            cwd: o.cwd.clone(),
            env: o.env.clone(),
        }
    }
}

/// What `session/launch` starts: exactly one of the two fields travels, so a message
/// naming both or neither does not decode.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LaunchTarget {
    /// A run configuration, by name.
    Configuration(String),
    /// One file (absolute), debugged with the configuration the IDE makes for it.
    File(PathBuf),
}

/// [`LaunchParams`] as they arrive, before the one-target rule is checked (a flattened
/// enum alone would take the first of two targets).
#[derive(Deserialize)]
struct LaunchParamsFields {
    project: PathBuf,
    configuration: Option<String>,
    file: Option<PathBuf>,
    mode: LaunchMode,
    #[serde(default)]
    break_on_uncaught: bool,
    #[serde(default)]
    overrides: LaunchOverrides,
}

impl TryFrom<LaunchParamsFields> for LaunchParams {
    type Error = &'static str;

    fn try_from(fields: LaunchParamsFields) -> Result<Self, Self::Error> {
        let target = match (fields.configuration, fields.file) {
            (Some(name), None) => LaunchTarget::Configuration(name),
            (None, Some(file)) => LaunchTarget::File(file),
            _ => return Err("exactly one of `configuration` and `file` is expected"),
        };
        Ok(Self {
            project: fields.project,
            target,
            mode: fields.mode,
            break_on_uncaught: fields.break_on_uncaught,
            overrides: fields.overrides,
        })
    }
}

/// `{session}`: params of `session/stop`, `session/resume`, `session/pause`,
/// `session/threads` and of the `session/resumed` notification.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionParams {
    pub session: String,
}

/// Kind of step, flattened for the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StepKind {
    Over,
    Into,
    ForceInto,
    Out,
}

impl From<CoreStepKind> for StepKind {
    fn from(kind: CoreStepKind) -> Self {
        match kind {
            CoreStepKind::Over => StepKind::Over,
            CoreStepKind::Into { force: false } => StepKind::Into,
            CoreStepKind::Into { force: true } => StepKind::ForceInto,
            CoreStepKind::Out => StepKind::Out,
        }
    }
}

impl From<StepKind> for CoreStepKind {
    fn from(kind: StepKind) -> Self {
        match kind {
            StepKind::Over => CoreStepKind::Over,
            StepKind::Into => CoreStepKind::Into { force: false },
            StepKind::ForceInto => CoreStepKind::Into { force: true },
            StepKind::Out => CoreStepKind::Out,
        }
    }
}

/// `session/step` params.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepParams {
    pub session: String,
    pub thread_id: String,
    pub kind: StepKind,
    pub ignore_breakpoints: bool,
}

/// `session/run_to_line` params.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunToLineParams {
    pub session: String,
    pub thread_id: String,
    pub file: PathBuf,
    /// 1-based.
    pub line: u32,
    pub ignore_breakpoints: bool,
}

/// `session/threads` result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ThreadsResult {
    pub threads: Vec<debugger_core::model::ThreadInfo>,
}

/// `session/stack` params.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StackParams {
    pub session: String,
    pub thread_id: String,
    /// Most frames to return.
    pub max: usize,
}

/// `session/stack` result: frames top first, and the thread's total depth.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StackResult {
    pub frames: Vec<debugger_core::model::StackFrame>,
    pub total: usize,
}

/// `frame/select` params.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FrameSelectParams {
    pub session: String,
    pub thread_id: String,
    pub frame_ref: String,
}

/// `frame/variables` params.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VariablesParams {
    pub session: String,
    pub frame_ref: String,
    pub scope: VariableScope,
}

/// `frame/variables` result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VariablesResult {
    pub variables: Vec<debugger_core::model::Value>,
}

/// `value/children` params.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChildrenParams {
    pub session: String,
    pub children_ref: String,
}

/// `value/children` result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChildrenResult {
    pub children: Vec<debugger_core::model::Value>,
}

/// `value/set` params; the result is the value re-read (a `debugger_core` `Value`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SetValueParams {
    pub session: String,
    pub frame_ref: String,
    pub target: ValueTarget,
    /// The new value as an expression in the debuggee's language.
    pub value: String,
}

/// `breakpoints/watch` params: stop when the value `target` names in frame `frame_ref`
/// is written (a data breakpoint); `name` is how the agent named it. The result is the
/// breakpoint (kind `data`), the session's until it ends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WatchParams {
    pub session: String,
    pub frame_ref: String,
    pub target: ValueTarget,
    pub name: String,
}

/// `frame/evaluate` params; the result is a `debugger_core` `Value`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EvaluateParams {
    pub session: String,
    pub frame_ref: String,
    pub expression: String,
    pub kind: EvaluationKind,
}

// ---- breakpoints -------------------------------------------------------------

/// `breakpoints/list` result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BreakpointsResult {
    pub breakpoints: Vec<Breakpoint>,
}

/// `breakpoints/add` params; the result is an [`AddedBreakpoint`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AddBreakpointParams {
    pub project: PathBuf,
    pub spec: BreakpointSpec,
}

/// `breakpoints/add` result: the breakpoint's fields, and whether the call made it
/// (false: the IDE listed it already, e.g. a line's existing breakpoint).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AddedBreakpoint {
    #[serde(flatten)]
    pub breakpoint: Breakpoint,
    pub created: bool,
}

/// `{project, id}`: params of `breakpoints/remove` and of `breakpoint/removed`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BreakpointRef {
    pub project: PathBuf,
    pub id: String,
}

/// `breakpoints/remove` result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RemoveBreakpointResult {
    /// False when there was no such breakpoint.
    pub removed: bool,
}

/// `breakpoint/changed` params.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BreakpointChanged {
    pub project: PathBuf,
    pub breakpoint: Breakpoint,
}

// ---- UI, history, settings ---------------------------------------------------

/// `ui/confirm` params.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConfirmParams {
    /// The tool asking (e.g. `start_debug_session`).
    pub tool: String,
    /// Dialog title.
    pub title: String,
    /// What the agent wants to do, in words for the user.
    pub message: String,
    /// The project's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub project: Option<String>,
    /// What the action is about, in the user's words: the run configuration's name,
    /// the expression, or the assignment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subject: Option<String>,
    /// The debug session the action concerns; absent (null) for a launch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_id: Option<String>,
}

/// How far an approval reaches.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ConfirmScope {
    /// This action only.
    #[default]
    Once,
    /// This action and later ones on the same debug session (for a launch: on the
    /// session it starts), until that session ends.
    Session,
}

/// `ui/confirm` result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConfirmResult {
    pub approved: bool,
    /// Absent means `once`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<ConfirmScope>,
}

/// `history/list` result: every entry (newest first) and the history's capacity.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HistoryListResult {
    pub entries: Vec<HistoryEntry>,
    pub capacity: usize,
}

/// Allowed values of `max_history_size`.
pub const MAX_HISTORY_SIZE_RANGE: std::ops::RangeInclusive<u64> = 1..=10_000;

/// `settings/update` params: the settings that changed (absent = unchanged).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SettingsUpdateParams {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_history_size: Option<u64>,
    /// Skip the confirmation of runs, debug sessions, `set_variable` and
    /// side-effecting `evaluate`; applies at once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub brave_mode: Option<bool>,
    /// Mask secrets in everything the agent sees ("Hide secrets from AI agents").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hide_secrets: Option<bool>,
    /// More names whose values are secret (each one a term, as `ssn` in `user_ssn`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_names: Option<Vec<String>>,
    /// Names (or terms) never masked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub never_secret_names: Option<Vec<String>>,
}

/// Formats of `history/export`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HistoryFormat {
    Json,
    Csv,
    /// The log of the most recent debug session (calls, stops, values seen).
    Markdown,
}

/// `history/export` params.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct HistoryExportParams {
    pub format: HistoryFormat,
}

/// `history/export` result: the whole file's text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HistoryExportResult {
    pub content: String,
}

// ---- coding clients ----------------------------------------------------------

/// How a client's configuration snippet is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ConfigFormat {
    Json,
    Toml,
    /// A command to run in a terminal.
    Shell,
}

/// A coding client's configuration for this server.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClientConfig {
    pub format: ConfigFormat,
    pub text: String,
    /// Where the snippet goes on this OS (a file), or where to run it.
    pub location: String,
    /// A sentence on merging or alternatives, or null.
    pub hint: Option<String>,
}

/// One coding client of `clients/list`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClientInfo {
    /// `claude-code`, `claude-desktop`, `cursor`, `vscode`, `windsurf`, `codex`, `gemini`.
    pub id: String,
    pub name: String,
    /// The command `clients/install` runs, or null when the client has no CLI.
    pub install_command: Option<String>,
    pub config: ClientConfig,
    /// Where `clients/install` with `skill: true` writes the agent skill, or null when
    /// the server knows no skills folder for the client.
    pub skill_location: Option<String>,
}

/// `clients/list` result, for the server's own MCP URL.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClientsListResult {
    pub clients: Vec<ClientInfo>,
}

/// `clients/install` params.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClientInstallParams {
    pub client: String,
    /// Then write the agent skill too (clients that read skills only). Absent: false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub skill: bool,
}

/// `clients/install` result: what running the client's own CLI came to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClientInstallResult {
    pub client: String,
    pub ok: bool,
    /// The command, as a user would type it.
    pub command: String,
    /// For a notification: the outcome, the CLI's own error text, or how to get
    /// the CLI when it is missing.
    pub message: String,
    /// The tail of the CLI's output.
    pub output: String,
}

// ---- IDE → server notifications ----------------------------------------------

/// `session/process_started` params.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProcessStartedParams {
    pub session: String,
    pub process_id: u32,
}

/// `session/paused` params.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PausedParams {
    pub session: String,
    pub thread_id: Option<String>,
    pub reason: StopReason,
    /// Ids of the breakpoints that caused the stop.
    pub hit_breakpoints: Vec<String>,
    pub exception: Option<ExceptionInfo>,
    pub description: Option<String>,
    /// With reason `test_failed`: the failing test.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failed_test: Option<FailedTestParams>,
}

/// The failing test a `test_failed` pause names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FailedTestParams {
    /// `CalcTest.testAdd`, `test_calc.py::test_add`.
    pub name: String,
    /// The assertion's message; empty when the debugger does not tell.
    pub message: String,
    /// The index in the thread's stack of the test's own frame (0 is the top).
    pub frame: usize,
}

impl From<FailedTestParams> for FailedTest {
    fn from(p: FailedTestParams) -> Self {
        FailedTest {
            name: p.name,
            message: p.message,
            frame: p.frame,
        }
    }
}

/// `session/output` params.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutputParams {
    pub session: String,
    pub category: OutputCategory,
    pub text: String,
}

/// `session/exited` params.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExitedParams {
    pub session: String,
    pub exit_code: i32,
}

/// `session/terminated` params.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerminatedParams {
    pub session: String,
    /// Why the session ended abnormally; null for a normal end.
    pub error: Option<String>,
}

/// `project/opened` and `project/closed` params.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProjectEvent {
    pub project: Project,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_has_one_row_per_method_and_timeouts_for_requests() {
        let mut names: Vec<&str> = METHODS.iter().map(|m| m.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), METHODS.len());
        for m in METHODS {
            assert_eq!(m.kind == Kind::Request, m.timeout.is_some(), "{}", m.name);
        }
        assert_eq!(
            timeout_for(method::SESSION_LAUNCH),
            Duration::from_secs(120)
        );
        assert_eq!(
            timeout_for(method::FRAME_VARIABLES),
            Duration::from_secs(30)
        );
        assert_eq!(timeout_for("no/such"), DEFAULT_TIMEOUT);
    }

    #[test]
    fn a_launch_names_exactly_one_of_configuration_and_file() {
        let decode = |params: serde_json::Value| serde_json::from_value::<LaunchParams>(params);
        let file = decode(serde_json::json!({"project": "/p", "file": "/p/a.py", "mode": "debug"}))
            .unwrap();
        assert_eq!(file.target, LaunchTarget::File("/p/a.py".into()));
        for params in [
            serde_json::json!({"project": "/p", "mode": "debug"}),
            serde_json::json!({"project": "/p", "configuration": "App", "file": "/p/a.py", "mode": "debug"}),
        ] {
            assert!(decode(params.clone()).is_err(), "{params}");
        }
    }

    #[test]
    fn step_kinds_map_both_ways() {
        for kind in [
            StepKind::Over,
            StepKind::Into,
            StepKind::ForceInto,
            StepKind::Out,
        ] {
            assert_eq!(StepKind::from(CoreStepKind::from(kind)), kind);
        }
        assert_eq!(
            serde_json::to_value(StepKind::ForceInto).unwrap(),
            serde_json::json!("force_into")
        );
    }

    #[test]
    fn empty_decodes_from_anything_and_encodes_as_an_object() {
        for text in ["{}", "null", "{\"x\":1}", "[]"] {
            assert_eq!(serde_json::from_str::<Empty>(text).unwrap(), Empty {});
        }
        assert_eq!(serde_json::to_string(&Empty {}).unwrap(), "{}");
    }
}
