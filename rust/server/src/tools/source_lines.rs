//! Whether code runs on one line of a project file (a line breakpoint's check), read
//! through the bounded reader off the async workers.

use debugger_core::source_file;
use debugger_core::{ErrorCode, ToolError, ToolResult};
use std::path::Path;

/// Check that `line` of `file` can hold a breakpoint: it exists and is not blank
/// or a comment (a debugger would accept it but never stop there).
pub async fn check_code_line(file: &Path, line: u32) -> ToolResult<()> {
    if line == 0 {
        return Err(ToolError::invalid_params(
            "'line' must be 1 or more (lines start at 1).",
        ));
    }
    let read = source_file::read_lines(file, line, line).await?;
    let invalid = |why: String| Err(ToolError::new(ErrorCode::InvalidLocation, why));
    let Some((_, content)) = read.lines.first() else {
        return invalid(match read.line_count {
            Some(count) => format!(
                "{} has {count} lines; line {line} does not exist.",
                file.display()
            ),
            None => format!(
                "Line {line} of {} lies beyond the first {} MiB, which is all that is read.",
                file.display(),
                source_file::SCAN_LIMIT / (1024 * 1024)
            ),
        });
    };
    let content = content.trim();
    let comment_marker = match file.extension().and_then(|e| e.to_str()) {
        Some("py") => Some("#"),
        Some("java" | "kt" | "kts" | "js" | "ts" | "go" | "rs" | "c" | "cpp" | "cs") => Some("//"),
        _ => None,
    };
    if content.is_empty() {
        return invalid(format!(
            "Line {line} of {} is blank; no code runs there.",
            file.display()
        ));
    }
    if comment_marker.is_some_and(|m| content.starts_with(m)) {
        return invalid(format!(
            "Line {line} of {} is a comment; no code runs there.",
            file.display()
        ));
    }
    Ok(())
}
