//! Run configurations: listing them, and running one without the debugger.

use super::question;
use super::resolve;
use super::sessions::{launch_overrides, launchable, room_for_a_session, Overrides};
use super::waiting;
use crate::app::Call;
use crate::consent::ConfirmRequest;
use crate::lenient;
use crate::tracker::WaitOutcome;
use debugger_core::model::{LaunchMode, LaunchOptions, RunConfiguration};
use debugger_core::ToolResult;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListRunConfigurations {
    #[serde(rename = "projectPath", default)]
    pub project_path: Option<String>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct RunConfigurations {
    pub run_configurations: Vec<RunConfiguration>,
}

pub async fn list_run_configurations(
    call: &Call<'_>,
    p: ListRunConfigurations,
) -> ToolResult<RunConfigurations> {
    let project = resolve::project(call, p.project_path.as_deref()).await?;
    let mut run_configurations = call.app.backend.run_configurations(&project).await?;
    run_configurations.sort_by_key(|c| c.name.to_lowercase());
    Ok(RunConfigurations { run_configurations })
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct RunConfigurationParams {
    #[serde(rename = "projectPath", default)]
    pub project_path: Option<String>,
    /// From list_run_configurations.
    pub configuration_name: String,
    #[serde(default, deserialize_with = "lenient::opt_bool")]
    #[schemars(extend("default" = false))]
    pub wait_for_completion: Option<bool>,
    #[serde(default, deserialize_with = "lenient::opt_timeout")]
    pub timeout: Option<f64>,
    #[serde(default)]
    #[schemars(schema_with = "super::schema::object")]
    pub overrides: Option<Overrides>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct RunOutcome {
    /// `started` (not waiting), `completed` (exit code 0), `failed` (non-zero exit or
    /// abnormal end), or `running` (still running when the wait ended).
    pub status: String,
    /// Handle for list_debug_sessions / get_debug_session_status / stop_debug_session.
    pub session_id: String,
    pub process_id: Option<u32>,
    pub exit_code: Option<i32>,
    /// Captured stdout and stderr (tail, capped), when the call waited.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub output_truncated: bool,
    pub message: String,
}

pub async fn run_configuration(
    call: &Call<'_>,
    p: RunConfigurationParams,
) -> ToolResult<RunOutcome> {
    let project = resolve::project(call, p.project_path.as_deref()).await?;
    let name = p.configuration_name.as_str();
    launchable(call, &project, name, LaunchMode::Run).await?;
    room_for_a_session(call, &project, false)?;
    let options = LaunchOptions {
        overrides: launch_overrides(call, &project, p.overrides)?,
        ..LaunchOptions::default()
    };
    let launched = call
        .app
        .backend
        .launch_target(&project, name, &options)
        .await?;
    let scope = call
        .confirm(ConfirmRequest {
            action: format!(
                "Run a program (without the debugger) in project {}? It runs {}.",
                question::escaped(&project.name, question::SHOWN),
                question::launch("configuration", name, Some(&launched), &options.overrides)
            ),
            project: project.name.clone(),
            subject: question::escaped(name, question::SHOWN),
            session_id: None,
            stop: None,
        })
        .await?;
    let descriptor = call
        .app
        .backend
        .launch(&project, name, LaunchMode::Run, &options)
        .await?;
    let id = descriptor.id.clone();
    call.app.remember_approval(scope, &id);
    call.app.tracker.register(descriptor);
    if !p.wait_for_completion.unwrap_or(false) {
        let record = call.app.tracker.get(&id)?;
        return Ok(RunOutcome {
            status: "started".into(),
            session_id: id,
            process_id: record.descriptor.process_id,
            exit_code: None,
            output: None,
            output_truncated: false,
            message: format!("Run configuration '{name}' started"),
        });
    }
    let outcome = super::waiting::wait(call, &id, u64::MAX, waiting::wait_time(p.timeout)).await?;
    let record = call.app.tracker.get(&id)?;
    let (status, message) = match (outcome, record.exit_code, &record.termination_error) {
        (WaitOutcome::Ended, _, Some(error)) => (
            "failed",
            format!("'{name}' ended abnormally: {}", error.message),
        ),
        (WaitOutcome::Ended, Some(0), None) => {
            ("completed", format!("'{name}' completed (exit code 0)"))
        }
        (WaitOutcome::Ended, Some(code), None) => {
            ("failed", format!("'{name}' failed with exit code {code}"))
        }
        (WaitOutcome::Ended, None, None) => ("completed", format!("'{name}' ended")),
        _ => (
            "running",
            format!(
                "'{name}' is still running; session '{id}' can be stopped with stop_debug_session"
            ),
        ),
    };
    Ok(RunOutcome {
        status: status.into(),
        session_id: id,
        process_id: record.descriptor.process_id,
        exit_code: record.exit_code,
        output: Some(record.output_total.text().to_string()),
        output_truncated: record.output_total.dropped() > 0,
        message,
    })
}
