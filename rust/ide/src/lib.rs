//! The IDE bridge backend of jetbrains-debugger: [`IdeBackend`] implements
//! `debugger_core::Backend` by talking JSON-RPC 2.0, over a loopback WebSocket, to
//! the Kotlin plugin inside a JetBrains IDE. The protocol is specified in
//! `protocol/README.md` (version 1) with an example file per method in
//! `protocol/messages/`.
//!
//! - [`wire`]: the message types and the method table.
//! - [`rpc`]: the symmetric JSON-RPC peer and the bridge error ↔ `ToolError` mapping.
//! - [`endpoint`]: the WebSocket listener, authentication, liveness, handshake gate.
//! - [`backend`]: `IdeBackend` itself: connection state, projects, sessions, events.
//! - `fake_ide` (feature `test-support`): the IDE side, scripted by tests.
//!
//! Depends on `debugger-core` only; knows neither MCP nor DAP.

pub mod backend;
pub mod endpoint;
#[cfg(feature = "test-support")]
pub mod fake_ide;
pub mod rpc;
pub mod wire;

pub use backend::{not_connected, IdeBackend, IdeConnection, IdeRequests, SESSION_LOST};
pub use endpoint::BridgeConfig;

/// The environment variable the IDE passes the bridge token in (never argv).
pub const TOKEN_ENV: &str = "JETBRAINS_DEBUGGER_BRIDGE_TOKEN";
