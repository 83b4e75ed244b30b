//! Variable tools: list a frame's variables, expand objects by id or dotted path,
//! and set values.

use super::frames;
use super::question;
use super::resolve::{self, Named, Target};
use super::views::{self, VariableView};
use crate::app::Call;
use crate::consent::ConfirmRequest;
use crate::lenient;
use crate::redact;
use crate::tracker::{SessionRecord, VariableHandle};
use debugger_core::model::{Project, Value as DebugValue, VariableScope};
use debugger_core::{ErrorCode, ToolError, ToolResult};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Default cap on listed variables and children.
const DEFAULT_LIST_CAP: usize = 100;
/// The most values one answer lists, whatever was asked: the rest is reached by narrower
/// reads (a variable_id, a path), and the answer budget (`tools::budget`) cuts what still
/// does not fit.
const MAX_LIST_CAP: usize = 500;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetVariables {
    #[serde(flatten)]
    pub target: Target,
    #[serde(default, deserialize_with = "lenient::opt_usize")]
    pub frame_index: Option<usize>,
    /// `all`: the frame's locals.
    #[serde(default)]
    #[schemars(extend("enum" = ["local", "arguments", "this", "global", "all"], "default" = "all"))]
    pub scope: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_usize")]
    #[schemars(extend("default" = 100, "maximum" = 500))]
    pub max_variables: Option<usize>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct VariableList {
    pub frame_index: usize,
    pub scope: VariableScope,
    pub variables: Vec<VariableView>,
    pub total_count: usize,
    /// Variables left out by max_variables.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub omitted: Option<usize>,
    /// How the values were shown, where that may run the program's code (the IDE).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values_note: Option<&'static str>,
}

fn parse_scope(text: Option<&str>) -> ToolResult<VariableScope> {
    match text.map(|s| s.trim().to_ascii_lowercase()).as_deref() {
        None | Some("") | Some("all") => Ok(VariableScope::All),
        Some("local") | Some("locals") => Ok(VariableScope::Local),
        Some("arguments") | Some("args") => Ok(VariableScope::Arguments),
        Some("this") | Some("self") => Ok(VariableScope::This),
        Some("global") | Some("globals") => Ok(VariableScope::Global),
        Some(other) => Err(ToolError::invalid_params(format!(
            "'scope' must be local, arguments, this, global or all; got '{other}'."
        ))),
    }
}

/// Turn backend values into capped views with ids.
fn views(
    call: &Call<'_>,
    record: &SessionRecord,
    frame_ref: &str,
    parent: Option<&str>,
    values: Vec<DebugValue>,
    cap: usize,
) -> ToolResult<(Vec<VariableView>, usize, Option<usize>)> {
    let total = values.len();
    let shown = values
        .into_iter()
        .take(cap)
        .map(|v| views::view(call, &record.descriptor.id, frame_ref, parent, v))
        .collect::<ToolResult<Vec<_>>>()?;
    Ok((
        shown,
        total,
        Some(total.saturating_sub(cap)).filter(|n| *n > 0),
    ))
}

pub async fn get_variables(call: &Call<'_>, p: GetVariables) -> ToolResult<VariableList> {
    let project =
        resolve::project_of(call, p.target.project_path.as_deref(), p.target.named()).await?;
    let scope = parse_scope(p.scope.as_deref())?;
    let record = resolve::paused_session(call, &project, p.target.session_id.as_deref())?;
    let (index, frame) = frames::frame_at(call, &record, p.frame_index).await?;
    let values = call
        .app
        .backend
        .variables(&record.descriptor.id, &frame.frame_ref, scope)
        .await?;
    let cap = p
        .max_variables
        .unwrap_or(DEFAULT_LIST_CAP)
        .clamp(1, MAX_LIST_CAP);
    let (variables, total_count, omitted) =
        views(call, &record, &frame.frame_ref, None, values, cap)?;
    Ok(VariableList {
        frame_index: index,
        scope,
        variables,
        total_count,
        omitted,
        values_note: call.app.backend.values_note(&record.descriptor.id),
    })
}

/// Split `a.b[0]['k']` into `a`, `b`, `0`, `k`.
fn path_segments(path: &str) -> ToolResult<Vec<String>> {
    let mut segments = Vec::new();
    let mut current = String::new();
    let mut chars = path.trim().chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '.' => segments.push(std::mem::take(&mut current)),
            '[' => {
                if !current.is_empty() {
                    segments.push(std::mem::take(&mut current));
                }
                let mut key = String::new();
                loop {
                    match chars.next() {
                        Some(']') => break,
                        Some(k) => key.push(k),
                        None => {
                            return Err(ToolError::invalid_params(format!(
                                "Unclosed '[' in path '{path}'."
                            )))
                        }
                    }
                }
                let key = key
                    .trim()
                    .trim_matches(|q| q == '\'' || q == '"')
                    .to_string();
                segments.push(key);
                if chars.peek() == Some(&'.') {
                    chars.next();
                }
            }
            c => current.push(c),
        }
    }
    if !current.is_empty() {
        segments.push(current);
    }
    if segments.is_empty() || segments.iter().any(|s| s.is_empty()) {
        return Err(ToolError::invalid_params(format!(
            "'{path}' is not a valid path: use names separated by dots, e.g. order.items.0"
        )));
    }
    Ok(segments)
}

