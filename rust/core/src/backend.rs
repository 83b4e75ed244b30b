//! The seam between the tools and a debugger: the [`Backend`] trait and the
//! [`BackendEvent`]s it emits. The standalone DAP backend (crate `debugger-dap`) and
//! the IDE bridge backend implement it; everything above it (tools, waits,
//! watches, history) is written once.
//!
//! Contract:
//! - Calls are cheap to make concurrently; a backend serializes what it must.
//! - Every call is bounded by a timeout inside the backend; a dead adapter or lost
//!   IDE is an error, never a hang.
//! - State-changing execution calls (`resume`, `step`, `pause`, `run_to_line`)
//!   return once the debugger accepted the request; the stop that follows arrives as
//!   a [`BackendEvent::Stopped`].
//! - Breakpoints belong to projects and exist with or without sessions.
//! - The server sees a backend only through its secret masking (`redact::Redacting` in the
//!   server crate), which forwards every method: a method added here, defaulted or not, is
//!   forwarded there too, and what it returns masked.

use crate::error::{ErrorCode, ToolError, ToolResult};
use crate::model::*;
use async_trait::async_trait;
use std::path::Path;
use tokio::sync::broadcast;

/// Something that happened in a debugger, in the order it happened per session.
#[derive(Debug, Clone, PartialEq)]
pub enum BackendEvent {
    /// A session exists and its program is starting.
    SessionStarted(SessionDescriptor),
    /// The debuggee's process id became known.
    ProcessStarted { session: String, process_id: u32 },
    /// Execution stopped.
    Stopped {
        session: String,
        thread_id: Option<String>,
        reason: StopReason,
        /// Ids of the project breakpoints that caused the stop.
        hit_breakpoints: Vec<String>,
        exception: Option<ExceptionInfo>,
        description: Option<String>,
        /// A failing test's, or the watched values that changed.
        detail: Option<StopDetail>,
    },
    /// Execution continued (by us or by the debugger itself).
    Continued { session: String },
    /// Program output.
    Output {
        session: String,
        category: OutputCategory,
        text: String,
    },
    /// The debuggee process exited.
    Exited { session: String, exit_code: i32 },
    /// The session is over; `error` says why when it did not end normally: its code
    /// is the cause (`adapter_crashed`, `adapter_failed`, `timeout`), its message says
    /// it in words, and its details may carry the backend's `diagnostics` (the DAP
    /// backend's adapter stderr tail, last events, pending requests, exit statuses).
    Terminated {
        session: String,
        error: Option<ToolError>,
    },
    /// A breakpoint was created or changed (verified, hit count, ...).
    BreakpointChanged {
        project: std::path::PathBuf,
        breakpoint: Breakpoint,
    },
    /// A breakpoint was removed (e.g. a temporary one after its hit).
    BreakpointRemoved {
        project: std::path::PathBuf,
        id: String,
    },
    /// Many of a project's breakpoints changed or went at once (a launch verified them,
    /// a mass removal): one event, so that thousands do not flood the event stream.
    BreakpointsChanged { project: std::path::PathBuf },
}

impl BackendEvent {
    /// The session the event is about, if any.
    pub fn session(&self) -> Option<&str> {
        match self {
            BackendEvent::SessionStarted(d) => Some(&d.id),
            BackendEvent::ProcessStarted { session, .. }
            | BackendEvent::Stopped { session, .. }
            | BackendEvent::Continued { session }
            | BackendEvent::Output { session, .. }
            | BackendEvent::Exited { session, .. }
            | BackendEvent::Terminated { session, .. } => Some(session),
            BackendEvent::BreakpointChanged { .. }
            | BackendEvent::BreakpointRemoved { .. }
            | BackendEvent::BreakpointsChanged { .. } => None,
        }
    }
}

