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
use debugger_core::error::{ErrorCode, ToolError};
use debugger_core::state::StateDir;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock,
    ListResourceTemplatesResult, ListResourcesResult, ListToolsResult, PaginatedRequestParams,
    ReadResourceRequestParams, ReadResourceResponse, ServerConfig,
};
use rmcp::service::{RequestContext, RunningService, ServiceError};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::{ErrorData as McpError, RoleClient, RoleServer, ServerHandler, ServiceExt};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Mutex;

/// How long connecting to an instance may take before it counts as unreachable.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);
/// Longer than any tool's own wait (execution tools wait at most 600 s).
const CALL_TIMEOUT: Duration = Duration::from_secs(660);

type Client = RunningService<RoleClient, ()>;

/// Connect to an instance's MCP endpoint and check it is one of ours.
pub async fn connect(instance: &Instance) -> Result<Client, String> {
    let transport = StreamableHttpClientTransport::from_uri(instance.mcp_url.as_str());
    let client = tokio::time::timeout(CONNECT_TIMEOUT, ().serve(transport))
        .await
        .map_err(|_| format!("{} did not answer in time", instance.mcp_url))?
        .map_err(|err| format!("{}: {err}", instance.mcp_url))?;
    let name = client
        .peer_info()
        .and_then(|info| info.server_info.as_ref().map(|s| s.name.clone()))
        .unwrap_or_default();
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
    async fn peer(&self) -> Result<rmcp::Peer<RoleClient>, ToolError> {
        let mut upstream = self.upstream.lock().await;
        if upstream.is_none() {
            *upstream = attach(&self.state, &self.dir, self.preference)
                .await
                .map(|(_, c)| c);
        }
        upstream
            .as_ref()
            .map(|c| c.peer().clone())
            .ok_or_else(not_connected)
    }

    async fn lost(&self) {
        if let Some(client) = self.upstream.lock().await.take() {
            let _ = client.cancel().await;
        }
    }

    async fn relay(&self, request: CallToolRequestParams) -> Result<CallToolResponse, ToolError> {
        let peer = self.peer().await?;
        match tokio::time::timeout(CALL_TIMEOUT, peer.call_tool_once(request)).await {
            Ok(Ok(response)) => Ok(response),
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
    async fn relay_resource<T, F, Fut>(&self, request: F) -> Result<T, McpError>
    where
        F: FnOnce(rmcp::Peer<RoleClient>) -> Fut,
        Fut: std::future::Future<Output = Result<T, ServiceError>>,
    {
        let unreachable =
            |err: ToolError| McpError::internal_error(err.message.clone(), Some(err.to_json()));
        let peer = self.peer().await.map_err(unreachable)?;
        match tokio::time::timeout(CONNECT_TIMEOUT * 10, request(peer)).await {
            Ok(Ok(answer)) => Ok(answer),
            Ok(Err(ServiceError::McpError(error))) => Err(error),
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
        self.relay_resource(|peer| async move { peer.list_resources(request).await })
            .await
    }

    async fn list_resource_templates(
        &self,
        request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, McpError> {
        self.relay_resource(|peer| async move { peer.list_resource_templates(request).await })
            .await
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        self.relay_resource(|peer| async move { peer.read_resource_once(request).await })
            .await
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
