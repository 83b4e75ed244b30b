//! Execution control: resume, pause, the steps, run-to-line and jump-to-line (which
//! changes what the program runs next, so it asks consent as `set_variable` does). Each sends its
//! request and then waits for the next stop (never a stale one, see `tracker`),
//! bounded by `timeout`, and answers where execution now stands; asked with
//! `include_variables`, a stop's answer also carries the top frame's variables and
//! the watches' values (read as the status reads them, `frame_values`), so the agent
//! needs no status call to see them. Every stop's answer also says what changed since
//! the previous answer in the same frame (`changes`), so the agent needs no variables
//! call to see what a step did.

use super::changes::{self, Change, Returned};
use super::frame_values::{self, WatchValue};
use super::frames;
use super::question;
use super::resolve::{self, Target};
use super::source_lines;
use super::views::{self, Location, VariableView};
use super::waiting;
use crate::app::Call;
use crate::consent::ConfirmRequest;
use crate::lenient;
use crate::tracker::{SessionRecord, WaitOutcome};
use debugger_core::model::{
    ExceptionInfo, FailedTest, SessionState, StackFrame, StepKind, StopDetail, StopReason,
    ValueChange,
};
use debugger_core::ToolResult;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Where execution stands after an execution-control call.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ExecutionResult {
    pub session_id: String,
    /// `stepped` (a step completed), `paused` (stopped for another reason), `running`
    /// (no stop within the timeout), or `stopped` (the program ended).
    pub status: String,
    pub state: SessionState,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paused_reason: Option<StopReason>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new_location: Option<Location>,
    /// The source text of the current line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_line: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thread_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exception: Option<ExceptionInfo>,
    /// At a `test_failed` stop (the test's own frame is selected).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failed_test: Option<FailedTest>,
    /// At a `value_changed` stop: what was written, from what to what.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub value_changes: Vec<ValueChange>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub breakpoints_hit: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exit_code: Option<i32>,
    /// Program output since execution resumed (tail, capped).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variables: Option<Vec<VariableView>>,
    /// Variables left out by the cap.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variables_omitted: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub watches: Option<Vec<WatchValue>>,
    /// The current frame's variables and the watches whose values differ from the
    /// previous stop answered in the same frame (20 shown).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub changed: Vec<Change>,
    /// Changes left out by the cap.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub changed_omitted: Option<usize>,
    /// The stop is in another frame than the previous one: nothing was compared.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub frame_changed: bool,
    /// After a step: what the functions it left returned, where the debugger tells it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub returned: Vec<Returned>,
    /// No stop yet because the program is stuck (in breakpoint code, an evaluation,
    /// C code): what it is doing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub busy: Option<String>,
    /// Watches left out by the cap (20 shown).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub watches_omitted: Option<usize>,
    pub message: String,
}