/// A debugger the tools can drive.
#[async_trait]
pub trait Backend: Send + Sync + 'static {
    /// Short name for logs and status (`dap`, `ide`).
    fn name(&self) -> &'static str;

    /// Subscribe to events. Each subscriber sees every event sent after it subscribed.
    fn events(&self) -> broadcast::Receiver<BackendEvent>;

    /// Projects currently open.
    async fn projects(&self) -> ToolResult<Vec<Project>>;

    /// Run configurations of a project, sorted by name.
    async fn run_configurations(&self, project: &Project) -> ToolResult<Vec<RunConfiguration>>;

    /// Start a configuration, with or without the debugger. Project breakpoints are
    /// in place before the program runs its first line. Returns once the session
    /// exists (the program may still be starting).
    async fn launch(
        &self,
        project: &Project,
        configuration: &str,
        mode: LaunchMode,
        options: &LaunchOptions,
    ) -> ToolResult<SessionDescriptor>;

    /// Debug one file with no run configuration, as the IDE's gutter "Debug" does: the
    /// backend makes a temporary configuration for it (a script, or the test runner for
    /// a test file) and launches it like [`Backend::launch`] in debug mode. `file` is
    /// absolute and inside `project` (the tools check it). Where the backend has no
    /// way to make one, `not_supported` saying why.
    async fn launch_file(
        &self,
        _project: &Project,
        file: &Path,
        _options: &LaunchOptions,
    ) -> ToolResult<SessionDescriptor> {
        Err(ToolError::new(
            ErrorCode::NotSupported,
            format!(
                "{}: this backend cannot debug a file without a run configuration",
                file.display()
            ),
        ))
    }

    /// Whether debug sessions stop at an uncaught exception unless the launch says
    /// otherwise ([`LaunchOptions::break_on_uncaught`]): `Some(default)` when this
    /// backend can do it for one launch, `None` when it cannot (the user's own
    /// exception breakpoints then decide).
    fn break_on_uncaught_default(&self) -> Option<bool> {
        None
    }

    /// Whether this backend applies [`LaunchOptions::overrides`] (standalone: on top
    /// of launch.json); where it cannot, the tools refuse them before any launch.
    fn launch_overrides(&self) -> bool {
        false
    }

    /// Whether the launch of `session` applied [`LaunchOptions::break_on_uncaught`] as
    /// asked: the IDE cannot where the session's language has no exception breakpoint
    /// type it can use. Backends that always can keep this default.
    fn breaks_on_uncaught(&self, _session: &str) -> bool {
        true
    }

    /// Terminate a session and its process tree.
    async fn stop(&self, session: &str) -> ToolResult<()>;

    /// All breakpoints of a project.
    async fn breakpoints(&self, project: &Project) -> ToolResult<Vec<Breakpoint>>;

    /// Before a debug launch: move each line breakpoint whose file was edited since it
    /// was set (or last launched) to where its line's text now is, and disable those
    /// that cannot be placed; what moved or was not placed. Sessions already running
    /// keep the lines of the code they loaded. Backends whose platform moves
    /// breakpoints with the document (an IDE) have nothing to do.
    async fn follow_edits(&self, _project: &Project) -> ToolResult<Vec<FollowedBreakpoint>> {
        Ok(Vec::new())
    }

    /// What launching `configuration` with `options` would run, for the user's
    /// question. By default the configuration's type and description (an IDE's main
    /// target); a backend that resolves configurations itself says more.
    async fn launch_target(
        &self,
        project: &Project,
        configuration: &str,
        _options: &LaunchOptions,
    ) -> ToolResult<LaunchTarget> {
        let configurations = self.run_configurations(project).await?;
        let found = configurations.iter().find(|c| c.name == configuration);
        Ok(LaunchTarget {
            type_name: found.map(|c| c.type_name.clone()).unwrap_or_default(),
            program: found.and_then(|c| c.description.clone()),
            ..LaunchTarget::default()
        })
    }

    /// Add a breakpoint to a project (and to its live sessions), and say whether it
    /// was created (`false`: the same one was there and is answered).
    async fn add_breakpoint(
        &self,
        project: &Project,
        spec: BreakpointSpec,
    ) -> ToolResult<(Breakpoint, bool)>;

    /// Remove a breakpoint; `Ok(false)` when it did not exist.
    async fn remove_breakpoint(&self, project: &Project, id: &str) -> ToolResult<bool>;

    /// Remove breakpoints; the ids of those that existed. One at a time unless the
    /// backend can do better (the standalone one changes its store once).
    async fn remove_breakpoints(
        &self,
        project: &Project,
        ids: &[String],
    ) -> ToolResult<Vec<String>> {
        let mut removed = Vec::new();
        for id in ids {
            if self.remove_breakpoint(project, id).await? {
                removed.push(id.clone());
            }
        }
        Ok(removed)
    }

    /// Stop when the value `target` names in frame `frame_ref` of the paused
    /// `session` is written (a data breakpoint); `name` is how the agent named it.
    /// Listed among the project's breakpoints (kind `Data`) for as long as the
    /// debugger can watch it. `not_supported`, saying why, where the debugger cannot.
    async fn add_data_breakpoint(
        &self,
        _session: &str,
        _frame_ref: &str,
        _target: &ValueTarget,
        name: &str,
    ) -> ToolResult<Breakpoint> {
        Err(ToolError::new(
            ErrorCode::NotSupported,
            format!(
                "Cannot watch {name}: the {} backend has no data breakpoints.",
                self.name()
            ),
        ))
    }

    async fn resume(&self, session: &str) -> ToolResult<()>;
    async fn pause(&self, session: &str) -> ToolResult<()>;
    /// Step a thread; with `ignore_breakpoints` no breakpoint stops the step.
    async fn step(
        &self,
        session: &str,
        thread_id: &str,
        kind: StepKind,
        ignore_breakpoints: bool,
    ) -> ToolResult<()>;

    /// Continue until `file:line`, without disturbing the project's breakpoints;
    /// with `ignore_breakpoints` other breakpoints do not stop on the way.
    async fn run_to_line(
        &self,
        session: &str,
        thread_id: &str,
        file: &Path,
        line: u32,
        ignore_breakpoints: bool,
    ) -> ToolResult<()>;

    /// Whether the session's debugger can set the next statement: asked before the
    /// user is, so that nobody approves what cannot happen. Where it cannot,
    /// `not_supported` saying why.
    async fn can_jump(&self, session: &str) -> ToolResult<()> {
        Err(ToolError::new(
            ErrorCode::NotSupported,
            format!(
                "session {session}: the {} backend does not offer setting the next statement \
                 (the standalone backend does, with debugpy)",
                self.name()
            ),
        ))
    }

    /// Make `file:line` the next statement of the thread's top frame without running
    /// what lies between ("set next statement"); the stop that follows arrives as a
    /// [`BackendEvent::Stopped`] like a step's. Called after [`Self::can_jump`].
    async fn jump_to_line(
        &self,
        session: &str,
        _thread_id: &str,
        _file: &Path,
        _line: u32,
    ) -> ToolResult<()> {
        self.can_jump(session).await
    }

    async fn threads(&self, session: &str) -> ToolResult<Vec<ThreadInfo>>;

    /// The modules and source files the session's program has loaded. Where the
    /// debugger (or the backend) cannot tell at all, `not_supported` saying why.
    async fn loaded_code(&self, session: &str) -> ToolResult<LoadedCode> {
        Err(ToolError::new(
            ErrorCode::NotSupported,
            format!("session {session}: this backend does not tell which code is loaded"),
        ))
    }

    /// Frames of a thread, top first: at most `max` of them, plus the total depth.
    async fn stack(
        &self,
        session: &str,
        thread_id: &str,
        max: usize,
    ) -> ToolResult<(Vec<StackFrame>, usize)>;

    /// Make a frame the debugger's current frame (the IDE shows it). Called by
    /// `select_stack_frame` after the selection is recorded; backends without a
    /// notion of a current frame keep this default.
    async fn select_frame(
        &self,
        _session: &str,
        _thread_id: &str,
        _frame_ref: &str,
    ) -> ToolResult<()> {
        Ok(())
    }

    /// Variables of a frame.
    async fn variables(
        &self,
        session: &str,
        frame_ref: &str,
        scope: VariableScope,
    ) -> ToolResult<Vec<Value>>;

    /// What functions returned, as the debugger tells it at this stop: each named after
    /// its function where the debugger names it, else unnamed. `not_supported` where
    /// the debugger does not tell it.
    async fn returned_values(&self, _session: &str, _frame_ref: &str) -> ToolResult<Vec<Value>> {
        Err(ToolError::new(
            ErrorCode::NotSupported,
            "this debugger does not tell what a function returned",
        ))
    }

    /// Children of a value (`Value::children_ref`).
    async fn children(&self, session: &str, children_ref: &str) -> ToolResult<Vec<Value>>;

    /// Set a value; returns it as re-read from the debugger.
    async fn set_value(
        &self,
        session: &str,
        frame_ref: &str,
        target: &ValueTarget,
        new_value: &str,
    ) -> ToolResult<Value>;

    /// Evaluate in a frame. The caller has already applied the side-effect policy.
    async fn evaluate(
        &self,
        session: &str,
        frame_ref: &str,
        expression: &str,
        kind: EvaluationKind,
    ) -> ToolResult<Value>;

    /// Language of the session's debuggee (`python`, `java`...), for the evaluation guard.
    fn language(&self, session: &str) -> Option<String>;

    /// Whether the session runs [`EvaluationKind::GuardedExpression`] under a
    /// runtime side-effect guard: debugpy's shim in the debuggee, or a debugger's own
    /// read-only evaluation (lldb's variable paths, Delve without `call`) where the
    /// language has no static guard; backends without one say no.
    fn runtime_guard(&self, _session: &str) -> bool {
        false
    }

    /// What the answers showing the session's values say of how they were shown, where
    /// showing them may run the program's code (the IDE's renderers); `None` where
    /// values are shown without it, or only under a runtime guard.
    fn values_note(&self, _session: &str) -> Option<&'static str> {
        None
    }

    /// Whether breakpoint code (conditions, log messages) in `language` runs under a
    /// runtime side-effect guard in this backend's sessions, so that it needs consent
    /// only where the static guard finds a side effect it can name.
    fn guards_breakpoint_code(&self, _language: &str) -> bool {
        false
    }

    /// What the session's program is doing while it cannot answer (stuck in
    /// breakpoint code, in an evaluation, in C code), as words for an answer
    /// ("evaluating the condition of bp-3 for 12 s"); `None` while it answers.
    fn busy(&self, _session: &str) -> Option<String> {
        None
    }
}
