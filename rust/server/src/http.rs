//! Streamable HTTP transport: `http://127.0.0.1:PORT/mcp`, loopback only, with the
//! checks the MCP spec asks of local servers (DNS rebinding):
//! - `Host` must be a loopback name (with or without our port);
//! - a request without `Origin` (CLI clients, SDKs) is accepted; a request with one
//!   (a browser page, whichever program served it, `http://localhost:<any port>`
//!   included) is refused with 403 unless the user allowed that origin
//!   (`--allow-origin`, `JETBRAINS_DEBUGGER_ALLOW_ORIGINS`);
//! - a POST body that is not JSON answers a JSON-RPC parse error (-32700), and JSON
//!   that is not a JSON-RPC message an invalid request (-32600), instead of rmcp's
//!   bare HTTP 415;
//! - idle MCP sessions are closed after [`SESSION_IDLE`], and past
//!   [`MAX_SESSIONS`] the least recently used one (`http_sessions.rs`).

use crate::cli::Server;
use crate::http_sessions::{SessionBound, MAX_SESSIONS};
use anyhow::{Context, Result};
use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use rmcp::model::ClientJsonRpcMessage;
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

/// Loopback hosts (with any port) and the browser origins the user allowed.
fn config(port: u16, allowed_origins: &[String]) -> StreamableHttpServerConfig {
    let hosts = ["127.0.0.1", "localhost", "[::1]"];
    StreamableHttpServerConfig::default()
        .with_allowed_hosts(
            hosts
                .iter()
                .flat_map(|h| [h.to_string(), format!("{h}:{port}")])
                .collect::<Vec<_>>(),
        )
        .with_allowed_origins(allowed_origins.iter().cloned())
        .enforce_origin_validation()
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
    allowed_origins: &[String],
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<()> {
    let bound = listener.local_addr()?;
    let handler = server.handler();
    let mut sessions = LocalSessionManager::default();
    sessions.session_config.keep_alive = Some(SESSION_IDLE);
    let sessions = Arc::new(sessions);
    let bound_sessions = SessionBound::new(sessions.clone(), MAX_SESSIONS);
    let config = config(bound.port(), allowed_origins);
    let body_limit = config.max_request_body_bytes;
    let service =
        StreamableHttpService::new(move || Ok(handler.for_connection()), sessions, config);
    let router = axum::Router::new()
        .nest_service("/mcp", service)
        .layer(axum::middleware::from_fn(move |request, next| {
            bound_sessions.clone().track(request, next)
        }))
        .layer(axum::middleware::from_fn(move |request, next| {
            refuse_unparsable(request, next, body_limit)
        }));
    tracing::info!("MCP server at http://{bound}/mcp");
    eprintln!("jetbrains-debugger MCP server listening on http://{bound}/mcp");
    let (stopping_tx, stopping_rx) = tokio::sync::oneshot::channel::<()>();
    let shutdown = async move {
        shutdown.await;
        let _ = stopping_tx.send(());
    };
    // Each request knows its connection's peer: a confirmation is bound to it (`asker.rs`).
    let router = router.into_make_service_with_connect_info::<SocketAddr>();
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

/// Answer a JSON POST whose body rmcp could not decode with a JSON-RPC error (HTTP 400)
/// rather than rmcp's bare 415; pass every other request through untouched.
async fn refuse_unparsable(
    request: Request<Body>,
    next: axum::middleware::Next,
    body_limit: usize,
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
    if let Some((code, message)) = jsonrpc_rejection(&bytes) {
        let body = serde_json::json!({
            "jsonrpc": "2.0",
            "id": null,
            "error": { "code": code, "message": message },
        });
        return (StatusCode::BAD_REQUEST, axum::Json(body)).into_response();
    }
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}

/// The JSON-RPC error a request body deserves, if rmcp cannot decode it: -32700 when
/// it is not JSON (invalid UTF-8, a lone surrogate, garbage), -32600 when it is JSON
/// but not a JSON-RPC message.
fn jsonrpc_rejection(body: &[u8]) -> Option<(i32, String)> {
    if serde_json::from_slice::<ClientJsonRpcMessage>(body).is_ok() {
        return None;
    }
    Some(match serde_json::from_slice::<serde_json::Value>(body) {
        Err(err) => (-32700, format!("Parse error: the body is not JSON ({err})")),
        Ok(_) => (
            -32600,
            "Invalid Request: the body is not a JSON-RPC 2.0 request, notification or response"
                .to_string(),
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unparsable_bodies_get_jsonrpc_errors() {
        let lone_surrogate = br#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"\ud800"}}"#;
        assert_eq!(jsonrpc_rejection(lone_surrogate).unwrap().0, -32700);
        assert_eq!(jsonrpc_rejection(b"\xff\xfe{").unwrap().0, -32700);
        assert_eq!(jsonrpc_rejection(b"").unwrap().0, -32700);
        assert_eq!(jsonrpc_rejection(br#"{"hello": 1}"#).unwrap().0, -32600);
        assert_eq!(
            jsonrpc_rejection(br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#),
            None
        );
    }
}