/// Describe the session after a wait; at a stop, with the top frame's variables and
/// the watches when `include_variables`.
pub async fn summarize(
    call: &Call<'_>,
    session: &str,
    outcome: WaitOutcome,
    stepping: bool,
    include_variables: bool,
) -> ToolResult<ExecutionResult> {
    let record = call.app.tracker.get(session)?;
    let output = Some(record.output_since_resume.text().to_string()).filter(|o| !o.is_empty());
    let mut result = ExecutionResult {
        session_id: session.to_string(),
        status: String::new(),
        state: record.state,
        paused_reason: None,
        new_location: None,
        source_line: None,
        thread_id: None,
        exception: None,
        failed_test: None,
        value_changes: Vec::new(),
        breakpoints_hit: Vec::new(),
        exit_code: record.exit_code,
        output,
        variables: None,
        variables_omitted: None,
        watches: None,
        changed: Vec::new(),
        changed_omitted: None,
        frame_changed: false,
        returned: Vec::new(),
        busy: None,
        watches_omitted: None,
        message: String::new(),
    };
    match outcome {
        WaitOutcome::Paused => {
            let stop = record.last_stop.clone();
            let reason = stop.as_ref().map(|s| s.reason).unwrap_or(StopReason::Other);
            let stop_description = stop.as_ref().and_then(|s| s.description.clone());
            result.status = if stepping && reason == StopReason::Step {
                "stepped"
            } else {
                "paused"
            }
            .into();
            result.paused_reason = Some(reason);
            let mut why = reason_text(reason).to_string();
            if let Some(stop) = stop {
                result.thread_id = stop.thread_id.clone();
                result.exception = stop.exception;
                result.breakpoints_hit = stop.hit_breakpoints;
                match stop.detail {
                    Some(StopDetail::FailedTest(test)) => {
                        why = format!("{why}: {}", test.name);
                        result.failed_test = Some(test);
                    }
                    Some(StopDetail::ValueChanged(changes)) => {
                        let said: Vec<String> = changes
                            .iter()
                            .map(|c| format!("{} {} → {}", c.watch, c.old, c.new))
                            .collect();
                        why = format!("{why}: {}", said.join(", "));
                        result.value_changes = changes;
                    }
                    None => {}
                }
            }
            // The frames under the selected one too, read once: two stops' frames are
            // compared by their depth, which Delve tells only when the read reaches the
            // bottom of the stack.
            if let Ok(thread) = frames::current_thread(call, &record).await {
                let levels = record.selected_frame + changes::STACK_LEVELS;
                let _ = frames::stack(call, &record, &thread, levels).await;
            }
            // The selected frame: the top, or a failing test's own below its framework.
            match frames::frame_at(call, &record, None).await {
                Ok((_, frame)) => {
                    result.source_line = call
                        .app
                        .stop_lines
                        .line(session, frame.file.as_deref(), frame.line)
                        .await
                        .map(|line| call.app.secrets.text(line));
                    let location = Location::of(&frame);
                    result.message = format!(
                        "Paused ({why}) at {}:{} in {}",
                        location.file.as_deref().unwrap_or("<unknown>"),
                        location.line.unwrap_or(0),
                        location.method
                    );
                    // A breakpoint stop's own words: why its condition did not decide.
                    if let Some(why) = stop_description.filter(|_| reason == StopReason::Breakpoint)
                    {
                        result.message = format!("{}. {why}", result.message);
                    }
                    result.new_location = Some(location);
                    let shown = Shown {
                        variables: include_variables,
                        returned: stepping,
                    };
                    add_frame_values(call, &mut result, &record, &frame, shown).await;
                }
                Err(err) => {
                    result.message =
                        format!("Paused ({why}); location unavailable: {}", err.message)
                }
            }
        }
        WaitOutcome::Ended => {
            result.status = "stopped".into();
            result.message = match (record.exit_code, &record.termination_error) {
                (_, Some(error)) => format!("The session ended abnormally: {}", error.message),
                (Some(code), None) => format!("The program ended with exit code {code}."),
                (None, None) => "The session ended.".into(),
            };
        }
        WaitOutcome::TimedOut => {
            result.status = "running".into();
            result.busy = call.app.backend.busy(session);
            result.message = match &result.busy {
                Some(doing) => format!(
                    "No stop: the program is busy, {doing}. pause takes effect when that \
                     ends; stop_debug_session ends it now."
                ),
                None => "No stop before the timeout; the program is still running. Call \
                         pause to stop it, or resume/get_debug_session_status later."
                    .into(),
            };
        }
    }
    Ok(result)
}

