//! The standalone backend: implements [`debugger_core::Backend`] by driving debug
//! adapters (one adapter process per session): debugpy for Python, lldb-dap for C,
//! C++ and Rust, Delve for Go, each described by a profile in [`adapter`].
//!
//! - [`adapter`]: the adapter profiles (which `type`s, how to start and reach the
//!   adapter, its launch arguments, evaluation, exceptions, quirks).
//! - [`protocol`]: DAP message shapes and `Content-Length` framing.
//! - [`client`]: one adapter connection (request correlation, timeouts, events).
//! - [`breakpoints`]: the per-project breakpoint store and the full-list logic.
//! - [`launch_json`]: each project's `.vscode/launch.json` as [`launch_json::LaunchConfig`]s.
//! - [`file_launch`]: the temporary configuration that debugs one file with no
//!   launch.json entry (a script, or pytest for a test file; Go tests and programs).
//! - [`test_runs`]: test launches: how a failing test stops, one test selected.
//! - [`session`]: one session's handshake, event loop and requests.
//! - [`diagnostics`]: what a session keeps to say why it failed or died.
//! - [`config`]: how the backend runs; [`hub`]: the state sessions share.
//! - [`backend`]: the trait implementation; `launch_setup.rs`: how a launch is set up.
//! - [`tree`], [`warm`], [`values`]: process trees, adapters started ahead, how values
//!   are read.
//!
//! Launch errors: no interpreter or no debugpy → `debugger_unavailable` (naming
//! `<python> -m pip install debugpy`); a missing program or working directory is
//! checked before spawning (debugpy would start it and Python would exit with 2)
//! and, like any failure debugpy reports, is `adapter_failed` with debugpy's
//! message and the tail of its stderr.

pub mod adapter;
pub mod backend;
pub mod breakpoints;
pub mod client;
pub mod config;
pub mod diagnostics;
pub mod file_launch;
pub mod follow_edits;
pub mod hub;
pub mod launch_json;
mod launch_setup;
pub mod protocol;
pub mod session;
pub mod test_runs;
pub mod tree;
pub mod values;
pub mod warm;

pub use backend::DapBackend;
pub use config::DapConfig;
