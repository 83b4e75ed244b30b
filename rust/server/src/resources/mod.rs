//! The debugger's state as MCP resources:
//! `debugger://session`, `debugger://breakpoints`, `debugger://threads`,
//! `debugger://session/output`, `debugger://session/log` and the template
//! `debugger://source/{file}`, listed
//! per open project, with a session or not (the session resource then says `no_session`;
//! what only a session has is a `no_session` error until one starts). Reads answer what the
//! matching tools answer (written once above the `Backend` trait, so both backends
//! serve them); [`notify`] tells subscribers when they change. A read is never
//! recorded in the command history and never asks for consent; notifications are only
//! hints to read again, so coalescing them loses nothing.

pub mod notify;
pub mod uri;

use crate::app::{App, Call, Waiting};
use crate::consent::{ConfirmRequest, Confirmer, Consent};
use crate::session_log;
use crate::tools::{self, resolve};
use crate::tracker::SessionRecord;
use debugger_core::history::History;
use debugger_core::model::{Project, SessionState};
use debugger_core::source_file;
use debugger_core::{ErrorCode as ToolCode, ToolError, ToolResult};
use rmcp::model::{
    ErrorCode, ListResourceTemplatesResult, ListResourcesResult, ReadResourceResult, Resource,
    ResourceContents, ResourceTemplate,
};
use rmcp::ErrorData as McpError;
use serde_json::{json, Value};
use uri::{Kind, ResourceUri, UriError};

const JSON: &str = "application/json";
const TEXT: &str = "text/plain";
const MARKDOWN: &str = "text/markdown";
/// The largest source file a read answers (agents pay per token; the tools page).
const SOURCE_CAP: u64 = 1024 * 1024;

/// Reads never change anything, so nothing is ever confirmed.
struct NoQuestions;

#[async_trait::async_trait]
impl Confirmer for NoQuestions {
    async fn confirm(&self, _: &ConfirmRequest) -> Consent {
        Consent::Unavailable
    }
}

/// The open projects, and whether URIs must name their project (several open).
async fn open_projects(app: &App) -> Result<(Vec<Project>, bool), McpError> {
    let projects = app.backend.projects().await.map_err(to_mcp)?;
    let qualified = projects.len() > 1;
    Ok((projects, qualified))
}

/// `resources/list`: the fixed resources of every open project, with a session or not:
/// a client may list them once, at connect, before any session exists (Claude Code does,
/// and reads the list again only when it reconnects).
pub async fn list(app: &App) -> Result<ListResourcesResult, McpError> {
    let (projects, qualified) = open_projects(app).await?;
    let resources = projects
        .iter()
        .flat_map(|project| {
            let selector = qualified.then(|| project.path.display().to_string());
            Kind::LISTED
                .into_iter()
                .map(move |kind| describe(&project.name, ResourceUri::new(kind, selector.clone())))
        })
        .collect();
    Ok(ListResourcesResult::with_all_items(resources))
}

/// `resources/templates/list`: the source template.
pub async fn templates(app: &App) -> Result<ListResourceTemplatesResult, McpError> {
    let (_, qualified) = open_projects(app).await?;
    let template = ResourceTemplate::new(uri::source_template(qualified), "source")
        .with_title("Source file")
        .with_description(
            "A project file's text while a session runs; {file} is its path, project-relative \
             or absolute, percent-encoded.",
        )
        .with_mime_type(TEXT);
    Ok(ListResourceTemplatesResult::with_all_items(vec![template]))
}

fn describe(project: &str, uri: ResourceUri) -> Resource {
    let (name, description) = match uri.kind {
        Kind::Session => (
            "session",
            "The current debug session: state, location, stack, variables, watches \
             (state no_session before the first).",
        ),
        Kind::Breakpoints => ("breakpoints", "Every breakpoint with its hit count."),
        Kind::Threads => ("threads", "The session's threads."),
        Kind::Output => (
            "output",
            "What the program printed; read again with ?since=<cursor> for what is new.",
        ),
        Kind::Log => (
            "log",
            "What the agent did in the session, in Markdown: calls, stops, values seen.",
        ),
        Kind::Modules => (
            "modules",
            "The modules and source files the program has loaded, as its debugger tells. Not with \
             the IDE backend: IntelliJ lists a session's loaded classes only through its \
             debuggers' implementation classes, which the plugin does not use.",
        ),
        Kind::Source(_) => unreachable!("source files are a template, not listed"),
    };
    let mime = if uri.kind == Kind::Log {
        MARKDOWN
    } else {
        JSON
    };
    let name = if uri.project.is_some() {
        format!("{name} ({project})")
    } else {
        name.to_string()
    };
    Resource::new(uri.to_string(), name)
        .with_description(description)
        .with_mime_type(mime)
}

