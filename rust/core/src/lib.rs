//! Backend-neutral core of jetbrains-debugger: the [`backend::Backend`] trait that the
//! standalone DAP backend and the IDE bridge implement, the data they exchange, and
//! the pieces the tools build on (errors, project resolution, history,
//! the one bounded reader of project files).
//! Nothing here speaks MCP or DAP.

pub mod backend;
pub mod error;
pub mod model;

pub use backend::{Backend, BackendEvent};
pub use error::{ErrorCode, ToolError, ToolResult};

/// Lock a mutex whose holder may have panicked: the data is used as it is. One tool call
/// that panics (answered as an internal error) must not take every later call with it.
pub fn lock<T>(mutex: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
pub mod eval_guard;
pub mod history;
pub mod journal;
pub mod line_anchor;
pub mod profile;
pub mod project;
pub mod source_file;
pub mod state;
