//! The relay's MCP client for an instance's endpoint (`http://127.0.0.1:<port>/mcp`, our
//! own server): JSON-RPC over plain HTTP/1.1 on loopback, on kept-alive connections (a few
//! kept idle between requests, a new one when none is free).
//!
//! Hand-written rather than rmcp's client over reqwest because the relay needs four
//! requests and their results as JSON, and that stack cost the binary ~1.3 MB (a third
//! of its size). It speaks the session protocol the rmcp client used: a
//! legacy `initialize` (2025-11-25), `Mcp-Session-Id` on every later request, answers
//! read from an SSE stream or a JSON body, a new session when the instance forgot ours
//! (HTTP 404), `notifications/cancelled` for a request given up, DELETE to close.
//!
//! Every request carries the instance's access token (`Authorization: Bearer`,
//! [`crate::transport::auth`]), read from the token file; an answer 401 makes it read the file again
//! (the token was rotated) and send the request once more.

use debugger_core::lock;
use rmcp::ErrorData;
use serde::de::DeserializeOwned;
use serde_json::{json, Value};
use std::io;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

const PROTOCOL_VERSION: &str = "2025-11-25";
/// Largest response head and largest SSE event or JSON body read: a bound, not a limit
/// any answer of ours comes near.
const MAX_HEAD: usize = 64 * 1024;
const MAX_MESSAGE: usize = 16 * 1024 * 1024;
/// Connections kept open between requests, at most.
const IDLE_CONNECTIONS: usize = 4;
/// How long the rest of an answered response may take to arrive before its connection is
/// dropped rather than kept.
const DRAIN_WAIT: std::time::Duration = std::time::Duration::from_secs(1);

/// Why a request got no result.
#[derive(Debug)]
pub enum Failure {
    /// The instance answered with a JSON-RPC error.
    Rpc(ErrorData),
    /// No usable answer (connection, HTTP status, malformed body).
    Transport(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Rpc(error) => write!(f, "JSON-RPC error {}: {}", error.code.0, error.message),
            Failure::Transport(reason) => f.write_str(reason),
        }
    }
}

fn transport(reason: impl std::fmt::Display) -> Failure {
    Failure::Transport(reason.to_string())
}

/// A session with one instance. Cheap to clone; clones share the session.
#[derive(Clone)]
pub struct Upstream {
    inner: Arc<Inner>,
}

struct Inner {
    /// `127.0.0.1:<port>`: where to connect and the `Host` header.
    authority: String,
    path: String,
    session: Mutex<Option<String>>,
    next_id: AtomicU64,
    /// The instance's `serverInfo.name` from `initialize`.
    server_name: Mutex<String>,
    /// Kept-alive connections, idle.
    idle: Mutex<Vec<BufReader<TcpStream>>>,
    /// Where the access token is, and the one last read from there.
    token_file: Option<PathBuf>,
    token: Mutex<Option<String>>,
}

impl Upstream {
    /// Open a session with the MCP endpoint at `url` (`http://host:port/path`), sending the
    /// token in `token_file` (none when `None` or when the file holds none).
    pub async fn connect(url: &str, token_file: Option<PathBuf>) -> Result<Self, Failure> {
        let rest = url
            .strip_prefix("http://")
            .ok_or_else(|| transport(format!("{url}: not a plain http:// URL")))?;
        let (authority, path) = match rest.find('/') {
            Some(slash) => (&rest[..slash], &rest[slash..]),
            None => (rest, "/"),
        };
        let upstream = Upstream {
            inner: Arc::new(Inner {
                authority: authority.to_string(),
                path: path.to_string(),
                session: Mutex::new(None),
                next_id: AtomicU64::new(0),
                server_name: Mutex::new(String::new()),
                idle: Mutex::default(),
                token: Mutex::new(
                    token_file
                        .as_deref()
                        .and_then(crate::transport::auth::read_file),
                ),
                token_file,
            }),
        };
        upstream.initialize().await?;
        Ok(upstream)
    }

    /// The name the instance gave in `initialize`.
    pub fn server_name(&self) -> String {
        lock(&self.inner.server_name).clone()
    }

