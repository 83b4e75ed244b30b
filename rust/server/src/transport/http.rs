//! Streamable HTTP transport: `http://127.0.0.1:PORT/mcp`, loopback only. First of all
//! a request must carry the access token (`Authorization: Bearer`, [`crate::transport::auth`]; 401
//! otherwise) unless `--no-auth`; then the checks the MCP spec asks of local servers (DNS
//! rebinding):
//! - `Host` must be a loopback name (with or without our port);
//! - a request without `Origin` (CLI clients, SDKs) is accepted; a request with one
//!   (a browser page) is refused with 403 unless it is the server's own origin or one
//!   the user allowed ([`crate::transport::origins`]);
//! - a POST body that is not JSON answers a JSON-RPC parse error (-32700), and JSON
//!   that is not a JSON-RPC message an invalid request (-32600), instead of rmcp's
//!   bare HTTP 415; a batch (protocol 2025-03-26) is answered by [`http_batch`];
//! - idle MCP sessions are closed after [`SESSION_IDLE`], and past
//!   [`MAX_SESSIONS`] the least recently used one (`sessions.rs`);
//! - every accepted connection has `TCP_NODELAY` set.

use crate::mcp::McpServer;
use crate::transport::batch;
use crate::transport::origins::AllowedOrigins;
use crate::transport::sessions::{SessionBound, MAX_SESSIONS};
use anyhow::{Context, Result};
use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::serve::ListenerExt;
use rmcp::transport::streamable_http_server::{
    session::local::LocalSessionManager, StreamableHttpServerConfig, StreamableHttpService,
};
use std::future::Future;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

/// Default HTTP port: stable, so `claude mcp add` URLs survive restarts.
pub const DEFAULT_PORT: u16 = 47823;

/// An MCP session with no request for this long is closed and its memory freed.
pub const SESSION_IDLE: Duration = Duration::from_secs(10 * 60);

/// Loopback hosts (with any port). Origins are checked before rmcp sees the request
/// ([`refuse_foreign_origins`]): the server's own origin depends on the `Host`.
fn config(port: u16) -> StreamableHttpServerConfig {
    let hosts = ["127.0.0.1", "localhost", "[::1]"];
    StreamableHttpServerConfig::default().with_allowed_hosts(
        hosts
            .iter()
            .flat_map(|h| [h.to_string(), format!("{h}:{port}")])
            .collect::<Vec<_>>(),
    )
}

/// Bind the MCP listener on `127.0.0.1:<port>` (0: any free port).
pub async fn bind(port: u16) -> Result<tokio::net::TcpListener> {
    let address = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    tokio::net::TcpListener::bind(address)
        .await
        .with_context(|| format!("binding {address} (is another server on this port? use --port)"))
}

/// `listener` with `TCP_NODELAY` on every connection it accepts: with Nagle's algorithm
/// an answer's last segment waits for the client's delayed ACK, ~40 ms per request on a
/// kept-alive connection.
/// (A named type: axum gives a connection's peer address to a `TapIo` listener only.)
fn without_nagle(listener: tokio::net::TcpListener) -> NoNagle {
    fn no_delay(stream: &mut tokio::net::TcpStream) {
        if let Err(err) = stream.set_nodelay(true) {
            tracing::debug!(%err, "cannot set TCP_NODELAY on an MCP connection");
        }
    }
    listener.tap_io(no_delay)
}

type NoNagle = axum::serve::TapIo<tokio::net::TcpListener, fn(&mut tokio::net::TcpStream)>;

/// How long open MCP streams may hold up an exit once shutdown was asked for.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(3);

