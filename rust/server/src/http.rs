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
use std::time::Duration;

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

/// Bind the MCP listener on `127.0.0.1:<port>` (0: any free port).
pub async fn bind(port: u16) -> Result<tokio::net::TcpListener> {
    let address = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    tokio::net::TcpListener::bind(address)
        .await
        .with_context(|| format!("binding {address} (is another server on this port? use --port)"))
}

/// How long open MCP streams may hold up an exit once shutdown was asked for.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(3);

/// Serve MCP on a listener from [`bind`] until `shutdown` resolves (then give open
/// connections [`SHUTDOWN_GRACE`] to finish).
pub async fn serve(
    server: &Server,
    listener: tokio::net::TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<()> {
    let bound = listener.local_addr()?;
    let handler = server.handler();
    let service = StreamableHttpService::new(
        move || Ok(handler.clone()),
        Arc::new(LocalSessionManager::default()),
        config(bound.port()),
    );
    let router = axum::Router::new().nest_service("/mcp", service);
    tracing::info!("MCP server at http://{bound}/mcp");
    eprintln!("jetbrains-debugger MCP server listening on http://{bound}/mcp");
    let (stopping_tx, stopping_rx) = tokio::sync::oneshot::channel::<()>();
    let shutdown = async move {
        shutdown.await;
        let _ = stopping_tx.send(());
    };
    let serving = axum::serve(listener, router).with_graceful_shutdown(shutdown);
    tokio::select! {
        result = serving => result.context("HTTP server"),
        _ = async {
            if stopping_rx.await.is_ok() {
                tokio::time::sleep(SHUTDOWN_GRACE).await;
            } else {
                std::future::pending::<()>().await;
            }
        } => {
            tracing::info!("MCP connections still open after shutdown; closing them");
            Ok(())
        }
    }
}
