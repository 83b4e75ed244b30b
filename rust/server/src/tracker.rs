//! What the tools know about sessions between calls, built from the backend's
//! events: state, the stop generation counter, the last stop, program output, the
//! selected thread and frame, and the variable ids handed out at the current stop.
//!
//! Invariants:
//! - `stop_generation` grows by one on every stop. A wait started at generation `g`
//!   only returns a stop with a generation above `g`, so a stale stop is never
//!   reported as the answer to a later resume or step.
//! - Variable ids embed the generation (`v<gen>.<n>`); an id from an earlier stop is
//!   reported as expired, never resolved against the wrong stop.
//! - Ended sessions stay readable (state `stopped`, exit code, output) for
//!   [`ENDED_SESSION_TTL`], and only the last [`MAX_ENDED_SESSIONS`] of them: the
//!   list and the memory stay bounded however many sessions come and go.

use crate::tools::changes::Snapshot;
use debugger_core::model::{
    ExceptionInfo, LaunchMode, SessionDescriptor, SessionState, StackFrame, StopDetail, StopReason,
    ThreadInfo, ValueTarget,
};
use debugger_core::{BackendEvent, ErrorCode, ToolError, ToolResult};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime};
use tokio::sync::watch;

/// Ended sessions kept for reading, at most.
pub const MAX_ENDED_SESSIONS: usize = 16;
/// How long an ended session stays listed.
pub const ENDED_SESSION_TTL: Duration = Duration::from_secs(10 * 60);
/// Output kept since execution last resumed (the tail wins).
pub const OUTPUT_SINCE_RESUME_CAP: usize = 8 * 1024;
/// Output kept for the whole session (the tail wins).
pub const OUTPUT_TOTAL_CAP: usize = 64 * 1024;

/// The stop a session is paused at.
#[derive(Debug, Clone, PartialEq)]
pub struct StopInfo {
    pub generation: u64,
    pub thread_id: Option<String>,
    pub reason: StopReason,
    pub hit_breakpoints: Vec<String>,
    pub exception: Option<ExceptionInfo>,
    pub description: Option<String>,
    pub detail: Option<StopDetail>,
}

/// A value an agent may refer to by id at the current stop.
#[derive(Debug, Clone, PartialEq)]
pub struct VariableHandle {
    pub name: String,
    /// The value as it was listed (capped as answers are): what a set compares with.
    pub value: String,
    /// Path from the frame's variables, e.g. `order.items.0`.
    pub path: String,
    pub frame_ref: String,
    pub children_ref: Option<String>,
    pub target: Option<ValueTarget>,
}

/// A bounded text buffer that keeps the most recent output.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct OutputBuffer {
    text: String,
    dropped: usize,
}

impl OutputBuffer {
    fn push(&mut self, text: &str, cap: usize) {
        self.text.push_str(text);
        if self.text.len() > cap {
            let mut cut = self.text.len() - cap;
            while !self.text.is_char_boundary(cut) {
                cut += 1;
            }
            self.text.drain(..cut);
            self.dropped += cut;
        }
    }

    fn clear(&mut self) {
        self.text.clear();
        self.dropped = 0;
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// Bytes dropped from the front to respect the cap.
    pub fn dropped(&self) -> usize {
        self.dropped
    }
}

/// Everything known about one session.
#[derive(Debug, Clone)]
pub struct SessionRecord {
    pub descriptor: SessionDescriptor,
    pub state: SessionState,
    pub stop_generation: u64,
    pub last_stop: Option<StopInfo>,
    pub exit_code: Option<i32>,
    /// Why the session ended abnormally: the cause as its code (`adapter_crashed`,
    /// `timeout`...), the words, and the backend's `diagnostics` detail if it has one.
    pub termination_error: Option<ToolError>,
    pub output_since_resume: OutputBuffer,
    pub output_total: OutputBuffer,
    pub selected_thread: Option<String>,
    pub selected_frame: usize,
    /// When the session began (its program loaded the files as they were then).
    pub started_at: SystemTime,
    variables: HashMap<String, VariableHandle>,
    next_variable: u64,
    /// Threads read at the current stop (they cannot change while all are paused).
    threads: Option<Vec<ThreadInfo>>,
    /// Each thread's name as last read in this session (by id, which a thread keeps
    /// for its life): a program seldom renames a thread, so the stack of a thread
    /// already seen is answered without reading the thread list again.
    thread_names: HashMap<String, String>,
    /// Per thread, the top frames read at the current stop and the stack's depth.
    stacks: HashMap<String, (Vec<StackFrame>, usize)>,
    /// Order of the last start or stop, to pick the "current" session.
    activity: u64,
    /// When the session ended.
    ended_at: Option<Instant>,
    /// The values the last execution answer saw at its stop (`tools::changes`).
    snapshot: Option<Snapshot>,
}

impl SessionRecord {
    fn new(descriptor: SessionDescriptor, activity: u64) -> Self {
        Self {
            descriptor,
            state: SessionState::Running,
            stop_generation: 0,
            last_stop: None,
            exit_code: None,
            termination_error: None,
            output_since_resume: OutputBuffer::default(),
            output_total: OutputBuffer::default(),
            selected_thread: None,
            selected_frame: 0,
            started_at: SystemTime::now(),
            variables: HashMap::new(),
            next_variable: 0,
            threads: None,
            thread_names: HashMap::new(),
            stacks: HashMap::new(),
            activity,
            ended_at: None,
            snapshot: None,
        }
    }

