//! `set_breakpoint`'s `watch` form: stop when a value of the current stop changes (a
//! data breakpoint). The value is a variable id handed out at this stop, or a name
//! (a variable path: `total`, `acc.balance`) read in the selected frame; the backend
//! watches it where its debugger can, and says why not elsewhere.

use super::frames;
use super::resolve::{self, Named};
use crate::app::Call;
use debugger_core::model::{Breakpoint, ValueTarget};
use debugger_core::{ToolError, ToolResult};

/// Whether `text` has the shape of a variable id (`v3.12`), so that an expired one is
/// said to be expired rather than read as a name.
fn is_variable_id(text: &str) -> bool {
    text.strip_prefix('v')
        .and_then(|rest| rest.split_once('.'))
        .is_some_and(|(stop, n)| {
            [stop, n]
                .iter()
                .all(|part| !part.is_empty() && part.chars().all(|c| c.is_ascii_digit()))
        })
}

/// Watch `watch` in the project `project_path` names; the breakpoint set and the
/// value's name.
pub async fn set(
    call: &Call<'_>,
    project_path: Option<&str>,
    watch: String,
) -> ToolResult<(Breakpoint, String)> {
    let watch = watch.trim().to_string();
    if watch.is_empty() || watch.chars().any(char::is_control) {
        return Err(ToolError::invalid_params(
            "'watch' must be a variable id (from get_variables) or a variable's name at the \
             current stop, e.g. total or acc.balance.",
        ));
    }
    let by_id = is_variable_id(&watch);
    let named = Named {
        variable: by_id.then_some(watch.as_str()),
        ..Default::default()
    };
    let project = resolve::project_of(call, project_path, named).await?;
    let session = by_id
        .then(|| call.app.tracker.variable_session(&project.path, &watch))
        .flatten();
    let record = resolve::paused_session(call, &project, session.as_deref())?;
    let id = record.descriptor.id.clone();
    let (frame_ref, target, name) = match by_id {
        true => {
            let handle = call.app.tracker.variable(&id, &watch)?;
            let target = handle.target.ok_or_else(|| {
                ToolError::invalid_params(format!(
                    "{watch} ({}) is not a variable the debugger can watch.",
                    handle.path
                ))
            })?;
            (handle.frame_ref, target, handle.path)
        }
        false => {
            let (_, frame) = frames::frame_at(call, &record, None).await?;
            let target = ValueTarget::Expression(watch.clone());
            (frame.frame_ref, target, watch)
        }
    };
    let breakpoint = call
        .app
        .backend
        .add_data_breakpoint(&id, &frame_ref, &target, &name)
        .await?;
    if let Err(err) = call.app.owners.record(&project.path, &breakpoint) {
        tracing::warn!(%err, "could not record the agent's data breakpoint");
    }
    Ok((breakpoint, name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variable_ids_are_told_from_names() {
        assert!(is_variable_id("v3.12"));
        for name in ["total", "v3", "v.1", "v3.x", "acc.balance", "v3.1.2"] {
            assert!(!is_variable_id(name), "{name}");
        }
    }
}
