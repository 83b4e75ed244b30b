//! Pieces every tool uses: project and session resolution, waits with timeouts,
//! locations, compact value views, source lines.

use crate::app::Call;
use crate::tracker::{SessionRecord, VariableHandle, WaitOutcome};
use debugger_core::model::{Project, SessionState, StackFrame, ThreadInfo, Value as DebugValue};
use debugger_core::project::{self, NamedId};
use debugger_core::source_file;
use debugger_core::{ErrorCode, ToolError, ToolResult};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Values longer than this are cut (agents pay per token).
pub const VALUE_CAP: usize = 1000;
/// Default wait of execution-control tools.
pub const DEFAULT_WAIT: Duration = Duration::from_secs(30);
/// Longest wait a caller may ask for.
pub const MAX_WAIT: Duration = Duration::from_secs(600);

/// Which project and session a call means: the parameters every session tool takes.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct Target {
    #[serde(rename = "projectPath", default)]
    pub project_path: Option<String>,
    #[serde(default)]
    pub session_id: Option<String>,
}

impl Target {
    /// The ids this target names (its session).
    pub fn named(&self) -> Named<'_> {
        Named {
            session: self.session_id.as_deref(),
            ..Named::default()
        }
    }
}

/// The project a call that names no id is about ([`project::resolve_project`]'s four cases).
pub async fn project(call: &Call<'_>, project_path: Option<&str>) -> ToolResult<Project> {
    project_of(call, project_path, Named::default()).await
}

/// The ids a call names; each one that belongs to an open project implies it.
#[derive(Debug, Default, Clone, Copy)]
pub struct Named<'a> {
    pub session: Option<&'a str>,
    pub breakpoint: Option<&'a str>,
    pub watch: Option<&'a str>,
    pub variable: Option<&'a str>,
}

/// The project a call is about, its ids taken into account: with several projects
/// open and no `projectPath`, an id that belongs to exactly one project picks it; a
/// `projectPath` that disagrees with an id's project is `invalid_params`
/// ([`project::resolve_project_for`]). Above the `Backend` trait: both backends get
/// it. With one project open nothing is looked up (the id is the tool's to check).
pub async fn project_of(
    call: &Call<'_>,
    project_path: Option<&str>,
    named: Named<'_>,
) -> ToolResult<Project> {
    let open = call.app.backend.projects().await?;
    if open.len() < 2 {
        return project::resolve_project(&open, project_path);
    }
    let ids = named_ids(call, &open, named).await;
    project::resolve_project_for(&open, project_path, &ids)
}

/// Which open projects each named id belongs to.
async fn named_ids(call: &Call<'_>, open: &[Project], named: Named<'_>) -> Vec<NamedId> {
    fn trimmed(id: Option<&str>) -> Option<&str> {
        id.map(str::trim).filter(|id| !id.is_empty())
    }
    let among = |paths: &[PathBuf]| -> Vec<Project> {
        open.iter()
            .filter(|p| paths.contains(&p.path))
            .cloned()
            .collect()
    };
    let tracker = &call.app.tracker;
    let mut ids = Vec::new();
    if let Some(id) = trimmed(named.session) {
        let paths: Vec<PathBuf> = tracker
            .get(id)
            .map(|r| vec![r.descriptor.project])
            .unwrap_or_default();
        ids.push(NamedId {
            what: format!("session '{id}'"),
            owners: among(&paths),
        });
    }
    if let Some(id) = trimmed(named.variable) {
        ids.push(NamedId {
            what: format!("variable '{id}'"),
            owners: among(&tracker.variable_projects(id)),
        });
    }
    if let Some(id) = trimmed(named.watch) {
        ids.push(NamedId {
            what: format!("watch '{id}'"),
            owners: open
                .iter()
                .filter(|p| call.app.watches.list(&p.path).iter().any(|w| w.id == id))
                .cloned()
                .collect(),
        });
    }
    if let Some(id) = trimmed(named.breakpoint) {
        let mut owners = Vec::new();
        for p in open {
            // A project whose breakpoints cannot be read does not own the id.
            if let Ok(breakpoints) = call.app.backend.breakpoints(p).await {
                if breakpoints.iter().any(|b| b.id == id) {
                    owners.push(p.clone());
                }
            }
        }
        ids.push(NamedId {
            what: format!("breakpoint '{id}'"),
            owners,
        });
    }
    ids
}

