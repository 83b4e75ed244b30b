//! A symmetric JSON-RPC 2.0 peer over one connection: numbered outgoing requests
//! with a pending-response map and a timeout each, notifications, and the dispatch
//! of incoming requests and notifications to a [`Handler`]. It also owns the
//! mapping between bridge errors and [`ToolError`]s: a tool error travels as
//! `-32000` with `data: {"error": code, ...details}`.
//!
//! Transport-agnostic: outgoing messages are pushed as text onto a channel, incoming
//! text is handed to [`Peer::receive`]. The WebSocket lives in `endpoint.rs`.

use crate::wire;
use debugger_core::{ErrorCode, ToolError, ToolResult};
use futures_util::future::BoxFuture;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// Not JSON.
pub const PARSE_ERROR: i64 = -32700;
/// JSON, but not a JSON-RPC 2.0 message.
pub const INVALID_REQUEST: i64 = -32600;
pub const METHOD_NOT_FOUND: i64 = -32601;
/// Missing or mistyped field.
pub const INVALID_PARAMS: i64 = -32602;
/// A bug; `message` says what.
pub const INTERNAL_ERROR: i64 = -32603;
/// A tool error: `data` is `{"error": "<stable code>", ...details}`.
pub const TOOL_ERROR: i64 = -32000;
/// `hello` has not succeeded on this connection.
pub const HANDSHAKE_REQUIRED: i64 = -32001;
/// The peer's major protocol version is not supported; `data` is `{"supported": [...]}`.
pub const VERSION_MISMATCH: i64 = -32002;

/// A JSON-RPC error object.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RpcError {
    pub code: i64,
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<Value>,
}

impl RpcError {
    pub fn new(code: i64, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
            data: None,
        }
    }

    pub fn with_data(mut self, data: Value) -> Self {
        self.data = Some(data);
        self
    }

    pub fn method_not_found(method: &str) -> Self {
        Self::new(METHOD_NOT_FOUND, format!("unknown method '{method}'"))
    }

    pub fn invalid_params(message: impl Into<String>) -> Self {
        Self::new(INVALID_PARAMS, message)
    }

    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(INTERNAL_ERROR, message)
    }

    /// The tool error this bridge error stands for, as the agent should see it. A
    /// `-32000` with a known code keeps its code, message and details; an unknown
    /// code, or any other JSON-RPC error (a bug on one side), is `internal_error`.
    pub fn into_tool_error(self, method: &str) -> ToolError {
        if self.code == TOOL_ERROR {
            if let Some(Value::Object(mut data)) = self.data {
                let code = data
                    .remove("error")
                    .and_then(|c| c.as_str().and_then(ErrorCode::parse));
                if let Some(code) = code {
                    return ToolError {
                        code,
                        message: self.message,
                        details: data,
                    };
                }
            }
            return ToolError::internal(self.message);
        }
        ToolError::internal(format!(
            "The IDE rejected '{method}' (JSON-RPC error {}): {}",
            self.code, self.message
        ))
    }
}

impl From<ToolError> for RpcError {
    fn from(error: ToolError) -> Self {
        let mut data = Map::new();
        data.insert("error".into(), Value::String(error.code.as_str().into()));
        data.extend(error.details);
        RpcError::new(TOOL_ERROR, error.message).with_data(Value::Object(data))
    }
}

/// Decode params, answering `-32602` when they do not fit.
pub fn params<P: DeserializeOwned>(method: &str, params: Value) -> Result<P, RpcError> {
    serde_json::from_value(params)
        .map_err(|e| RpcError::invalid_params(format!("invalid params for '{method}': {e}")))
}

/// Encode a result (encoding our own types cannot fail in practice).
pub fn result<R: Serialize>(result: &R) -> Result<Value, RpcError> {
    serde_json::to_value(result).map_err(|e| RpcError::internal(format!("encoding a result: {e}")))
}

