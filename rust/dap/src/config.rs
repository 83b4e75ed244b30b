//! How the standalone backend runs ([`DapConfig`]): the projects, the interpreter, the
//! shim, the bounds of a request and a launch, break on uncaught.

use debugger_core::model::Project;
use debugger_core::state::StateDir;
use std::path::PathBuf;
use std::time::Duration;

/// How the standalone backend runs.
#[derive(Debug, Clone)]
pub struct DapConfig {
    /// Projects open in this server.
    pub projects: Vec<Project>,
    /// Interpreter from `--python` (used when a configuration names none).
    pub python: Option<PathBuf>,
    /// Put the TCP_NODELAY `sitecustomize` shim on the debuggee's `PYTHONPATH`.
    pub tcp_nodelay_shim: bool,
    /// Never run program code to show values (debugpy with the shim: `values.rs`).
    pub values_without_code: bool,
    /// Where breakpoints persist.
    pub state: StateDir,
    /// Bound of one DAP request.
    pub request_timeout: Duration,
    /// Bound of the launch handshake (adapter start to `launch` answered).
    pub launch_timeout: Duration,
    /// Debug sessions stop at an uncaught exception unless the launch says otherwise.
    pub break_on_uncaught: bool,
}

impl DapConfig {
    /// Defaults: shim on, 10 s per request, 30 s per launch, break on uncaught.
    pub fn new(projects: Vec<Project>, state: StateDir) -> Self {
        Self {
            projects,
            python: None,
            tcp_nodelay_shim: true,
            values_without_code: false,
            state,
            request_timeout: Duration::from_secs(10),
            launch_timeout: Duration::from_secs(30),
            break_on_uncaught: true,
        }
    }
}
