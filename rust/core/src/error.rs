//! The one error type every tool answers with: a stable machine-readable code, a
//! human message, and optional structured details (for example the list of open
//! projects). It becomes a tool result with `isError: true` and the JSON body
//! `{ "error": code, "message": ..., ...details }`.
//!
//! Why a session failed to start or died is told by the code: `adapter_crashed` (the
//! adapter process exited or dropped its connection unasked), `adapter_failed` (it
//! refused the launch, failed to initialize, or the IDE's debugger failed), `timeout`
//! (no answer in time). A backend that knows more adds a `diagnostics` detail (the DAP
//! backend: adapter stderr tail, last protocol events, pending requests with their age,
//! the program's exit code, the adapter's exit code or signal). A program that ends before
//! any stop is no error.

use serde_json::{Map, Value};
use std::fmt;

/// Declares the codes once: the enum, its wire strings, and the list of all of them.
macro_rules! error_codes {
    ($($variant:ident => $code:literal,)+) => {
        /// Stable error codes. Agents match on these strings: never rename one.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum ErrorCode {
            $($variant,)+
        }

        impl ErrorCode {
            /// Every code, in declaration order.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant,)+];

            pub fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => $code,)+
                }
            }
        }
    };
}

error_codes! {
    InvalidParams => "invalid_params",
    MultipleProjectsOpen => "multiple_projects_open",
    ProjectNotFound => "project_not_found",
    PathOutsideProject => "path_outside_project",
    FileNotFound => "file_not_found",
    ConfigurationNotFound => "configuration_not_found",
    CannotDebug => "cannot_debug",
    CannotRun => "cannot_run",
    NoSession => "no_session",
    SessionNotFound => "session_not_found",
    SessionEnded => "session_ended",
    NotPaused => "not_paused",
    NotRunning => "not_running",
    InvalidLocation => "invalid_location",
    BreakpointNotFound => "breakpoint_not_found",
    FrameNotFound => "frame_not_found",
    ThreadNotFound => "thread_not_found",
    VariableNotFound => "variable_not_found",
    VariableExpired => "variable_expired",
    ReadOnlyVariable => "read_only_variable",
    SetFailed => "set_failed",
    WatchNotFound => "watch_not_found",
    StateNotWritable => "state_not_writable",
    SideEffectsNotAllowed => "side_effects_not_allowed",
    EvaluationFailed => "evaluation_failed",
    EvaluationRunning => "evaluation_running",
    Busy => "busy",
    ConfirmationRequired => "confirmation_required",
    ConfirmationDenied => "confirmation_denied",
    DebuggerUnavailable => "debugger_unavailable",
    AdapterFailed => "adapter_failed",
    AdapterCrashed => "adapter_crashed",
    IdeNotConnected => "ide_not_connected",
    NotSupported => "not_supported",
    Timeout => "timeout",
    Cancelled => "cancelled",
    Internal => "internal_error",
}

impl ErrorCode {
    /// The code whose [`ErrorCode::as_str`] is `code`, if any (the inverse of `as_str`).
    pub fn parse(code: &str) -> Option<ErrorCode> {
        Self::ALL.iter().copied().find(|c| c.as_str() == code)
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The detail (`true`) of an evaluation's error when a budget (time or memory) stopped
/// it while it ran: running it again by itself would cost as much again.
pub const OVER_BUDGET: &str = "over_budget";

impl ToolError {
    /// Whether this error says an evaluation ran past its budget or got no answer in
    /// time: what a caller should not repeat on its own.
    pub fn over_budget(&self) -> bool {
        self.code == ErrorCode::Timeout || self.details.get(OVER_BUDGET) == Some(&Value::Bool(true))
    }
}

/// A tool-level failure: what went wrong, in words an agent can act on.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolError {
    pub code: ErrorCode,
    pub message: String,
    /// Extra fields merged into the error body (never secrets).
    pub details: Map<String, Value>,
}

/// Characters of a message kept: messages quote the caller's input, which may be a
/// megabyte long, and the answer and the history must stay small.
pub const MESSAGE_CAP: usize = 2000;

fn capped(message: String) -> String {
    match message.char_indices().nth(MESSAGE_CAP) {
        None => message,
        Some((cut, _)) => {
            let left = message[cut..].chars().count();
            format!("{}… ({left} more characters)", &message[..cut])
        }
    }
}

impl ToolError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: capped(message.into()),
            details: Map::new(),
        }
    }

    pub fn with_detail(mut self, key: &str, value: impl Into<Value>) -> Self {
        self.details.insert(key.to_string(), value.into());
        self
    }

    pub fn invalid_params(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::InvalidParams, message)
    }

    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::Internal, message)
    }

    /// The JSON body of the error result.
    pub fn to_json(&self) -> Value {
        let mut body = Map::new();
        body.insert("error".into(), Value::String(self.code.as_str().into()));
        body.insert("message".into(), Value::String(self.message.clone()));
        for (k, v) in &self.details {
            body.insert(k.clone(), v.clone());
        }
        Value::Object(body)
    }
}

impl fmt::Display for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for ToolError {}

pub type ToolResult<T> = Result<T, ToolError>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn long_messages_are_capped() {
        let huge = ToolError::invalid_params(format!("got \"{}\"", "é".repeat(1_000_000)));
        assert!(huge.message.chars().count() < MESSAGE_CAP + 40);
        assert!(
            huge.message.ends_with("more characters)"),
            "{}",
            &huge.message[huge.message.len() - 40..]
        );
        assert_eq!(ToolError::invalid_params("short").message, "short");
    }

    #[test]
    fn parse_inverts_as_str_for_every_code() {
        let mut seen = HashSet::new();
        for &code in ErrorCode::ALL {
            assert!(seen.insert(code.as_str()), "duplicate string {code}");
            assert_eq!(ErrorCode::parse(code.as_str()), Some(code));
        }
        assert_eq!(
            ErrorCode::parse("internal_error"),
            Some(ErrorCode::Internal)
        );
        assert_eq!(ErrorCode::parse("Timeout"), None);
        assert_eq!(ErrorCode::parse(""), None);
        assert_eq!(ErrorCode::parse("no_such_code"), None);
    }
}