/// The selected frame's variables and the watches' values, read at every stop: shown
/// when `include_variables`, and compared with the previous answer's (`changes`). The
/// stop has happened whatever they say: a failed read is told in the message, not
/// returned as the call's error.
async fn add_frame_values(
    call: &Call<'_>,
    result: &mut ExecutionResult,
    record: &SessionRecord,
    frame: &StackFrame,
    shown: Shown,
) {
    let watches = call.app.watches.list(&record.descriptor.project);
    let values = frame_values::read(
        call,
        &record.descriptor.project,
        &record.descriptor.id,
        &frame.frame_ref,
        watches,
        true,
    )
    .await;
    let variables = match values.variables {
        Ok(Some(variables)) => variables,
        Ok(None) => return,
        Err(err) => {
            result.message = format!("{} Variables unavailable: {}", result.message, err.message);
            return;
        }
    };
    if let Some(key) = frame_key(call, record, frame).await {
        let mut now = changes::Snapshot::new(key, &variables.shown, &values.watches);
        let tracker = &call.app.tracker;
        let previous = tracker.swap_snapshot(&record.descriptor.id, now.clone());
        let difference = changes::compare(previous.as_ref(), &now);
        // A step that stayed in its frame may have called functions; one that went
        // deeper has returned from none.
        let left = difference.returned_from.as_deref();
        if shown.returned && (left.is_some() || !difference.frame_changed) {
            now.returned = returned_values(call, result, record, frame, left).await;
            result.returned = changes::new_returns(previous.as_ref(), &difference, &now);
            tracker.swap_snapshot(&record.descriptor.id, now);
        }
        result.changed = difference.changed;
        result.changed_omitted = difference.omitted;
        result.frame_changed = difference.frame_changed;
    }
    if shown.variables {
        result.variables = Some(variables.shown);
        result.variables_omitted = variables.omitted;
        result.watches = Some(values.watches);
        result.watches_omitted = values.watches_omitted;
    }
}

/// What an execution answer shows beyond where it stopped.
struct Shown {
    /// The variables and watches (`include_variables`).
    variables: bool,
    /// What the functions a step left returned.
    returned: bool,
}

/// What functions returned, as the debugger tells it at this stop (those it does not
/// name are named `left`, the function the step left); when it cannot tell and the
/// step left a function, the message says so.
async fn returned_values(
    call: &Call<'_>,
    result: &mut ExecutionResult,
    record: &SessionRecord,
    frame: &StackFrame,
    left: Option<&str>,
) -> Vec<Returned> {
    let values = call
        .app
        .backend
        .returned_values(&record.descriptor.id, &frame.frame_ref)
        .await;
    match values {
        Ok(values) => values
            .into_iter()
            .filter_map(|value| {
                let function = Some(value.name)
                    .filter(|name| !name.is_empty())
                    .or_else(|| left.map(str::to_string))?;
                Some(Returned {
                    function,
                    value: views::cap(&value.value).0,
                    type_name: value.type_name,
                })
            })
            .collect(),
        Err(err) => {
            if let Some(function) = left {
                result.message = format!(
                    "{} {function} returned; its value is not known here ({}).",
                    result.message, err.message
                );
            }
            Vec::new()
        }
    }
}

/// The selected frame as two stops can compare it (its thread and depth are read
/// already at this stop, so this crosses to the debugger no more).
async fn frame_key(
    call: &Call<'_>,
    record: &SessionRecord,
    frame: &StackFrame,
) -> Option<changes::FrameKey> {
    let thread = frames::current_thread(call, record).await.ok()?;
    let index = record.selected_frame;
    let (_, total) = frames::stack(call, record, &thread, index + 1).await.ok()?;
    Some(changes::FrameKey {
        thread,
        file: frame.file.clone(),
        method: frame.method.clone(),
        depth: total.saturating_sub(index),
    })
}