    async fn initialize(&self) -> Result<(), Failure> {
        *lock(&self.inner.session) = None;
        let params = json!({
            "protocolVersion": PROTOCOL_VERSION,
            "capabilities": {},
            "clientInfo": { "name": "jetbrains-debugger-relay", "version": env!("CARGO_PKG_VERSION") },
        });
        let id = self.next_id();
        let (answer, session) = self
            .post(&request(id, "initialize", params), Some(id))
            .await?;
        let result = answer.ok_or_else(|| transport("no answer to initialize"))??;
        *lock(&self.inner.server_name) = result["serverInfo"]["name"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        *lock(&self.inner.session) = session;
        let initialized = json!({ "jsonrpc": "2.0", "method": "notifications/initialized" });
        self.post(&initialized, None).await?;
        Ok(())
    }

    /// Send `method` and decode its result. An instance that lost our session gets a new
    /// one and the request once more.
    pub async fn call<T: DeserializeOwned>(
        &self,
        method: &str,
        params: Value,
    ) -> Result<T, Failure> {
        self.call_telling(method, params, &|_| {}).await
    }

    /// [`Self::call`], handing every notification the instance sends about the request
    /// (progress, log messages) to `notified` as it comes.
    pub async fn call_telling<T: DeserializeOwned>(
        &self,
        method: &str,
        params: Value,
        notified: &(dyn Fn(Value) + Send + Sync),
    ) -> Result<T, Failure> {
        let mut renewed = false;
        loop {
            let id = self.next_id();
            let mut pending = Pending {
                upstream: self,
                id: Some(id),
            };
            match self
                .post_telling(&request(id, method, params.clone()), Some(id), notified)
                .await
            {
                Err(Failure::Transport(reason)) if reason == SESSION_GONE && !renewed => {
                    pending.id = None;
                    renewed = true;
                    self.initialize().await?;
                }
                outcome => {
                    pending.id = None;
                    let result = outcome?.0.ok_or_else(|| transport("no answer"))??;
                    return serde_json::from_value(result)
                        .map_err(|e| transport(format!("{method}: unexpected result: {e}")));
                }
            }
        }
    }

    /// End the session (best effort: an instance forgets idle sessions anyway).
    pub async fn close(&self) {
        let Some(session) = lock(&self.inner.session).take() else {
            return;
        };
        let head = self.head("DELETE", Some(&session), 0);
        let _ = self.exchange(head, b"").await;
    }

    /// Connections kept open for the next request.
    #[cfg(test)]
    pub fn idle_connections(&self) -> usize {
        lock(&self.inner.idle).len()
    }

    /// Make the instance answer our next request with 404, as after its idle timeout.
    #[cfg(test)]
    pub fn forget_session_for_test(&self) {
        *lock(&self.inner.session) = Some("forgotten".into());
    }

    /// Read the token file again; whether it holds another token than the one sent.
    fn reread_token(&self) -> bool {
        let Some(file) = &self.inner.token_file else {
            return false;
        };
        let Some(token) = crate::transport::auth::read_file(file) else {
            return false;
        };
        let mut current = lock(&self.inner.token);
        if current.as_deref() == Some(token.as_str()) {
            return false;
        }
        *current = Some(token);
        true
    }

    fn next_id(&self) -> u64 {
        self.inner.next_id.fetch_add(1, Ordering::Relaxed)
    }

    fn head(&self, method: &str, session: Option<&str>, length: usize) -> String {
        let mut head = format!(
            "{method} {} HTTP/1.1\r\nHost: {}\r\n\
             Accept: application/json, text/event-stream\r\n\
             Content-Type: application/json\r\nContent-Length: {length}\r\n",
            self.inner.path, self.inner.authority
        );
        if let Some(session) = session {
            head.push_str(&format!(
                "Mcp-Session-Id: {session}\r\nMCP-Protocol-Version: {PROTOCOL_VERSION}\r\n"
            ));
        }
        if let Some(token) = lock(&self.inner.token).as_deref() {
            head.push_str(&format!(
                "Authorization: {}\r\n",
                crate::transport::auth::header_value(token)
            ));
        }
        head.push_str("\r\n");
        head
    }

    /// POST `message`; when `id` is given, read the answer to it. Returns the answer and
    /// the session id the response named.
    async fn post(
        &self,
        message: &Value,
        id: Option<u64>,
    ) -> Result<(Option<Result<Value, Failure>>, Option<String>), Failure> {
        self.post_telling(message, id, &|_| {}).await
    }

    /// [`Self::post`], with the notifications of the answer's stream handed to `notified`.
    async fn post_telling(
        &self,
        message: &Value,
        id: Option<u64>,
        notified: &(dyn Fn(Value) + Send + Sync),
    ) -> Result<(Option<Result<Value, Failure>>, Option<String>), Failure> {
        let body = message.to_string();
        let session = lock(&self.inner.session).clone();
        let head = self.head("POST", session.as_deref(), body.len());
        let mut response = self.exchange(head, body.as_bytes()).await?;
        if response.status == 401 && self.reread_token() {
            let head = self.head("POST", session.as_deref(), body.len());
            response = self.exchange(head, body.as_bytes()).await?;
        }
        let answer = self
            .answer(&mut response, session.is_some(), id, notified)
            .await;
        self.keep(response).await;
        answer
    }

    /// Read the answer to request `id` (none for a notification) from `response`.
    async fn answer(
        &self,
        response: &mut Response,
        has_session: bool,
        id: Option<u64>,
        notified: &(dyn Fn(Value) + Send + Sync),
    ) -> Result<(Option<Result<Value, Failure>>, Option<String>), Failure> {
        if response.status == 404 && has_session {
            return Err(transport(SESSION_GONE));
        }
        if !(200..300).contains(&response.status) {
            let mut text = Vec::new();
            while let Some(chunk) = response.body.chunk().await.unwrap_or(None) {
                text.extend_from_slice(&chunk);
                if text.len() > MAX_HEAD {
                    break;
                }
            }
            return Err(transport(format!(
                "HTTP {}: {}",
                response.status,
                String::from_utf8_lossy(&text)
            )));
        }
        let Some(id) = id else {
            return Ok((None, response.session.clone()));
        };
        let answer = if response.content_type.starts_with("text/event-stream") {
            answer_in_stream(&mut response.body, id, notified).await?
        } else {
            let mut text = Vec::new();
            while let Some(chunk) = response.body.chunk().await.map_err(transport)? {
                text.extend_from_slice(&chunk);
                if text.len() > MAX_MESSAGE {
                    return Err(transport("response too large"));
                }
            }
            let message: Value = serde_json::from_slice(&text).map_err(transport)?;
            answer_of(message, id)
        };
        Ok((answer, response.session.clone()))
    }

    /// Keep `response`'s connection for the next request once its body is read to the
    /// end (an SSE answer's stream ends right after the answer), unless it may not be.
    async fn keep(&self, response: Response) {
        if !response.reusable {
            return;
        }
        let mut body = response.body;
        let drained = tokio::time::timeout(DRAIN_WAIT, async {
            while let Some(_rest) = body.chunk().await? {}
            io::Result::Ok(())
        })
        .await;
        if let (Ok(Ok(())), Some(connection)) = (drained, body.into_connection()) {
            let mut idle = lock(&self.inner.idle);
            if idle.len() < IDLE_CONNECTIONS {
                idle.push(connection);
            }
        }
    }

    async fn exchange(&self, head: String, body: &[u8]) -> Result<Response, Failure> {
        let request = [head.as_bytes(), body].concat();
        let exchange = async {
            // A kept connection the instance has closed meanwhile fails at once: then a
            // new one.
            let kept = lock(&self.inner.idle).pop();
            if let Some(mut connection) = kept {
                if connection.get_mut().write_all(&request).await.is_ok() {
                    if let Ok(response) = read_response(connection).await {
                        return Ok(response);
                    }
                }
            }
            let stream = TcpStream::connect(&self.inner.authority).await?;
            stream.set_nodelay(true)?;
            let mut connection = BufReader::new(stream);
            connection.get_mut().write_all(&request).await?;
            read_response(connection).await
        };
        exchange.await.map_err(|e| {
            transport(format!(
                "http://{}{}: {e}",
                self.inner.authority, self.inner.path
            ))
        })
    }
}

/// The marker [`Upstream::post`] gives a 404 for our session, which [`Upstream::call`]
/// answers with a new session.
const SESSION_GONE: &str = "the instance no longer knows this session";

/// A request in flight; if it is dropped unanswered (a timeout, or the agent cancelled
/// the call it relays), the instance is told so it can stop the work.
struct Pending<'a> {
    upstream: &'a Upstream,
    id: Option<u64>,
}

