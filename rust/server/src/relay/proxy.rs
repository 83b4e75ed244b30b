//! `stdio` attached to a running IDE. The IDE plugin's own `serve` process owns the
//! bridge, the sessions, the watches and the command history; a `stdio` server started
//! by an agent relays its MCP traffic to that process's HTTP endpoint (found through
//! [`crate::relay::discovery`]) instead of opening a second, competing view of the IDE. So the
//! tool window shows the agent's calls and confirmations appear as IDE dialogs.
//!
//! The relay is lazy and self-healing: a call that finds the upstream gone answers
//! `ide_not_connected` and the next call looks for a running instance again.

use crate::logging;
use crate::mcp;
use crate::notices::Level;
use crate::relay::discovery::{self, Instance, Preference};
use crate::relay::upstream::{Failure, Upstream};
use debugger_core::lock;
// MCP logging: deprecated from 2026-07-28 on, still relayed to the agents that use it.
use debugger_core::error::{ErrorCode, ToolError};
use debugger_core::state::StateDir;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, InitializeRequestParams,
    InitializeResult, ListResourceTemplatesResult, ListResourcesResult, ListToolsResult,
    PaginatedRequestParams, ProgressNotificationParam, ReadResourceRequestParams,
    ReadResourceResponse, ReadResourceResult, ServerConfig,
};
#[allow(deprecated)]
use rmcp::model::{LoggingMessageNotificationParam, SetLevelRequestParams};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler};
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Mutex;

/// How long connecting to an instance may take before it counts as unreachable.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);
/// Longer than any tool's own wait (execution tools wait at most 600 s).
const CALL_TIMEOUT: Duration = Duration::from_secs(660);

type Client = Upstream;

/// The request `_meta` key naming the log level the request wants notices at.
const LOG_LEVEL_KEY: &str = "io.modelcontextprotocol/logLevel";

/// Connect to an instance's MCP endpoint, with the access token of `state` (the state
/// directory the instance was found in, so the instance's own), and check it is one of ours.
pub async fn connect(instance: &Instance, state: &StateDir) -> Result<Client, String> {
    let token_file = crate::transport::auth::token_file(state);
    let connecting = Upstream::connect(&instance.mcp_url, Some(token_file));
    let client = tokio::time::timeout(CONNECT_TIMEOUT, connecting)
        .await
        .map_err(|_| format!("{} did not answer in time", instance.mcp_url))?
        .map_err(|err| format!("{}: {err}", instance.mcp_url))?;
    let name = client.server_name();
    if name != mcp::SERVER_NAME {
        return Err(format!(
            "{} is not a {} server (it calls itself '{name}')",
            instance.mcp_url,
            mcp::SERVER_NAME
        ));
    }
    Ok(client)
}

/// Find a running instance for `dir` and connect to it.
pub async fn attach(
    state: &StateDir,
    dir: &std::path::Path,
    preference: Preference,
) -> Option<(Instance, Client)> {
    let instance = discovery::pick(state, dir, preference)?;
    match connect(&instance, state).await {
        Ok(client) => Some((instance, client)),
        Err(reason) => {
            tracing::info!(%reason, pid = instance.pid, "IDE instance unreachable");
            None
        }
    }
}

/// The stdio-side MCP handler that relays to an instance.
#[derive(Clone)]
pub struct ProxyServer {
    upstream: Arc<Mutex<Option<Client>>>,
    state: StateDir,
    dir: PathBuf,
    preference: Preference,
    /// The agent's connection has answered its `initialize`.
    initialized: Arc<AtomicBool>,
    /// The least severe notice the agent is told (`logging/setLevel`).
    log_level: Arc<std::sync::Mutex<Level>>,
}

impl ProxyServer {
    pub fn new(client: Client, state: StateDir, dir: PathBuf, preference: Preference) -> Self {
        Self {
            upstream: Arc::new(Mutex::new(Some(client))),
            state,
            dir,
            preference,
            initialized: Arc::default(),
            log_level: Arc::new(std::sync::Mutex::new(logging::DEFAULT_LOG_LEVEL)),
        }
    }

    /// The upstream peer, reconnecting when the last one was lost.
    async fn peer(&self) -> Result<Upstream, ToolError> {
        let mut upstream = self.upstream.lock().await;
        if upstream.is_none() {
            *upstream = attach(&self.state, &self.dir, self.preference)
                .await
                .map(|(_, c)| c);
        }
        upstream.as_ref().cloned().ok_or_else(not_connected)
    }

