//! The MCP face of the server (rmcp): lists the tools with their schemas and
//! annotations, runs calls through [`crate::tools`], turns [`ToolError`]s into
//! `isError` results with a JSON body, records every call in the history, and asks
//! for confirmations: in the IDE (`ui/confirm`) with the IDE backend, else through
//! MCP elicitation where the client supports it: a request to the client during the
//! call, or on protocol 2026-07-28 a question as the call's answer (`consent/mrtr.rs`). A call
//! that carries a `progressToken` gets progress, a cancelled one ends its wait
//! (`tools::waiting`); the app's notices reach the client as MCP logging (`logging.rs`).

use crate::app::{App, Call, Progress, Waiting};
use crate::consent::confirmers::{ElicitingConfirmer, IdeConfirmer, NobodyToAsk};
use crate::consent::mrtr::{self, MrtrConfirmer, Questions, Route};
use crate::consent::{ConfirmRequest, Confirmer, CONFIRMATION_TIMEOUT};
use crate::history_log::HistoryLog;
use crate::logging::{level_of, tell_notices, tell_queued, DEFAULT_LOG_LEVEL};
use crate::notices::Level;
use crate::resources::{self, notify};
use crate::tools;
use debugger_core::lock;
use debugger_core::{profile, ToolError, ToolResult};
use debugger_ide::IdeBackend;
use futures_util::FutureExt;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, CustomRequest,
    CustomResult, Implementation, InitializeRequestParams, InitializeResult,
    ListResourceTemplatesResult, ListResourcesResult, ListToolsResult, PaginatedRequestParams,
    ProgressNotificationParam, ProgressToken, ReadResourceRequestParams, ReadResourceResponse,
    ServerCapabilities, ServerConfig, SubscribeRequestParams, SubscriptionFilter, Tool,
    ToolAnnotations, UnsubscribeRequestParams,
};
// MCP logging: deprecated from 2026-07-28 on, still served to the clients that use it.
#[allow(deprecated)]
use rmcp::model::SetLevelRequestParams;
use rmcp::service::{NotificationContext, RequestContext, SubscriptionContext};
use rmcp::{ErrorData as McpError, Peer, RoleServer, ServerHandler};
use serde_json::Value;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// MCP server name, as agents register it.
pub const SERVER_NAME: &str = "jetbrains-debugger";

/// Most MRTR confirmations waiting for an answer at once (the oldest goes first).
const OPEN_QUESTIONS: usize = 64;

/// One MCP connection's handler; all connections share the [`App`].
#[derive(Clone)]
pub struct McpServer {
    app: Arc<App>,
    history: Arc<HistoryLog>,
    tools: Arc<Vec<Tool>>,
    /// The IDE backend, when it runs: confirmations are its dialogs.
    ide: Option<Arc<IdeBackend>>,
    /// This connection's `resources/subscribe` URIs (legacy protocol).
    subscriptions: notify::LegacySubscriptions,
    /// Confirmations asked over MRTR, waiting for the client's retry.
    questions: Arc<Questions>,
    /// This connection has answered its `initialize`.
    initialized: Arc<AtomicBool>,
    /// The least severe notice this connection is told (`logging/setLevel`).
    log_level: Arc<Mutex<Level>>,
    /// This MCP connection (stdio, or one legacy HTTP session): who is asked on it.
    connection: u64,
}

/// A fresh number for each MCP connection's handler.
fn next_connection() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl McpServer {
    pub fn new(app: Arc<App>, history: Arc<HistoryLog>, ide: Option<Arc<IdeBackend>>) -> Self {
        Self {
            app,
            history,
            tools: Arc::new(tool_list()),
            ide,
            subscriptions: notify::LegacySubscriptions::default(),
            questions: Arc::new(Questions::new(CONFIRMATION_TIMEOUT, OPEN_QUESTIONS)),
            initialized: Arc::default(),
            log_level: Arc::new(Mutex::new(DEFAULT_LOG_LEVEL)),
            connection: next_connection(),
        }
    }

    /// The handler of one more connection (an HTTP session): everything shared, the
    /// open MRTR questions included (a retry may come on another connection), except
    /// the connection's own resource subscriptions.
    pub fn for_connection(&self) -> Self {
        Self {
            subscriptions: notify::LegacySubscriptions::default(),
            initialized: Arc::default(),
            log_level: Arc::new(Mutex::new(DEFAULT_LOG_LEVEL)),
            connection: next_connection(),
            ..self.clone()
        }
    }
}

