//! JSON-RPC batches over streamable HTTP. Protocol 2025-03-26, the only version that has
//! them, requires a server to take a POST whose body is an array of messages; rmcp takes
//! one message per POST. So each message of a batch goes to the MCP service on its own
//! (same session, same headers), and the answers to the batch's requests come back as
//! one JSON array; a batch of notifications and responses only is answered 202.
//!
//! A batch is refused (HTTP 400, `-32600`, naming why) on a session of a later version
//! (its `MCP-Protocol-Version` header says so; 2025-03-26 clients send none, and a
//! server is to assume 2025-03-26 then), without a session (`initialize` must not be
//! batched), and when empty.
//!
//! The JSON-RPC errors answered here, [`jsonrpc_rejection`] and [`error_response`],
//! also answer a single message that rmcp cannot decode (`http.rs`).

use crate::mcp::McpServer;
use axum::body::Body;
use axum::http::request::Parts;
use axum::http::{header, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::future::join_all;
use rmcp::model::ClientJsonRpcMessage;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::StreamableHttpService;
use serde_json::{json, Value};

/// The MCP service the batch's messages go to.
pub type Mcp = StreamableHttpService<McpServer, LocalSessionManager>;

/// The one protocol version with batches.
const BATCH_VERSION: &str = "2025-03-26";

/// A JSON-RPC error answer as the body of an HTTP response.
pub fn error_response(status: StatusCode, id: Value, code: i32, message: String) -> Response {
    (status, axum::Json(error(id, code, message))).into_response()
}

fn error(id: Value, code: i32, message: String) -> Value {
    json!({ "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": message } })
}

/// Answer the batch `items`, POSTed with `parts`' method, URI and headers.
pub async fn answer(
    parts: &Parts,
    items: Vec<Value>,
    service: &Mcp,
    body_limit: usize,
) -> Response {
    let refuse = |why: String| {
        let message = format!("Invalid Request: {why}");
        error_response(StatusCode::BAD_REQUEST, Value::Null, -32600, message)
    };
    let version = parts
        .headers
        .get("mcp-protocol-version")
        .and_then(|v| v.to_str().ok());
    if let Some(version) = version.filter(|v| *v != BATCH_VERSION) {
        return refuse(format!(
            "JSON-RPC batches belong to protocol {BATCH_VERSION} only and this request is \
             {version}; send the messages one by one"
        ));
    }
    if !parts.headers.contains_key("mcp-session-id") {
        return refuse(format!(
            "a batch needs a session of protocol {BATCH_VERSION}: send initialize alone first"
        ));
    }
    if items.is_empty() {
        return refuse("an empty batch".into());
    }
    let answers = join_all(
        items
            .into_iter()
            .map(|item| answer_one(parts, item, service, body_limit)),
    )
    .await;
    let answers: Vec<Value> = answers.into_iter().flatten().collect();
    if answers.is_empty() {
        return StatusCode::ACCEPTED.into_response();
    }
    (StatusCode::OK, axum::Json(Value::Array(answers))).into_response()
}

/// The answer to one message of a batch: `None` for a notification or a response.
async fn answer_one(parts: &Parts, item: Value, service: &Mcp, body_limit: usize) -> Option<Value> {
    let body = item.to_string();
    if let Some((code, message)) = jsonrpc_rejection(body.as_bytes()) {
        let id = item.get("id").cloned().unwrap_or(Value::Null);
        return Some(error(id, code, message));
    }
    let id = item.get("method").and(item.get("id")).cloned();
    let mut request = Request::new(Body::from(body));
    *request.method_mut() = parts.method.clone();
    *request.uri_mut() = parts.uri.clone();
    *request.headers_mut() = parts.headers.clone();
    *request.extensions_mut() = parts.extensions.clone();
    // The message's own body: the batch's length and framing do not apply to it.
    request.headers_mut().remove(header::CONTENT_LENGTH);
    request.headers_mut().remove(header::TRANSFER_ENCODING);
    let response = service.handle(request).await;
    let id = id?;
    let status = response.status();
    let is_stream = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/event-stream"));
    let bytes = match axum::body::to_bytes(Body::new(response.into_body()), body_limit).await {
        Ok(bytes) => bytes,
        Err(err) => {
            return Some(error(
                id,
                -32603,
                format!("Internal error: the answer was lost ({err})"),
            ))
        }
    };
    if !status.is_success() {
        let text = String::from_utf8_lossy(&bytes);
        return Some(error(
            id,
            -32600,
            format!("Invalid Request: HTTP {status}: {text}"),
        ));
    }
    let messages: Vec<Value> = if is_stream {
        crate::relay::upstream::sse_data(&bytes)
            .iter()
            .filter_map(|data| serde_json::from_str(data).ok())
            .collect()
    } else {
        serde_json::from_slice(&bytes).into_iter().collect()
    };
    let answer = messages.into_iter().find(|message| {
        message.get("id") == Some(&id)
            && message.get("method").is_none()
            && (message.get("result").is_some() || message.get("error").is_some())
    });
    Some(answer.unwrap_or_else(|| error(id, -32603, "Internal error: no answer came".into())))
}

/// The JSON-RPC error a request body deserves, if rmcp cannot decode it: -32700 when
/// it is not JSON (invalid UTF-8, a lone surrogate, garbage), -32600 when it is JSON
/// but not a JSON-RPC message.
pub fn jsonrpc_rejection(body: &[u8]) -> Option<(i32, String)> {
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