/// A handler's answer to a request.
pub enum Answer {
    /// The outcome, ready now.
    Now(Result<Value, RpcError>),
    /// Slow work (running a coding client's CLI, say): the peer goes on reading
    /// messages while it runs on its own task, and answers when it completes.
    Later(BoxFuture<'static, Result<Value, RpcError>>),
}

impl From<Result<Value, RpcError>> for Answer {
    fn from(outcome: Result<Value, RpcError>) -> Self {
        Answer::Now(outcome)
    }
}

/// What a peer does with the requests and notifications it receives. Called in
/// the order messages arrive, one at a time: a handler must not wait for a response
/// from the same peer (that response could never be read), and hands slow work
/// back as [`Answer::Later`].
#[async_trait::async_trait]
pub trait Handler: Send + Sync {
    async fn on_request(&self, method: &str, params: Value) -> Answer;
    async fn on_notification(&self, method: &str, params: Value);
}

/// The error every call fails with once the connection is gone.
pub fn connection_lost(method: &str) -> ToolError {
    ToolError::new(
        ErrorCode::IdeNotConnected,
        format!(
            "The connection to the IDE plugin closed before it answered '{method}'. \
             The plugin reconnects by itself; try again in a moment."
        ),
    )
}

type Reply = Result<Value, RpcError>;

/// One end of a JSON-RPC 2.0 conversation.
pub struct Peer {
    outgoing: mpsc::UnboundedSender<String>,
    pending: Mutex<HashMap<u64, oneshot::Sender<Reply>>>,
    next_id: AtomicU64,
    closed: AtomicBool,
    /// Replaces the spec's per-method timeouts when set (tests).
    timeout_override: Option<Duration>,
}

/// Removes a pending request when its caller stops waiting (answered, timed out or
/// dropped).
struct PendingGuard<'a> {
    peer: &'a Peer,
    id: u64,
}

impl Drop for PendingGuard<'_> {
    fn drop(&mut self) {
        self.peer.lock_pending().remove(&self.id);
    }
}

impl Peer {
    /// A peer whose outgoing messages go to `outgoing`, one JSON text each.
    pub fn new(
        outgoing: mpsc::UnboundedSender<String>,
        timeout_override: Option<Duration>,
    ) -> Self {
        Self {
            outgoing,
            pending: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(1),
            closed: AtomicBool::new(false),
            timeout_override,
        }
    }

    fn lock_pending(&self) -> std::sync::MutexGuard<'_, HashMap<u64, oneshot::Sender<Reply>>> {
        self.pending.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::SeqCst)
    }

    /// The connection is gone: fail every pending request (`ide_not_connected`)
    /// and every later one at once.
    pub fn close(&self) {
        self.closed.store(true, Ordering::SeqCst);
        // Dropping the senders wakes the callers with `connection_lost`.
        self.lock_pending().clear();
    }

    /// Send a request and wait for its result, at most the spec's timeout for the
    /// method.
    pub async fn request<P: Serialize, R: DeserializeOwned>(
        &self,
        method: &str,
        params: &P,
    ) -> ToolResult<R> {
        let timeout = self
            .timeout_override
            .unwrap_or_else(|| wire::timeout_for(method));
        self.request_with_timeout(method, params, timeout).await
    }

    /// Send a request and wait for its result at most `timeout`; then answer
    /// `timeout` and ignore a late response.
    pub async fn request_with_timeout<P: Serialize, R: DeserializeOwned>(
        &self,
        method: &str,
        params: &P,
        timeout: Duration,
    ) -> ToolResult<R> {
        if self.is_closed() {
            return Err(connection_lost(method));
        }
        let params = serde_json::to_value(params)
            .map_err(|e| ToolError::internal(format!("encoding '{method}' params: {e}")))?;
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = oneshot::channel();
        self.lock_pending().insert(id, tx);
        let _guard = PendingGuard { peer: self, id };
        // `close` may have run between the check above and the insert.
        if self.is_closed() {
            return Err(connection_lost(method));
        }
        let message = json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params });
        if self.outgoing.send(message.to_string()).is_err() {
            return Err(connection_lost(method));
        }
        let reply = match tokio::time::timeout(timeout, rx).await {
            Ok(Ok(reply)) => reply,
            Ok(Err(_)) => return Err(connection_lost(method)),
            Err(_) => {
                return Err(ToolError::new(
                    ErrorCode::Timeout,
                    format!(
                        "The IDE did not answer '{method}' within {} s.",
                        timeout.as_secs_f64()
                    ),
                ))
            }
        };
        let value = reply.map_err(|e| e.into_tool_error(method))?;
        serde_json::from_value(value).map_err(|e| {
            ToolError::internal(format!("The IDE's answer to '{method}' is malformed: {e}"))
        })
    }

    /// Send a notification; false when the connection is gone.
    pub fn notify<P: Serialize>(&self, method: &str, params: &P) -> bool {
        if self.is_closed() {
            return false;
        }
        let Ok(params) = serde_json::to_value(params) else {
            tracing::error!(method, "cannot encode notification params");
            return false;
        };
        let message = json!({ "jsonrpc": "2.0", "method": method, "params": params });
        self.outgoing.send(message.to_string()).is_ok()
    }

    fn send_response(&self, id: Value, outcome: Result<Value, RpcError>) {
        // A closed connection cannot be answered; nothing to do.
        let _ = self.outgoing.send(response_text(id, outcome));
    }

    /// Handle one incoming message: a response completes its pending request; a
    /// request is answered through `handler`; a notification is passed to it.
    /// Malformed messages are answered with `-32700` / `-32600`.
    pub async fn receive(&self, text: &str, handler: &dyn Handler) {
        let message: Value = match serde_json::from_str(text) {
            Ok(message) => message,
            Err(e) => {
                let error = RpcError::new(PARSE_ERROR, format!("parse error: {e}"));
                return self.send_response(Value::Null, Err(error));
            }
        };
        let Value::Object(mut message) = message else {
            let error = RpcError::new(INVALID_REQUEST, "a message must be a JSON object");
            return self.send_response(Value::Null, Err(error));
        };
        let id = message.remove("id");
        let valid_id = matches!(id, None | Some(Value::Number(_)) | Some(Value::String(_)));
        let reply_id = id.clone().filter(|_| valid_id).unwrap_or(Value::Null);
        if message.get("jsonrpc").and_then(Value::as_str) != Some("2.0") || !valid_id {
            let error = RpcError::new(INVALID_REQUEST, "not a JSON-RPC 2.0 message");
            return self.send_response(reply_id, Err(error));
        }
        match (message.remove("method"), id) {
            (Some(Value::String(method)), Some(id)) => {
                let params = message.remove("params").unwrap_or(Value::Null);
                match handler.on_request(&method, params).await {
                    Answer::Now(outcome) => self.send_response(id, outcome),
                    Answer::Later(work) => {
                        let outgoing = self.outgoing.clone();
                        tokio::spawn(async move {
                            let _ = outgoing.send(response_text(id, work.await));
                        });
                    }
                }
            }
            (Some(Value::String(method)), None) => {
                let params = message.remove("params").unwrap_or(Value::Null);
                handler.on_notification(&method, params).await;
            }
            (Some(_), _) => {
                let error = RpcError::new(INVALID_REQUEST, "'method' must be a string");
                self.send_response(reply_id, Err(error));
            }
            (None, Some(id)) if message.contains_key("result") || message.contains_key("error") => {
                self.complete(id, message);
            }
            (None, _) => {
                let error = RpcError::new(INVALID_REQUEST, "neither a request nor a response");
                self.send_response(reply_id, Err(error));
            }
        }
    }

    fn complete(&self, id: Value, mut message: Map<String, Value>) {
        let Some(id) = id.as_u64() else {
            tracing::debug!(%id, "response with an id this side never used");
            return;
        };
        let reply = match message.remove("error") {
            Some(error) => Err(
                serde_json::from_value::<RpcError>(error).unwrap_or_else(|e| {
                    RpcError::internal(format!("malformed error object in the response: {e}"))
                }),
            ),
            None => Ok(message.remove("result").unwrap_or(Value::Null)),
        };
        match self.lock_pending().remove(&id) {
            Some(waiter) => {
                let _ = waiter.send(reply);
            }
            None => tracing::debug!(id, "late or unknown response ignored"),
        }
    }
}