/// `resources/read`; `history` is the command history the session log is read from.
pub async fn read(
    app: &App,
    history: &History,
    text: &str,
) -> Result<ReadResourceResult, McpError> {
    let uri = ResourceUri::parse(text).map_err(|e| uri_error(text, e))?;
    let waiting = Waiting::default();
    let call = Call {
        app,
        confirmer: &NoQuestions,
        waiting: &waiting,
    };
    let project = resolve::project(&call, uri.project.as_deref())
        .await
        .map_err(to_mcp)?;
    let contents = match &uri.kind {
        Kind::Source(file) => {
            current_session(app, &project).map_err(to_mcp)?;
            let source = source_text(&project, file).await.map_err(to_mcp)?;
            ResourceContents::text(app.secrets.text(source), text).with_mime_type(TEXT)
        }
        Kind::Log => {
            // A log is most useful once the session is over: an ended session has one.
            let record = app
                .tracker
                .current(&project.path)
                .ok_or_else(|| to_mcp(no_session(&project)))?;
            let log = session_log::render(&history.entries(), &record.descriptor.id);
            ResourceContents::text(log, text).with_mime_type(MARKDOWN)
        }
        _ => {
            let body = state_json(&call, &project, &uri).await.map_err(to_mcp)?;
            ResourceContents::text(body.to_string(), text).with_mime_type(JSON)
        }
    };
    Ok(ReadResourceResult::new(vec![contents]))
}

/// The project's current session; an ended one (or none) is the reader's error.
fn current_session(app: &App, project: &Project) -> ToolResult<SessionRecord> {
    let record = app
        .tracker
        .current(&project.path)
        .ok_or_else(|| no_session(project))?;
    if !record.is_live() {
        return Err(resolve::ended_error(&record));
    }
    Ok(record)
}

fn no_session(project: &Project) -> ToolError {
    ToolError::new(
        ToolCode::NoSession,
        format!(
            "No debug session in '{}' yet: this resource has something to show once one \
             runs (start_debug_session).",
            project.name
        ),
    )
}

/// A session still starting: no process yet, never stopped.
fn initializing(record: &SessionRecord) -> bool {
    record.state == SessionState::Running
        && record.stop_generation == 0
        && record.descriptor.process_id.is_none()
}

async fn state_json(call: &Call<'_>, project: &Project, uri: &ResourceUri) -> ToolResult<Value> {
    let kind = &uri.kind;
    let in_project = json!({ "projectPath": project.path });
    // The breakpoints are the project's; the session resource says when there is none yet.
    match kind {
        Kind::Breakpoints => return tools::call(call, "list_breakpoints", in_project).await,
        Kind::Session if call.app.tracker.current(&project.path).is_none() => {
            return tools::call(call, "get_debug_session_status", in_project).await;
        }
        _ => {}
    }
    let record = current_session(call.app, project)?;
    let session = &record.descriptor;
    let scope = json!({ "projectPath": project.path, "session_id": session.id });
    if initializing(&record) && matches!(kind, Kind::Session | Kind::Threads) {
        return Ok(json!({
            "session_id": session.id,
            "name": session.name,
            "state": "initializing",
            "message": "The session is starting; a subscriber is told when it is ready.",
        }));
    }
    match kind {
        Kind::Session => {
            let mut status = tools::call(
                call,
                "get_debug_session_status",
                json!({ "projectPath": project.path, "session_id": session.id,
                        "include_source_context": false }),
            )
            .await?;
            if let Value::Object(body) = &mut status {
                body.insert("mode".into(), json!(session.mode));
                body.insert("run_configuration".into(), json!(session.run_configuration));
                if let Some(pid) = session.process_id {
                    body.insert("process_id".into(), pid.into());
                }
            }
            Ok(status)
        }
        Kind::Threads => tools::call(call, "list_threads", scope).await,
        Kind::Output => Ok(output_from(&record, uri)),
        Kind::Modules => {
            let code = call.app.backend.loaded_code(&session.id).await?;
            Ok(json!({ "session_id": session.id, "loaded": code }))
        }
        Kind::Breakpoints => unreachable!("read above, with or without a session"),
        Kind::Source(_) | Kind::Log => unreachable!("text resources are read by `read`"),
    }
}

/// The output printed from byte `since` on (the session's whole output, capped: the
/// head may have been dropped), and the cursor to read from next time.
fn output_from(record: &SessionRecord, uri: &ResourceUri) -> Value {
    let since = uri.since.unwrap_or(0);
    let buffer = &record.output_total;
    let start = buffer.dropped() as u64;
    let end = start + buffer.text().len() as u64;
    let from = since.clamp(start, end);
    let mut cut = (from - start) as usize;
    while !buffer.text().is_char_boundary(cut) {
        cut += 1;
    }
    let next = ResourceUri {
        since: Some(end),
        ..uri.clone()
    };
    let mut body = json!({
        "session_id": record.descriptor.id,
        "state": record.state,
        "text": &buffer.text()[cut..],
        "cursor": end,
        "next": next.to_string(),
    });
    if since < start {
        body["missed_bytes"] = (start - since).into();
    }
    body
}

