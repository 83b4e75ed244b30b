//! One connection to a debug adapter over a pair of byte streams: request/response
//! correlation by `seq` with a per-request timeout, a reader task that forwards
//! events (never blocking on a slow consumer), reverse requests answered with an
//! error, and end of stream failing every pending request at once. Under
//! `debugger_core::profile` it records each request's time and the arrival of the
//! events a call waits for.

use crate::protocol::{self, Event, Incoming, Response};
use debugger_core::lock;
use debugger_core::profile;
use serde_json::Value;
use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::{mpsc, oneshot};

/// Why a request produced no successful response.
#[derive(Debug, Clone, PartialEq)]
pub enum ClientError {
    /// The adapter answered `success: false`.
    Failed { command: String, message: String },
    /// No answer within the timeout.
    Timeout { command: String, after: Duration },
    /// The connection is gone (adapter exited, stream closed).
    Closed { command: String, reason: String },
}

impl fmt::Display for ClientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClientError::Failed { command, message } => write!(f, "'{command}' failed: {message}"),
            ClientError::Timeout { command, after } => {
                write!(
                    f,
                    "'{command}' got no answer within {} ms",
                    after.as_millis()
                )
            }
            ClientError::Closed { command, reason } => {
                write!(f, "'{command}' not answered: {reason}")
            }
        }
    }
}

type Reply = Result<Response, ClientError>;

/// A request sent and not answered yet: its command, when it was sent, its waiter.
type Waiting = (String, Instant, oneshot::Sender<Reply>);

struct Pending {
    waiting: HashMap<i64, Waiting>,
    /// Set once the stream ended; later requests fail at once with it.
    closed: Option<String>,
    /// The requests the stream's end left unanswered (seq, command, sent): what the
    /// adapter was doing when it went away, for diagnostics.
    unanswered: Vec<(i64, String, Instant)>,
}

type Writer = Arc<tokio::sync::Mutex<Option<Box<dyn AsyncWrite + Send + Unpin>>>>;

/// A live adapter connection. Cheap to share (`Arc`).
pub struct Client {
    writer: Writer,
    seq: Arc<AtomicI64>,
    pending: Arc<Mutex<Pending>>,
}

/// A request that was sent and whose answer is collected later (`launch`).
pub struct InFlight {
    command: String,
    rx: oneshot::Receiver<Reply>,
}

impl InFlight {
    /// Wait for the answer, at most `timeout`.
    pub async fn wait(self, timeout: Duration) -> Result<Value, ClientError> {
        settle(self.command, self.rx, timeout).await
    }
}

impl Client {
    /// Start a client on the adapter's stdin (`writer`) and stdout (`reader`).
    /// Returns the client and the stream of its events; the stream ends when the
    /// adapter's output ends.
    pub fn start(
        reader: impl AsyncRead + Send + Unpin + 'static,
        writer: impl AsyncWrite + Send + Unpin + 'static,
    ) -> (Arc<Client>, mpsc::UnboundedReceiver<Event>) {
        let client = Arc::new(Client {
            writer: Arc::new(tokio::sync::Mutex::new(Some(Box::new(writer)))),
            seq: Arc::new(AtomicI64::new(1)),
            pending: Arc::new(Mutex::new(Pending {
                waiting: HashMap::new(),
                closed: None,
                unanswered: Vec::new(),
            })),
        });
        let (events_tx, events_rx) = mpsc::unbounded_channel();
        tokio::spawn(read_loop(
            BufReader::new(reader),
            client.writer.clone(),
            client.seq.clone(),
            client.pending.clone(),
            events_tx,
        ));
        (client, events_rx)
    }

    /// Send a request and wait for its answer (the response `body`).
    pub async fn request(
        &self,
        command: &str,
        arguments: Value,
        timeout: Duration,
    ) -> Result<Value, ClientError> {
        self.send(command, arguments).await?.wait(timeout).await
    }

