//! The bridge's WebSocket listener: `ws://127.0.0.1:<port>/bridge`, loopback only.
//! It owns the transport rules of `protocol/README.md`: the upgrade must carry
//! `Authorization: Bearer <token>` (compared in constant time; else 401), must not
//! carry an `Origin` (a browser; 403), and must ask for `/bridge` (else 404); one IDE
//! at a time (a new authenticated connection replaces the previous one); a ping
//! every 15 s and a drop after 45 s of silence; and the handshake gate (`-32001`
//! before `hello`, `-32002` and close on a major version mismatch).
//!
//! What a connection means for the debugger is not decided here: the [`Bridge`]
//! (the IDE backend) gets the `hello`, the requests and notifications, and the
//! disconnect.

use crate::rpc::{self, Answer, Handler, Peer, RpcError};
use crate::wire::{self, HelloParams, HelloResult, VersionMismatch};
use debugger_core::lock;
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, Notify};
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::handshake::server::{ErrorResponse, Request, Response};
use tokio_tungstenite::tungstenite::http::{header, StatusCode};
use tokio_tungstenite::tungstenite::Message;

/// The one path the bridge serves.
pub const BRIDGE_PATH: &str = "/bridge";
/// How often the server pings the IDE.
pub const PING_INTERVAL: Duration = Duration::from_secs(15);
/// A connection silent this long is dropped.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(45);
/// Time a client gets to complete the WebSocket upgrade.
const UPGRADE_TIMEOUT: Duration = Duration::from_secs(10);

/// How the bridge listens.
#[derive(Clone)]
pub struct BridgeConfig {
    /// Loopback port; 0 picks a free one ([`crate::IdeBackend::bridge_port`] tells which).
    pub port: u16,
    /// The bearer token the IDE must present. Never logged.
    pub token: String,
    /// Version reported in `hello`'s result.
    pub server_version: String,
    pub ping_interval: Duration,
    pub idle_timeout: Duration,
    /// When set, every server → IDE request uses this timeout instead of the
    /// spec's per-method one (tests).
    pub request_timeout: Option<Duration>,
    /// Whether debug launches stop at uncaught exceptions unless the agent says otherwise.
    pub break_on_uncaught: bool,
}

impl BridgeConfig {
    pub fn new(port: u16, token: impl Into<String>) -> Self {
        Self {
            port,
            token: token.into(),
            server_version: env!("CARGO_PKG_VERSION").to_string(),
            ping_interval: PING_INTERVAL,
            idle_timeout: IDLE_TIMEOUT,
            request_timeout: None,
            break_on_uncaught: true,
        }
    }
}

impl std::fmt::Debug for BridgeConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BridgeConfig")
            .field("port", &self.port)
            .field("token", &"***")
            .field("server_version", &self.server_version)
            .field("ping_interval", &self.ping_interval)
            .field("idle_timeout", &self.idle_timeout)
            .field("request_timeout", &self.request_timeout)
            .finish()
    }
}

/// Equality of two byte strings in time that depends only on their lengths.
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    let mut diff = u8::from(a.len() != b.len());
    // Walk the expected value's full length whatever the other holds.
    for (i, x) in b.iter().enumerate() {
        let y = a.get(i).copied().unwrap_or(!*x);
        diff |= x ^ y;
    }
    std::hint::black_box(diff) == 0
}

/// One authenticated WebSocket connection.
pub struct Connection {
    /// Increases with every connection of this process.
    pub id: u64,
    pub peer: Peer,
    close: Notify,
    /// Set once `hello` succeeded.
    ready: AtomicBool,
}

impl Connection {
    /// Ask the connection's task to close it (pending requests then fail with
    /// `ide_not_connected`).
    pub fn close(&self) {
        self.peer.close();
        self.close.notify_one();
    }
}

/// What the IDE backend does with a connection.
#[async_trait::async_trait]
pub trait Bridge: Send + Sync + 'static {
    /// `hello` of a supported version on `connection`: from now on it is the IDE.
    async fn hello(
        &self,
        connection: &Arc<Connection>,
        hello: HelloParams,
    ) -> Result<HelloResult, RpcError>;
    /// A request after `hello`.
    async fn request(&self, connection: &Arc<Connection>, method: &str, params: Value) -> Answer;
    /// A notification after `hello`.
    async fn notification(&self, connection: &Arc<Connection>, method: &str, params: Value);
    /// The connection is gone (closed by either side, dropped, or replaced).
    fn disconnected(&self, connection: &Arc<Connection>);
}

/// The bound listener, not yet accepting.
pub struct Endpoint {
    listener: TcpListener,
    port: u16,
    config: BridgeConfig,
}