async fn source_text(project: &Project, file: &str) -> ToolResult<String> {
    let path = resolve::file_in(project, file)?;
    let bytes = source_file::read_capped(&path, SOURCE_CAP)
        .await
        .map_err(|e| match e.code {
            ToolCode::InvalidParams => ToolError::invalid_params(format!(
                "{file} is larger than {SOURCE_CAP} bytes, where source resources stop: \
                 read it in pages with get_source_context"
            )),
            _ => e,
        })?;
    String::from_utf8(bytes)
        .map_err(|_| ToolError::invalid_params(format!("{file} is not UTF-8 text")))
}

/// A URI that names no resource of ours is a resource that does not exist (-32002, which
/// rmcp makes -32602 for 2026-07-28 clients, as that protocol asks); a malformed query
/// or encoding of one of ours is invalid params.
fn uri_error(uri: &str, error: UriError) -> McpError {
    let code = match error {
        UriError::Scheme(_) | UriError::Unknown(_) => ErrorCode::RESOURCE_NOT_FOUND,
        UriError::Encoding(_) | UriError::Query(_) => ErrorCode::INVALID_PARAMS,
    };
    McpError::new(code, error.to_string(), Some(json!({ "uri": uri })))
}

/// A tool error as a JSON-RPC error whose `data` is the tool's error body (with its
/// stable `error` code). "Not there" errors are -32002 (rmcp makes them -32602 for
/// 2026-07-28 clients, as that protocol asks).
fn to_mcp(error: ToolError) -> McpError {
    let code = match error.code {
        ToolCode::NoSession
        | ToolCode::SessionEnded
        | ToolCode::SessionNotFound
        | ToolCode::FileNotFound
        | ToolCode::ProjectNotFound => ErrorCode::RESOURCE_NOT_FOUND,
        ToolCode::InvalidParams | ToolCode::PathOutsideProject | ToolCode::MultipleProjectsOpen => {
            ErrorCode::INVALID_PARAMS
        }
        _ => ErrorCode::INTERNAL_ERROR,
    };
    McpError::new(code, error.message.clone(), Some(error.to_json()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tracker::{Tracker, OUTPUT_TOTAL_CAP};
    use debugger_core::model::{LaunchMode, OutputCategory, SessionDescriptor};
    use debugger_core::BackendEvent;

    fn tracker_with_session() -> Tracker {
        let tracker = Tracker::new();
        tracker.register(SessionDescriptor {
            id: "s1".into(),
            name: "app".into(),
            run_configuration: "app".into(),
            mode: LaunchMode::Debug,
            project: "/p/shop".into(),
            process_id: None,
            attached: false,
        });
        tracker
    }

    fn print(tracker: &Tracker, text: &str) {
        tracker.apply(&BackendEvent::Output {
            session: "s1".into(),
            category: OutputCategory::Stdout,
            text: text.into(),
        });
    }

    fn output(tracker: &Tracker, uri: &str) -> Value {
        output_from(
            &tracker.get("s1").unwrap(),
            &ResourceUri::parse(uri).unwrap(),
        )
    }

    #[test]
    fn a_session_is_initializing_until_its_process_or_first_stop() {
        let tracker = tracker_with_session();
        assert!(initializing(&tracker.get("s1").unwrap()));
        tracker.apply(&BackendEvent::ProcessStarted {
            session: "s1".into(),
            process_id: 7,
        });
        assert!(!initializing(&tracker.get("s1").unwrap()));
    }

    #[test]
    fn output_reads_from_its_cursor_and_says_what_the_cap_dropped() {
        let tracker = tracker_with_session();
        print(&tracker, "héllo\n");
        let first = output(&tracker, "debugger://session/output");
        assert_eq!(
            (first["text"].as_str(), first["cursor"].as_u64()),
            (Some("héllo\n"), Some(7))
        );
        assert_eq!(first["next"], "debugger://session/output?since=7");
        print(&tracker, "more\n");
        let next = output(
            &tracker,
            "debugger://session/output?since=7&project=%2Fp%2Fshop",
        );
        assert_eq!(next["text"], "more\n");
        assert_eq!(
            next["next"],
            "debugger://session/output?project=%2Fp%2Fshop&since=12"
        );
        // A cursor inside a character starts at the next whole one.
        assert_eq!(
            output(&tracker, "debugger://session/output?since=2")["text"],
            "llo\nmore\n"
        );

        print(&tracker, &"x".repeat(OUTPUT_TOTAL_CAP));
        let capped = output(&tracker, "debugger://session/output?since=7");
        assert_eq!(capped["missed_bytes"], 5, "the head was dropped");
        assert_eq!(capped["text"].as_str().unwrap().len(), OUTPUT_TOTAL_CAP);
        assert!(
            output(&tracker, "debugger://session/output?since=99999999")["text"]
                .as_str()
                .unwrap()
                .is_empty()
        );
    }
}
