//! Evaluation and watches. The side-effect policy lives here: without
//! `allow_side_effects`, only expressions the guard proves harmless reach the
//! debugger; everything else is refused before anything runs.

use super::common::{self, Target, VariableView};
use super::{confirm, Call, ConfirmRequest};
use crate::lenient;
use debugger_core::eval_guard::{classify_jvm, classify_python, Classification, JvmLanguage};

use debugger_core::model::{EvaluationKind, Value as DebugValue};
use debugger_core::{ErrorCode, ToolError, ToolResult};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What the guard of `language` says about `expression`; `None` for a language
/// without a guard.
fn classify(language: &str, expression: &str) -> Option<Classification> {
    match language {
        "python" => Some(classify_python(expression)),
        "java" => Some(classify_jvm(expression, JvmLanguage::Java)),
        "kotlin" => Some(classify_jvm(expression, JvmLanguage::Kotlin)),
        _ => None,
    }
}

/// How an expression may be run in a session without side effects, or why not.
fn side_effect_free(call: &Call<'_>, session: &str, expression: &str) -> Result<(), String> {
    let Some(language) = call.app.backend.language(session) else {
        return Err("the session's language is unknown".into());
    };
    match classify(&language, expression) {
        Some(Classification::SideEffectFree) => Ok(()),
        Some(Classification::MayHaveSideEffects { reason }) => Err(reason),
        Some(Classification::CodeFragment) => {
            Err("it is a code fragment (statements), which may change program state".into())
        }
        None => Err(format!(
            "side effects of {language} expressions cannot be ruled out by this backend"
        )),
    }
}

/// Evaluate a watch expression: only if it provably changes nothing.
pub async fn evaluate_watch(
    call: &Call<'_>,
    session: &str,
    frame_ref: &str,
    expression: &str,
) -> ToolResult<DebugValue> {
    side_effect_free(call, session, expression).map_err(|why| {
        ToolError::new(
            ErrorCode::SideEffectsNotAllowed,
            format!("not evaluated: {why}"),
        )
    })?;
    call.app
        .backend
        .evaluate(session, frame_ref, expression, EvaluationKind::Expression)
        .await
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct EvaluateParams {
    #[serde(flatten)]
    pub target: Target,
    /// Expression, or multi-line code fragment (needs allow_side_effects).
    pub expression: String,
    /// Frame index (default: the selected frame, 0 = top).
    #[serde(default, deserialize_with = "lenient::opt_usize")]
    pub frame_index: Option<usize>,
    /// Allow calls and statements that may change program state (default false).
    #[serde(default, deserialize_with = "lenient::opt_bool")]
    pub allow_side_effects: Option<bool>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Evaluation {
    pub expression: String,
    pub result: VariableView,
    /// Always null on success (failures are error results).
    pub error: Option<String>,
}

pub async fn evaluate(call: &Call<'_>, p: EvaluateParams) -> ToolResult<Evaluation> {
    let project = common::project(call, p.target.project_path.as_deref()).await?;
    let expression = p.expression.trim_end().to_string();
    if expression.trim().is_empty() {
        return Err(ToolError::invalid_params("'expression' must not be empty."));
    }
    let record = common::paused_session(call, &project, p.target.session_id.as_deref())?;
    let session = record.descriptor.id.clone();
    let (_, frame) = common::frame_at(call, &record, p.frame_index).await?;
    let kind = match side_effect_free(call, &session, &expression) {
        Ok(()) => EvaluationKind::Expression,
        Err(why) if !p.allow_side_effects.unwrap_or(false) => {
            return Err(ToolError::new(
                ErrorCode::SideEffectsNotAllowed,
                format!(
                "Not evaluated: {why}. Nothing was run. Pass allow_side_effects: true to run it \
                     (it may change the program's state)."
            ),
            ))
        }
        Err(_) => {
            confirm(
                call,
                ConfirmRequest {
                    action: format!("Run code in the debugged program: {expression}"),
                    project: project.name.clone(),
                    subject: expression.clone(),
                    session_id: Some(session.clone()),
                },
            )
            .await?;
            let language = call.app.backend.language(&session).unwrap_or_default();
            match classify(&language, &expression) {
                Some(Classification::CodeFragment) => EvaluationKind::CodeFragment,
                _ => EvaluationKind::Expression,
            }
        }
    };
    let value = call
        .app
        .backend
        .evaluate(&session, &frame.frame_ref, &expression, kind)
        .await?;
    let value = DebugValue {
        name: expression.clone(),
        ..value
    };
    let result = common::view(call, &session, &frame.frame_ref, None, value)?;
    Ok(Evaluation {
        expression,
        result,
        error: None,
    })
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct AddWatch {
    /// Project path (required if several projects are open).
    #[serde(rename = "projectPath", default)]
    pub project_path: Option<String>,
    /// Session to evaluate it in right away (default: the current session, if paused).
    #[serde(default)]
    pub session_id: Option<String>,
    /// Expression to watch.
    pub expression: String,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct WatchAdded {
    pub watch_id: String,
    pub expression: String,
    /// `added`, or `already_exists` when the expression was already watched.
    pub status: String,
    /// Current value, when a session is paused.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub type_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

pub async fn add_watch(call: &Call<'_>, p: AddWatch) -> ToolResult<WatchAdded> {
    let project = common::project(call, p.project_path.as_deref()).await?;
    if let Some(id) = &p.session_id {
        call.app.tracker.resolve(&project.path, Some(id))?;
    }
    let (watch, added) = call.app.watches.add(&project.path, &p.expression)?;
    let mut result = WatchAdded {
        watch_id: watch.id,
        expression: watch.expression.clone(),
        status: if added { "added" } else { "already_exists" }.into(),
        value: None,
        type_name: None,
        error: None,
    };
    if let Ok(record) = common::paused_session(call, &project, p.session_id.as_deref()) {
        let (_, frame) = common::frame_at(call, &record, None).await?;
        match evaluate_watch(
            call,
            &record.descriptor.id,
            &frame.frame_ref,
            &watch.expression,
        )
        .await
        {
            Ok(value) => {
                result.value = Some(common::cap(&value.value).0);
                result.type_name = value.type_name;
            }
            Err(err) => result.error = Some(err.message),
        }
    }
    Ok(result)
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct RemoveWatch {
    /// Project path (required if several projects are open).
    #[serde(rename = "projectPath", default)]
    pub project_path: Option<String>,
    /// Accepted for symmetry with add_watch; watches belong to the project.
    #[serde(default)]
    pub session_id: Option<String>,
    pub watch_id: String,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct WatchRemoved {
    pub watch_id: String,
    pub removed: bool,
    pub message: String,
}

pub async fn remove_watch(call: &Call<'_>, p: RemoveWatch) -> ToolResult<WatchRemoved> {
    let project = common::project(call, p.project_path.as_deref()).await?;
    if let Some(id) = &p.session_id {
        call.app.tracker.resolve(&project.path, Some(id))?;
    }
    let removed = call.app.watches.remove(&project.path, p.watch_id.trim())?;
    Ok(WatchRemoved {
        message: if removed {
            format!("Watch {} removed.", p.watch_id)
        } else {
            format!("No watch {}; nothing to remove.", p.watch_id)
        },
        watch_id: p.watch_id,
        removed,
    })
}