/// What the server says about itself at the handshake.
#[allow(deprecated)] // logging: deprecated from 2026-07-28 on, served to the clients that use it
pub fn server_config() -> ServerConfig {
    let capabilities = ServerCapabilities::builder()
        .enable_logging()
        .enable_tools()
        .enable_resources()
        .enable_resources_subscribe()
        .build();
    ServerConfig::new(capabilities)
        .with_server_info(Implementation::new(SERVER_NAME, env!("CARGO_PKG_VERSION")))
        .with_instructions(crate::instructions::INSTRUCTIONS)
}

/// Answer a connection's first `initialize`; a second one is refused (-32600): the session
/// and its negotiated version are set once.
pub fn initialize_once(
    handler: &impl ServerHandler,
    initialized: &AtomicBool,
    request: InitializeRequestParams,
    context: &RequestContext<RoleServer>,
) -> Result<InitializeResult, McpError> {
    if initialized.swap(true, Ordering::SeqCst) {
        return Err(McpError::invalid_request(
            "Invalid Request: this session is already initialized; initialize is sent once",
            None,
        ));
    }
    context.peer.set_peer_info(request.clone());
    handler.negotiate_initialize(&request)
}

/// Whether this server has a tool of that name (the names are built once).
pub fn has_tool(name: &str) -> bool {
    static NAMES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    NAMES
        .get_or_init(|| {
            tool_list()
                .into_iter()
                .map(|t| t.name.to_string())
                .collect()
        })
        .iter()
        .any(|known| known == name)
}

/// The JSON-RPC error for a tool this server does not have: a protocol error (-32602), as
/// every MCP version's tools chapter has it, not a tool's `isError` result.
pub fn unknown_tool(name: &str) -> McpError {
    McpError::invalid_params(
        format!("Unknown tool: {name}"),
        Some(serde_json::json!({ "tool": name })),
    )
}

/// A tool's `_meta` key for the words a tool search should find it by (Claude Code).
const SEARCH_HINT_META: &str = "anthropic/searchHint";
/// A tool's `_meta` key asking a client to load it at once rather than behind its tool
/// search (Claude Code).
const ALWAYS_LOAD_META: &str = "anthropic/alwaysLoad";

/// The tools as MCP lists them.
pub fn tool_list() -> Vec<Tool> {
    tools::list()
        .into_iter()
        .map(|info| {
            let annotations = ToolAnnotations::with_title(info.title)
                .read_only(info.hints.read_only)
                .destructive(info.hints.destructive)
                .idempotent(info.hints.idempotent)
                .open_world(false);
            let mut meta = rmcp::model::MetaObject::new();
            meta.0
                .insert(SEARCH_HINT_META.into(), info.search_hint.into());
            if tools::ALWAYS_LOADED.contains(&info.name) {
                meta.0.insert(ALWAYS_LOAD_META.into(), true.into());
            }
            Tool::new(info.name, info.description, Arc::new(info.input_schema))
                .with_title(info.title)
                .with_raw_output_schema(Arc::new(info.output_schema))
                .with_annotations(annotations)
                .with_meta(meta)
        })
        .collect()
}

/// Progress of a call to the client that asked for it (the request's `progressToken`).
struct ProgressTo {
    peer: Peer<RoleServer>,
    token: ProgressToken,
}

#[async_trait::async_trait]
impl Progress for ProgressTo {
    async fn report(&self, progress: f64, message: String) {
        let param =
            ProgressNotificationParam::new(self.token.clone(), progress).with_message(message);
        if let Err(err) = self.peer.notify_progress(param).await {
            tracing::debug!(%err, "cannot send a progress notification");
        }
    }
}

/// Files a call touches, for the history.
fn affected_files(arguments: &Value) -> Vec<String> {
    arguments
        .get("file_path")
        .and_then(Value::as_str)
        .map(|f| vec![f.to_string()])
        .unwrap_or_default()
}

