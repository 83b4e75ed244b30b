//! The IDE side of the bridge, scripted by a test (feature `test-support`): a WebSocket
//! client that says `hello`, answers the server's requests and sends its own. One fake for
//! every crate's tests, so the bridge is faked the same way everywhere.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::{header, HeaderValue};
use tokio_tungstenite::tungstenite::{Error as WsError, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// The longest a fake IDE waits for the server's next message.
pub const WAIT: Duration = Duration::from_secs(10);

pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A WebSocket to `path` on the bridge at `port` with these headers, or why it was refused.
pub async fn connect_raw(
    port: u16,
    path: &str,
    headers: &[(header::HeaderName, &str)],
) -> Result<Ws, WsError> {
    let mut request = format!("ws://127.0.0.1:{port}{path}")
        .into_client_request()
        .expect("a WebSocket URL");
    for (name, value) in headers {
        request.headers_mut().insert(
            name.clone(),
            HeaderValue::from_str(value).expect("a header"),
        );
    }
    tokio_tungstenite::connect_async(request)
        .await
        .map(|(ws, _)| ws)
}

/// The IDE most tests are: IntelliJ IDEA Community 2025.2.
pub fn intellij() -> Value {
    json!({"product": "IntelliJ IDEA", "product_code": "IC", "build": "IC-252.1"})
}

/// The IDE side. Server notifications seen while waiting for an answer or a request are
/// kept in [`FakeIde::notifications`].
pub struct FakeIde {
    /// The socket itself, for a test that reads frames below JSON (pings, closes).
    pub ws: Ws,
    next_id: u64,
    pub notifications: Vec<Value>,
}

impl FakeIde {
    /// Connected to the bridge at `port` with `token`; panics when refused.
    pub async fn connect(port: u16, token: &str) -> Self {
        let auth = format!("Bearer {token}");
        let ws = connect_raw(port, "/bridge", &[(header::AUTHORIZATION, &auth)])
            .await
            .expect("an authenticated connection");
        Self {
            ws,
            next_id: 1,
            notifications: Vec::new(),
        }
    }

    pub async fn send(&mut self, message: Value) {
        self.ws
            .send(Message::text(message.to_string()))
            .await
            .expect("the connection takes a message");
    }

    /// The next JSON message from the server; `None` when the connection closed.
    pub async fn recv(&mut self) -> Option<Value> {
        loop {
            let frame = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("a message from the server in time");
            match frame {
                Some(Ok(Message::Text(text))) => {
                    return Some(serde_json::from_str(&text).expect("JSON"))
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => continue,
            }
        }
    }

    /// The next request or response, keeping notifications aside.
    pub async fn recv_answerable(&mut self) -> Value {
        loop {
            let message = self.recv().await.expect("the connection open");
            if message.get("id").is_some() {
                return message;
            }
            self.notifications.push(message);
        }
    }

    /// Send a request and wait for its response, which must come next.
    pub async fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
            .await;
        let response = self.recv_answerable().await;
        assert_eq!(response["id"], id, "{response}");
        response
    }

    /// Say `hello` as the plugin does (protocol 1, plugin 0.1.0) for the IDE `ide` (see
    /// [`intellij`]) with these projects and sessions; the response.
    pub async fn hello(&mut self, ide: Value, projects: Value, sessions: Value) -> Value {
        let params = json!({"protocol_version": 1, "ide": ide, "plugin_version": "0.1.0",
                            "projects": projects, "sessions": sessions});
        self.request("hello", params).await
    }

    pub async fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}))
            .await;
    }

    /// The next request from the server, which must be `method`: its id and params.
    pub async fn expect_request(&mut self, method: &str) -> (u64, Value) {
        let message = self.recv_answerable().await;
        assert_eq!(message["method"], method, "{message}");
        assert_eq!(message["jsonrpc"], "2.0");
        (
            message["id"].as_u64().expect("a numeric id"),
            message["params"].clone(),
        )
    }

    pub async fn reply(&mut self, id: u64, result: Value) {
        self.send(json!({"jsonrpc": "2.0", "id": id, "result": result}))
            .await;
    }

    pub async fn reply_error(&mut self, id: u64, error: Value) {
        self.send(json!({"jsonrpc": "2.0", "id": id, "error": error}))
            .await;
    }
}