/// Serve MCP with `handler` (one clone per connection) on a listener from [`bind`]
/// until `shutdown` resolves (then give open connections [`SHUTDOWN_GRACE`] to finish).
pub async fn serve(
    handler: McpServer,
    listener: tokio::net::TcpListener,
    allowed_origins: &AllowedOrigins,
    gate: Option<Arc<crate::transport::auth::Gate>>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<()> {
    let bound = listener.local_addr()?;
    let mut sessions = LocalSessionManager::default();
    sessions.session_config.keep_alive = Some(SESSION_IDLE);
    let sessions = Arc::new(sessions);
    let bound_sessions = SessionBound::new(sessions.clone(), MAX_SESSIONS);
    let config = config(bound.port());
    let origins = Arc::new(allowed_origins.clone());
    let body_limit = config.max_request_body_bytes;
    let service =
        StreamableHttpService::new(move || Ok(handler.for_connection()), sessions, config);
    let batches = Arc::new(service.clone());
    let router = axum::Router::new()
        .nest_service("/mcp", service)
        .layer(axum::middleware::from_fn(move |request, next| {
            refuse_unparsable(request, next, body_limit, batches.clone())
        }))
        .layer(axum::middleware::from_fn(move |request, next| {
            bound_sessions.clone().track(request, next)
        }))
        .layer(axum::middleware::from_fn(move |request, next| {
            refuse_foreign_origins(request, next, origins.clone(), bound.port())
        }));
    // Outermost: nothing else sees a request without the token.
    let router = match gate {
        Some(gate) => router.layer(axum::middleware::from_fn(move |request, next| {
            crate::transport::auth::require_token(request, next, gate.clone())
        })),
        None => router,
    };
    tracing::info!("MCP server at http://{bound}/mcp");
    eprintln!("jetbrains-debugger MCP server listening on http://{bound}/mcp");
    let (stopping_tx, stopping_rx) = tokio::sync::oneshot::channel::<()>();
    let shutdown = async move {
        shutdown.await;
        let _ = stopping_tx.send(());
    };
    // Each request knows its connection's peer: a confirmation is bound to it (`consent/asker.rs`).
    let router = router.into_make_service_with_connect_info::<SocketAddr>();
    let serving = axum::serve(without_nagle(listener), router).with_graceful_shutdown(shutdown);
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

/// Refuse with 403 a request whose `Origin` is neither the server's own nor allowed;
/// pass every other request through untouched.
async fn refuse_foreign_origins(
    request: Request<Body>,
    next: axum::middleware::Next,
    origins: Arc<AllowedOrigins>,
    port: u16,
) -> Response {
    let headers = request.headers();
    let admitted = match headers.get(header::ORIGIN).map(|v| v.to_str()) {
        None => true,
        Some(Ok(origin)) => {
            let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
            origins.admit(origin, host, port)
        }
        Some(Err(_)) => false,
    };
    if admitted {
        return next.run(request).await;
    }
    tracing::warn!(
        origin = ?request.headers().get(header::ORIGIN),
        "refused a request from a browser origin that is not allowed"
    );
    (
        StatusCode::FORBIDDEN,
        "Forbidden: Origin header is not allowed (see --allow-origin)",
    )
        .into_response()
}

/// Answer a JSON POST whose body rmcp could not decode with a JSON-RPC error (HTTP 400)
/// rather than rmcp's bare 415, and a batch through [`http_batch`]; pass every other
/// request through untouched.
async fn refuse_unparsable(
    request: Request<Body>,
    next: axum::middleware::Next,
    body_limit: usize,
    batches: Arc<batch::Mcp>,
) -> Response {
    let is_json = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.split(';').next().unwrap_or("").trim())
        .is_some_and(|essence| essence.eq_ignore_ascii_case("application/json"));
    if request.method() != Method::POST || !is_json {
        return next.run(request).await;
    }
    let (parts, body) = request.into_parts();
    let bytes = match axum::body::to_bytes(body, body_limit).await {
        Ok(bytes) => bytes,
        Err(err) => {
            return (
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("Payload Too Large: request body exceeds {body_limit} bytes ({err})"),
            )
                .into_response()
        }
    };
    if let Ok(serde_json::Value::Array(items)) = serde_json::from_slice(&bytes) {
        return batch::answer(&parts, items, &batches, body_limit).await;
    }
    if let Some((code, message)) = batch::jsonrpc_rejection(&bytes) {
        let null = serde_json::Value::Null;
        return batch::error_response(StatusCode::BAD_REQUEST, null, code, message);
    }
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn accepted_connections_have_no_nagle_delay() {
        use axum::serve::Listener;
        let mut listener = without_nagle(bind(0).await.unwrap());
        let address = listener.local_addr().unwrap();
        let client = tokio::spawn(tokio::net::TcpStream::connect(address));
        let (accepted, _) = listener.accept().await;
        assert!(accepted.nodelay().unwrap());
        client.await.unwrap().unwrap();
    }
}
