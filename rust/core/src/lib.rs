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
pub mod eval_guard;
pub mod history;
pub mod journal;
pub mod profile;
pub mod project;
pub mod source_file;
pub mod state;