    /// Send a request without waiting for its answer.
    pub async fn send(&self, command: &str, arguments: Value) -> Result<InFlight, ClientError> {
        let seq = self.seq.fetch_add(1, Ordering::SeqCst);
        let (tx, rx) = oneshot::channel();
        {
            let mut pending = lock(&self.pending);
            if let Some(reason) = &pending.closed {
                return Err(ClientError::Closed {
                    command: command.into(),
                    reason: reason.clone(),
                });
            }
            pending
                .waiting
                .insert(seq, (command.to_string(), Instant::now(), tx));
        }
        let bytes = protocol::encode(&protocol::request(seq, command, arguments));
        if let Err(reason) = write_all(&self.writer, &bytes).await {
            lock(&self.pending).waiting.remove(&seq);
            return Err(ClientError::Closed {
                command: command.into(),
                reason,
            });
        }
        Ok(InFlight {
            command: command.to_string(),
            rx,
        })
    }

    /// Close the adapter's stdin (debugpy's adapter exits on EOF).
    pub async fn close_input(&self) {
        if let Some(mut w) = self.writer.lock().await.take() {
            // Best effort: the adapter may already be gone.
            let _ = w.shutdown().await;
        }
    }

    /// The requests sent and not answered, oldest first: command and age (for
    /// diagnostics). A request whose caller timed out stays until the adapter answers;
    /// those the connection's end left unanswered stay for good.
    pub fn pending(&self) -> Vec<(String, Duration)> {
        let pending = lock(&self.pending);
        let waiting = pending
            .waiting
            .iter()
            .map(|(seq, (command, sent, _))| (*seq, command, sent));
        let unanswered = pending.unanswered.iter().map(|(s, c, t)| (*s, c, t));
        let mut list: Vec<(i64, String, Duration)> = waiting
            .chain(unanswered)
            .map(|(seq, command, sent)| (seq, command.clone(), sent.elapsed()))
            .collect();
        list.sort_by_key(|(seq, ..)| *seq);
        list.into_iter().map(|(_, c, age)| (c, age)).collect()
    }

    /// Whether the adapter's output stream has ended.
    pub fn is_closed(&self) -> bool {
        lock(&self.pending).closed.is_some()
    }
}

async fn settle(
    command: String,
    rx: oneshot::Receiver<Reply>,
    timeout: Duration,
) -> Result<Value, ClientError> {
    match tokio::time::timeout(timeout, rx).await {
        Err(_) => Err(ClientError::Timeout {
            command,
            after: timeout,
        }),
        Ok(Err(_)) => Err(ClientError::Closed {
            command,
            reason: "connection dropped".into(),
        }),
        Ok(Ok(Err(e))) => Err(e),
        Ok(Ok(Ok(response))) if response.success => Ok(response.body),
        Ok(Ok(Ok(response))) => Err(ClientError::Failed {
            command: response.command.clone(),
            message: response.error_text(),
        }),
    }
}

async fn write_all(writer: &Writer, bytes: &[u8]) -> Result<(), String> {
    let mut guard = writer.lock().await;
    let w = guard
        .as_mut()
        .ok_or_else(|| "adapter input already closed".to_string())?;
    w.write_all(bytes)
        .await
        .map_err(|e| format!("writing to the adapter: {e}"))?;
    w.flush()
        .await
        .map_err(|e| format!("writing to the adapter: {e}"))
}