impl Drop for Pending<'_> {
    fn drop(&mut self) {
        let Some(id) = self.id else { return };
        let upstream = self.upstream.clone();
        let cancelled = json!({
            "jsonrpc": "2.0",
            "method": "notifications/cancelled",
            "params": { "requestId": id, "reason": "the relayed request was given up" },
        });
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                let _ = upstream.post(&cancelled, None).await;
            });
        }
    }
}

fn request(id: u64, method: &str, params: Value) -> Value {
    json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params })
}

/// The result or error `message` carries if it answers request `id`.
fn answer_of(message: Value, id: u64) -> Option<Result<Value, Failure>> {
    let Value::Object(mut message) = message else {
        return None;
    };
    if message.get("id").and_then(Value::as_u64) != Some(id) || message.contains_key("method") {
        return None;
    }
    if let Some(error) = message.remove("error") {
        return Some(Err(match serde_json::from_value::<ErrorData>(error) {
            Ok(error) => Failure::Rpc(error),
            Err(e) => transport(format!("malformed JSON-RPC error: {e}")),
        }));
    }
    Some(Ok(message.remove("result").unwrap_or(Value::Null)))
}

/// Read SSE events until one answers request `id`; the notifications on the way go to
/// `notified`. Other messages (priming events, requests) are not the relay's business.
async fn answer_in_stream(
    body: &mut Body,
    id: u64,
    notified: &(dyn Fn(Value) + Send + Sync),
) -> Result<Option<Result<Value, Failure>>, Failure> {
    let mut events = SseParser::default();
    while let Some(chunk) = body.chunk().await.map_err(transport)? {
        for data in events.feed(&chunk).map_err(transport)? {
            let Ok(message) = serde_json::from_str::<Value>(&data) else {
                continue;
            };
            if message.get("method").is_some() && message.get("id").is_none() {
                notified(message);
            } else if let Some(answer) = answer_of(message, id) {
                return Ok(Some(answer));
            }
        }
    }
    Ok(None)
}

