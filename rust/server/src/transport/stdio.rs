//! The stdio transport: newline-delimited JSON-RPC on stdin and stdout, as rmcp's own,
//! plus what JSON-RPC 2.0 and MCP ask of a line that is not one message (rmcp ignores a
//! line that is not JSON and answers other malformed ones without an `id`):
//! - a line that is not JSON is answered `-32700`, JSON that is not a message `-32600`,
//!   both with `"id": null` (or the message's own id when it has a readable one);
//! - an array is a batch. Protocol 2025-03-26, the only version with batches, requires
//!   receiving them: on a session that negotiated it, each message is handled and the
//!   answers to the batch's requests go back together as one array. On any other
//!   version the batch is refused (`-32600`, naming the version).
//!
//! Used by `stdio` and by its relay to a running IDE's server alike.

use crate::transport::std_streams;
use rmcp::model::{ClientNotification, ErrorCode, RequestId, ServerResult};
use rmcp::service::{RoleServer, RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use serde_json::{json, Value};
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;

/// The longest message read (as rmcp's stdio transport).
pub const MAX_LINE: usize = 16 * 1024 * 1024;
/// The one protocol version whose sessions take JSON-RPC batches.
const BATCH_VERSION: &str = "2025-03-26";

type Incoming = RxJsonRpcMessage<RoleServer>;
type Outgoing = TxJsonRpcMessage<RoleServer>;

/// The server's side of a stdio connection.
pub struct Stdio<W> {
    shared: Arc<Shared<W>>,
    incoming: mpsc::Receiver<Incoming>,
    reader: tokio::task::JoinHandle<()>,
}

/// This process's stdin and stdout.
pub fn stdio() -> Stdio<std_streams::Output> {
    let (input, output) = std_streams::streams();
    Stdio::new(input, output)
}

struct Shared<W> {
    out: tokio::sync::Mutex<Option<W>>,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    /// The version this session negotiated (from the server's `initialize` answer).
    protocol: Option<String>,
    /// Batches whose requests are not all answered yet.
    batches: Vec<Batch>,
}

/// A batch being answered: the requests still waiting and the answers so far.
struct Batch {
    waiting: HashSet<RequestId>,
    answers: Vec<Value>,
}

/// What one line comes to.
enum Decoded {
    /// Messages for the server, in order.
    Messages(Vec<Incoming>),
    /// An answer the transport gives itself.
    Answer(Value),
    Nothing,
}

impl<W: AsyncWrite + Unpin + Send + 'static> Stdio<W> {
    pub fn new(input: impl AsyncRead + Unpin + Send + 'static, output: W) -> Self {
        let shared = Arc::new(Shared {
            out: tokio::sync::Mutex::new(Some(output)),
            state: Mutex::new(State::default()),
        });
        let (tx, incoming) = mpsc::channel(64);
        let reader = tokio::spawn(read(input, shared.clone(), tx));
        Self {
            shared,
            incoming,
            reader,
        }
    }
}