    fn enter_running(&mut self) {
        self.state = SessionState::Running;
        self.variables.clear();
        self.threads = None;
        self.stacks.clear();
        self.selected_frame = 0;
    }

    pub fn is_live(&self) -> bool {
        self.state != SessionState::Stopped
    }
}

/// What a wait saw.
#[derive(Debug, Clone, PartialEq)]
pub enum WaitOutcome {
    Paused,
    Ended,
    TimedOut,
}

#[derive(Default)]
struct State {
    sessions: Vec<SessionRecord>,
    activity: u64,
}

/// Session state shared by all tool calls.
pub struct Tracker {
    state: Mutex<State>,
    changed: watch::Sender<u64>,
}

impl Default for Tracker {
    fn default() -> Self {
        Self::new()
    }
}

impl Tracker {
    pub fn new() -> Self {
        Self {
            state: Mutex::new(State::default()),
            changed: watch::channel(0).0,
        }
    }

    fn update<R>(&self, f: impl FnOnce(&mut State) -> R) -> R {
        let result = {
            let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
            f(&mut state)
        };
        self.changed.send_modify(|v| *v += 1);
        result
    }

    fn read<R>(&self, f: impl FnOnce(&State) -> R) -> R {
        let state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        f(&state)
    }

    /// Record a session (idempotent: the launch call and the event both do it).
    pub fn register(&self, descriptor: SessionDescriptor) {
        self.update(|s| {
            if s.sessions.iter().any(|r| r.descriptor.id == descriptor.id) {
                return;
            }
            s.activity += 1;
            s.sessions.push(SessionRecord::new(descriptor, s.activity));
        });
    }

    /// Apply one backend event.
    pub fn apply(&self, event: &BackendEvent) {
        if let BackendEvent::SessionStarted(descriptor) = event {
            self.register(descriptor.clone());
            return;
        }
        let Some(id) = event.session() else { return };
        self.update(|s| {
            s.activity += 1;
            let activity = s.activity;
            let Some(record) = s.sessions.iter_mut().find(|r| r.descriptor.id == id) else {
                return;
            };
            match event {
                BackendEvent::ProcessStarted { process_id, .. } => {
                    record.descriptor.process_id = Some(*process_id)
                }
                BackendEvent::Stopped {
                    thread_id,
                    reason,
                    hit_breakpoints,
                    exception,
                    description,
                    detail,
                    ..
                } => {
                    record.stop_generation += 1;
                    record.state = SessionState::Paused;
                    record.variables.clear();
                    record.threads = None;
                    record.stacks.clear();
                    // A failing test's own frame, below the test framework's.
                    record.selected_frame = match detail {
                        Some(StopDetail::FailedTest(test)) => test.frame,
                        _ => 0,
                    };
                    record.selected_thread = thread_id.clone();
                    record.activity = activity;
                    record.last_stop = Some(StopInfo {
                        generation: record.stop_generation,
                        thread_id: thread_id.clone(),
                        reason: *reason,
                        hit_breakpoints: hit_breakpoints.clone(),
                        exception: exception.clone(),
                        description: description.clone(),
                        detail: detail.clone(),
                    });
                }
                BackendEvent::Continued { .. } if record.state == SessionState::Paused => {
                    record.enter_running();
                    record.output_since_resume.clear();
                }
                BackendEvent::Output { text, .. } => {
                    record
                        .output_since_resume
                        .push(text, OUTPUT_SINCE_RESUME_CAP);
                    record.output_total.push(text, OUTPUT_TOTAL_CAP);
                }
                BackendEvent::Exited { exit_code, .. } => record.exit_code = Some(*exit_code),
                BackendEvent::Terminated { error, .. } => {
                    record.state = SessionState::Stopped;
                    record.ended_at.get_or_insert_with(Instant::now);
                    record.variables.clear();
                    if error.is_some() {
                        record.termination_error = error.clone();
                    }
                }
                _ => {}
            }
            prune_ended(&mut s.sessions, Instant::now());
        });
    }