/// Run a tool's future so that a panic in it becomes an `internal_error` answer (and
/// a log line) instead of a request nobody answers. What the tool did before it
/// panicked stays done and visible (a session it started is listed): state lives in
/// the tracker and the backend, not in the tool's stack.
async fn within_panic_boundary(
    tool: &str,
    run: impl std::future::Future<Output = ToolResult<Value>>,
) -> ToolResult<Value> {
    match std::panic::AssertUnwindSafe(run).catch_unwind().await {
        Ok(outcome) => outcome,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "no message".into());
            tracing::error!(tool, panic = %what, "a tool call panicked; the server goes on");
            Err(ToolError::internal(format!(
                "{tool} failed inside the server ({what}). Its effects so far are kept: \
                 list_debug_sessions and list_breakpoints show them."
            )))
        }
    }
}

/// The `_meta` key of a call's profile, when profiling (`debugger_core::profile::ENV`).
pub const PROFILE_META: &str = "jetbrains-debugger/profile";
/// The profile's mark of the tool's own span (`tools::call`).
pub const TOOL_MARK: &str = "tool";

/// When profiling (`handled`: when the handler started), the answer carries its handler's
/// time and the marks recorded meanwhile (offsets from the handler's start): what is
/// not in the handler is the MCP layer's, transport and JSON-RPC included.
fn with_profile(mut answer: CallToolResult, handled: Option<Instant>) -> CallToolResult {
    if let Some(handled) = handled {
        let handler_us = handled.elapsed().as_micros() as u64;
        let marks: Vec<Value> = profile::take_since(handled)
            .into_iter()
            .map(|m| serde_json::json!([m.name, m.from_us, m.to_us]))
            .collect();
        let mut meta = answer.meta.take().unwrap_or_default();
        meta.0.insert(
            PROFILE_META.into(),
            serde_json::json!({"handler_us": handler_us, "marks": marks}),
        );
        answer.meta = Some(meta);
    }
    answer
}

/// What running a tool call came to.
pub enum Ran {
    Answered(CallToolResult),
    /// It stopped at a question for the client's next round (MRTR), nothing done.
    Asked(ConfirmRequest),
}

impl McpServer {
    /// Run one tool call, recorded in the history. While a state file has been set
    /// aside (unreadable), every answer carries `warnings` naming the kept copy. A
    /// call that stopped at an MRTR question is recorded as asking it (`mrtr::asked`),
    /// not as the error its handler returned; its retry is recorded as a call too.
    pub async fn run_tool(
        &self,
        name: &str,
        arguments: Value,
        confirmer: &dyn Confirmer,
        waiting: &Waiting,
    ) -> Ran {
        let started = Instant::now();
        let entry = self.history.history.begin(name, &arguments);
        let call = Call {
            app: &self.app,
            confirmer,
            waiting,
        };
        let tool_started = profile::enabled().then(Instant::now);
        let outcome =
            within_panic_boundary(name, tools::call(&call, name, arguments.clone())).await;
        if let Some(started) = tool_started {
            profile::record(|| TOOL_MARK.into(), started);
        }
        let files = affected_files(&arguments);
        if let (Err(_), Some(question)) = (&outcome, confirmer.deferred()) {
            let asked = mrtr::asked(&question);
            self.history
                .history
                .finish(entry, Ok(asked), files, started.elapsed());
            return Ran::Asked(question);
        }
        Ran::Answered(self.answer(name, entry, started, files, outcome))
    }

    /// A call refused before it ran (an MRTR retry that does not fit its question):
    /// recorded and answered as any failed call.
    fn refuse(&self, name: &str, arguments: &Value, error: ToolError) -> CallToolResult {
        let entry = self.history.history.begin(name, arguments);
        self.answer(
            name,
            entry,
            Instant::now(),
            affected_files(arguments),
            Err(error),
        )
    }

