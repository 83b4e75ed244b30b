//! Evaluation and watches, and the side-effect policy they (and breakpoint
//! conditions and log messages) follow. Without `allow_side_effects` an expression
//! runs only when the static guard ([`debugger_core::eval_guard`]) proves it
//! harmless, or, where the session's debuggee has the runtime guard (the debugpy
//! shim), when every call it makes is judged pure as it runs
//! ([`EvaluationKind::GuardedExpression`]); everything else is refused before
//! anything runs.

use super::frames;
use super::question;
use super::resolve::{self, Target};
use super::views::{self, VariableView};
use crate::app::Call;
use crate::consent::ConfirmRequest;
use crate::lenient;
use debugger_core::eval_guard::{classify_jvm, classify_python, Classification, JvmLanguage};

use debugger_core::model::{EvaluationKind, Project, Value as DebugValue};
use debugger_core::{ErrorCode, ToolError, ToolResult};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::path::Path;

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

/// How the side-effect policy was enforced for an evaluation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Enforcement {
    /// The static guard proved it, and the debuggee refused any impure call as it ran.
    Runtime,
    /// The static guard alone: this session has no runtime guard (Python through the
    /// IDE, or the shim is off), so properties and operator overloads were not checked.
    StaticOnly,
    /// No static guard for the language: the debugger's own read-only evaluation ran
    /// it (lldb: a variable path, never code; Delve: no function call).
    Debugger,
}

/// Why an expression may not run without side effects (the reason names the construct).
fn not_side_effect_free(classification: Option<Classification>, language: &str) -> String {
    match classification {
        Some(Classification::MayHaveSideEffects { reason }) => reason,
        Some(Classification::NeedsRuntimeGuard { reason }) => format!(
            "it {reason}, and this session has no runtime guard to judge that call (the runtime \
             guard exists only for Python run by this server's debugpy backend, not through the IDE)"
        ),
        Some(Classification::CodeFragment) => {
            "it is a code fragment (statements), which may change program state".into()
        }
        Some(Classification::SideEffectFree) => String::new(),
        None => format!("side effects of {language} expressions cannot be ruled out by this backend"),
    }
}

/// How an expression may be run in a session without side effects, or why not.
fn side_effect_free(
    call: &Call<'_>,
    session: &str,
    expression: &str,
) -> Result<(EvaluationKind, Enforcement), String> {
    let Some(language) = call.app.backend.language(session) else {
        return Err("the session's language is unknown".into());
    };
    let runtime = call.app.backend.runtime_guard(session);
    match classify(&language, expression) {
        Some(Classification::SideEffectFree | Classification::NeedsRuntimeGuard { .. })
            if runtime =>
        {
            Ok((EvaluationKind::GuardedExpression, Enforcement::Runtime))
        }
        Some(Classification::SideEffectFree) => {
            Ok((EvaluationKind::Expression, Enforcement::StaticOnly))
        }
        None if runtime => Ok((EvaluationKind::GuardedExpression, Enforcement::Debugger)),
        other => Err(not_side_effect_free(other, &language)),
    }
}

/// Evaluate a watch expression: only if it provably changes nothing.
pub async fn evaluate_watch(
    call: &Call<'_>,
    session: &str,
    frame_ref: &str,
    expression: &str,
) -> ToolResult<DebugValue> {
    let (kind, _) = side_effect_free(call, session, expression).map_err(|why| {
        ToolError::new(
            ErrorCode::SideEffectsNotAllowed,
            format!("not evaluated: {why}"),
        )
    })?;
    call.app
        .backend
        .evaluate(session, frame_ref, expression, kind)
        .await
}

/// The language whose guard judges code in `file`, by its extension.
pub fn language_of(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()) {
        Some("py" | "pyw") => "python",
        Some("java") => "java",
        Some("kt" | "kts") => "kotlin",
        _ => "unknown",
    }
}

/// The expressions of a log message: the contents of its `{...}` parts.
fn log_message_expressions(message: &str) -> Vec<&str> {
    crate::log_message::pieces(message)
        .into_iter()
        .filter_map(|piece| match piece {
            crate::log_message::Piece::Placeholder(expression) => Some(expression),
            crate::log_message::Piece::Text(_) => None,
        })
        .collect()
}

/// Words of an expression that name no value of the program: keywords and literals of
/// Python, Java and Kotlin.
#[rustfmt::skip]
const INERT_WORDS: &[&str] = &[
    "True", "False", "None", "and", "or", "not", "in", "is", "if", "else", "for", "lambda",
    "true", "false", "null", "instanceof",
];