/// A file path of the call, confined to the project.
pub fn file_in(project: &Project, file_path: &str) -> ToolResult<PathBuf> {
    project::resolve_file(project, file_path)
}

/// The wait a call asked for, clamped to [`MAX_WAIT`]. Clamped before it becomes a
/// `Duration`: `Duration::from_secs_f64` panics above `u64::MAX` seconds (2e19), and
/// the task that panicked never answered.
pub fn wait_time(timeout: Option<f64>) -> Duration {
    match timeout {
        Some(seconds) if seconds.is_finite() && seconds > 0.0 => {
            Duration::from_secs_f64(seconds.min(MAX_WAIT.as_secs_f64()))
        }
        Some(_) => MAX_WAIT,
        None => DEFAULT_WAIT,
    }
}

/// The debug session a call means; it must still be running or paused, and have
/// the debugger attached (not a `run_configuration` session).
pub fn live_session(
    call: &Call<'_>,
    project: &Project,
    session_id: Option<&str>,
) -> ToolResult<SessionRecord> {
    let record = call.app.tracker.resolve(&project.path, session_id)?;
    if !record.is_live() {
        return Err(ended_error(&record));
    }
    if crate::tracker::is_run_only(&record) {
        return Err(ToolError::new(
            ErrorCode::NotSupported,
            format!(
                "Session '{}' runs without the debugger (started by run_configuration);                  use start_debug_session to debug it.",
                record.descriptor.id
            ),
        ));
    }
    Ok(record)
}

/// The session a call means; it must be paused.
pub fn paused_session(
    call: &Call<'_>,
    project: &Project,
    session_id: Option<&str>,
) -> ToolResult<SessionRecord> {
    let record = live_session(call, project, session_id)?;
    if record.state != SessionState::Paused {
        return Err(ToolError::new(
            ErrorCode::NotPaused,
            format!(
                "Session '{}' is running, not paused. Use pause, or set a breakpoint and wait with resume.",
                record.descriptor.id
            ),
        ));
    }
    Ok(record)
}

pub fn ended_error(record: &SessionRecord) -> ToolError {
    let mut message = format!("Session '{}' has ended", record.descriptor.id);
    if let Some(code) = record.exit_code {
        message.push_str(&format!(" (exit code {code})"));
    }
    message.push('.');
    let Some(error) = &record.termination_error else {
        return ToolError::new(ErrorCode::SessionEnded, message);
    };
    message.push_str(&format!(" {}", error.message));
    let ended = ToolError::new(ErrorCode::SessionEnded, message)
        .with_detail("ended_because", error.code.as_str());
    match error.details.get("diagnostics") {
        Some(diagnostics) => ended.with_detail("diagnostics", diagnostics.clone()),
        None => ended,
    }
}

/// Wait for the stop after a resume-like request; the request is sent by `send`.
pub async fn resume_and_wait<F, Fut>(
    call: &Call<'_>,
    session: &str,
    timeout: Duration,
    send: F,
) -> ToolResult<WaitOutcome>
where
    F: FnOnce() -> Fut,
    Fut: std::future::Future<Output = ToolResult<()>>,
{
    let tracker = &call.app.tracker;
    let generation = tracker.begin_resume(session)?;
    if let Err(err) = send().await {
        tracker.abort_resume(session, generation);
        return Err(err);
    }
    super::waiting::wait_unless_busy(call, session, generation, timeout).await
}

/// A place in the source, as the tools answer it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Location {
    pub file: Option<String>,
    pub line: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class: Option<String>,
    pub method: String,
}

impl Location {
    pub fn of(frame: &StackFrame) -> Self {
        Self {
            file: frame.file.as_ref().map(|f| f.display().to_string()),
            line: frame.line,
            class: frame.class.clone(),
            method: frame.method.clone(),
        }
    }
}