    /// Record a call's outcome in the history and shape it as MCP answers it.
    fn answer(
        &self,
        name: &str,
        entry: u64,
        started: Instant,
        files: Vec<String>,
        outcome: ToolResult<Value>,
    ) -> CallToolResult {
        let history = &self.history.history;
        let warnings = self.app.watches.state().warnings();
        self.app.notices.state_warnings(&warnings);
        match outcome {
            Ok(mut value) => {
                if let (Value::Object(body), false) = (&mut value, warnings.is_empty()) {
                    body.insert("warnings".into(), warnings.into());
                }
                tools::budget::fit(name, &mut value);
                history.finish(entry, Ok(value.clone()), files, started.elapsed());
                CallToolResult::structured(value)
            }
            Err(err) => {
                let mut body = err.to_json();
                if let (Value::Object(body), false) = (&mut body, warnings.is_empty()) {
                    body.insert("warnings".into(), warnings.into());
                }
                tools::budget::fit(name, &mut body);
                history.finish(entry, Err(body.clone()), files, started.elapsed());
                CallToolResult::error(vec![ContentBlock::text(body.to_string())])
            }
        }
    }
}

impl ServerHandler for McpServer {
    fn get_info(&self) -> ServerConfig {
        server_config()
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        Ok(ListToolsResult::with_all_items((*self.tools).clone()))
    }

    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, McpError> {
        initialize_once(self, &self.initialized, request, &context)
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let handled = profile::enabled().then(Instant::now);
        profile::clear();
        if !has_tool(&request.name) {
            return Err(unknown_tool(&request.name));
        }
        let arguments = request.arguments.map(Value::Object).unwrap_or(Value::Null);
        let route = mrtr::route(
            self.ide.is_some(),
            context.protocol_version().as_ref(),
            context.client_capabilities().as_ref(),
        );
        // Only a question's own asker may answer it (`consent/asker.rs`).
        let asker = match route {
            Route::Mrtr => crate::consent::asker::of(&context, self.connection).await,
            _ => String::new(),
        };
        let answers = match self.questions.answers(
            route,
            &asker,
            &request.name,
            &arguments,
            request.request_state.as_deref(),
            request.input_responses.as_ref(),
        ) {
            Ok(answers) => answers,
            Err(refused) => return Ok(self.refuse(&request.name, &arguments, refused).into()),
        };
        let confirmer: Box<dyn Confirmer> = match (route, &self.ide) {
            (Route::Ide, Some(ide)) => Box::new(IdeConfirmer {
                ide: ide.clone(),
                tool: request.name.to_string(),
            }),
            (Route::Elicitation, _) => Box::new(ElicitingConfirmer {
                peer: context.peer.clone(),
            }),
            (Route::Mrtr, _) => Box::new(MrtrConfirmer::new(answers.clone())),
            (Route::Nobody, _) | (Route::Ide, None) => Box::new(NobodyToAsk),
        };
        let progress = context.meta.get_progress_token().map(|token| {
            Box::new(ProgressTo {
                peer: context.peer.clone(),
                token,
            }) as Box<dyn Progress>
        });
        let waiting = Waiting::new(context.ct.clone(), progress);
        let run = self.run_tool(
            &request.name,
            arguments.clone(),
            confirmer.as_ref(),
            &waiting,
        );
        // A request that names a log level (2026-07-28's per-request logging) is told the
        // notices of its time on its own response stream.
        let ran = match context.meta.log_level().map(level_of) {
            None => run.await,
            Some(least) => {
                tokio::pin!(run);
                let mut notices = self.app.notices.subscribe();
                let least = || least;
                let ran = {
                    let told = tell_notices(&context.peer, &mut notices, &least);
                    tokio::select! {
                        ran = &mut run => ran,
                        () = told => run.await,
                    }
                };
                // What the call's own events made may not have reached the notices yet
                // (the event pump applies events on its own task): once it has, tell
                // what is queued, still on the call's stream.
                self.app.caught_up().await;
                tell_queued(&context.peer, &mut notices, &least).await;
                ran
            }
        };
        Ok(match ran {
            Ran::Answered(result) => with_profile(result, handled).into(),
            Ran::Asked(question) => self
                .questions
                .ask(&asker, &request.name, arguments, question, answers)
                .into(),
        })
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, McpError> {
        resources::list(&self.app).await
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, McpError> {
        resources::templates(&self.app).await
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        Ok(
            resources::read(&self.app, &self.history.history, &request.uri)
                .await?
                .into(),
        )
    }

    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        Some(notify::accepted_filter(requested))
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), McpError> {
        let outlet = notify::ListenOutlet(context.sink().clone());
        notify::pump(self.app.changes.subscribe(), outlet, context.cancelled()).await;
        Ok(())
    }

    #[allow(deprecated)] // the legacy protocol's subscriptions, served to legacy clients
    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        resources::uri::ResourceUri::parse(&request.uri)
            .map_err(|e| McpError::invalid_params(e.to_string(), None))?;
        self.subscriptions.add(request.uri);
        Ok(())
    }