/// The `data` of every whole event in an SSE body (the batch answers of `http_batch`).
pub fn sse_data(body: &[u8]) -> Vec<String> {
    let mut events = SseParser::default();
    let mut data = events.feed(body).unwrap_or_default();
    data.extend(events.feed(b"\n\n").unwrap_or_default());
    data
}

/// Splits an SSE byte stream into the `data` of its events.
#[derive(Default)]
struct SseParser {
    line: Vec<u8>,
    data: String,
}

impl SseParser {
    fn feed(&mut self, bytes: &[u8]) -> io::Result<Vec<String>> {
        let mut events = Vec::new();
        for &byte in bytes {
            if byte != b'\n' {
                self.line.push(byte);
                if self.line.len() + self.data.len() > MAX_MESSAGE {
                    return Err(io::Error::other("SSE event too large"));
                }
                continue;
            }
            if self.line.last() == Some(&b'\r') {
                self.line.pop();
            }
            let line = String::from_utf8_lossy(&self.line).into_owned();
            self.line.clear();
            if line.is_empty() {
                if !self.data.is_empty() {
                    events.push(std::mem::take(&mut self.data));
                }
            } else if let Some(value) = line.strip_prefix("data:") {
                if !self.data.is_empty() {
                    self.data.push('\n');
                }
                self.data.push_str(value.strip_prefix(' ').unwrap_or(value));
            }
            // `id:`, `event:`, `retry:` and `:` comments: nothing the relay uses.
        }
        Ok(events)
    }
}

