//! `stdio` attached to a running IDE. The IDE plugin's own `serve` process owns the
//! bridge, the sessions, the watches and the command history; a `stdio` server started
//! by an agent relays its MCP traffic to that process's HTTP endpoint (found through
//! [`crate::discovery`]) instead of opening a second, competing view of the IDE. So the
//! tool window shows the agent's calls and confirmations appear as IDE dialogs.
//!
//! The relay is lazy and self-healing: a call that finds the upstream gone answers
//! `ide_not_connected` and the next call looks for a running instance again.

use crate::discovery::{self, Instance, Preference};
use crate::mcp;
use crate::upstream::{Failure, Upstream};
use debugger_core::error::{ErrorCode, ToolError};
use debugger_core::state::StateDir;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock,
    ListResourceTemplatesResult, ListResourcesResult, ListToolsResult, PaginatedRequestParams,
    ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler};
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Mutex;

/// How long connecting to an instance may take before it counts as unreachable.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);
/// Longer than any tool's own wait (execution tools wait at most 600 s).
const CALL_TIMEOUT: Duration = Duration::from_secs(660);

type Client = Upstream;

/// Connect to an instance's MCP endpoint and check it is one of ours.
pub async fn connect(instance: &Instance) -> Result<Client, String> {
    let client = tokio::time::timeout(CONNECT_TIMEOUT, Upstream::connect(&instance.mcp_url))
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
    match connect(&instance).await {
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
}

impl ProxyServer {
    pub fn new(client: Client, state: StateDir, dir: PathBuf, preference: Preference) -> Self {
        Self {
            upstream: Arc::new(Mutex::new(Some(client))),
            state,
            dir,
            preference,
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

    async fn relay(&self, request: CallToolRequestParams) -> Result<CallToolResponse, ToolError> {
        let peer = self.peer().await?;
        let request = serde_json::to_value(request).unwrap_or_default();
        match tokio::time::timeout(
            CALL_TIMEOUT,
            peer.call::<CallToolResult>("tools/call", request),
        )
        .await
        {
            Ok(Ok(result)) => Ok(result.into()),
            Ok(Err(err)) => {
                tracing::warn!(%err, "relaying a tool call to the IDE's server failed");
                self.lost().await;
                Err(not_connected())
            }
            Err(_) => Err(ToolError::new(
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

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        Ok(self.relay(request).await.unwrap_or_else(|err| {
            CallToolResult::error(vec![ContentBlock::text(err.to_json().to_string())]).into()
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Engine, Server};
    use crate::consent::ConsentMemory;
    use crate::history_log::HistoryLog;
    use crate::tools::App;
    use crate::watches::WatchStore;
    use debugger_core::project::project_from_dir;
    use debugger_dap::{DapBackend, DapConfig};

    /// A standalone server on a free loopback port, as an IDE-managed `serve` would be,
    /// and the discovery entry the relay would find for it.
    async fn instance(name: &str) -> (Instance, tokio::sync::oneshot::Sender<()>, PathBuf) {
        let root = std::env::temp_dir().join(format!("jbd-relay-{name}-{}", std::process::id()));
        let project = root.join("project");
        std::fs::create_dir_all(&project).unwrap();
        let state = StateDir::at(root.join("state"));
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
        let listener = crate::http::bind(0).await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(async move {
            let stopped = async move {
                let _ = stopped.await;
            };
            crate::http::serve(&server, listener, &[], stopped).await
        });
        let instance = Instance {
            pid: std::process::id(),
            mcp_url: format!("http://127.0.0.1:{port}/mcp"),
            ide: None,
            projects: vec![],
            updated_ms: 0,
        };
        (instance, stop, project)
    }

    fn relay_for(client: Client, project: PathBuf) -> ProxyServer {
        let state = StateDir::at(project.join("relay-state"));
        ProxyServer::new(client, state, project, Preference::Serving)
    }

    #[tokio::test]
    async fn tool_calls_and_resources_cross_the_relay() {
        let (instance, _stop, project) = instance("calls").await;
        let client = connect(&instance)
            .await
            .expect("our own server is accepted");
        let relay = relay_for(client, project);

        let listed = relay
            .relay(CallToolRequestParams::new("list_debug_sessions"))
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
        assert!(resources.resources.is_empty(), "{resources:?}");
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
    async fn a_forgotten_session_is_renewed_and_a_gone_instance_is_not_connected() {
        let (instance, stop, project) = instance("renew").await;
        let client = connect(&instance).await.unwrap();
        client.forget_session_for_test();
        let relay = relay_for(client, project);
        let call = CallToolRequestParams::new("list_debug_sessions");
        assert!(relay.relay(call.clone()).await.is_ok());

        stop.send(()).unwrap();
        tokio::time::sleep(Duration::from_millis(200)).await;
        let gone = relay.relay(call).await.unwrap_err();
        assert_eq!(gone.code, ErrorCode::IdeNotConnected);
    }
}
