//! Breakpoint tools. Breakpoints belong to the project (the backend keeps them);
//! these tools validate input, confine paths and shape the answers.

use super::resolve;
use super::source_lines;
use crate::app::Call;
use crate::lenient;
use crate::owners::Owner;
use crate::tracker::SessionRecord;
use debugger_core::model::{Breakpoint, BreakpointKind, BreakpointSpec, Project, SuspendPolicy};
use debugger_core::{ToolError, ToolResult};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::time::SystemTime;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListBreakpoints {
    #[serde(rename = "projectPath", default)]
    pub project_path: Option<String>,
    #[serde(default)]
    pub file_path: Option<String>,
    #[serde(rename = "type", default)]
    #[schemars(extend("enum" = ["line", "exception", "method", "field", "all"], "default" = "all"))]
    pub type_filter: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_bool")]
    #[schemars(extend("default" = false))]
    pub enabled_only: Option<bool>,
}

/// A breakpoint as the tools answer it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BreakpointView {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub file: Option<String>,
    pub line: Option<u32>,
    /// The function a `method` breakpoint stops in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub function: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exception_class: Option<String>,
    /// The value a `field` breakpoint watches.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub watch: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub caught: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uncaught: Option<bool>,
    pub enabled: bool,
    pub condition: Option<String>,
    pub log_message: Option<String>,
    pub suspend_policy: SuspendPolicy,
    pub hit_count: u64,
    pub temporary: bool,
    /// Confirmed by a live debugger; null while no session runs.
    pub verified: Option<bool>,
    /// The debugger's comment; where the last launch moved it after its file was
    /// edited (or why it could not place it); that its file changed under a live session.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// `agent` (set through these tools) or `user`.
    pub owner: Owner,
}

impl BreakpointView {
    fn new(b: Breakpoint, owner: Owner) -> Self {
        let (mut file, mut line, mut function, mut watch) = (None, None, None, None);
        let (mut exception_class, mut caught, mut uncaught) = (None, None, None);
        let kind = match b.spec.kind {
            BreakpointKind::Line { file: f, line: l } => {
                (file, line) = (Some(f.display().to_string()), Some(l));
                "line"
            }
            BreakpointKind::Exception {
                exception_class: class,
                caught: c,
                uncaught: u,
            } => {
                (exception_class, caught, uncaught) = (Some(class), Some(c), Some(u));
                "exception"
            }
            BreakpointKind::Function { name } => {
                function = Some(name);
                "method"
            }
            BreakpointKind::Data { expression } => {
                watch = Some(expression);
                "field"
            }
        };
        Self {
            id: b.id,
            kind: kind.into(),
            file,
            line,
            function,
            watch,
            exception_class,
            caught,
            uncaught,
            enabled: b.spec.enabled,
            condition: b.spec.condition,
            log_message: b.spec.log_message,
            suspend_policy: b.spec.suspend_policy,
            hit_count: b.hit_count,
            temporary: b.spec.temporary,
            verified: b.verified,
            // The debugger's word first; else what the last launch did after an edit.
            message: b.message.or(b.anchor.and_then(|a| a.note)),
            owner,
        }
    }
}

/// Longest a file's modification time is waited for (a stalled disk must not hold
/// the listing).
const MTIME_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// A line breakpoint whose file was edited after a live session of the project began
/// says so: that program runs the code it loaded, so its breakpoint stays on the old
/// line until it restarts (the next launch moves it with its line's text).
async fn tell_edited_while_running(
    call: &Call<'_>,
    project: &Project,
    views: &mut [BreakpointView],
) {
    let started: Vec<(String, SystemTime)> = call
        .app
        .tracker
        .sessions_of(&project.path)
        .into_iter()
        .filter(SessionRecord::is_live)
        .map(|r| (r.descriptor.id, r.started_at))
        .collect();
    if started.is_empty() {
        return;
    }
    let mut edited: HashMap<String, Option<SystemTime>> = HashMap::new();
    for view in views.iter_mut() {
        let Some(file) = view.file.clone() else {
            continue;
        };
        if !edited.contains_key(&file) {
            let read = tokio::time::timeout(MTIME_WAIT, tokio::fs::metadata(&file)).await;
            let modified = read
                .ok()
                .and_then(Result::ok)
                .and_then(|m| m.modified().ok());
            edited.insert(file.clone(), modified);
        }
        let Some(modified) = edited[&file] else {
            continue;
        };
        let Some((session, _)) = started.iter().find(|(_, at)| modified > *at) else {
            continue;
        };
        let note = format!(
            "its file was edited after session {session} started: that program keeps its \
             old lines until it restarts"
        );
        view.message = Some(match view.message.take() {
            Some(said) => format!("{said}; {note}"),
            None => note,
        });
    }
}