    /// Mark a session running before a resume/step is sent, and return the stop
    /// generation a wait must exceed.
    pub fn begin_resume(&self, id: &str) -> ToolResult<u64> {
        self.update(|s| {
            let record = find_mut(&mut s.sessions, id)?;
            record.enter_running();
            record.output_since_resume.clear();
            Ok(record.stop_generation)
        })
    }

    /// Undo [`Self::begin_resume`] when the debugger refused the request.
    pub fn abort_resume(&self, id: &str, generation: u64) {
        self.update(|s| {
            if let Ok(record) = find_mut(&mut s.sessions, id) {
                if record.stop_generation == generation && record.last_stop.is_some() {
                    record.state = SessionState::Paused;
                }
            }
        });
    }

    /// Wait until the session stops with a generation above `after`, ends, or the
    /// timeout passes.
    pub async fn wait_for_stop(&self, id: &str, after: u64, timeout: Duration) -> WaitOutcome {
        let mut changes = self.changed.subscribe();
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let outcome = self.read(|s| {
                let record = s.sessions.iter().find(|r| r.descriptor.id == id)?;
                if record.state == SessionState::Paused && record.stop_generation > after {
                    Some(WaitOutcome::Paused)
                } else if record.state == SessionState::Stopped {
                    Some(WaitOutcome::Ended)
                } else {
                    None
                }
            });
            if let Some(outcome) = outcome {
                return outcome;
            }
            match tokio::time::timeout_at(deadline, changes.changed()).await {
                Ok(Ok(())) => continue,
                Ok(Err(_)) | Err(_) => return WaitOutcome::TimedOut,
            }
        }
    }

    /// A copy of a session's record.
    pub fn get(&self, id: &str) -> ToolResult<SessionRecord> {
        self.read(|s| find(&s.sessions, id).cloned())
    }

    /// The project an event is about; `None` for an event of a session this tracker
    /// does not know.
    pub fn project_of(&self, event: &BackendEvent) -> Option<PathBuf> {
        match event {
            BackendEvent::SessionStarted(descriptor) => Some(descriptor.project.clone()),
            BackendEvent::BreakpointChanged { project, .. }
            | BackendEvent::BreakpointRemoved { project, .. }
            | BackendEvent::BreakpointsChanged { project } => Some(project.clone()),
            other => {
                let session = other.session()?;
                self.read(|s| find(&s.sessions, session).map(|r| r.descriptor.project.clone()))
                    .ok()
            }
        }
    }

    /// Sessions of a project, oldest first.
    pub fn sessions_of(&self, project: &Path) -> Vec<SessionRecord> {
        let mut state = self.state.lock().expect("tracker lock poisoned");
        prune_ended(&mut state.sessions, Instant::now());
        state
            .sessions
            .iter()
            .filter(|r| r.descriptor.project == project)
            .cloned()
            .collect()
    }

    /// The session a call without `session_id` means: the live session of the
    /// project that started or stopped last; with none live, the last one to end.
    pub fn current(&self, project: &Path) -> Option<SessionRecord> {
        self.read(|s| {
            let of_project = || {
                s.sessions
                    .iter()
                    .filter(|r| r.descriptor.project == project)
            };
            of_project()
                .filter(|r| r.is_live())
                .max_by_key(|r| r.activity)
                .or_else(|| of_project().max_by_key(|r| r.activity))
                .cloned()
        })
    }