struct Response {
    status: u16,
    content_type: String,
    session: Option<String>,
    /// The connection may serve another request once the body is read.
    reusable: bool,
    body: Body,
}

async fn read_response(mut reader: BufReader<TcpStream>) -> io::Result<Response> {
    let mut head = Vec::new();
    loop {
        let before = head.len();
        let read = (&mut reader)
            .take((MAX_HEAD - before.min(MAX_HEAD)) as u64 + 1)
            .read_until(b'\n', &mut head)
            .await?;
        if read == 0 {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "connection closed",
            ));
        }
        if head.len() > MAX_HEAD {
            return Err(io::Error::other("response head too large"));
        }
        if head[before..] == *b"\r\n" || head[before..] == *b"\n" {
            break;
        }
    }
    let head = String::from_utf8_lossy(&head);
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|line| line.split_whitespace().nth(1))
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| io::Error::other("malformed HTTP status line"))?;
    let (mut content_type, mut session, mut framing) = (String::new(), None, Framing::UntilClose);
    let mut closing = false;
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            continue;
        };
        let value = value.trim();
        match name.trim().to_ascii_lowercase().as_str() {
            "content-type" => content_type = value.to_ascii_lowercase(),
            "mcp-session-id" => session = Some(value.to_string()),
            "connection" => closing = value.eq_ignore_ascii_case("close"),
            "content-length" if !matches!(framing, Framing::Chunked { .. }) => {
                let length = value
                    .parse()
                    .map_err(|_| io::Error::other("malformed Content-Length"))?;
                framing = Framing::Length(length);
            }
            "transfer-encoding" if value.to_ascii_lowercase().contains("chunked") => {
                framing = Framing::Chunked {
                    left: 0,
                    done: false,
                };
            }
            _ => {}
        }
    }
    Ok(Response {
        status,
        content_type,
        session,
        reusable: !closing && !matches!(framing, Framing::UntilClose),
        body: Body { reader, framing },
    })
}

/// A response body, decoded as it arrives.
struct Body {
    reader: BufReader<TcpStream>,
    framing: Framing,
}

enum Framing {
    Length(u64),
    Chunked { left: u64, done: bool },
    UntilClose,
}

impl Body {
    /// The connection, once the body was read to its end.
    fn into_connection(self) -> Option<BufReader<TcpStream>> {
        match self.framing {
            Framing::Length(0) | Framing::Chunked { done: true, .. } => Some(self.reader),
            _ => None,
        }
    }