fn reason_text(reason: StopReason) -> &'static str {
    match reason {
        StopReason::Breakpoint => "breakpoint",
        StopReason::Step => "step",
        StopReason::Pause => "pause",
        StopReason::Exception => "exception",
        StopReason::Entry => "entry",
        StopReason::Goto => "goto",
        StopReason::Other => "other",
        StopReason::TestFailed => "test failed",
        StopReason::ValueChanged => "value changed",
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ResumeParams {
    #[serde(flatten)]
    pub target: Target,
    #[serde(default, deserialize_with = "lenient::opt_timeout")]
    pub timeout: Option<f64>,
    // Described once, in resume's description: the tool list's size is budgeted, and
    // seven tools take it.
    #[serde(default, deserialize_with = "lenient::opt_bool")]
    #[schemars(extend("default" = false))]
    pub include_variables: Option<bool>,
}

impl ResumeParams {
    fn include_variables(&self) -> bool {
        self.include_variables.unwrap_or(false)
    }
}

pub type PauseParams = ResumeParams;
pub type StepParams = ResumeParams;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct StepOverParams {
    #[serde(flatten)]
    pub common: StepParams,
    #[serde(default, deserialize_with = "lenient::opt_bool")]
    #[schemars(extend("default" = false))]
    pub ignore_breakpoints: Option<bool>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct StepIntoParams {
    #[serde(flatten)]
    pub common: StepParams,
    /// Also step into library code.
    #[serde(default, deserialize_with = "lenient::opt_bool")]
    #[schemars(extend("default" = false))]
    pub force: Option<bool>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct RunToLineParams {
    #[serde(flatten)]
    pub common: StepParams,
    pub file_path: String,
    #[serde(deserialize_with = "lenient::u32_value")]
    #[schemars(range(min = 1))]
    pub line: u32,
    #[serde(default, deserialize_with = "lenient::opt_bool")]
    #[schemars(extend("default" = false))]
    pub ignore_breakpoints: Option<bool>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct JumpToLineParams {
    // No timeout: the debugger stops at the new line at once.
    #[serde(flatten)]
    pub target: Target,
    #[serde(default, deserialize_with = "lenient::opt_bool")]
    #[schemars(extend("default" = false))]
    pub include_variables: Option<bool>,
    // Default: the current frame's file (said in no schema: the tool list's size is
    // budgeted).
    #[serde(default)]
    pub file_path: Option<String>,
    #[serde(deserialize_with = "lenient::u32_value")]
    #[schemars(range(min = 1))]
    pub line: u32,
}

pub async fn resume(call: &Call<'_>, p: ResumeParams) -> ToolResult<ExecutionResult> {
    let project =
        resolve::project_of(call, p.target.project_path.as_deref(), p.target.named()).await?;
    let record = resolve::paused_session(call, &project, p.target.session_id.as_deref())?;
    let id = record.descriptor.id.clone();
    let backend = &call.app.backend;
    let outcome = waiting::resume_and_wait(call, &id, waiting::wait_time(p.timeout), || {
        backend.resume(&id)
    })
    .await?;
    summarize(call, &id, outcome, false, p.include_variables()).await
}

pub async fn pause(call: &Call<'_>, p: PauseParams) -> ToolResult<ExecutionResult> {
    let project =
        resolve::project_of(call, p.target.project_path.as_deref(), p.target.named()).await?;
    let record = resolve::live_session(call, &project, p.target.session_id.as_deref())?;
    let id = record.descriptor.id.clone();
    if record.state == SessionState::Paused {
        let mut result =
            summarize(call, &id, WaitOutcome::Paused, false, p.include_variables()).await?;
        result.message = format!("Already paused. {}", result.message);
        return Ok(result);
    }
    call.app.backend.pause(&id).await?;
    let outcome = super::waiting::wait(
        call,
        &id,
        record.stop_generation,
        waiting::wait_time(p.timeout),
    )
    .await?;
    summarize(call, &id, outcome, false, p.include_variables()).await
}

async fn step(
    call: &Call<'_>,
    p: StepParams,
    kind: StepKind,
    ignore_breakpoints: bool,
) -> ToolResult<ExecutionResult> {
    let project =
        resolve::project_of(call, p.target.project_path.as_deref(), p.target.named()).await?;
    let record = resolve::paused_session(call, &project, p.target.session_id.as_deref())?;
    let id = record.descriptor.id.clone();
    let thread = frames::current_thread(call, &record).await?;
    if record.selected_frame != 0 {
        tracing::debug!(
            frame = record.selected_frame,
            "stepping the thread, not the selected frame"
        );
    }
    let backend = &call.app.backend;
    let outcome = waiting::resume_and_wait(call, &id, waiting::wait_time(p.timeout), || {
        backend.step(&id, &thread, kind, ignore_breakpoints)
    })
    .await?;
    summarize(call, &id, outcome, true, p.include_variables()).await
}

pub async fn step_over(call: &Call<'_>, p: StepOverParams) -> ToolResult<ExecutionResult> {
    let ignore = p.ignore_breakpoints.unwrap_or(false);
    step(call, p.common, StepKind::Over, ignore).await
}

pub async fn step_into(call: &Call<'_>, p: StepIntoParams) -> ToolResult<ExecutionResult> {
    let force = p.force.unwrap_or(false);
    step(call, p.common, StepKind::Into { force }, false).await
}

pub async fn step_out(call: &Call<'_>, p: StepParams) -> ToolResult<ExecutionResult> {
    step(call, p, StepKind::Out, false).await
}

pub async fn run_to_line(call: &Call<'_>, p: RunToLineParams) -> ToolResult<ExecutionResult> {
    let project = resolve::project_of(
        call,
        p.common.target.project_path.as_deref(),
        p.common.target.named(),
    )
    .await?;
    let file = resolve::file_in(&project, &p.file_path)?;
    let line = p.line;
    source_lines::check_code_line(&file, line).await?;
    let record = resolve::paused_session(call, &project, p.common.target.session_id.as_deref())?;
    let id = record.descriptor.id.clone();
    let thread = frames::current_thread(call, &record).await?;
    let ignore = p.ignore_breakpoints.unwrap_or(false);
    let backend = &call.app.backend;
    let outcome = waiting::resume_and_wait(call, &id, waiting::wait_time(p.common.timeout), || {
        backend.run_to_line(&id, &thread, &file, line, ignore)
    })
    .await?;
    summarize(call, &id, outcome, false, p.common.include_variables()).await
}

/// Set the next statement: the line runs next, what lies between is skipped (or run
/// again). It changes what the program does, so the user approves it first.
pub async fn jump_to_line(call: &Call<'_>, p: JumpToLineParams) -> ToolResult<ExecutionResult> {
    let target = &p.target;
    let project = resolve::project_of(call, target.project_path.as_deref(), target.named()).await?;
    let record = resolve::paused_session(call, &project, target.session_id.as_deref())?;
    let id = record.descriptor.id.clone();
    let file = match p.file_path.as_deref() {
        Some(path) => resolve::file_in(&project, path)?,
        None => frames::frame_at(call, &record, None)
            .await?
            .1
            .file
            .ok_or_else(|| {
                debugger_core::ToolError::invalid_params(
                    "The current frame has no source file: give 'file_path'.",
                )
            })?,
    };
    let line = p.line;
    source_lines::check_code_line(&file, line).await?;
    let thread = frames::current_thread(call, &record).await?;
    call.app.backend.can_jump(&id).await?;
    let shown = format!("{}:{line}", file.display());
    call.confirm(ConfirmRequest {
        action: format!(
            "Make a line the next statement of the debugged program, skipping or repeating \
             code? {}",
            question::quoted("line", &shown)
        ),
        project: project.name.clone(),
        subject: question::escaped(&shown, question::SHOWN),
        session_id: Some(id.clone()),
        stop: None,
    })
    .await?;
    let backend = &call.app.backend;
    let outcome = waiting::resume_and_wait(call, &id, waiting::wait_time(None), || {
        backend.jump_to_line(&id, &thread, &file, line)
    })
    .await?;
    let include_variables = p.include_variables.unwrap_or(false);
    summarize(call, &id, outcome, false, include_variables).await
}