    async fn lost(&self) {
        if let Some(client) = self.upstream.lock().await.take() {
            client.close().await;
        }
    }

    /// Relay a tool call. The instance's answer passes through as it is, its JSON-RPC
    /// errors included; progress it reports reaches the agent when the agent asked for it
    /// (`agent`); an agent that cancels the call drops the request, which tells the
    /// instance (`upstream::Pending`).
    #[allow(deprecated)] // MCP logging: relayed to the agents that use it
    async fn relay(
        &self,
        request: CallToolRequestParams,
        agent: Option<&RequestContext<RoleServer>>,
    ) -> Result<CallToolResponse, McpError> {
        let tool_error = |err: ToolError| {
            Ok(CallToolResult::error(vec![ContentBlock::text(err.to_json().to_string())]).into())
        };
        let peer = match self.peer().await {
            Ok(peer) => peer,
            Err(err) => return tool_error(err),
        };
        let mut params = serde_json::to_value(request).unwrap_or_default();
        // The agent's log level: the request's own, else the connection's. The instance
        // tells the notices of the call's time on its stream, and they go on to the agent.
        let least = agent
            .and_then(|a| a.meta.log_level())
            .map(logging::level_of)
            .unwrap_or_else(|| *lock(&self.log_level));
        let mut meta = serde_json::json!({ LOG_LEVEL_KEY: logging::level_name(least) });
        if let Some(token) = agent.and_then(|a| a.meta.get_progress_token()) {
            meta["progressToken"] = serde_json::json!(token);
        }
        if let Value::Object(params) = &mut params {
            params.insert("_meta".into(), meta);
        }
        let agent_peer = agent.map(|a| a.peer.clone());
        let notified = move |message: Value| {
            let Some(peer) = agent_peer.clone() else {
                return;
            };
            let params = message.get("params").cloned().unwrap_or_default();
            match message["method"].as_str() {
                Some("notifications/progress") => {
                    if let Ok(param) = serde_json::from_value::<ProgressNotificationParam>(params) {
                        tokio::spawn(async move { peer.notify_progress(param).await });
                    }
                }
                Some("notifications/message") => {
                    if let Ok(param) =
                        serde_json::from_value::<LoggingMessageNotificationParam>(params)
                    {
                        if logging::level_of(param.level) >= least {
                            tokio::spawn(async move { peer.notify_logging_message(param).await });
                        }
                    }
                }
                _ => {}
            }
        };
        let call = tokio::time::timeout(
            CALL_TIMEOUT,
            peer.call_telling::<CallToolResult>("tools/call", params, &notified),
        );
        let cancelled = async {
            match agent {
                Some(agent) => agent.ct.cancelled().await,
                None => std::future::pending().await,
            }
        };
        let outcome = tokio::select! {
            outcome = call => outcome,
            () = cancelled => return Err(McpError::invalid_request("the call was cancelled", None)),
        };
        match outcome {
            Ok(Ok(result)) => Ok(result.into()),
            Ok(Err(Failure::Rpc(error))) => Err(error),
            Ok(Err(err)) => {
                tracing::warn!(%err, "relaying a tool call to the IDE's server failed");
                self.lost().await;
                tool_error(not_connected())
            }
            Err(_) => tool_error(ToolError::new(
                ErrorCode::Timeout,
                "the IDE's server did not answer the call in time",
            )),
        }
    }
}

impl ProxyServer {
    /// Relay one resource request. The instance's JSON-RPC errors (no session, path
    /// outside the project) pass through as they are.
    async fn relay_resource<T: DeserializeOwned>(
        &self,
        method: &str,
        params: Value,
    ) -> Result<T, McpError> {
        let unreachable =
            |err: ToolError| McpError::internal_error(err.message.clone(), Some(err.to_json()));
        let peer = self.peer().await.map_err(unreachable)?;
        match tokio::time::timeout(CONNECT_TIMEOUT * 10, peer.call(method, params)).await {
            Ok(Ok(answer)) => Ok(answer),
            Ok(Err(Failure::Rpc(error))) => Err(error),
            Ok(Err(err)) => {
                tracing::warn!(%err, "relaying a resource request to the IDE's server failed");
                self.lost().await;
                Err(unreachable(not_connected()))
            }
            Err(_) => Err(unreachable(ToolError::new(
                ErrorCode::Timeout,
                "the IDE's server did not answer the read in time",
            ))),
        }
    }
}