/// Most breakpoints (or removed ids) one answer lists; `total_count` counts them all.
const LISTED: usize = 100;

#[derive(Debug, Serialize, JsonSchema)]
pub struct BreakpointList {
    pub breakpoints: Vec<BreakpointView>,
    pub total_count: usize,
    /// Matching breakpoints left out (narrow with file_path or type).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub omitted: Option<usize>,
}

pub async fn list_breakpoints(call: &Call<'_>, p: ListBreakpoints) -> ToolResult<BreakpointList> {
    let project = resolve::project(call, p.project_path.as_deref()).await?;
    let file = p
        .file_path
        .as_deref()
        .map(|f| resolve::file_in(&project, f))
        .transpose()?;
    let kind = p
        .type_filter
        .as_deref()
        .unwrap_or("all")
        .to_ascii_lowercase();
    if !["all", "line", "exception", "method", "field"].contains(&kind.as_str()) {
        return Err(ToolError::invalid_params(format!(
            "'type' must be one of line, exception, method, field, all; got '{kind}'."
        )));
    }
    let enabled_only = p.enabled_only.unwrap_or(false);
    let all = call.app.backend.breakpoints(&project).await?;
    let owners = call.app.owners.of(&project.path, &all);
    let matching: Vec<(Breakpoint, Owner)> = all
        .into_iter()
        .zip(owners)
        .filter(|(b, _)| !enabled_only || b.spec.enabled)
        .filter(|(b, _)| match (&b.spec.kind, &file) {
            (_, None) => true,
            (BreakpointKind::Line { file: f, .. }, Some(wanted)) => f == wanted,
            (
                BreakpointKind::Exception { .. }
                | BreakpointKind::Function { .. }
                | BreakpointKind::Data { .. },
                Some(_),
            ) => false,
        })
        .filter(|(b, _)| {
            matches!(
                (&b.spec.kind, kind.as_str()),
                (_, "all")
                    | (BreakpointKind::Line { .. }, "line")
                    | (BreakpointKind::Exception { .. }, "exception")
                    | (BreakpointKind::Function { .. }, "method")
                    | (BreakpointKind::Data { .. }, "field")
            )
        })
        .collect();
    let total_count = matching.len();
    let mut breakpoints: Vec<BreakpointView> = matching
        .into_iter()
        .take(LISTED)
        .map(|(b, owner)| BreakpointView::new(b, owner))
        .collect();
    tell_edited_while_running(call, &project, &mut breakpoints).await;
    Ok(BreakpointList {
        omitted: (total_count > breakpoints.len()).then(|| total_count - breakpoints.len()),
        total_count,
        breakpoints,
    })
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct SetBreakpoint {
    #[serde(rename = "projectPath", default)]
    pub project_path: Option<String>,
    #[serde(default)]
    pub file_path: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_u32")]
    #[schemars(range(min = 1))]
    pub line: Option<u32>,
    #[serde(default)]
    pub function: Option<String>,
    // A variable id or a name at the current stop: a data breakpoint (the tool
    // description says it once).
    #[serde(default)]
    pub watch: Option<String>,
    /// Stop only when true.
    #[serde(default)]
    pub condition: Option<String>,
    /// Logged at each hit, `{expr}` evaluated.
    #[serde(default)]
    pub log_message: Option<String>,
    /// `none`: never stop (log only).
    #[serde(default)]
    #[schemars(extend("enum" = ["all", "thread", "none"], "default" = "all"))]
    pub suspend_policy: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_bool")]
    #[schemars(extend("default" = true))]
    pub enabled: Option<bool>,
    /// Remove after the first hit.
    #[serde(default, deserialize_with = "lenient::opt_bool")]
    #[schemars(extend("default" = false))]
    pub temporary: Option<bool>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct BreakpointSet {
    pub breakpoint_id: String,
    /// `set`, or `already_exists` when an identical breakpoint was there.
    pub status: String,
    /// Confirmed by a live debugger; null while no session runs.
    pub verified: Option<bool>,
    pub message: String,
}

fn suspend_policy(text: Option<&str>) -> ToolResult<SuspendPolicy> {
    match text.map(|s| s.trim().to_ascii_lowercase()).as_deref() {
        None | Some("") | Some("all") => Ok(SuspendPolicy::All),
        Some("thread") => Ok(SuspendPolicy::Thread),
        Some("none") => Ok(SuspendPolicy::None),
        Some(other) => Err(ToolError::invalid_params(format!(
            "'suspend_policy' must be all, thread or none; got '{other}'."
        ))),
    }
}

fn non_blank(text: Option<String>) -> Option<String> {
    text.filter(|t| !t.trim().is_empty())
}

async fn add(
    call: &Call<'_>,
    project: &debugger_core::model::Project,
    spec: BreakpointSpec,
    place: String,
) -> ToolResult<BreakpointSet> {
    let (breakpoint, created) = call.app.backend.add_breakpoint(project, spec).await?;
    let existed = !created;
    if created {
        if let Err(err) = call.app.owners.record(&project.path, &breakpoint) {
            // The breakpoint is set; unrecorded, it counts as the user's (never removed
            // by an owner-wide removal): the safe side.
            tracing::warn!(%err, "could not record the agent's breakpoint");
        }
    }
    Ok(BreakpointSet {
        status: if existed { "already_exists" } else { "set" }.into(),
        verified: breakpoint.verified,
        message: match (existed, &breakpoint.message) {
            (true, _) => format!(
                "A breakpoint at {place} already exists ({}).",
                breakpoint.id
            ),
            (false, Some(note)) => format!("Breakpoint set at {place} ({note})"),
            (false, None) => format!("Breakpoint set at {place}"),
        },
        breakpoint_id: breakpoint.id,
    })
}

/// The longest function name taken (C++ templates and Go package paths are long,
/// but not this long).
const MAX_FUNCTION_NAME: usize = 1_000;

/// A function breakpoint's name as given: trimmed, one line, bounded. Its syntax is
/// the debugger's (`main.subtotalOf`, `ns::f`, `(*T).M`), so it is not parsed here.
fn function_name(text: &str) -> ToolResult<String> {
    let name = text.trim();
    if name.is_empty() || name.len() > MAX_FUNCTION_NAME || name.chars().any(char::is_control) {
        return Err(ToolError::invalid_params(format!(
            "'function' must be a function's name as the debugger knows it (e.g. subtotal, \
             main.subtotalOf), one line of at most {MAX_FUNCTION_NAME} bytes; got '{}'.",
            text.chars().take(80).collect::<String>()
        )));
    }
    Ok(name.to_string())
}

/// `set_breakpoint`'s `watch` form (a data breakpoint); every other form's parameter
/// is refused.
async fn set_watch(call: &Call<'_>, p: SetBreakpoint, watch: String) -> ToolResult<BreakpointSet> {
    let others = [
        (p.file_path.is_some(), "file_path"),
        (p.line.is_some(), "line"),
        (p.function.is_some(), "function"),
        (p.condition.is_some(), "condition"),
        (p.log_message.is_some(), "log_message"),
        (p.suspend_policy.is_some(), "suspend_policy"),
        (p.enabled.is_some(), "enabled"),
        (p.temporary.is_some(), "temporary"),
    ];
    if let Some((_, name)) = others.iter().find(|(given, _)| *given) {
        return Err(ToolError::invalid_params(format!(
            "'watch' stands alone: it stops at every change of the value; '{name}' belongs to \
             a line or function breakpoint."
        )));
    }
    let (breakpoint, name) =
        super::data_breakpoints::set(call, p.project_path.as_deref(), watch).await?;
    let how = breakpoint.message.as_deref().unwrap_or("watched");
    Ok(BreakpointSet {
        status: "set".into(),
        verified: breakpoint.verified,
        message: format!("Stops when {name} changes ({how})."),
        breakpoint_id: breakpoint.id,
    })
}

pub async fn set_breakpoint(call: &Call<'_>, mut p: SetBreakpoint) -> ToolResult<BreakpointSet> {
    if let Some(watch) = p.watch.take() {
        return set_watch(call, p, watch).await;
    }
    let project = resolve::project(call, p.project_path.as_deref()).await?;
    let (condition, log_message) = (non_blank(p.condition), non_blank(p.log_message));
    let suspend_policy = suspend_policy(p.suspend_policy.as_deref())?;
    // Where it stops, the languages whose guards judge its code, how it is named.
    let (kind, language, place) = match (p.file_path, p.line, p.function) {
        (Some(file), Some(line), None) => {
            let file = resolve::file_in(&project, &file)?;
            source_lines::check_code_line(&file, line).await?;
            let place = format!(
                "{}:{line}",
                file.file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default()
            );
            let language = super::evaluation::language_of(&file);
            (BreakpointKind::Line { file, line }, language, place)
        }
        (None, None, Some(function)) => {
            let name = function_name(&function)?;
            // DAP's function breakpoints carry no log message.
            if log_message.is_some() || suspend_policy == SuspendPolicy::None {
                return Err(ToolError::invalid_params(
                    "'log_message' and suspend_policy 'none' need 'file_path' and 'line': a \
                     'function' breakpoint cannot log.",
                ));
            }
            let place = format!("function {name}");
            // Any language may define it: no static guard vouches for its condition.
            (BreakpointKind::Function { name }, "unknown", place)
        }
        (None, None, None) => {
            return Err(ToolError::invalid_params(
                "Give 'file_path' and 'line', or 'function'.",
            ))
        }
        (Some(_), None, None) | (None, Some(_), None) => {
            return Err(ToolError::invalid_params(
                "'file_path' and 'line' go together (or give 'function' alone).",
            ))
        }
        (_, _, Some(_)) => {
            return Err(ToolError::invalid_params(
                "Give either 'function' or 'file_path'/'line', not both.",
            ))
        }
    };
    super::evaluation::consent_to_breakpoint_code(
        call,
        &project,
        &[language],
        condition.as_deref(),
        log_message.as_deref(),
    )
    .await?;
    let spec = BreakpointSpec {
        kind,
        enabled: p.enabled.unwrap_or(true),
        condition,
        log_message,
        suspend_policy,
        temporary: p.temporary.unwrap_or(false),
    };
    add(call, &project, spec, place).await
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct SetExceptionBreakpoint {
    #[serde(rename = "projectPath", default)]
    pub project_path: Option<String>,
    /// E.g. `ValueError`; subclasses match too.
    pub exception_class: String,
    #[serde(default, deserialize_with = "lenient::opt_bool")]
    #[schemars(extend("default" = true))]
    pub caught: Option<bool>,
    #[serde(default, deserialize_with = "lenient::opt_bool")]
    #[schemars(extend("default" = true))]
    pub uncaught: Option<bool>,
    /// Stop only when true.
    #[serde(default)]
    pub condition: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_bool")]
    #[schemars(extend("default" = true))]
    pub enabled: Option<bool>,
}

pub async fn set_exception_breakpoint(
    call: &Call<'_>,
    p: SetExceptionBreakpoint,
) -> ToolResult<BreakpointSet> {
    let project = resolve::project(call, p.project_path.as_deref()).await?;
    let class = p.exception_class.trim().to_string();
    let valid_name = !class.is_empty()
        && class.split('.').all(|part| {
            !part.is_empty()
                && part
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '$')
        });
    if !valid_name {
        return Err(ToolError::invalid_params(format!(
            "'exception_class' must be a class name like ValueError or pkg.module.MyError; got '{}'.",
            p.exception_class
        )));
    }
    let (caught, uncaught) = (p.caught.unwrap_or(true), p.uncaught.unwrap_or(true));
    if !caught && !uncaught {
        return Err(ToolError::invalid_params(
            "At least one of 'caught' and 'uncaught' must be true.",
        ));
    }
    let condition = non_blank(p.condition);
    // The program's language is not known here: the condition must satisfy every guard.
    super::evaluation::consent_to_breakpoint_code(
        call,
        &project,
        &["python", "java", "kotlin"],
        condition.as_deref(),
        None,
    )
    .await?;
    let spec = BreakpointSpec {
        kind: BreakpointKind::Exception {
            exception_class: class.clone(),
            caught,
            uncaught,
        },
        enabled: p.enabled.unwrap_or(true),
        condition,
        log_message: None,
        suspend_policy: SuspendPolicy::All,
        temporary: false,
    };
    add(call, &project, spec, format!("exception {class}")).await
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct RemoveBreakpoint {
    #[serde(rename = "projectPath", default)]
    pub project_path: Option<String>,
    #[serde(default)]
    pub breakpoint_id: Option<String>,
    #[serde(default)]
    pub file_path: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_u32")]
    pub line: Option<u32>,
    #[serde(default)]
    #[schemars(extend("enum" = ["agent"]))]
    pub owner: Option<String>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct BreakpointsRemoved {
    /// The first 100 removed; removed_count counts them all.
    pub removed: Vec<String>,
    pub removed_count: usize,
    pub message: String,
}

pub async fn remove_breakpoint(
    call: &Call<'_>,
    p: RemoveBreakpoint,
) -> ToolResult<BreakpointsRemoved> {
    let named = resolve::Named {
        breakpoint: p.breakpoint_id.as_deref(),
        ..Default::default()
    };
    let project = resolve::project_of(call, p.project_path.as_deref(), named).await?;
    let agents_only = match p.owner.as_deref().map(str::trim) {
        None => false,
        Some("agent") => true,
        Some(other) => {
            return Err(ToolError::invalid_params(format!(
                "'owner' can only be 'agent' (the user's breakpoints are removed by naming them); got '{other}'."
            )))
        }
    };
    let backend = &call.app.backend;
    // The project's breakpoints the call may remove: all, or the agent's own.
    let candidates = || async {
        let all = backend.breakpoints(&project).await?;
        let owners = call.app.owners.of(&project.path, &all);
        Ok::<_, ToolError>(
            all.into_iter()
                .zip(owners)
                .filter(|(_, owner)| !agents_only || *owner == Owner::Agent)
                .map(|(b, _)| b)
                .collect::<Vec<_>>(),
        )
    };
    let targets: Vec<String> =
        match (&p.breakpoint_id, &p.file_path) {
            (Some(_), _) if agents_only => {
                return Err(ToolError::invalid_params(
                    "'breakpoint_id' names one breakpoint; 'owner' filters the others: give one.",
                ))
            }
            (Some(id), None) if p.line.is_none() => vec![id.trim().to_string()],
            (None, Some(file)) => {
                let file = resolve::file_in(&project, file)?;
                candidates()
                    .await?
                    .into_iter()
                    .filter(|b| match &b.spec.kind {
                        BreakpointKind::Line { file: f, line } => {
                            *f == file && p.line.is_none_or(|wanted| wanted == *line)
                        }
                        BreakpointKind::Exception { .. }
                        | BreakpointKind::Function { .. }
                        | BreakpointKind::Data { .. } => false,
                    })
                    .map(|b| b.id)
                    .collect()
            }
            (None, None) if p.line.is_some() => {
                return Err(ToolError::invalid_params("'line' needs 'file_path'."))
            }
            (None, None) if agents_only => candidates().await?.into_iter().map(|b| b.id).collect(),
            (None, None) => return Err(ToolError::invalid_params(
                "Give 'breakpoint_id', 'file_path' (with or without 'line'), or owner: 'agent'.",
            )),
            _ => {
                return Err(ToolError::invalid_params(
                    "Give either 'breakpoint_id' or 'file_path'/'line', not both.",
                ))
            }
        };
    let removed = backend.remove_breakpoints(&project, &targets).await?;
    Ok(BreakpointsRemoved {
        removed_count: removed.len(),
        message: match removed.len() {
            0 => "No matching breakpoint; nothing to remove.".into(),
            1 => format!("Removed breakpoint {}.", removed[0]),
            n => format!("Removed {n} breakpoints."),
        },
        removed: removed.into_iter().take(LISTED).collect(),
    })
}