    #[allow(deprecated)]
    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        self.subscriptions.remove(&request.uri);
        Ok(())
    }

    #[allow(deprecated)]
    async fn set_level(
        &self,
        request: SetLevelRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        *lock(&self.log_level) = level_of(request.level);
        Ok(())
    }

    /// A legacy client (one that sent `initialize`) is told of changes, and the notices
    /// at its log level, on its own connection for as long as it stays open; 2026-07-28
    /// clients listen instead, and name a log level per request.
    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        let legacy = context
            .peer
            .peer_info()
            .is_none_or(|info| info.protocol_version.has_initialize());
        if legacy {
            let (peer, level) = (context.peer.clone(), self.log_level.clone());
            let mut notices = self.app.notices.subscribe();
            tokio::spawn(async move {
                let least = || *lock(&level);
                let told = tell_notices(&peer, &mut notices, &least);
                tokio::select! {
                    () = told => {}
                    () = notify::closed(peer.clone()) => {}
                }
            });
            let outlet = notify::LegacyOutlet {
                peer: context.peer.clone(),
                subscriptions: self.subscriptions.clone(),
            };
            tokio::spawn(notify::pump(
                self.app.changes.subscribe(),
                outlet,
                notify::closed(context.peer),
            ));
        }
    }

    /// rmcp decodes a known method whose params do not fit (`tools/call` with
    /// `arguments: 5`) as a custom request; that is invalid params (-32602), not an
    /// unknown method.
    async fn on_custom_request(
        &self,
        request: CustomRequest,
        _context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, McpError> {
        Err(malformed_request(&request.method))
    }
}

