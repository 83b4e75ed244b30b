//! How MCP reaches the server: stdio (`stdio.rs`, over polled pipes and sockets where
//! it can: `std_streams.rs`) and streamable HTTP on loopback (`http.rs`), with its
//! per-client sessions (`sessions.rs`), JSON-RPC batches (`batch.rs`), the Origin and
//! Host checks (`origins.rs`) and the bearer token (`auth.rs`).

pub mod auth;
pub mod batch;
pub mod http;
pub mod origins;
pub mod sessions;
pub mod std_streams;
pub mod stdio;