async fn read<W: AsyncWrite + Unpin + Send>(
    input: impl AsyncRead + Unpin,
    shared: Arc<Shared<W>>,
    tx: mpsc::Sender<Incoming>,
) {
    let mut input = BufReader::new(input);
    let mut line = Vec::new();
    loop {
        line.clear();
        let limit = MAX_LINE as u64 + 1;
        match (&mut input).take(limit).read_until(b'\n', &mut line).await {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        if line.len() > MAX_LINE && line.last() != Some(&b'\n') {
            if !skip_line(&mut input).await {
                return;
            }
            let message = format!("Invalid Request: a message longer than {MAX_LINE} bytes");
            shared.write(error_answer(None, -32600, message)).await;
            continue;
        }
        let decoded = shared.decode(&line);
        match decoded {
            Decoded::Messages(messages) => {
                for message in messages {
                    if tx.send(message).await.is_err() {
                        return;
                    }
                }
            }
            Decoded::Answer(answer) => shared.write(answer).await,
            Decoded::Nothing => {}
        }
    }
}

/// Read past the end of the current line; false at the end of the input.
async fn skip_line(input: &mut (impl tokio::io::AsyncBufRead + Unpin)) -> bool {
    loop {
        let available = match input.fill_buf().await {
            Ok([]) | Err(_) => return false,
            Ok(available) => available,
        };
        match available.iter().position(|b| *b == b'\n') {
            Some(end) => {
                input.consume(end + 1);
                return true;
            }
            None => {
                let n = available.len();
                input.consume(n);
            }
        }
    }
}

/// A JSON-RPC error answer; `id: null` when the message's id could not be read.
fn error_answer(id: Option<Value>, code: i32, message: impl Into<String>) -> Value {
    json!({
        "jsonrpc": "2.0",
        "id": id.unwrap_or(Value::Null),
        "error": { "code": code, "message": message.into() },
    })
}

/// The id of a message that failed to decode, if it has a valid one.
fn readable_id(value: &Value) -> Option<Value> {
    value
        .get("id")
        .filter(|id| id.is_string() || id.is_i64() || id.is_u64())
        .cloned()
}

/// One message of a line or a batch, or the error answer it deserves.
fn message(value: Value) -> Result<Incoming, Value> {
    let id = readable_id(&value);
    serde_json::from_value(value).map_err(|err| {
        error_answer(
            id,
            ErrorCode::INVALID_REQUEST.0,
            format!(
                "Invalid Request: not a JSON-RPC 2.0 request, notification or response ({err})"
            ),
        )
    })
}

impl<W: AsyncWrite + Unpin + Send> Shared<W> {
    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn decode(&self, line: &[u8]) -> Decoded {
        let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
        if line.iter().all(u8::is_ascii_whitespace) {
            return Decoded::Nothing;
        }
        let value = match serde_json::from_slice::<Value>(line) {
            Ok(value) => value,
            Err(err) => {
                let message = format!("Parse error: the line is not JSON ({err})");
                return Decoded::Answer(error_answer(None, ErrorCode::PARSE_ERROR.0, message));
            }
        };
        let Value::Array(items) = value else {
            return match message(value) {
                Ok(message) => {
                    self.forget_cancelled(&message);
                    Decoded::Messages(vec![message])
                }
                Err(answer) => Decoded::Answer(answer),
            };
        };
        let protocol = self.state().protocol.clone();
        if protocol.as_deref() != Some(BATCH_VERSION) {
            let negotiated = match protocol {
                Some(version) => format!("this session negotiated {version}"),
                None => "this session is not initialized".into(),
            };
            let message = format!(
                "Invalid Request: JSON-RPC batches belong to protocol {BATCH_VERSION} only and \
                 {negotiated}; send the messages one by one"
            );
            return Decoded::Answer(error_answer(None, ErrorCode::INVALID_REQUEST.0, message));
        }
        if items.is_empty() {
            let message = "Invalid Request: an empty batch";
            return Decoded::Answer(error_answer(None, ErrorCode::INVALID_REQUEST.0, message));
        }
        let (mut messages, mut answers, mut waiting) = (Vec::new(), Vec::new(), HashSet::new());
        for item in items {
            match message(item) {
                Ok(message) => {
                    if let rmcp::model::JsonRpcMessage::Request(request) = &message {
                        waiting.insert(request.id.clone());
                    }
                    self.forget_cancelled(&message);
                    messages.push(message);
                }
                Err(answer) => answers.push(answer),
            }
        }
        match (waiting.is_empty(), answers.is_empty()) {
            (false, _) => self.state().batches.push(Batch { waiting, answers }),
            (true, false) => return Decoded::Answer(Value::Array(answers)),
            (true, true) => {}
        }
        Decoded::Messages(messages)
    }

    /// A cancelled request gets no answer: a batch stops waiting for it.
    fn forget_cancelled(&self, message: &Incoming) {
        let rmcp::model::JsonRpcMessage::Notification(notification) = message else {
            return;
        };
        let ClientNotification::CancelledNotification(cancelled) = &notification.notification
        else {
            return;
        };
        if let Some(id) = &cancelled.params.request_id {
            let mut state = self.state();
            for batch in &mut state.batches {
                batch.waiting.remove(id);
            }
        }
    }

    /// What to write for an outgoing message: itself, nothing yet (an answer held for its
    /// batch), or the batch's answers once the last one is in. Notes the negotiated
    /// version from the `initialize` answer.
    fn outgoing(&self, message: &Outgoing, value: Value) -> Option<Value> {
        let mut state = self.state();
        let id = match message {
            rmcp::model::JsonRpcMessage::Response(response) => {
                if let ServerResult::InitializeResult(result) = &response.result {
                    state.protocol = Some(result.protocol_version.to_string());
                }
                Some(&response.id)
            }
            rmcp::model::JsonRpcMessage::Error(error) => error.id.as_ref(),
            _ => None,
        };
        let Some(id) = id else { return Some(value) };
        let Some(at) = state.batches.iter().position(|b| b.waiting.contains(id)) else {
            return Some(value);
        };
        let batch = &mut state.batches[at];
        batch.waiting.remove(id);
        batch.answers.push(value);
        if !batch.waiting.is_empty() {
            return None;
        }
        let batch = state.batches.remove(at);
        Some(Value::Array(batch.answers))
    }

    async fn write(&self, value: Value) {
        if let Err(err) = self.write_line(&value).await {
            tracing::debug!(%err, "cannot write to stdout");
        }
    }

    async fn write_line(&self, value: &Value) -> std::io::Result<()> {
        let mut line = serde_json::to_vec(value)?;
        line.push(b'\n');
        let mut out = self.out.lock().await;
        let out = out
            .as_mut()
            .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::BrokenPipe, "closed"))?;
        out.write_all(&line).await?;
        out.flush().await
    }
}

