//! The values of a stop that answers show: a frame's variables (capped, each object
//! given an id for expand_variable / set_variable) and the project's watches evaluated
//! in that frame. Read here once for get_debug_session_status and for the execution
//! answers that ask for them (`include_variables`), so both show the same values, ids
//! and caps.

use super::views::{self, VariableView};
use crate::app::Call;
use crate::watches::Watch;
use debugger_core::model::{Value as DebugValue, VariableScope};
use debugger_core::{ErrorCode, ToolError, ToolResult};
use futures_util::StreamExt;
use schemars::JsonSchema;
use serde::Serialize;
use std::path::Path;
use std::time::SystemTime;

/// Variables shown before the cap.
pub const VARIABLE_CAP: usize = 50;
/// Watches an answer evaluates and shows, each value cut at 1,000 characters: 20 of
/// them stay within about 40 KB. The rest are counted (`watches_omitted`).
pub const WATCH_CAP: usize = 20;
/// Watches evaluated at once (more would only queue in the debugger, holding up
/// the variables read beside them).
const WATCHES_AT_ONCE: usize = 4;

/// The watches an answer shows, and how many the cap left out.
pub fn capped(mut watches: Vec<Watch>) -> (Vec<Watch>, Option<usize>) {
    let omitted = watches.len().saturating_sub(WATCH_CAP);
    watches.truncate(WATCH_CAP);
    (watches, Some(omitted).filter(|n| *n > 0))
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct WatchValue {
    pub id: String,
    pub expression: String,
    pub value: Option<String>,
    #[serde(rename = "type")]
    pub type_name: Option<String>,
    pub error: Option<String>,
}

impl WatchValue {
    /// A watch that could not be evaluated, and why.
    pub fn unavailable(watch: Watch, why: String) -> Self {
        Self {
            id: watch.id,
            expression: views::cap(&watch.expression).0,
            value: None,
            type_name: None,
            error: Some(why),
        }
    }

    fn of(watch: Watch, result: ToolResult<DebugValue>) -> Self {
        match result {
            Ok(value) => Self {
                id: watch.id,
                expression: views::cap(&watch.expression).0,
                value: Some(views::cap(&value.value).0),
                type_name: value.type_name,
                error: None,
            },
            Err(err) => Self::unavailable(watch, err.message),
        }
    }
}

/// A frame's variables as answers show them: the first [`VARIABLE_CAP`], and how many
/// the cap left out.
#[derive(Debug)]
pub struct Variables {
    pub shown: Vec<VariableView>,
    pub omitted: Option<usize>,
}

/// What [`read`] found at a stop.
#[derive(Debug)]
pub struct FrameValues {
    /// `None` when not asked for.
    pub variables: ToolResult<Option<Variables>>,
    /// Each watch's value, or why it has none (the first [`WATCH_CAP`]).
    pub watches: Vec<WatchValue>,
    /// Watches the cap left out.
    pub watches_omitted: Option<usize>,
}

/// Evaluate one of `project`'s watches in the frame `frame_ref` of a paused session. A
/// watch stopped for its budget before is not run again (it would cost as much at every
/// stop and status); one stopped now is marked so.
pub async fn watch_value(
    call: &Call<'_>,
    project: &Path,
    session: &str,
    frame_ref: &str,
    watch: &Watch,
) -> ToolResult<DebugValue> {
    if let Some(stopped) = &watch.stopped {
        return Err(ToolError::new(
            ErrorCode::Timeout,
            format!(
                "{stopped}; not re-evaluated: add it again with add_watch to run it once \
                 more, or remove it"
            ),
        ));
    }
    let value =
        super::evaluation::evaluate_watch(call, session, frame_ref, &watch.expression).await;
    match value {
        Err(err) if err.over_budget() => {
            let at = debugger_core::history::rfc3339_utc(SystemTime::now());
            let how = if err.code == ErrorCode::Timeout {
                "timed out"
            } else {
                "stopped for its budget"
            };
            let mark = format!("{how} at {at} ({})", err.message);
            let err = match call.app.watches.mark_stopped(project, &watch.id, &mark) {
                Ok(()) => err,
                Err(unsaved) => ToolError::new(
                    err.code,
                    format!(
                        "{} (it will be run again at the next stop: {})",
                        err.message, unsaved.message
                    ),
                ),
            };
            Err(err)
        }
        value => value,
    }
}

/// Read the variables (when `include_variables`) and evaluate `project`'s `watches` in
/// the frame `frame_ref` of a paused session, at once.
pub async fn read(
    call: &Call<'_>,
    project: &Path,
    session: &str,
    frame_ref: &str,
    watches: Vec<Watch>,
    include_variables: bool,
) -> FrameValues {
    let variables_call = async {
        if !include_variables {
            return Ok(None);
        }
        let variables = call
            .app
            .backend
            .variables(session, frame_ref, VariableScope::All)
            .await?;
        let omitted = variables.len().saturating_sub(VARIABLE_CAP);
        let shown = variables
            .into_iter()
            .take(VARIABLE_CAP)
            .map(|v| views::view(call, session, frame_ref, None, v))
            .collect::<ToolResult<_>>()?;
        Ok(Some(Variables {
            shown,
            omitted: Some(omitted).filter(|n| *n > 0),
        }))
    };
    let (watches, watches_omitted) = capped(watches);
    let evaluations: Vec<_> = watches
        .iter()
        .map(|w| watch_value(call, project, session, frame_ref, w))
        .collect();
    let watch_calls = futures_util::stream::iter(evaluations)
        .buffered(WATCHES_AT_ONCE)
        .collect::<Vec<_>>();
    let (variables, values) = tokio::join!(variables_call, watch_calls);
    FrameValues {
        variables,
        watches: watches
            .into_iter()
            .zip(values)
            .map(|(w, value)| WatchValue::of(w, value))
            .collect(),
        watches_omitted,
    }
}