/// The JSON-RPC error for a custom request: -32602 for a method we know (its params
/// were malformed), -32601 for any other.
fn malformed_request(method: &str) -> McpError {
    match method {
        "tools/call" => McpError::invalid_params(
            "Invalid params for tools/call: 'name' must be a string and 'arguments', when \
             given, a JSON object of the tool's parameters",
            None,
        ),
        "initialize" | "ping" | "tools/list" => McpError::invalid_params(
            format!("Invalid params for {method}: see the MCP specification for their shape"),
            None,
        ),
        other => McpError::new(
            rmcp::model::ErrorCode::METHOD_NOT_FOUND,
            format!("Method not found: {other}"),
            None,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::consent::ConsentMemory;
    use crate::watches::WatchStore;
    use debugger_core::model::*;
    use debugger_core::state::StateDir;
    use debugger_core::{Backend, BackendEvent};
    use std::path::{Path, PathBuf};
    use tokio::sync::broadcast;

    /// A backend whose launch starts a session (announced as a real one is) and then
    /// panics, like a handler bug after the action was done. Everything else the
    /// test does not reach panics too.
    struct PanicsAfterLaunch {
        events: broadcast::Sender<BackendEvent>,
        root: PathBuf,
    }

    fn project(root: &Path) -> Project {
        Project {
            name: "shop".into(),
            path: root.to_path_buf(),
        }
    }

    #[async_trait::async_trait]
    impl Backend for PanicsAfterLaunch {
        fn name(&self) -> &'static str {
            "panicking double"
        }
        fn events(&self) -> broadcast::Receiver<BackendEvent> {
            self.events.subscribe()
        }
        async fn projects(&self) -> ToolResult<Vec<Project>> {
            Ok(vec![project(&self.root)])
        }
        async fn run_configurations(&self, _: &Project) -> ToolResult<Vec<RunConfiguration>> {
            Ok(vec![RunConfiguration {
                name: "app".into(),
                type_name: "Python".into(),
                type_id: "python".into(),
                is_temporary: false,
                can_run: true,
                can_debug: true,
                folder: None,
                description: None,
                unavailable_reason: None,
            }])
        }
        async fn launch(
            &self,
            project: &Project,
            configuration: &str,
            mode: LaunchMode,
            _: &LaunchOptions,
        ) -> ToolResult<SessionDescriptor> {
            let _ = self
                .events
                .send(BackendEvent::SessionStarted(SessionDescriptor {
                    id: "s1".into(),
                    name: configuration.into(),
                    run_configuration: configuration.into(),
                    mode,
                    project: project.path.clone(),
                    process_id: Some(4242),
                    attached: false,
                }));
            panic!("deliberate: the launch's answer was lost");
        }
        async fn stop(&self, _: &str) -> ToolResult<()> {
            Ok(())
        }
        async fn breakpoints(&self, _: &Project) -> ToolResult<Vec<Breakpoint>> {
            Ok(vec![])
        }
        async fn add_breakpoint(
            &self,
            _: &Project,
            _: BreakpointSpec,
        ) -> ToolResult<(Breakpoint, bool)> {
            unimplemented!()
        }
        async fn remove_breakpoint(&self, _: &Project, _: &str) -> ToolResult<bool> {
            unimplemented!()
        }
        async fn resume(&self, _: &str) -> ToolResult<()> {
            unimplemented!()
        }
        async fn pause(&self, _: &str) -> ToolResult<()> {
            unimplemented!()
        }
        async fn step(&self, _: &str, _: &str, _: StepKind, _: bool) -> ToolResult<()> {
            unimplemented!()
        }
        async fn run_to_line(&self, _: &str, _: &str, _: &Path, _: u32, _: bool) -> ToolResult<()> {
            unimplemented!()
        }
        async fn threads(&self, _: &str) -> ToolResult<Vec<ThreadInfo>> {
            unimplemented!()
        }
        async fn stack(&self, _: &str, _: &str, _: usize) -> ToolResult<(Vec<StackFrame>, usize)> {
            unimplemented!()
        }
        async fn variables(
            &self,
            _: &str,
            _: &str,
            _: VariableScope,
        ) -> ToolResult<Vec<debugger_core::model::Value>> {
            unimplemented!()
        }
        async fn children(&self, _: &str, _: &str) -> ToolResult<Vec<debugger_core::model::Value>> {
            unimplemented!()
        }
        async fn set_value(
            &self,
            _: &str,
            _: &str,
            _: &ValueTarget,
            _: &str,
        ) -> ToolResult<debugger_core::model::Value> {
            unimplemented!()
        }
        async fn evaluate(
            &self,
            _: &str,
            _: &str,
            _: &str,
            _: EvaluationKind,
        ) -> ToolResult<debugger_core::model::Value> {
            unimplemented!()
        }
        fn language(&self, _: &str) -> Option<String> {
            None
        }
    }

    /// The answer of a call that asks no question.
    async fn answered(ran: impl std::future::Future<Output = Ran>) -> CallToolResult {
        match ran.await {
            Ran::Answered(result) => result,
            Ran::Asked(question) => panic!("asked {question:?}"),
        }
    }

    #[tokio::test]
    async fn a_panicking_call_answers_internal_error_and_its_session_stays_listed() {
        let root = std::env::temp_dir().join(format!("jbd-panic-{}", std::process::id()));
        let state = StateDir::at(root.join("state"));
        let backend = Arc::new(PanicsAfterLaunch {
            events: broadcast::channel(16).0,
            root: root.clone(),
        });
        let app = App::new(
            backend,
            WatchStore::new(state.clone()),
            Arc::new(ConsentMemory::new(true)),
            crate::redact::Secrets::new(Default::default()),
        );
        let server = McpServer::new(app, Arc::new(HistoryLog::new(10, &state)), None);

        let started = answered(server.run_tool(
            "start_debug_session",
            serde_json::json!({ "configuration_name": "app" }),
            &NobodyToAsk,
            &Waiting::default(),
        ))
        .await;
        assert_eq!(started.is_error, Some(true));
        let body: serde_json::Value = serde_json::from_str(&text(&started)).unwrap();
        assert_eq!(body["error"], "internal_error");
        assert!(body["message"]
            .as_str()
            .unwrap()
            .contains("deliberate: the launch's answer was lost"));

        // The server goes on, and what the call did is reachable.
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        let listed = answered(server.run_tool(
            "list_debug_sessions",
            serde_json::json!({}),
            &NobodyToAsk,
            &Waiting::default(),
        ))
        .await;
        assert_ne!(listed.is_error, Some(true), "{}", text(&listed));
        let sessions = &listed.structured_content.unwrap()["sessions"];
        assert_eq!(sessions[0]["id"], "s1");
        assert_eq!(sessions[0]["process_id"], 4242);
        let history = server.history.history.entries();
        assert_eq!(history[1].tool, "start_debug_session");
        assert_eq!(
            history[1].error.as_ref().unwrap()["error"],
            "internal_error"
        );
        let _ = std::fs::remove_dir_all(root);
    }

    /// What the tool list costs an agent, in bytes of compact JSON:
    /// `cargo test -p jetbrains-debugger-mcp tool_list_bytes -- --nocapture`.
    /// Descriptions and input schemas are read by the model every turn; output
    /// schemas mostly by the client's validator.
    #[test]
    fn tool_list_bytes() {
        fn bytes<T: serde::Serialize + ?Sized>(value: &T) -> usize {
            serde_json::to_vec(value).unwrap().len()
        }
        let tools = tool_list();
        let whole = bytes(&ListToolsResult::with_all_items(tools.clone()));
        let (mut read, mut output, mut largest) = (0, 0, (0, ""));
        for tool in &tools {
            read += tool.description.as_deref().map_or(0, str::len) + bytes(&*tool.input_schema);
            let own = tool.output_schema.as_deref().map_or(0, bytes);
            output += own;
            largest = largest.max((own, &tool.name));
        }
        println!(
            "tools/list: {whole} bytes; descriptions + input schemas: {read} bytes; \
             output schemas: {output} bytes ({} tools), the largest {} ({} bytes)",
            tools.len(),
            largest.1,
            largest.0
        );
        // 10,000 for the first 27 tools; jump_to_line, the 28th, costs about 300.
        assert!(read < 10_500, "descriptions + input schemas: {read} bytes");
        // Each output schema is compiled by the client's validator on the tool's first
        // call: what it weighs is latency (see `tools::schema::compact`).
        assert!(output <= 15_000, "output schemas: {output} bytes");
        assert!(
            largest.0 <= 1_400,
            "{}'s output schema: {} bytes",
            largest.1,
            largest.0
        );
    }

    /// What `tools::schema::lean` promises, over every schema listed: no
    /// `"default": null`, no `format`, no type arrays, no schema without a type.
    #[test]
    fn listed_schemas_are_lean() {
        use serde_json::Value;
        fn check(node: &Value, at: &str) {
            match node {
                Value::Object(map) => {
                    assert!(!map.contains_key("format"), "{at}: format");
                    assert_ne!(map.get("default"), Some(&Value::Null), "{at}: default null");
                    assert!(
                        !map.get("type").is_some_and(Value::is_array),
                        "{at}: type array"
                    );
                    for (key, value) in map {
                        check(value, &format!("{at}.{key}"));
                    }
                }
                Value::Array(items) => items.iter().for_each(|v| check(v, at)),
                _ => {}
            }
        }
        for tool in tool_list() {
            let input = Value::Object((*tool.input_schema).clone());
            check(&input, &format!("{}.inputSchema", tool.name));
            for (name, property) in input["properties"].as_object().unwrap() {
                assert!(
                    property.get("type").is_some(),
                    "{}.{name} has no type",
                    tool.name
                );
            }
            let output = Value::Object((*tool.output_schema.unwrap()).clone());
            check(&output, &format!("{}.outputSchema", tool.name));
        }
    }

    fn text(result: &CallToolResult) -> String {
        result
            .content
            .iter()
            .filter_map(|c| c.as_text().map(|t| t.text.clone()))
            .collect()
    }
}