    /// The next piece of the body; `None` at its end.
    async fn chunk(&mut self) -> io::Result<Option<Vec<u8>>> {
        let Body { reader, framing } = self;
        let limit = match framing {
            Framing::Length(0) | Framing::Chunked { done: true, .. } => return Ok(None),
            Framing::Length(left) => *left,
            Framing::UntilClose => u64::MAX,
            Framing::Chunked { left, done } => {
                if *left == 0 {
                    let mut line = String::new();
                    (&mut *reader).take(1024).read_line(&mut line).await?;
                    let size = line.split(';').next().unwrap_or("").trim();
                    *left = u64::from_str_radix(size, 16)
                        .map_err(|_| io::Error::other("malformed chunk size"))?;
                    if *left == 0 {
                        // The trailer section, to its empty line: the connection is then
                        // clean for the next response.
                        loop {
                            let mut trailer = String::new();
                            let read = (&mut *reader).take(1024).read_line(&mut trailer).await?;
                            if read == 0 || trailer.trim().is_empty() {
                                break;
                            }
                        }
                        *done = true;
                        return Ok(None);
                    }
                }
                *left
            }
        };
        let available = reader.fill_buf().await?;
        if available.is_empty() {
            return match framing {
                Framing::UntilClose => Ok(None),
                _ => Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "body cut short",
                )),
            };
        }
        let n = available
            .len()
            .min(usize::try_from(limit).unwrap_or(usize::MAX));
        let piece = available[..n].to_vec();
        reader.consume(n);
        match framing {
            Framing::Length(left) => *left -= n as u64,
            Framing::Chunked { left, .. } => {
                *left -= n as u64;
                if *left == 0 {
                    let mut crlf = String::new();
                    (&mut *reader).take(2).read_line(&mut crlf).await?;
                }
            }
            Framing::UntilClose => {}
        }
        Ok(Some(piece))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sse_events_are_split_and_joined() {
        let mut parser = SseParser::default();
        let mut events = parser
            .feed(b"id: 0\nretry: 3000\ndata:\n\n: ping\n\nda")
            .unwrap();
        events.extend(parser.feed(b"ta: {\"a\":\r\ndata: 1}\r\n\r\n").unwrap());
        assert_eq!(events, vec!["{\"a\":\n1}".to_string()]);
    }

    #[test]
    fn only_the_answer_to_the_request_counts() {
        assert!(answer_of(
            json!({"jsonrpc": "2.0", "method": "notifications/progress"}),
            1
        )
        .is_none());
        assert!(answer_of(json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}), 1).is_none());
        assert!(answer_of(json!({"jsonrpc": "2.0", "id": 2, "result": {}}), 1).is_none());
        let result = answer_of(json!({"jsonrpc": "2.0", "id": 1, "result": {"x": 1}}), 1);
        assert_eq!(result.unwrap().unwrap(), json!({"x": 1}));
        let error = json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "no"}});
        match answer_of(error, 1) {
            Some(Err(Failure::Rpc(error))) => assert_eq!(error.message, "no"),
            other => panic!("{other:?}"),
        }
    }

    /// A one-shot HTTP server answering with `response` verbatim; returns its URL and
    /// the request it received.
    async fn serve_once(response: &'static str) -> (String, tokio::task::JoinHandle<String>) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/mcp", listener.local_addr().unwrap());
        let task = tokio::spawn(async move {
            let (mut stream, _) = listener.accept().await.unwrap();
            let mut request = vec![0u8; 4096];
            let n = stream.read(&mut request).await.unwrap();
            stream.write_all(response.as_bytes()).await.unwrap();
            String::from_utf8_lossy(&request[..n]).into_owned()
        });
        (url, task)
    }

    #[tokio::test]
    async fn chunked_sse_answers_are_decoded() {
        let (url, received) = serve_once(
            "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nmcp-session-id: s1\r\n\
             transfer-encoding: chunked\r\n\r\n\
             a\r\ndata: \n\nda\r\n\
             1b\r\nta: {\"id\":7,\"result\":[1]}\n\n\r\n0\r\n\r\n",
        )
        .await;
        let upstream = Upstream {
            inner: Arc::new(Inner {
                authority: url[7..url.len() - 4].to_string(),
                path: "/mcp".into(),
                session: Mutex::new(None),
                next_id: AtomicU64::new(7),
                server_name: Mutex::new(String::new()),
                idle: Mutex::default(),
                token_file: None,
                token: Mutex::new(Some("t0ken".into())),
            }),
        };
        let (answer, session) = upstream
            .post(&request(7, "x", json!({})), Some(7))
            .await
            .unwrap();
        assert_eq!(answer.unwrap().unwrap(), json!([1]));
        assert_eq!(session.as_deref(), Some("s1"));
        let sent = received.await.unwrap();
        assert!(sent.starts_with("POST /mcp HTTP/1.1\r\n"), "{sent}");
        assert!(
            sent.contains("\r\nAuthorization: Bearer t0ken\r\n"),
            "{sent}"
        );
        assert!(
            sent.ends_with(r#"{"id":7,"jsonrpc":"2.0","method":"x","params":{}}"#),
            "{sent}"
        );
    }

    #[tokio::test]
    async fn http_errors_name_the_status() {
        let (url, _) =
            serve_once("HTTP/1.1 403 Forbidden\r\ncontent-length: 6\r\n\r\nno way").await;
        match Upstream::connect(&url, None).await {
            Err(Failure::Transport(reason)) => assert_eq!(reason, "HTTP 403: no way"),
            Err(other) => panic!("{other}"),
            Ok(_) => panic!("connected"),
        }
    }
}
