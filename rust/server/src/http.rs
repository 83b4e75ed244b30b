//! Streamable HTTP transport: `http://127.0.0.1:PORT/mcp`, loopback only, with the
//! `Host` and `Origin` checks the MCP spec asks of local servers (DNS rebinding).

use crate::cli::Server;
use anyhow::{Context, Result};
use rmcp::transport::streamable_http_server::{
    session::local::LocalSessionManager, StreamableHttpServerConfig, StreamableHttpService,
};
use std::future::Future;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;

/// Hosts and origins a local browser page may legitimately use.
fn config(port: u16) -> StreamableHttpServerConfig {
    let hosts = ["127.0.0.1", "localhost", "[::1]"];
    let mut config = StreamableHttpServerConfig::default().with_allowed_hosts(
        hosts
            .iter()
            .flat_map(|h| [h.to_string(), format!("{h}:{port}")])
            .collect::<Vec<_>>(),
    );
    config.allowed_origins = hosts.iter().map(|h| format!("http://{h}:*")).collect();
    config
}

pub async fn serve(
    server: &Server,
    port: u16,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<()> {
    let handler = server.handler();
    let service = StreamableHttpService::new(
        move || Ok(handler.clone()),
        Arc::new(LocalSessionManager::default()),
        config(port),
    );
    let router = axum::Router::new().nest_service("/mcp", service);
    let address = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .with_context(|| {
            format!("binding {address} (is another server on this port? use --port)")
        })?;
    let bound = listener.local_addr()?;
    tracing::info!("MCP server at http://{bound}/mcp");
    eprintln!("jetbrains-debugger MCP server listening on http://{bound}/mcp");
    axum::serve(listener, router)
        .with_graceful_shutdown(shutdown)
        .await
        .context("HTTP server")
}