/// A response message's text.
fn response_text(id: Value, outcome: Result<Value, RpcError>) -> String {
    let message = match outcome {
        Ok(result) => json!({ "jsonrpc": "2.0", "id": id, "result": result }),
        Err(error) => json!({ "jsonrpc": "2.0", "id": id, "error": error }),
    };
    message.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    struct Echo;

    #[async_trait::async_trait]
    impl Handler for Echo {
        async fn on_request(&self, method: &str, params: Value) -> Answer {
            match method {
                "echo" => Ok(params).into(),
                "fail" => Err(ToolError::new(ErrorCode::NotPaused, "running").into()).into(),
                "slow" => Answer::Later(Box::pin(async move {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    Ok(params)
                })),
                other => Err(RpcError::method_not_found(other)).into(),
            }
        }
        async fn on_notification(&self, _method: &str, _params: Value) {}
    }

    fn peer() -> (Arc<Peer>, mpsc::UnboundedReceiver<String>) {
        let (tx, rx) = mpsc::unbounded_channel();
        (Arc::new(Peer::new(tx, None)), rx)
    }

    async fn answer(text: &str) -> Value {
        let (peer, mut rx) = peer();
        peer.receive(text, &Echo).await;
        serde_json::from_str(&rx.recv().await.unwrap()).unwrap()
    }

    #[tokio::test]
    async fn answers_requests_and_protocol_errors() {
        assert_eq!(
            answer(r#"{"jsonrpc":"2.0","id":7,"method":"echo","params":{"a":1}}"#).await,
            json!({"jsonrpc":"2.0","id":7,"result":{"a":1}})
        );
        assert_eq!(
            answer(r#"{"jsonrpc":"2.0","id":8,"method":"fail"}"#).await,
            json!({"jsonrpc":"2.0","id":8,"error":{"code":-32000,"message":"running","data":{"error":"not_paused"}}})
        );
        assert_eq!(
            answer(r#"{"jsonrpc":"2.0","id":9,"method":"nope"}"#).await["error"]["code"],
            -32601
        );
        assert_eq!(answer("{not json").await["error"]["code"], -32700);
        assert_eq!(answer("[1,2]").await["error"]["code"], -32600);
        let v1 = answer(r#"{"jsonrpc":"1.0","id":3,"method":"echo"}"#).await;
        assert_eq!(
            (v1["id"].clone(), v1["error"]["code"].clone()),
            (json!(3), json!(-32600))
        );
        assert_eq!(
            answer(r#"{"jsonrpc":"2.0","id":4,"method":5}"#).await["error"]["code"],
            -32600
        );
        assert_eq!(
            answer(r#"{"jsonrpc":"2.0","id":{"x":1},"method":"echo"}"#).await["id"],
            Value::Null
        );
    }

    #[tokio::test]
    async fn a_slow_answer_does_not_hold_up_the_next_message() {
        let (peer, mut rx) = peer();
        peer.receive(
            r#"{"jsonrpc":"2.0","id":1,"method":"slow","params":"s"}"#,
            &Echo,
        )
        .await;
        peer.receive(
            r#"{"jsonrpc":"2.0","id":2,"method":"echo","params":"e"}"#,
            &Echo,
        )
        .await;
        let first: Value = serde_json::from_str(&rx.recv().await.unwrap()).unwrap();
        let second: Value = serde_json::from_str(&rx.recv().await.unwrap()).unwrap();
        assert_eq!(
            (first["id"].clone(), second["id"].clone()),
            (json!(2), json!(1))
        );
        assert_eq!(second["result"], "s");
    }

    #[tokio::test]
    async fn requests_complete_time_out_and_fail_on_close() {
        let (peer, mut rx) = peer();
        let caller = peer.clone();
        let call = tokio::spawn(async move {
            caller
                .request::<_, Value>("session/threads", &json!({"session":"s1"}))
                .await
        });
        let sent: Value = serde_json::from_str(&rx.recv().await.unwrap()).unwrap();
        assert_eq!(sent["method"], "session/threads");
        let id = sent["id"].as_u64().unwrap();
        let response = json!({"jsonrpc":"2.0","id":id,"result":{"threads":[]}}).to_string();
        peer.receive(&response, &Echo).await;
        assert_eq!(call.await.unwrap().unwrap(), json!({"threads":[]}));

        let err = peer
            .request_with_timeout::<_, Value>(
                "session/pause",
                &json!({}),
                Duration::from_millis(20),
            )
            .await
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::Timeout);
        assert!(
            peer.lock_pending().is_empty(),
            "a timed-out request is forgotten"
        );

        let caller = peer.clone();
        let call =
            tokio::spawn(
                async move { caller.request::<_, Value>("session/stop", &json!({})).await },
            );
        let _ = rx.recv().await.unwrap();
        let _ = rx.recv().await.unwrap();
        peer.close();
        assert_eq!(
            call.await.unwrap().unwrap_err().code,
            ErrorCode::IdeNotConnected
        );
        let err = peer
            .request::<_, Value>("session/stop", &json!({}))
            .await
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::IdeNotConnected);
        assert!(!peer.notify("history/changed", &json!({"kind":"cleared"})));
    }

    #[test]
    fn tool_errors_map_both_ways() {
        let error = ToolError::new(ErrorCode::ConfigurationNotFound, "no such")
            .with_detail("available", json!(["a"]));
        let rpc = RpcError::from(error.clone());
        assert_eq!(
            serde_json::to_value(&rpc).unwrap(),
            json!({"code":-32000,"message":"no such","data":{"error":"configuration_not_found","available":["a"]}})
        );
        assert_eq!(rpc.into_tool_error("m"), error);

        let unknown = RpcError::new(TOOL_ERROR, "odd").with_data(json!({"error":"brand_new"}));
        let mapped = unknown.into_tool_error("m");
        assert_eq!(
            (mapped.code, mapped.message.as_str()),
            (ErrorCode::Internal, "odd")
        );
        let no_data = RpcError::new(TOOL_ERROR, "bare").into_tool_error("m");
        assert_eq!(no_data.code, ErrorCode::Internal);
        let protocol = RpcError::invalid_params("missing field").into_tool_error("frame/select");
        assert_eq!(protocol.code, ErrorCode::Internal);
        assert!(protocol.message.contains("frame/select") && protocol.message.contains("-32602"));
    }
}