/// The debuggee's threads; read once per stop while paused.
pub async fn threads(call: &Call<'_>, record: &SessionRecord) -> ToolResult<Vec<ThreadInfo>> {
    let id = &record.descriptor.id;
    let tracker = &call.app.tracker;
    if record.state == SessionState::Paused {
        if let Some(threads) = tracker.cached_threads(id) {
            return Ok(threads);
        }
    }
    let threads = call.app.backend.threads(id).await?;
    if record.state == SessionState::Paused {
        tracker.cache_threads(id, record.stop_generation, &threads);
    }
    Ok(threads)
}

/// The top `depth` frames of a thread and the stack's depth; read once per stop and
/// thread while paused (a deeper read replaces a shallower one). Each read crosses to
/// the debugger (with the IDE: the bridge and the IDE's debugger thread), and the
/// frame-relative tools all start from a frame.
pub async fn stack(
    call: &Call<'_>,
    record: &SessionRecord,
    thread: &str,
    depth: usize,
) -> ToolResult<(Vec<StackFrame>, usize)> {
    let id = &record.descriptor.id;
    let tracker = &call.app.tracker;
    let paused = record.state == SessionState::Paused;
    if paused {
        if let Some(cached) = tracker.cached_stack(id, thread, depth) {
            return Ok(cached);
        }
    }
    let (frames, total) = call.app.backend.stack(id, thread, depth).await?;
    if paused {
        tracker.cache_stack(id, record.stop_generation, thread, &frames, total);
    }
    Ok((frames, total))
}

/// The thread a paused session's tools act on: the selected one, else the stopped one,
/// else the first.
pub async fn current_thread(call: &Call<'_>, record: &SessionRecord) -> ToolResult<String> {
    if let Some(thread) = &record.selected_thread {
        return Ok(thread.clone());
    }
    let threads = threads(call, record).await?;
    threads
        .first()
        .map(|t| t.id.clone())
        .ok_or_else(|| ToolError::new(ErrorCode::ThreadNotFound, "The debuggee has no threads."))
}

/// The frame at `index` of the current thread (default: the selected frame).
pub async fn frame_at(
    call: &Call<'_>,
    record: &SessionRecord,
    index: Option<usize>,
) -> ToolResult<(usize, StackFrame)> {
    let index = index.unwrap_or(record.selected_frame);
    let thread = current_thread(call, record).await?;
    let (frames, total) = stack(call, record, &thread, index + 1).await?;
    frames
        .into_iter()
        .nth(index)
        .map(|f| (index, f))
        .ok_or_else(|| {
            ToolError::new(
                ErrorCode::FrameNotFound,
                format!("No frame {index}: the stack has {total} frames (0 is the top)."),
            )
        })
}

/// Cut a value to [`VALUE_CAP`] characters.
pub fn cap(value: &str) -> (String, bool) {
    match value.char_indices().nth(VALUE_CAP) {
        Some((cut, _)) => (format!("{}…", &value[..cut]), true),
        None => (value.to_string(), false),
    }
}

/// A value as tools show it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct VariableView {
    pub name: String,
    pub value: String,
    #[serde(rename = "type")]
    pub type_name: Option<String>,
    pub has_children: bool,
    /// Handle for expand_variable / set_variable, valid until execution moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
}

/// Give a value an id at the current stop and make its compact view.
pub fn view(
    call: &Call<'_>,
    session: &str,
    frame_ref: &str,
    parent_path: Option<&str>,
    value: DebugValue,
) -> ToolResult<VariableView> {
    let (text, truncated) = cap(&value.value);
    let path = match parent_path {
        Some(parent) => format!("{parent}.{}", value.name),
        None => value.name.clone(),
    };
    let id = if value.children_ref.is_some() || value.target.is_some() {
        Some(call.app.tracker.register_variable(
            session,
            VariableHandle {
                name: value.name.clone(),
                value: text.clone(),
                path,
                frame_ref: frame_ref.to_string(),
                children_ref: value.children_ref.clone(),
                target: value.target.clone(),
            },
        )?)
    } else {
        None
    };
    Ok(VariableView {
        name: value.name,
        value: text,
        type_name: value.type_name,
        has_children: value.children_ref.is_some(),
        id,
        truncated,
    })
}