    /// Resolve the session a tool call means.
    pub fn resolve(&self, project: &Path, session_id: Option<&str>) -> ToolResult<SessionRecord> {
        match session_id {
            Some(id) => {
                let record = self.get(id)?;
                if record.descriptor.project != project {
                    return Err(ToolError::new(
                        ErrorCode::SessionNotFound,
                        format!("Session '{id}' belongs to another project."),
                    ));
                }
                Ok(record)
            }
            None => self.current(project).ok_or_else(|| {
                ToolError::new(
                    ErrorCode::NoSession,
                    "No debug session in this project. Start one with start_debug_session.",
                )
            }),
        }
    }

    pub fn select_frame(&self, id: &str, thread: Option<String>, frame: usize) -> ToolResult<()> {
        self.update(|s| {
            let record = find_mut(&mut s.sessions, id)?;
            if thread.is_some() {
                record.selected_thread = thread;
            }
            record.selected_frame = frame;
            Ok(())
        })
    }

    /// The values the last execution answer of `id` saw, and keep `now` in their place.
    pub fn swap_snapshot(&self, id: &str, now: Snapshot) -> Option<Snapshot> {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        find_mut(&mut state.sessions, id)
            .ok()
            .and_then(|record| record.snapshot.replace(now))
    }

    /// Threads cached at the current stop, if read already.
    pub fn cached_threads(&self, id: &str) -> Option<Vec<ThreadInfo>> {
        self.read(|s| find(&s.sessions, id).ok()?.threads.clone())
    }

    /// Cache the threads read at stop `generation` (ignored if execution moved since).
    pub fn cache_threads(&self, id: &str, generation: u64, threads: &[ThreadInfo]) {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        if let Ok(record) = find_mut(&mut state.sessions, id) {
            record.thread_names.extend(
                threads
                    .iter()
                    .map(|thread| (thread.id.clone(), thread.name.clone())),
            );
            if record.state == SessionState::Paused && record.stop_generation == generation {
                record.threads = Some(threads.to_vec());
            }
        }
    }

    /// Thread `thread`'s name as last read in this session, if it was.
    pub fn known_thread(&self, id: &str, thread: &str) -> Option<ThreadInfo> {
        self.read(|s| {
            let name = find(&s.sessions, id).ok()?.thread_names.get(thread)?;
            Some(ThreadInfo {
                id: thread.to_string(),
                name: name.clone(),
            })
        })
    }

    /// The top `depth` frames of a thread at the current stop, if read already (fewer
    /// when the stack is shallower), with the stack's depth.
    pub fn cached_stack(
        &self,
        id: &str,
        thread: &str,
        depth: usize,
    ) -> Option<(Vec<StackFrame>, usize)> {
        self.read(|s| {
            let (frames, total) = find(&s.sessions, id).ok()?.stacks.get(thread)?;
            (frames.len() >= depth || frames.len() == *total)
                .then(|| (frames.iter().take(depth).cloned().collect(), *total))
        })
    }

    /// Cache the top frames of a thread read at stop `generation` (ignored if execution
    /// moved since; a shorter read never replaces a longer one).
    pub fn cache_stack(
        &self,
        id: &str,
        generation: u64,
        thread: &str,
        frames: &[StackFrame],
        total: usize,
    ) {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        if let Ok(record) = find_mut(&mut state.sessions, id) {
            if record.state == SessionState::Paused && record.stop_generation == generation {
                let cached = record.stacks.entry(thread.to_string()).or_default();
                if frames.len() >= cached.0.len() {
                    *cached = (frames.to_vec(), total);
                }
            }
        }
    }

    /// Hand out an id for a value at the current stop.
    pub fn register_variable(&self, id: &str, handle: VariableHandle) -> ToolResult<String> {
        self.update(|s| {
            let record = find_mut(&mut s.sessions, id)?;
            if let Some((existing, _)) = record.variables.iter().find(|(_, h)| **h == handle) {
                return Ok(existing.clone());
            }
            record.next_variable += 1;
            let var_id = format!("v{}.{}", record.stop_generation, record.next_variable);
            record.variables.insert(var_id.clone(), handle);
            Ok(var_id)
        })
    }

    /// The projects of the sessions that handed out variable id `var_id` at their
    /// current stop (ids are per session, so more than one may have it).
    pub fn variable_projects(&self, var_id: &str) -> Vec<std::path::PathBuf> {
        self.variable_sessions(var_id)
            .into_iter()
            .map(|(_, project)| project)
            .collect()
    }