impl<W: AsyncWrite + Unpin + Send + Sync + 'static> Transport<RoleServer> for Stdio<W> {
    type Error = std::io::Error;

    fn send(
        &mut self,
        item: Outgoing,
    ) -> impl std::future::Future<Output = Result<(), Self::Error>> + Send + 'static {
        let shared = self.shared.clone();
        async move {
            let mut value = serde_json::to_value(&item)?;
            // JSON-RPC 2.0: an error whose request's id could not be read has `id: null`.
            if let (Value::Object(body), true) = (
                &mut value,
                matches!(item, rmcp::model::JsonRpcMessage::Error(_)),
            ) {
                body.entry("id").or_insert(Value::Null);
            }
            match shared.outgoing(&item, value) {
                Some(value) => shared.write_line(&value).await,
                None => Ok(()),
            }
        }
    }

    async fn receive(&mut self) -> Option<Incoming> {
        self.incoming.recv().await
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        self.reader.abort();
        if let Some(mut out) = self.shared.out.lock().await.take() {
            out.shutdown().await?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt};

    /// A transport over in-memory pipes: what the client writes, and its reader of the
    /// server's output.
    fn pipes() -> (
        Stdio<tokio::io::DuplexStream>,
        tokio::io::DuplexStream,
        tokio::io::Lines<BufReader<tokio::io::DuplexStream>>,
    ) {
        let (client_out, server_in) = tokio::io::duplex(1 << 16);
        let (server_out, client_in) = tokio::io::duplex(1 << 16);
        (
            Stdio::new(server_in, server_out),
            client_out,
            BufReader::new(client_in).lines(),
        )
    }

    async fn answer(lines: &mut tokio::io::Lines<BufReader<tokio::io::DuplexStream>>) -> Value {
        let line = lines.next_line().await.unwrap().unwrap();
        serde_json::from_str(&line).unwrap()
    }

    #[tokio::test]
    async fn lines_that_are_not_messages_are_answered_with_id_null() {
        let (_transport, mut client, mut lines) = pipes();
        client
            .write_all(b"not json\n{\"hello\": 1}\n")
            .await
            .unwrap();
        client
            .write_all(b"{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":5}\n")
            .await
            .unwrap();
        let parse = answer(&mut lines).await;
        assert_eq!(parse["id"], Value::Null);
        assert_eq!(parse["error"]["code"], -32700);
        let invalid = answer(&mut lines).await;
        assert_eq!(invalid["id"], Value::Null);
        assert_eq!(invalid["error"]["code"], -32600);
        let with_id = answer(&mut lines).await;
        assert_eq!(
            (with_id["id"].clone(), with_id["error"]["code"].clone()),
            (json!(7), json!(-32600))
        );
    }

    #[tokio::test]
    async fn a_batch_before_2025_03_26_is_negotiated_is_refused_naming_the_version() {
        let (_transport, mut client, mut lines) = pipes();
        client
            .write_all(b"[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]\n")
            .await
            .unwrap();
        let refused = answer(&mut lines).await;
        assert_eq!(refused["error"]["code"], -32600);
        let message = refused["error"]["message"].as_str().unwrap();
        assert!(
            message.contains("2025-03-26") && message.contains("not initialized"),
            "{message}"
        );
    }
}