/// A path segment names a child: exactly, without quotes (`'key'`), or as the same
/// index (debugpy pads list indexes: `05` for 5 in a list of 10 or more).
fn name_matches(name: &str, segment: &str) -> bool {
    let same_index = match (name.parse::<u64>(), segment.parse::<u64>()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    same_index || name == segment || name.trim_matches(|q| q == '\'' || q == '"') == segment
}

/// Find a value by dotted path: from a handle's children, or from the frame's
/// variables (locals first, then globals).
async fn walk(
    call: &Call<'_>,
    record: &SessionRecord,
    frame_ref: &str,
    start: Option<&VariableHandle>,
    segments: &[String],
) -> ToolResult<(String, DebugValue)> {
    let session = &record.descriptor.id;
    let backend = &call.app.backend;
    let mut rest = segments.iter();
    let (mut path, mut current) = match start {
        Some(handle) => {
            let value = DebugValue {
                name: handle.name.clone(),
                value: handle.value.clone(),
                type_name: None,
                children_ref: handle.children_ref.clone(),
                target: handle.target.clone(),
                evaluate_name: None,
            };
            (handle.path.clone(), value)
        }
        None => {
            let first = rest.next().expect("paths have at least one segment");
            let mut found = None;
            for scope in [VariableScope::All, VariableScope::Global] {
                let values = backend.variables(session, frame_ref, scope).await?;
                if let Some(v) = values.into_iter().find(|v| name_matches(&v.name, first)) {
                    found = Some(v);
                    break;
                }
            }
            let value = found.ok_or_else(|| {
                ToolError::new(
                    ErrorCode::VariableNotFound,
                    format!("No variable '{first}' in the selected frame."),
                )
            })?;
            (first.clone(), value)
        }
    };
    for segment in rest {
        let children_ref = current.children_ref.clone().ok_or_else(|| {
            ToolError::new(
                ErrorCode::VariableNotFound,
                format!("'{path}' has no children, so '{segment}' cannot be found in it."),
            )
        })?;
        let children = backend.children(session, &children_ref).await?;
        current = children
            .into_iter()
            .find(|c| name_matches(&c.name, segment))
            .ok_or_else(|| {
                ToolError::new(
                    ErrorCode::VariableNotFound,
                    format!("'{path}' has no child named '{segment}'."),
                )
            })?;
        path = format!("{path}.{segment}");
    }
    Ok((path, current))
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ExpandVariable {
    #[serde(flatten)]
    pub target: Target,
    #[serde(default)]
    pub variable_id: Option<String>,
    /// Dotted, from the frame or variable_id, e.g. `order.items.0`.
    #[serde(default)]
    pub path: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_usize")]
    #[schemars(extend("default" = 100))]
    pub max_children: Option<usize>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Children {
    /// Id of the expanded value.
    pub variable_id: Option<String>,
    pub path: String,
    pub children: Vec<VariableView>,
    pub total_count: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub omitted: Option<usize>,
    /// How the values were shown, where that may run the program's code (the IDE).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values_note: Option<&'static str>,
}

/// The session a variable call means: the one given, else the one session of the
/// project holding `variable_id` (ids are per session), else the current one.
fn variable_session(
    call: &Call<'_>,
    project: &Project,
    target: &Target,
    variable_id: Option<&str>,
) -> Option<String> {
    target
        .session_id
        .clone()
        .or_else(|| variable_id.and_then(|id| call.app.tracker.variable_session(&project.path, id)))
}

/// Resolve `variable_id` and/or `path` to a value of the current stop.
async fn locate(
    call: &Call<'_>,
    record: &SessionRecord,
    variable_id: Option<&str>,
    path: Option<&str>,
) -> ToolResult<(String, String, DebugValue)> {
    let handle = variable_id
        .map(|id| call.app.tracker.variable(&record.descriptor.id, id.trim()))
        .transpose()?;
    let frame_ref = match &handle {
        Some(h) => h.frame_ref.clone(),
        None => frames::frame_at(call, record, None).await?.1.frame_ref,
    };
    let segments = match path {
        Some(p) if !p.trim().is_empty() => path_segments(p)?,
        _ if handle.is_some() => Vec::new(),
        _ => return Err(ToolError::invalid_params(
            "Give 'variable_id' or 'path' (or both: the path is then relative to the variable).",
        )),
    };
    let (path, value) = walk(call, record, &frame_ref, handle.as_ref(), &segments).await?;
    Ok((frame_ref, path, value))
}

pub async fn expand_variable(call: &Call<'_>, p: ExpandVariable) -> ToolResult<Children> {
    let named = Named {
        variable: p.variable_id.as_deref(),
        ..p.target.named()
    };
    let project = resolve::project_of(call, p.target.project_path.as_deref(), named).await?;
    let session = variable_session(call, &project, &p.target, p.variable_id.as_deref());
    let record = resolve::paused_session(call, &project, session.as_deref())?;
    let (frame_ref, path, value) =
        locate(call, &record, p.variable_id.as_deref(), p.path.as_deref()).await?;
    let children_ref = value.children_ref.clone().ok_or_else(|| {
        ToolError::new(
            ErrorCode::InvalidParams,
            format!(
                "'{path}' = {} has no children to expand.",
                views::cap(&value.value).0
            ),
        )
    })?;
    let parent_path = path.rsplit_once('.').map(|(parent, _)| parent.to_string());
    let own = views::view(
        call,
        &record.descriptor.id,
        &frame_ref,
        parent_path.as_deref(),
        value,
    )?;
    let children = call
        .app
        .backend
        .children(&record.descriptor.id, &children_ref)
        .await?;
    let cap = p
        .max_children
        .unwrap_or(DEFAULT_LIST_CAP)
        .clamp(1, MAX_LIST_CAP);
    let (children, total_count, omitted) =
        views(call, &record, &frame_ref, Some(&path), children, cap)?;
    Ok(Children {
        variable_id: own.id,
        path,
        children,
        total_count,
        omitted,
        values_note: call.app.backend.values_note(&record.descriptor.id),
    })
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct SetVariable {
    #[serde(flatten)]
    pub target: Target,
    #[serde(default)]
    pub variable_id: Option<String>,
    /// Or a (dotted) name in the selected frame, e.g. `order.total`.
    #[serde(default)]
    pub name: Option<String>,
    /// In the program's language, e.g. `0.08`, `'text'`.
    #[serde(deserialize_with = "lenient::text_value")]
    pub new_value: String,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct VariableSet {
    pub variable: VariableView,
    pub message: String,
}

pub async fn set_variable(call: &Call<'_>, p: SetVariable) -> ToolResult<VariableSet> {
    let named = Named {
        variable: p.variable_id.as_deref(),
        ..p.target.named()
    };
    let project = resolve::project_of(call, p.target.project_path.as_deref(), named).await?;
    let new_value = Some(p.new_value)
        .filter(|v| !v.trim().is_empty())
        .ok_or_else(|| ToolError::invalid_params("'new_value' must not be empty."))?;
    let session = variable_session(call, &project, &p.target, p.variable_id.as_deref());
    let record = resolve::paused_session(call, &project, session.as_deref())?;
    let (frame_ref, path, value) =
        locate(call, &record, p.variable_id.as_deref(), p.name.as_deref()).await?;
    let target = value.target.clone().ok_or_else(|| {
        ToolError::new(
            ErrorCode::ReadOnlyVariable,
            format!("'{path}' cannot be changed by the debugger."),
        )
    })?;
    call.confirm(ConfirmRequest {
        action: format!(
            "Change a variable in the debugged program? {}, {}",
            question::quoted("variable", &path),
            question::quoted("new value", &new_value)
        ),
        project: project.name.clone(),
        subject: question::escaped(&format!("{path} = {}", new_value.trim()), question::SHOWN),
        session_id: Some(record.descriptor.id.clone()),
        stop: None,
    })
    .await?;
    let asked = new_value.trim();
    let updated = call
        .app
        .backend
        .set_value(&record.descriptor.id, &frame_ref, &target, asked)
        .await
        .map_err(|e| match e.code {
            // The debugger refused the value itself (a syntax error, an exception).
            ErrorCode::EvaluationFailed => set_failed(&path, asked, &e.message),
            _ => e,
        })?;
    confirm_applied(
        call,
        &record.descriptor.id,
        &frame_ref,
        &path,
        asked,
        &value,
        &updated,
    )
    .await?;
    let parent_path = path.rsplit_once('.').map(|(parent, _)| parent.to_string());
    let variable = views::view(
        call,
        &record.descriptor.id,
        &frame_ref,
        parent_path.as_deref(),
        updated,
    )?;
    Ok(VariableSet {
        message: format!("{path} = {}", variable.value),
        variable,
    })
}

fn set_failed(path: &str, asked: &str, why: &str) -> ToolError {
    ToolError::new(
        ErrorCode::SetFailed,
        format!("'{path}' was not set to {asked}: {why}"),
    )
}

/// Whether the re-read value alone shows the set took effect: it changed, or it
/// already reads exactly as the new value was written (`10` over `10`).
fn reread_shows_applied(before: &str, after: &str, asked: &str) -> bool {
    before != after || after == asked
}

/// Debuggers (debugpy among them) may answer a set whose value failed to evaluate
/// with the old value and no error. An unchanged value is a success only when the
/// new value, evaluated without side effects, reads the same; otherwise `set_failed`
/// with the debugger's own words when it has any.
async fn confirm_applied(
    call: &Call<'_>,
    session: &str,
    frame_ref: &str,
    path: &str,
    asked: &str,
    before: &DebugValue,
    after: &DebugValue,
) -> ToolResult<()> {
    // A value found by its id is known as listed, capped: compare capped texts.
    let (before_text, after_text) = (views::cap(&before.value).0, views::cap(&after.value).0);
    if reread_shows_applied(&before_text, &after_text, asked) {
        return Ok(());
    }
    let still = views::cap(&after.value).0;
    match super::evaluation::evaluate_watch(call, session, frame_ref, asked).await {
        Ok(expected)
            if expected.value == after.value || redact::may_be(&after.value, &expected.value) =>
        {
            Ok(())
        }
        Ok(expected) => Err(set_failed(
            path,
            asked,
            &format!(
                "it still reads {still} (the new value reads {})",
                views::cap(&expected.value).0
            ),
        )),
        Err(e) if e.code == ErrorCode::EvaluationFailed => Err(set_failed(path, asked, &e.message)),
        Err(e) => Err(set_failed(
            path,
            asked,
            &format!("it still reads {still}, and the new value could not be checked ({e})"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unchanged_value_is_applied_only_when_written_as_it_reads() {
        assert!(reread_shows_applied("10", "11", "11"));
        assert!(
            reread_shows_applied("10", "10", "10"),
            "setting what is there"
        );
        assert!(
            !reread_shows_applied("10", "10", "1 +"),
            "debugpy's silent failure"
        );
        assert!(
            !reread_shows_applied("10", "10", "5 + 5"),
            "needs an evaluation to tell"
        );
    }

    #[test]
    fn paths_split_on_dots_and_brackets() {
        assert_eq!(
            path_segments("order.items.0").unwrap(),
            ["order", "items", "0"]
        );
        assert_eq!(
            path_segments("order.items[0].price").unwrap(),
            ["order", "items", "0", "price"]
        );
        assert_eq!(
            path_segments("d['key'][\"k2\"]").unwrap(),
            ["d", "key", "k2"]
        );
        assert!(path_segments("a..b").is_err());
        assert!(path_segments("a[0").is_err());
        assert!(path_segments("").is_err());
    }

    #[test]
    fn quoted_child_names_match_plain_segments() {
        assert!(name_matches("'key'", "key"));
        assert!(name_matches("0", "0"));
        assert!(!name_matches("keys", "key"));
        assert!(name_matches("05", "5"), "padded list indexes");
        assert!(!name_matches("15", "5"));
    }
}