    /// The sessions (id, project) that handed out variable id `var_id` at their
    /// current stop.
    pub fn variable_sessions(&self, var_id: &str) -> Vec<(String, std::path::PathBuf)> {
        self.read(|s| {
            s.sessions
                .iter()
                .filter(|r| r.variables.contains_key(var_id))
                .map(|r| (r.descriptor.id.clone(), r.descriptor.project.clone()))
                .collect()
        })
    }

    /// The one session of `project` holding variable id `var_id`, if exactly one does.
    pub fn variable_session(&self, project: &Path, var_id: &str) -> Option<String> {
        let mut of_project = self
            .variable_sessions(var_id.trim())
            .into_iter()
            .filter(|(_, p)| p == project);
        match (of_project.next(), of_project.next()) {
            (Some((id, _)), None) => Some(id),
            _ => None,
        }
    }

    /// Look up a variable id handed out at the current stop.
    pub fn variable(&self, id: &str, var_id: &str) -> ToolResult<VariableHandle> {
        self.read(|s| {
            let record = find(&s.sessions, id)?;
            if let Some(handle) = record.variables.get(var_id) {
                return Ok(handle.clone());
            }
            let generation = var_id
                .strip_prefix('v')
                .and_then(|rest| rest.split('.').next())
                .and_then(|g| g.parse::<u64>().ok());
            match generation {
                Some(g) if g != record.stop_generation || record.state != SessionState::Paused => {
                    Err(ToolError::new(
                        ErrorCode::VariableExpired,
                        format!(
                            "Variable id '{var_id}' belongs to an earlier stop; execution has moved since. \
                             Read the variables again (get_variables) for fresh ids."
                        ),
                    ))
                }
                _ => Err(ToolError::new(
                    ErrorCode::VariableNotFound,
                    format!("No variable with id '{var_id}' at the current stop."),
                )),
            }
        })
    }
}

fn find<'a>(sessions: &'a [SessionRecord], id: &str) -> ToolResult<&'a SessionRecord> {
    sessions
        .iter()
        .find(|r| r.descriptor.id == id)
        .ok_or_else(|| session_not_found(id))
}

fn find_mut<'a>(sessions: &'a mut [SessionRecord], id: &str) -> ToolResult<&'a mut SessionRecord> {
    sessions
        .iter_mut()
        .find(|r| r.descriptor.id == id)
        .ok_or_else(|| session_not_found(id))
}

fn session_not_found(id: &str) -> ToolError {
    ToolError::new(
        ErrorCode::SessionNotFound,
        format!("No debug session with id '{id}'. list_debug_sessions shows the sessions."),
    )
}

/// Forget ended sessions older than [`ENDED_SESSION_TTL`] and all but the last
/// [`MAX_ENDED_SESSIONS`] ended ones.
fn prune_ended(sessions: &mut Vec<SessionRecord>, now: Instant) {
    sessions.retain(|r| {
        r.ended_at
            .is_none_or(|ended| now.saturating_duration_since(ended) < ENDED_SESSION_TTL)
    });
    let ended = sessions.iter().filter(|r| !r.is_live()).count();
    if ended > MAX_ENDED_SESSIONS {
        let mut to_drop = ended - MAX_ENDED_SESSIONS;
        sessions.retain(|r| {
            if to_drop > 0 && !r.is_live() {
                to_drop -= 1;
                false
            } else {
                true
            }
        });
    }
}