async fn read_loop(
    mut reader: BufReader<impl AsyncRead + Unpin>,
    writer: Writer,
    seq: Arc<AtomicI64>,
    pending: Arc<Mutex<Pending>>,
    events: mpsc::UnboundedSender<Event>,
) {
    let reason = loop {
        let frame = match protocol::read_frame(&mut reader).await {
            Ok(Some(frame)) => frame,
            Ok(None) => {
                profile::mark(|| profile::STREAM_END.into());
                break "the debug adapter closed its output".to_string();
            }
            Err(e) => break format!("reading from the debug adapter: {e}"),
        };
        let message = match protocol::decode(&frame) {
            Ok(m) => m,
            Err(unreadable) => {
                // An answer nobody can read still ends its request, at once.
                let waiter = unreadable
                    .request_seq
                    .and_then(|seq| lock(&pending).waiting.remove(&seq));
                tracing::warn!(reason = %unreadable.reason, answered = waiter.is_some(),
                    "an unreadable DAP message");
                if let Some((command, _, tx)) = waiter {
                    let _ = tx.send(Err(ClientError::Failed {
                        command,
                        message: format!(
                            "the debug adapter's answer could not be read ({})",
                            unreadable.reason
                        ),
                    }));
                }
                continue;
            }
        };
        match message {
            Incoming::Response(response) => {
                let waiter = lock(&pending).waiting.remove(&response.request_seq);
                match waiter {
                    // The caller may have timed out and gone: nothing to do then.
                    Some((command, sent, tx)) => {
                        profile::record(|| format!("{}{command}", profile::REQUEST), sent);
                        drop(tx.send(Ok(response)))
                    }
                    None => tracing::debug!(seq = response.request_seq, "late or unknown response"),
                }
            }
            Incoming::Event(event) => {
                if profile::AWAITED_EVENTS.contains(&event.event.as_str()) {
                    profile::mark(|| format!("{}{}", profile::EVENT, event.event));
                }
                // The consumer may have gone; events are then dropped.
                let _ = events.send(event);
            }
            Incoming::Request {
                seq: request_seq,
                command,
                ..
            } => {
                let reply = protocol::error_response(
                    seq.fetch_add(1, Ordering::SeqCst),
                    request_seq,
                    &command,
                    "not supported by this client",
                );
                if let Err(e) = write_all(&writer, &protocol::encode(&reply)).await {
                    tracing::debug!(%e, %command, "could not refuse a reverse request");
                }
            }
        }
    };
    let waiting = {
        let mut p = lock(&pending);
        p.closed = Some(reason.clone());
        let waiting = std::mem::take(&mut p.waiting);
        p.unanswered = waiting
            .iter()
            .map(|(seq, (command, sent, _))| (*seq, command.clone(), *sent))
            .collect();
        waiting
    };
    for (_, (command, _, tx)) in waiting {
        let _ = tx.send(Err(ClientError::Closed {
            command,
            reason: reason.clone(),
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use tokio::io::{duplex, AsyncBufReadExt, DuplexStream};

    /// A fake adapter on the other end of in-memory pipes.
    fn pair() -> (
        Arc<Client>,
        mpsc::UnboundedReceiver<Event>,
        BufReader<DuplexStream>,
        DuplexStream,
    ) {
        let (client_out, adapter_in) = duplex(64 * 1024);
        let (adapter_out, client_in) = duplex(64 * 1024);
        let (client, events) = Client::start(client_in, client_out);
        (client, events, BufReader::new(adapter_in), adapter_out)
    }

    async fn next_request(r: &mut BufReader<DuplexStream>) -> Value {
        let frame = protocol::read_frame(r).await.unwrap().unwrap();
        serde_json::from_slice(&frame).unwrap()
    }

    #[tokio::test]
    async fn correlates_out_of_order_responses_and_forwards_events() {
        let (client, mut events, mut from_client, mut to_client) = pair();
        let c1 = client.clone();
        let a = tokio::spawn(async move {
            c1.request("threads", json!({}), Duration::from_secs(5))
                .await
        });
        let c2 = client.clone();
        let req_a = next_request(&mut from_client).await;
        let b = tokio::spawn(async move {
            c2.request("evaluate", json!({}), Duration::from_secs(5))
                .await
        });
        let req_b = next_request(&mut from_client).await;
        let reply = |req: &Value, body: Value| {
            protocol::encode(
                &json!({"seq": 100, "type": "response", "request_seq": req["seq"],
                "command": req["command"], "success": true, "body": body}),
            )
        };
        to_client
            .write_all(&reply(&req_b, json!({"result": "2"})))
            .await
            .unwrap();
        to_client
            .write_all(&protocol::encode(
                &json!({"seq": 101, "type": "event", "event": "output", "body": {"output": "hi"}}),
            ))
            .await
            .unwrap();
        to_client
            .write_all(&reply(&req_a, json!({"threads": []})))
            .await
            .unwrap();
        assert_eq!(b.await.unwrap().unwrap(), json!({"result": "2"}));
        assert_eq!(a.await.unwrap().unwrap(), json!({"threads": []}));
        let ev = events.recv().await.unwrap();
        assert_eq!(ev.event, "output");
    }

    #[tokio::test]
    async fn an_answer_that_cannot_be_read_fails_its_request_at_once() {
        let (client, _events, mut from_client, mut to_client) = pair();
        let c = client.clone();
        let asked = tokio::spawn(async move {
            c.request("stackTrace", json!({}), Duration::from_secs(30))
                .await
        });
        let req = next_request(&mut from_client).await;
        let broken = format!(
            r#"{{"seq": 5, "type": "response", "request_seq": {}, "success": true, "body": {{"#,
            req["seq"]
        );
        let framed = format!("Content-Length: {}\r\n\r\n{broken}", broken.len());
        to_client.write_all(framed.as_bytes()).await.unwrap();
        let answer = tokio::time::timeout(Duration::from_secs(2), asked)
            .await
            .expect("answered at once, not at the timeout")
            .unwrap();
        match answer {
            Err(ClientError::Failed { command, message }) => {
                assert_eq!(command, "stackTrace");
                assert!(message.contains("could not be read"), "{message}");
            }
            other => panic!("{other:?}"),
        }
        assert!(client.pending().is_empty());
    }

    #[tokio::test]
    async fn failure_timeout_reverse_request_and_eof() {
        let (client, mut events, mut from_client, mut to_client) = pair();
        // Failure.
        let c = client.clone();
        let t =
            tokio::spawn(
                async move { c.request("launch", json!({}), Duration::from_secs(5)).await },
            );
        let req = next_request(&mut from_client).await;
        to_client
            .write_all(&protocol::encode(
                &json!({"seq": 1, "type": "response", "request_seq": req["seq"],
                "command": "launch", "success": false, "message": "no such file"}),
            ))
            .await
            .unwrap();
        assert_eq!(
            t.await.unwrap(),
            Err(ClientError::Failed {
                command: "launch".into(),
                message: "no such file".into()
            })
        );
        // Timeout.
        let r = client
            .request("threads", json!({}), Duration::from_millis(20))
            .await;
        assert!(matches!(r, Err(ClientError::Timeout { .. })));
        // Unanswered, it is still pending (diagnostics list it with its age).
        let pending = client.pending();
        assert_eq!(pending.len(), 1);
        assert_eq!(pending[0].0, "threads");
        assert!(pending[0].1 >= Duration::from_millis(20));
        let _ = next_request(&mut from_client).await;
        // Reverse request is refused.
        to_client
            .write_all(&protocol::encode(
                &json!({"seq": 7, "type": "request", "command": "runInTerminal", "arguments": {}}),
            ))
            .await
            .unwrap();
        let refusal = next_request(&mut from_client).await;
        assert_eq!(refusal["type"], "response");
        assert_eq!(refusal["request_seq"], 7);
        assert_eq!(refusal["success"], false);
        // EOF fails pending and later requests, and ends the event stream.
        let c = client.clone();
        let t = tokio::spawn(async move {
            c.request("stackTrace", json!({}), Duration::from_secs(5))
                .await
        });
        let _ = next_request(&mut from_client).await;
        drop(to_client);
        assert!(matches!(t.await.unwrap(), Err(ClientError::Closed { .. })));
        // What the end left unanswered is still told, with what timed out before.
        let pending: Vec<String> = client.pending().into_iter().map(|(c, _)| c).collect();
        assert_eq!(pending, ["threads", "stackTrace"]);
        assert!(events.recv().await.is_none());
        assert!(client.is_closed());
        assert!(matches!(
            client
                .request("threads", json!({}), Duration::from_secs(1))
                .await,
            Err(ClientError::Closed { .. })
        ));
        // Closing our side is seen by the adapter.
        client.close_input().await;
        let mut line = String::new();
        assert_eq!(from_client.read_line(&mut line).await.unwrap(), 0);
    }
}