/// A request's params as JSON (absent: `{}`).
fn params_of<T: serde::Serialize>(params: T) -> Value {
    match serde_json::to_value(params) {
        Ok(Value::Null) | Err(_) => Value::Object(Default::default()),
        Ok(params) => params,
    }
}

fn not_connected() -> ToolError {
    ToolError::new(
        ErrorCode::IdeNotConnected,
        "the IDE's jetbrains-debugger server is not reachable; is the IDE still running? \
         The next call looks for it again.",
    )
}

impl ServerHandler for ProxyServer {
    /// The instance's capabilities, less resource notifications: the relay answers
    /// requests and does not forward the instance's notifications.
    fn get_info(&self) -> ServerConfig {
        let mut config = mcp::server_config();
        if let Some(resources) = config.capabilities.resources.as_mut() {
            resources.subscribe = None;
            resources.list_changed = None;
        }
        config
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, McpError> {
        self.relay_resource("resources/list", params_of(request))
            .await
    }

    async fn list_resource_templates(
        &self,
        request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, McpError> {
        self.relay_resource("resources/templates/list", params_of(request))
            .await
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        self.relay_resource::<ReadResourceResult>("resources/read", params_of(request))
            .await
            .map(Into::into)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        // The tool list is static and this binary's own is the contract the agent
        // sees even while the IDE is away.
        Ok(ListToolsResult::with_all_items(mcp::tool_list()))
    }

    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, McpError> {
        mcp::initialize_once(self, &self.initialized, request, &context)
    }

    #[allow(deprecated)]
    async fn set_level(
        &self,
        request: SetLevelRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        *lock(&self.log_level) = logging::level_of(request.level);
        Ok(())
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        if !mcp::has_tool(&request.name) {
            return Err(mcp::unknown_tool(&request.name));
        }
        self.relay(request, Some(&context)).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::App;
    use crate::cli::{Engine, Server};
    use crate::consent::ConsentMemory;
    use crate::history_log::HistoryLog;
    use crate::watches::WatchStore;
    use debugger_core::project::project_from_dir;
    use debugger_dap::{DapBackend, DapConfig};

    /// A standalone server on a free loopback port, as an IDE-managed `serve` would be,
    /// and the discovery entry the relay would find for it.
    /// Its folders live in the returned directory, removed when the test drops it.
    async fn instance(
        name: &str,
    ) -> (
        Instance,
        tokio::sync::oneshot::Sender<()>,
        tempfile::TempDir,
    ) {
        let root = tempfile::Builder::new()
            .prefix(&format!("jbd-relay-{name}-"))
            .tempdir()
            .unwrap();
        let project = root.path().join("project");
        std::fs::create_dir_all(&project).unwrap();
        let state = state_of(&root);
        let config = DapConfig::new(vec![project_from_dir(&project).unwrap()], state.clone());
        let dap = DapBackend::new(config);
        let server = Server {
            app: App::new(
                dap.clone(),
                WatchStore::new(state.clone()),
                Arc::new(ConsentMemory::new(false)),
                crate::redact::Secrets::new(Default::default()),
            ),
            history: Arc::new(HistoryLog::new(10, &state)),
            engine: Engine::Dap(dap),
        };
        let listener = crate::transport::http::bind(0).await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let gate = Some(Arc::new(
            crate::transport::auth::Gate::open(&state).unwrap(),
        ));
        tokio::spawn(async move {
            let stopped = async move {
                let _ = stopped.await;
            };
            crate::transport::http::serve(
                server.handler(),
                listener,
                &Default::default(),
                gate,
                stopped,
            )
            .await
        });
        let instance = Instance {
            pid: std::process::id(),
            mcp_url: format!("http://127.0.0.1:{port}/mcp"),
            ide: None,
            projects: vec![],
            updated_ms: 0,
        };
        (instance, stop, root)
    }

    /// The state directory of an [`instance`]: its token file.
    fn state_of(root: &tempfile::TempDir) -> StateDir {
        StateDir::at(root.path().join("state"))
    }

    fn relay_for(client: Client, project: PathBuf) -> ProxyServer {
        let state = StateDir::at(project.join("relay-state"));
        ProxyServer::new(client, state, project, Preference::Serving)
    }

    #[tokio::test]
    async fn tool_calls_and_resources_cross_the_relay() {
        let (instance, _stop, root) = instance("calls").await;
        let project = root.path().join("project");
        let client = connect(&instance, &state_of(&root))
            .await
            .expect("our own server is accepted");
        let relay = relay_for(client, project);

        let listed = relay
            .relay(CallToolRequestParams::new("list_debug_sessions"), None)
            .await
            .unwrap();
        let CallToolResponse::Complete(listed) = listed else {
            panic!("{listed:?}");
        };
        assert_ne!(listed.is_error, Some(true), "{listed:?}");
        assert_eq!(
            listed.structured_content.unwrap()["sessions"],
            serde_json::json!([])
        );

        let resources: ListResourcesResult = relay
            .relay_resource("resources/list", params_of(None::<PaginatedRequestParams>))
            .await
            .unwrap();
        let uris: Vec<&str> = resources.resources.iter().map(|r| r.uri.as_str()).collect();
        assert!(uris.contains(&"debugger://session"), "{resources:?}");
        // The instance's JSON-RPC errors pass through as they are.
        let missing = relay
            .relay_resource::<ReadResourceResult>(
                "resources/read",
                serde_json::json!({ "uri": "debug://nowhere" }),
            )
            .await
            .unwrap_err();
        assert!(missing.code.0 < 0, "{missing:?}");
    }

    #[tokio::test]
    async fn the_relay_sends_the_token_and_follows_a_rotation() {
        let (instance, _stop, root) = instance("token").await;
        let elsewhere = StateDir::at(root.path().join("other-state"));
        let refused = connect(&instance, &elsewhere).await.err().unwrap();
        assert!(
            refused.contains("HTTP 401") && refused.contains("Bearer"),
            "{refused}"
        );
        let state = state_of(&root);
        let client = connect(&instance, &state).await.unwrap();
        let old = crate::transport::auth::read(&state).unwrap();
        let new = crate::transport::auth::rotate(&state).unwrap();
        assert_ne!(old, new);
        let listed: Value = client
            .call(
                "tools/call",
                serde_json::json!({ "name": "list_debug_sessions", "arguments": {} }),
            )
            .await
            .expect("the relay reads the rotated token and goes on");
        assert_eq!(
            listed["structuredContent"]["sessions"],
            serde_json::json!([])
        );
    }

    #[tokio::test]
    async fn sequential_requests_share_one_kept_alive_connection() {
        let (instance, _stop, root) = instance("keep-alive").await;
        let client = connect(&instance, &state_of(&root)).await.unwrap();
        for _ in 0..3 {
            let listed: Value = client
                .call(
                    "tools/call",
                    serde_json::json!({ "name": "list_debug_sessions", "arguments": {} }),
                )
                .await
                .unwrap();
            assert_eq!(
                listed["structuredContent"]["sessions"],
                serde_json::json!([])
            );
        }
        // Each request took the kept connection and gave it back: one, not one per request.
        assert_eq!(client.idle_connections(), 1);
    }

    #[tokio::test]
    async fn a_forgotten_session_is_renewed_and_a_gone_instance_is_not_connected() {
        let (instance, stop, root) = instance("renew").await;
        let project = root.path().join("project");
        let client = connect(&instance, &state_of(&root)).await.unwrap();
        client.forget_session_for_test();
        let relay = relay_for(client, project);
        let call = CallToolRequestParams::new("list_debug_sessions");
        let CallToolResponse::Complete(listed) = relay.relay(call.clone(), None).await.unwrap()
        else {
            panic!("not complete");
        };
        assert_ne!(listed.is_error, Some(true), "{listed:?}");

        stop.send(()).unwrap();
        tokio::time::sleep(Duration::from_millis(200)).await;
        let CallToolResponse::Complete(gone) = relay.relay(call, None).await.unwrap() else {
            panic!("not complete");
        };
        assert_eq!(gone.is_error, Some(true));
        let body: Value = serde_json::from_str(&gone.content[0].as_text().unwrap().text).unwrap();
        assert_eq!(body["error"], ErrorCode::IdeNotConnected.as_str());
    }
}