/// Check that `line` of `file` can hold a breakpoint: it exists and is not blank
/// or a comment (a debugger would accept it but never stop there).
pub async fn check_code_line(file: &Path, line: u32) -> ToolResult<()> {
    if line == 0 {
        return Err(ToolError::invalid_params(
            "'line' must be 1 or more (lines start at 1).",
        ));
    }
    let read = source_file::read_lines(file, line, line).await?;
    let invalid = |why: String| Err(ToolError::new(ErrorCode::InvalidLocation, why));
    let Some((_, content)) = read.lines.first() else {
        return invalid(match read.line_count {
            Some(count) => format!(
                "{} has {count} lines; line {line} does not exist.",
                file.display()
            ),
            None => format!(
                "Line {line} of {} lies beyond the first {} MiB, which is all that is read.",
                file.display(),
                source_file::SCAN_LIMIT / (1024 * 1024)
            ),
        });
    };
    let content = content.trim();
    let comment_marker = match file.extension().and_then(|e| e.to_str()) {
        Some("py") => Some("#"),
        Some("java" | "kt" | "kts" | "js" | "ts" | "go" | "rs" | "c" | "cpp" | "cs") => Some("//"),
        _ => None,
    };
    if content.is_empty() {
        return invalid(format!(
            "Line {line} of {} is blank; no code runs there.",
            file.display()
        ));
    }
    if comment_marker.is_some_and(|m| content.starts_with(m)) {
        return invalid(format!(
            "Line {line} of {} is a comment; no code runs there.",
            file.display()
        ));
    }
    Ok(())
}

/// The text of one source line, if readable.
pub async fn source_line(file: Option<&Path>, line: Option<u32>) -> Option<String> {
    let (file, line) = (file?, line?);
    source_file::read_lines(file, line, line)
        .await
        .ok()?
        .lines
        .pop()
        .map(|(_, text)| text.trim_end().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tracker::Tracker;
    use debugger_core::model::{LaunchMode, SessionDescriptor};
    use debugger_core::BackendEvent;

    #[test]
    fn an_ended_session_says_why_with_the_backends_diagnostics() {
        let tracker = Tracker::new();
        tracker.apply(&BackendEvent::SessionStarted(SessionDescriptor {
            id: "s1".into(),
            name: "App".into(),
            run_configuration: "App".into(),
            mode: LaunchMode::Debug,
            project: "/p".into(),
            process_id: None,
            attached: false,
        }));
        let diagnostics = serde_json::json!({ "adapter_signal": "SIGKILL" });
        tracker.apply(&BackendEvent::Terminated {
            session: "s1".into(),
            error: Some(
                ToolError::new(ErrorCode::AdapterCrashed, "the adapter exited unexpectedly")
                    .with_detail("diagnostics", diagnostics.clone()),
            ),
        });
        let body = ended_error(&tracker.get("s1").unwrap()).to_json();
        assert_eq!(body["error"], "session_ended");
        assert_eq!(
            body["message"],
            "Session 's1' has ended. the adapter exited unexpectedly"
        );
        assert_eq!(body["ended_because"], "adapter_crashed");
        assert_eq!(body["diagnostics"], diagnostics);
    }

    #[test]
    fn every_wait_is_bounded_whatever_the_caller_asked() {
        assert_eq!(wait_time(None), DEFAULT_WAIT);
        assert_eq!(wait_time(Some(1.5)), Duration::from_millis(1500));
        for huge in [601.0, 2e19, 1e308, 18446744073709551616.0, f64::MAX] {
            assert_eq!(wait_time(Some(huge)), MAX_WAIT, "{huge}");
        }
        for odd in [f64::NAN, f64::INFINITY, -1.0, 0.0] {
            assert!(wait_time(Some(odd)) <= MAX_WAIT, "{odd}");
        }
    }
}