impl Endpoint {
    /// Bind `127.0.0.1:<config.port>`.
    pub async fn bind(config: BridgeConfig) -> std::io::Result<Self> {
        let listener =
            TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, config.port))).await?;
        let port = listener.local_addr()?.port();
        Ok(Self {
            listener,
            port,
            config,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// Accept connections until the returned task is aborted.
    pub fn spawn(self, bridge: Arc<dyn Bridge>) -> JoinHandle<()> {
        tokio::spawn(self.accept_loop(bridge))
    }

    async fn accept_loop(self, bridge: Arc<dyn Bridge>) {
        let config = Arc::new(self.config);
        let current: Arc<Mutex<Option<Arc<Connection>>>> = Arc::default();
        let ids = Arc::new(AtomicU64::new(1));
        loop {
            let (stream, peer) = match self.listener.accept().await {
                Ok(accepted) => accepted,
                Err(err) => {
                    tracing::warn!(%err, "bridge: accept failed");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            };
            let (config, bridge, current, ids) =
                (config.clone(), bridge.clone(), current.clone(), ids.clone());
            tokio::spawn(async move {
                let _ = stream.set_nodelay(true);
                let Some(socket) = upgrade(stream, &config.token).await else {
                    return;
                };
                let (tx, rx) = mpsc::unbounded_channel();
                let connection = Arc::new(Connection {
                    id: ids.fetch_add(1, Ordering::Relaxed),
                    peer: Peer::new(tx, config.request_timeout),
                    close: Notify::new(),
                    ready: AtomicBool::new(false),
                });
                tracing::info!(connection = connection.id, %peer, "bridge: IDE connected");
                let previous = lock(&current).replace(connection.clone());
                if let Some(previous) = previous {
                    tracing::info!(
                        connection = previous.id,
                        "bridge: replaced by a new connection"
                    );
                    previous.close();
                }
                run(socket, rx, &connection, &bridge, &config).await;
                {
                    let mut current = lock(&current);
                    if current.as_ref().is_some_and(|c| c.id == connection.id) {
                        *current = None;
                    }
                }
                connection.peer.close();
                bridge.disconnected(&connection);
                tracing::info!(connection = connection.id, "bridge: IDE disconnected");
            });
        }
    }
}

type Socket = tokio_tungstenite::WebSocketStream<TcpStream>;

fn refuse(status: StatusCode, text: &str) -> ErrorResponse {
    let mut response = ErrorResponse::new(Some(text.to_string()));
    *response.status_mut() = status;
    response
}

/// The upgrade with the transport's checks; `None` when refused or broken.
async fn upgrade(stream: TcpStream, token: &str) -> Option<Socket> {
    let expected = format!("Bearer {token}");
    // The signature is tungstenite's `Callback`.
    #[allow(clippy::result_large_err)]
    let check = |request: &Request, response: Response| -> Result<Response, ErrorResponse> {
        if request.uri().path() != BRIDGE_PATH {
            return Err(refuse(StatusCode::NOT_FOUND, "not found"));
        }
        if request.headers().contains_key(header::ORIGIN) {
            return Err(refuse(
                StatusCode::FORBIDDEN,
                "browsers may not connect to the bridge",
            ));
        }
        let presented = request
            .headers()
            .get(header::AUTHORIZATION)
            .map(|v| v.as_bytes())
            .unwrap_or_default();
        if !constant_time_eq(presented, expected.as_bytes()) {
            return Err(refuse(StatusCode::UNAUTHORIZED, "missing or wrong token"));
        }
        Ok(response)
    };
    match tokio::time::timeout(
        UPGRADE_TIMEOUT,
        tokio_tungstenite::accept_hdr_async(stream, check),
    )
    .await
    {
        Ok(Ok(socket)) => Some(socket),
        Ok(Err(err)) => {
            tracing::info!(%err, "bridge: upgrade refused");
            None
        }
        Err(_) => {
            tracing::info!("bridge: upgrade timed out");
            None
        }
    }
}

/// The handshake gate in front of the [`Bridge`].
struct Gate<'a> {
    connection: &'a Arc<Connection>,
    bridge: &'a Arc<dyn Bridge>,
    /// Set when the connection must close once the current answer is out.
    close_after_reply: AtomicBool,
}

#[async_trait::async_trait]
impl Handler for Gate<'_> {
    async fn on_request(&self, method: &str, params: Value) -> Answer {
        if method == wire::method::HELLO {
            return self.hello(params).await.into();
        }
        if !self.connection.ready.load(Ordering::SeqCst) {
            return Answer::Now(Err(RpcError::new(
                rpc::HANDSHAKE_REQUIRED,
                format!("handshake required: send 'hello' before '{method}'"),
            )));
        }
        self.bridge.request(self.connection, method, params).await
    }

    async fn on_notification(&self, method: &str, params: Value) {
        if self.connection.ready.load(Ordering::SeqCst) {
            self.bridge
                .notification(self.connection, method, params)
                .await;
        } else {
            tracing::debug!(method, "bridge: notification before hello ignored");
        }
    }
}