/// Whether `expression` names a value of the program (any word but a keyword or a
/// literal, string contents included, which only errs towards asking): read by a
/// debugger without a runtime guard, such a value may run the program's own code (a
/// property, `__eq__`, `toString()`, a Kotlin getter).
fn names_program_values(expression: &str) -> bool {
    expression
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .any(|word| {
            !word.is_empty()
                && !word.starts_with(|c: char| c.is_ascii_digit())
                && !INERT_WORDS.contains(&word)
        })
}

/// A breakpoint condition or log message runs at every hit, inside the debugger:
/// where the backend runs it under a runtime guard for the language (debugpy's
/// shim), it needs consent only when the static guard names a side effect in it.
/// Elsewhere (the IDE's debuggers) nothing watches it as it runs, so the user must
/// agree (the confirmation policy) unless the static guards of all `languages` (the
/// file's; several when it is not known) prove each expression free of side effects
/// and it reads no value of the program. What the user agreed to runs as written.
pub async fn consent_to_breakpoint_code(
    call: &Call<'_>,
    project: &Project,
    languages: &[&str],
    condition: Option<&str>,
    log_message: Option<&str>,
) -> ToolResult<()> {
    let expressions = condition.into_iter().map(|c| ("condition", c)).chain(
        log_message
            .map(log_message_expressions)
            .unwrap_or_default()
            .into_iter()
            .map(|e| ("log message", e)),
    );
    for (what, expression) in expressions {
        let refusal =
            languages.iter().find_map(|language| {
                let classification = classify(language, expression);
                let guarded = call.app.backend.guards_breakpoint_code(language);
                match &classification {
                    Some(
                        Classification::SideEffectFree | Classification::NeedsRuntimeGuard { .. },
                    ) if guarded => None,
                    Some(Classification::SideEffectFree) if names_program_values(expression) => {
                        Some(format!(
                            "it reads the program's values, and with no runtime guard in this \
                         debugger reading them may run the program's own code (properties, \
                         operators, {}) unwatched",
                            if *language == "python" {
                                "__repr__"
                            } else {
                                "toString()"
                            }
                        ))
                    }
                    Some(Classification::SideEffectFree) => None,
                    _ => Some(not_side_effect_free(classification, language)),
                }
            });
        let Some(why) = refusal else {
            continue;
        };
        call.confirm(ConfirmRequest {
            action: format!(
                "Run this breakpoint {what} at every hit, though it may change the program's \
                     state ({})? {}",
                question::escaped(&why, question::SHOWN),
                question::quoted(what, expression)
            ),
            project: project.name.clone(),
            subject: question::escaped(expression, question::SHOWN),
            session_id: None,
            stop: None,
        })
        .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::names_program_values;

    #[test]
    fn what_names_a_value_of_the_program() {
        for reads in [
            "i == 2",
            "len(items) > 1",
            "self.count",
            "{total}",
            "x is None",
            "'{k}'",
        ] {
            assert!(names_program_values(reads), "{reads}");
        }
        for inert in [
            "1 + 2 == 3",
            "True",
            "None is None",
            "not False",
            "null == null",
            "0x1F > 3",
        ] {
            assert!(!names_program_values(inert), "{inert}");
        }
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct EvaluateParams {
    #[serde(flatten)]
    pub target: Target,
    /// Or multi-line code (needs allow_side_effects).
    pub expression: String,
    #[serde(default, deserialize_with = "lenient::opt_usize")]
    pub frame_index: Option<usize>,
    /// Let it change program state (asks the user).
    #[serde(default, deserialize_with = "lenient::opt_bool")]
    #[schemars(extend("default" = false))]
    pub allow_side_effects: Option<bool>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Evaluation {
    pub expression: String,
    pub result: VariableView,
    /// Always null on success (failures are error results).
    pub error: Option<String>,
    /// Without allow_side_effects: how the policy was enforced (`runtime`, or
    /// `static_only` where the session has no runtime guard, e.g. through the IDE).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side_effect_guard: Option<Enforcement>,
}

pub async fn evaluate(call: &Call<'_>, p: EvaluateParams) -> ToolResult<Evaluation> {
    let project =
        resolve::project_of(call, p.target.project_path.as_deref(), p.target.named()).await?;
    let expression = p.expression.trim_end().to_string();
    if expression.trim().is_empty() {
        return Err(ToolError::invalid_params("'expression' must not be empty."));
    }
    let record = resolve::paused_session(call, &project, p.target.session_id.as_deref())?;
    let session = record.descriptor.id.clone();
    let (_, frame) = frames::frame_at(call, &record, p.frame_index).await?;
    let allowed = p.allow_side_effects.unwrap_or(false);
    let (kind, enforcement) = match side_effect_free(call, &session, &expression) {
        Ok((kind, enforcement)) => (kind, Some(enforcement)),
        Err(why) if !allowed => {
            return Err(ToolError::new(
                ErrorCode::SideEffectsNotAllowed,
                format!(
                    "Not evaluated: {why}. Nothing was run. Pass allow_side_effects: true to run \
                     it (it may change the program's state)."
                ),
            ))
        }
        Err(_) => (
            consented(call, &project, &session, &expression).await?,
            None,
        ),
    };
    let backend = &call.app.backend;
    let value = match backend
        .evaluate(&session, &frame.frame_ref, &expression, kind)
        .await
    {
        // The debugger's read-only evaluation reads what it can (lldb: variable paths),
        // and the runtime guard stops what it cannot clear; with consent, that is run as
        // code, as allow_side_effects asked.
        Err(e)
            if allowed
                && matches!(
                    (enforcement, e.code),
                    (Some(Enforcement::Debugger), ErrorCode::EvaluationFailed)
                        | (Some(Enforcement::Runtime), ErrorCode::SideEffectsNotAllowed)
                ) =>
        {
            let kind = consented(call, &project, &session, &expression).await?;
            let value = backend
                .evaluate(&session, &frame.frame_ref, &expression, kind)
                .await?;
            return answer(call, &session, &frame.frame_ref, expression, value, None);
        }
        other => other?,
    };
    answer(
        call,
        &session,
        &frame.frame_ref,
        expression,
        value,
        enforcement,
    )
}

/// Ask the user to run `expression` with its side effects; the kind to run it as.
async fn consented(
    call: &Call<'_>,
    project: &debugger_core::model::Project,
    session: &str,
    expression: &str,
) -> ToolResult<EvaluationKind> {
    call.confirm(ConfirmRequest {
        action: format!(
            "Run code that may change the debugged program? {}",
            question::quoted("code", expression)
        ),
        project: project.name.clone(),
        subject: question::escaped(expression, question::SHOWN),
        session_id: Some(session.to_string()),
        stop: None,
    })
    .await?;
    let language = call.app.backend.language(session).unwrap_or_default();
    Ok(match classify(&language, expression) {
        Some(Classification::CodeFragment) => EvaluationKind::CodeFragment,
        _ => EvaluationKind::Expression,
    })
}

fn answer(
    call: &Call<'_>,
    session: &str,
    frame_ref: &str,
    expression: String,
    value: DebugValue,
    enforcement: Option<Enforcement>,
) -> ToolResult<Evaluation> {
    let value = DebugValue {
        name: expression.clone(),
        ..value
    };
    let result = views::view(call, session, frame_ref, None, value)?;
    Ok(Evaluation {
        expression,
        result,
        error: None,
        side_effect_guard: enforcement,
    })
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct AddWatch {
    #[serde(rename = "projectPath", default)]
    pub project_path: Option<String>,
    /// Evaluate it now there.
    #[serde(default)]
    pub session_id: Option<String>,
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
    let named = resolve::Named {
        session: p.session_id.as_deref(),
        ..Default::default()
    };
    let project = resolve::project_of(call, p.project_path.as_deref(), named).await?;
    if let Some(id) = &p.session_id {
        call.app.tracker.resolve(&project.path, Some(id))?;
    }
    let (watch, added) = call.app.watches.add(&project.path, &p.expression)?;
    let mut result = WatchAdded {
        watch_id: watch.id.clone(),
        expression: watch.expression.clone(),
        status: if added { "added" } else { "already_exists" }.into(),
        value: None,
        type_name: None,
        error: None,
    };
    if let Ok(record) = resolve::paused_session(call, &project, p.session_id.as_deref()) {
        let (_, frame) = frames::frame_at(call, &record, None).await?;
        match super::frame_values::watch_value(
            call,
            &project.path,
            &record.descriptor.id,
            &frame.frame_ref,
            &watch,
        )
        .await
        {
            Ok(value) => {
                result.value = Some(views::cap(&value.value).0);
                result.type_name = value.type_name;
            }
            Err(err) => result.error = Some(err.message),
        }
    }
    Ok(result)
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct RemoveWatch {
    #[serde(rename = "projectPath", default)]
    pub project_path: Option<String>,
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
    let named = resolve::Named {
        session: p.session_id.as_deref(),
        watch: Some(&p.watch_id),
        ..Default::default()
    };
    let project = resolve::project_of(call, p.project_path.as_deref(), named).await?;
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
