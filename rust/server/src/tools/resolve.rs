//! Which project, session and file a call means: the [`Target`] parameters, the ids a
//! call names ([`Named`]) and the project they imply, paths confined to the project,
//! and the live or paused session a tool needs (or why it has ended).

use crate::app::Call;
use crate::tracker::SessionRecord;
use debugger_core::model::{Project, SessionState};
use debugger_core::project::{self, NamedId};
use debugger_core::{ErrorCode, ToolError, ToolResult};
use schemars::JsonSchema;
use serde::Deserialize;
use std::path::PathBuf;

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
}