impl Gate<'_> {
    /// `hello`: the version check, then the [`Bridge`]'s own handshake.
    async fn hello(&self, params: Value) -> Result<Value, RpcError> {
        let version = params.get("protocol_version").and_then(Value::as_u64);
        let Some(version) = version else {
            return Err(RpcError::invalid_params(
                "hello: 'protocol_version' must be a number",
            ));
        };
        if !wire::SUPPORTED_VERSIONS
            .iter()
            .any(|v| u64::from(*v) == version)
        {
            self.close_after_reply.store(true, Ordering::SeqCst);
            let supported = VersionMismatch {
                supported: wire::SUPPORTED_VERSIONS.to_vec(),
            };
            return Err(RpcError::new(
                rpc::VERSION_MISMATCH,
                format!(
                    "bridge protocol {version} is not supported by this binary (supports {})",
                    wire::SUPPORTED_VERSIONS
                        .iter()
                        .map(u32::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
            .with_data(rpc::result(&supported)?));
        }
        let hello: HelloParams = rpc::params(wire::method::HELLO, params)?;
        let result = self.bridge.hello(self.connection, hello).await?;
        self.connection.ready.store(true, Ordering::SeqCst);
        rpc::result(&result)
    }
}

/// Serve one connection until it closes, is replaced, or goes silent.
async fn run(
    socket: Socket,
    mut outgoing: mpsc::UnboundedReceiver<String>,
    connection: &Arc<Connection>,
    bridge: &Arc<dyn Bridge>,
    config: &BridgeConfig,
) {
    let (mut sink, mut stream) = socket.split();
    let gate = Gate {
        connection,
        bridge,
        close_after_reply: AtomicBool::new(false),
    };
    let mut ping = tokio::time::interval_at(
        tokio::time::Instant::now() + config.ping_interval,
        config.ping_interval,
    );
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut last_heard = tokio::time::Instant::now();
    loop {
        tokio::select! {
            _ = connection.close.notified() => break,
            frame = stream.next() => {
                let message = match frame {
                    Some(Ok(message)) => message,
                    Some(Err(err)) => {
                        tracing::info!(connection = connection.id, %err, "bridge: connection error");
                        break;
                    }
                    None => break,
                };
                last_heard = tokio::time::Instant::now();
                match message {
                    Message::Text(text) => connection.peer.receive(text.as_str(), &gate).await,
                    Message::Binary(_) => {
                        tracing::warn!(connection = connection.id, "bridge: binary frame ignored")
                    }
                    Message::Close(_) => break,
                    Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => {}
                }
                if gate.close_after_reply.load(Ordering::SeqCst) {
                    while let Ok(text) = outgoing.try_recv() {
                        let _ = sink.feed(Message::text(text)).await;
                    }
                    let _ = sink.flush().await;
                    break;
                }
            }
            text = outgoing.recv() => {
                let Some(text) = text else { break };
                if let Err(err) = sink.send(Message::text(text)).await {
                    tracing::info!(connection = connection.id, %err, "bridge: send failed");
                    break;
                }
            }
            _ = ping.tick() => {
                if sink.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
            }
            _ = tokio::time::sleep_until(last_heard + config.idle_timeout) => {
                tracing::warn!(
                    connection = connection.id,
                    "bridge: IDE silent for {:?}, dropping the connection",
                    config.idle_timeout
                );
                break;
            }
        }
    }
    connection.peer.close();
    let _ = sink.send(Message::Close(None)).await;
    let _ = sink.close().await;
}

#[cfg(test)]
mod tests {
    use super::constant_time_eq;

    #[test]
    fn constant_time_eq_is_equality() {
        assert!(constant_time_eq(b"Bearer abc", b"Bearer abc"));
        assert!(constant_time_eq(b"", b""));
        assert!(!constant_time_eq(b"Bearer abd", b"Bearer abc"));
        assert!(!constant_time_eq(b"Bearer ab", b"Bearer abc"));
        assert!(!constant_time_eq(b"Bearer abcd", b"Bearer abc"));
        assert!(!constant_time_eq(b"", b"x"));
        assert!(!constant_time_eq(b"x", b""));
    }
}