/// True for sessions launched without the debugger.
pub fn is_run_only(record: &SessionRecord) -> bool {
    record.descriptor.mode == LaunchMode::Run
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn frame(n: usize) -> StackFrame {
        StackFrame {
            frame_ref: format!("f{n}"),
            file: None,
            line: Some(n as u32),
            class: None,
            method: format!("m{n}"),
            is_library: false,
        }
    }

    /// Debug session s1 of project /p has started.
    fn started(tracker: &Tracker) {
        tracker.apply(&BackendEvent::SessionStarted(SessionDescriptor {
            id: "s1".into(),
            name: "App".into(),
            run_configuration: "App".into(),
            mode: LaunchMode::Debug,
            project: PathBuf::from("/p"),
            process_id: None,
            attached: false,
        }));
    }

    fn stop(tracker: &Tracker) -> u64 {
        tracker.apply(&BackendEvent::Stopped {
            session: "s1".into(),
            thread_id: Some("t1".into()),
            reason: StopReason::Breakpoint,
            hit_breakpoints: vec![],
            exception: None,
            description: None,
            detail: None,
        });
        tracker.read(|s| find(&s.sessions, "s1").map(|r| r.stop_generation).unwrap())
    }

    #[test]
    fn stacks_are_cached_per_stop_and_thread() {
        let tracker = Tracker::new();
        started(&tracker);
        let generation = stop(&tracker);
        assert_eq!(tracker.cached_stack("s1", "t1", 1), None);

        tracker.cache_stack("s1", generation, "t1", &[frame(0), frame(1)], 5);
        assert_eq!(
            tracker.cached_stack("s1", "t1", 1),
            Some((vec![frame(0)], 5))
        );
        assert_eq!(
            tracker.cached_stack("s1", "t1", 3),
            None,
            "deeper than read"
        );
        assert_eq!(tracker.cached_stack("s1", "t2", 1), None, "another thread");

        tracker.cache_stack("s1", generation, "t1", &[frame(0)], 5);
        assert_eq!(
            tracker.cached_stack("s1", "t1", 2).map(|(f, _)| f.len()),
            Some(2),
            "a shallower read keeps the deeper one"
        );
        let all: Vec<_> = (0..5).map(frame).collect();
        tracker.cache_stack("s1", generation, "t1", &all, 5);
        assert_eq!(
            tracker.cached_stack("s1", "t1", 50),
            Some((all, 5)),
            "the whole stack answers any depth"
        );

        tracker.cache_stack("s1", generation - 1, "t2", &[frame(0)], 1);
        assert_eq!(
            tracker.cached_stack("s1", "t2", 1),
            None,
            "from an earlier stop"
        );

        tracker.apply(&BackendEvent::Continued {
            session: "s1".into(),
        });
        assert_eq!(tracker.cached_stack("s1", "t1", 1), None, "running");
        stop(&tracker);
        assert_eq!(tracker.cached_stack("s1", "t1", 1), None, "a new stop");
    }

    #[test]
    fn variable_ids_tell_the_projects_of_the_sessions_holding_them() {
        let tracker = Tracker::new();
        started(&tracker);
        stop(&tracker);
        let handle = VariableHandle {
            name: "order".into(),
            value: "Order(...)".into(),
            path: "order".into(),
            frame_ref: "f0".into(),
            children_ref: Some("c1".into()),
            target: None,
        };
        let var_id = tracker.register_variable("s1", handle).unwrap();
        assert_eq!(
            tracker.variable_projects(&var_id),
            vec![PathBuf::from("/p")]
        );
        assert!(tracker.variable_projects("v9.9").is_empty());
        assert_eq!(
            tracker.variable_session(Path::new("/p"), &var_id),
            Some("s1".to_string())
        );
        assert_eq!(tracker.variable_session(Path::new("/q"), &var_id), None);
        tracker.apply(&BackendEvent::Continued {
            session: "s1".into(),
        });
        assert!(
            tracker.variable_projects(&var_id).is_empty(),
            "ids die when execution moves"
        );
    }

    #[test]
    fn ended_sessions_are_kept_for_a_while_and_a_few_only() {
        let tracker = Tracker::new();
        for n in 0..(MAX_ENDED_SESSIONS + 30) {
            let id = format!("s{n}");
            tracker.apply(&BackendEvent::SessionStarted(SessionDescriptor {
                id: id.clone(),
                name: "App".into(),
                run_configuration: "App".into(),
                mode: LaunchMode::Debug,
                project: PathBuf::from("/p"),
                process_id: None,
                attached: false,
            }));
            tracker.apply(&BackendEvent::Terminated {
                session: id,
                error: None,
            });
        }
        let kept = tracker.sessions_of(Path::new("/p"));
        assert_eq!(kept.len(), MAX_ENDED_SESSIONS);
        assert_eq!(
            kept.last().unwrap().descriptor.id,
            "s45",
            "the newest are kept"
        );

        let later = Instant::now() + ENDED_SESSION_TTL + Duration::from_secs(1);
        tracker.update(|s| prune_ended(&mut s.sessions, later));
        assert!(tracker.sessions_of(Path::new("/p")).is_empty());
    }
}
