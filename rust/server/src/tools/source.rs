//! Source tools: lines around a location, with breakpoint markers. Files are read
//! through [`source_file`] (bounded, regular files only, off the async workers).

use super::frames;
use super::resolve;
use crate::app::Call;
use crate::lenient;
use crate::redact::Secrets;
use debugger_core::model::BreakpointKind;
use debugger_core::source_file;
use debugger_core::{ErrorCode, ToolError, ToolResult};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Most context lines on each side.
const MAX_CONTEXT: u32 = 200;

#[derive(Debug, Serialize, JsonSchema)]
pub struct SourceLine {
    pub number: u32,
    pub content: String,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub is_current: bool,
}

/// The source part of the session status.
#[derive(Debug, Serialize, JsonSchema)]
pub struct StatusSource {
    pub file: String,
    pub start_line: u32,
    pub end_line: u32,
    pub current_line: u32,
    pub lines: Vec<SourceLine>,
    pub breakpoints_in_view: Vec<u32>,
    /// A line was cut at 1,000 characters, or the file is too large to read to here.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
}

pub async fn status_source(
    file: &Path,
    line: u32,
    context: u32,
    breakpoint_lines: &[u32],
    secrets: &Secrets,
) -> ToolResult<StatusSource> {
    let context = context.min(MAX_CONTEXT);
    let read = source_file::read_lines(
        file,
        line.saturating_sub(context).max(1),
        line.saturating_add(context),
    )
    .await?;
    let lines = read.lines;
    let start_line = lines.first().map(|(n, _)| *n).unwrap_or(line);
    let end_line = lines.last().map(|(n, _)| *n).unwrap_or(line);
    Ok(StatusSource {
        file: file.display().to_string(),
        start_line,
        end_line,
        current_line: line,
        breakpoints_in_view: in_view(breakpoint_lines, start_line, end_line),
        truncated: read.truncated,
        lines: lines
            .into_iter()
            .map(|(number, content)| SourceLine {
                is_current: number == line,
                number,
                content: secrets.text(content),
            })
            .collect(),
    })
}

fn in_view(lines: &[u32], start: u32, end: u32) -> Vec<u32> {
    let mut view: Vec<u32> = lines
        .iter()
        .copied()
        .filter(|l| (start..=end).contains(l))
        .collect();
    view.sort_unstable();
    view.dedup();
    view
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct SourceParams {
    #[serde(rename = "projectPath", default)]
    pub project_path: Option<String>,
    #[serde(default)]
    pub session_id: Option<String>,
    // Both default to the current location; the tool description says it once.
    #[serde(default)]
    pub file_path: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_u32")]
    pub line: Option<u32>,
    /// Lines above and below.
    #[serde(default, deserialize_with = "lenient::opt_u32")]
    #[schemars(extend("default" = 10))]
    pub context_lines: Option<u32>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct SourceContext {
    pub file: String,
    pub start_line: u32,
    pub end_line: u32,
    pub current_line: Option<u32>,
    /// The lines, numbered; the current one marked with `>>`.
    pub source: String,
    /// Lines in view that hold breakpoints.
    pub breakpoints: Vec<u32>,
    /// A line was cut at 1,000 characters (marked `…`), or the file is too large to
    /// read to the lines asked for (only its first 32 MiB are read).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
}

pub async fn get_source_context(call: &Call<'_>, p: SourceParams) -> ToolResult<SourceContext> {
    let named = resolve::Named {
        session: p.session_id.as_deref(),
        ..Default::default()
    };
    let project = resolve::project_of(call, p.project_path.as_deref(), named).await?;
    let (file, line) = match &p.file_path {
        Some(path) => {
            let file = resolve::file_in(&project, path)?;
            (file, p.line)
        }
        None => {
            let record = resolve::paused_session(call, &project, p.session_id.as_deref())
                .map_err(|e| ToolError::new(e.code, format!("No 'file_path' given and no paused session to take the location from: {}", e.message)))?;
            let (_, frame) = frames::frame_at(call, &record, None).await?;
            let file = frame.file.ok_or_else(|| {
                ToolError::new(
                    ErrorCode::FileNotFound,
                    "The current frame has no source file.",
                )
            })?;
            (file, p.line.or(frame.line))
        }
    };
    let context = p.context_lines.unwrap_or(10).min(MAX_CONTEXT);
    let centre = line.unwrap_or(1);
    let first = centre.saturating_sub(context).max(1);
    let read = source_file::read_lines(&file, first, centre.saturating_add(context)).await?;
    let lines = read.lines;
    if lines.is_empty() {
        let why = if read.line_count.is_some() {
            format!("{} has no line {centre}.", file.display())
        } else {
            format!(
                "Line {centre} of {} lies beyond the first {} MiB, which is all that is read.",
                file.display(),
                source_file::SCAN_LIMIT / (1024 * 1024)
            )
        };
        return Err(ToolError::new(ErrorCode::InvalidLocation, why));
    }
    let start_line = lines.first().map(|(n, _)| *n).unwrap_or(first);
    let end_line = lines.last().map(|(n, _)| *n).unwrap_or(first);
    let width = end_line.to_string().len();
    let source = lines
        .iter()
        .map(|(n, text)| {
            let marker = if Some(*n) == line { ">>" } else { "  " };
            format!(
                "{marker}{n:>width$}  {}",
                call.app.secrets.text(text.clone())
            )
        })
        .collect::<Vec<_>>()
        .join("\n");
    let breakpoint_lines: Vec<u32> = call
        .app
        .backend
        .breakpoints(&project)
        .await?
        .into_iter()
        .filter_map(|b| match b.spec.kind {
            BreakpointKind::Line { file: f, line } if f == file => Some(line),
            _ => None,
        })
        .collect();
    Ok(SourceContext {
        file: file.display().to_string(),
        start_line,
        end_line,
        current_line: line,
        source,
        breakpoints: in_view(&breakpoint_lines, start_line, end_line),
        truncated: read.truncated,
    })
}
