//! [`IdeBackend`]: `debugger_core::Backend` over the bridge. It owns what the server
//! knows of the IDE between calls: the current connection (after a successful
//! `hello`), the open projects (from `hello` and `project/opened|closed`), the live
//! sessions with their language (from `hello`, `session/started` and launch
//! results), and the event stream (IDE notifications → [`BackendEvent`]s).
//!
//! Every `Backend` call is one bridge request with the spec's timeout. With no IDE
//! connected every call fails at once with `ide_not_connected`. On each `hello` the
//! session view is reconciled: sessions that vanished while the IDE was away end
//! (`Terminated` with an error), new ones start (`SessionStarted`), and known ones
//! are marked running (`Continued`) because the IDE re-sends `session/paused` for
//! every paused session right after `hello`.
//!
//! The IDE's own requests (`history/list`, `history/clear`, `history/export`,
//! `settings/update`, `clients/list`, `clients/install`) are answered by the server
//! through [`IdeRequests`]; `clients/install` runs off the connection's task.

use crate::endpoint::{Bridge, BridgeConfig, Connection, Endpoint};
use crate::rpc::{self, Answer, RpcError};
use crate::wire::{self, method, Empty, HelloParams, HelloResult, IdeInfo, Session};
use async_trait::async_trait;
use debugger_core::history::HistoryChange;
use debugger_core::lock;
use debugger_core::model::*;
use debugger_core::{Backend, BackendEvent, ErrorCode, ToolError, ToolResult};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value as Json;
use std::collections::{HashMap, VecDeque};
use std::path::Path;
use std::sync::{Arc, Mutex};
use tokio::sync::{broadcast, watch};
use tokio::task::JoinHandle;

/// Why a session the server knew ended while nobody could tell it.
pub const SESSION_LOST: &str = "the session ended while the IDE was disconnected";

/// The error of every call made while no IDE is connected.
pub fn not_connected() -> ToolError {
    ToolError::new(
        ErrorCode::IdeNotConnected,
        "The JetBrains IDE plugin is not connected. This server (IDE backend) waits for the \
         jetbrains-debugger plugin to connect to its bridge: make sure the IDE is running with \
         the plugin enabled, then try again.",
    )
}

/// The requests the IDE sends to the server (tool window actions, settings).
/// Implemented by the server. All but [`IdeRequests::install_client`] are called on
/// the connection's task, so keep them quick.
#[async_trait]
pub trait IdeRequests: Send + Sync + 'static {
    /// `history/list`: every entry, newest first, and the capacity.
    fn history_list(&self) -> wire::HistoryListResult;
    /// `history/clear`.
    fn history_clear(&self);
    /// `history/export`: the whole history as the text of a file of `format`.
    fn history_export(&self, format: wire::HistoryFormat) -> String;
    /// `settings/update`, already validated against the spec's ranges.
    fn update_settings(&self, settings: &wire::SettingsUpdateParams) -> ToolResult<()>;
    /// `clients/list`: every coding client, with snippets for `mcp_url`.
    fn clients_list(&self, mcp_url: &str) -> wire::ClientsListResult;
    /// `clients/install`: run `client`'s own CLI to point it at `mcp_url`, then with
    /// `skill` write the agent skill. Slow (a process, bounded by the implementation);
    /// runs on its own task. An unknown client is `-32602`, one without a CLI (or
    /// without skills, when `skill`) `-32000` `not_supported`.
    async fn install_client(
        &self,
        client: &str,
        mcp_url: &str,
        skill: bool,
    ) -> Result<wire::ClientInstallResult, RpcError>;
}

/// The IDE at the other end, as its `hello` described it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdeConnection {
    /// Increases with every connection of this process.
    pub connection_id: u64,
    pub protocol_version: u32,
    pub ide: IdeInfo,
    pub plugin_version: String,
}

struct Shared {
    config: BridgeConfig,
    requests: Arc<dyn IdeRequests>,
    /// The connection whose `hello` succeeded last, while it lasts.
    connection: Mutex<Option<Arc<Connection>>>,
    state: watch::Sender<Option<IdeConnection>>,
    projects: Mutex<Vec<Project>>,
    /// Live sessions by id.
    sessions: Mutex<HashMap<String, Session>>,
    /// The last sessions that ended, oldest first: a launch answer that arrives after
    /// its session already ended must not bring it back to life.
    ended: Mutex<VecDeque<String>>,
    events: broadcast::Sender<BackendEvent>,
    mcp_url: Mutex<Option<String>>,
}

/// How many ended sessions [`Shared::ended`] keeps.
const ENDED_REMEMBERED: usize = 64;

impl Shared {
    fn emit(&self, event: BackendEvent) {
        // No subscriber is fine.
        let _ = self.events.send(event);
    }

    fn current(&self) -> ToolResult<Arc<Connection>> {
        lock(&self.connection)
            .clone()
            .filter(|c| !c.peer.is_closed())
            .ok_or_else(not_connected)
    }

    fn remember(&self, session: &Session) {
        lock(&self.sessions).insert(session.descriptor.id.clone(), session.clone());
    }

    /// [`Self::remember`] a session a launch answered with, unless it has ended already.
    fn remember_launched(&self, session: &Session) {
        if !lock(&self.ended).contains(&session.descriptor.id) {
            self.remember(session);
        }
    }

    fn forget(&self, session: &str) {
        lock(&self.sessions).remove(session);
        let mut ended = lock(&self.ended);
        ended.push_back(session.to_string());
        if ended.len() > ENDED_REMEMBERED {
            ended.pop_front();
        }
    }

    fn reconcile(&self, live: &[Session]) -> Vec<BackendEvent> {
        let mut sessions = lock(&self.sessions);
        let mut events: Vec<BackendEvent> = sessions
            .keys()
            .filter(|id| !live.iter().any(|s| &s.descriptor.id == *id))
            .map(|id| BackendEvent::Terminated {
                session: id.clone(),
                error: Some(ToolError::new(ErrorCode::IdeNotConnected, SESSION_LOST)),
            })
            .collect();
        for session in live {
            events.push(if sessions.contains_key(&session.descriptor.id) {
                BackendEvent::Continued {
                    session: session.descriptor.id.clone(),
                }
            } else {
                BackendEvent::SessionStarted(session.descriptor.clone())
            });
        }
        *sessions = live
            .iter()
            .map(|s| (s.descriptor.id.clone(), s.clone()))
            .collect();
        events
    }

    fn notification(&self, name: &str, params: Json) -> Result<(), RpcError> {
        use BackendEvent as E;
        let event = match name {
            method::SESSION_STARTED => {
                let session: Session = rpc::params(name, params)?;
                self.remember(&session);
                E::SessionStarted(session.descriptor.clone())
            }
            method::SESSION_PROCESS_STARTED => {
                let p: wire::ProcessStartedParams = rpc::params(name, params)?;
                if let Some(s) = lock(&self.sessions).get_mut(&p.session) {
                    s.descriptor.process_id = Some(p.process_id);
                }
                E::ProcessStarted {
                    session: p.session,
                    process_id: p.process_id,
                }
            }
            method::SESSION_PAUSED => {
                let p: wire::PausedParams = rpc::params(name, params)?;
                E::Stopped {
                    session: p.session,
                    thread_id: p.thread_id,
                    reason: p.reason,
                    hit_breakpoints: p.hit_breakpoints,
                    exception: p.exception,
                    description: p.description,
                    detail: p.failed_test.map(|t| StopDetail::FailedTest(t.into())),
                }
            }
            method::SESSION_RESUMED => {
                let p: wire::SessionParams = rpc::params(name, params)?;
                E::Continued { session: p.session }
            }
            method::SESSION_OUTPUT => {
                let p: wire::OutputParams = rpc::params(name, params)?;
                E::Output {
                    session: p.session,
                    category: p.category,
                    text: p.text,
                }
            }
            method::SESSION_EXITED => {
                let p: wire::ExitedParams = rpc::params(name, params)?;
                E::Exited {
                    session: p.session,
                    exit_code: p.exit_code,
                }
            }
            method::SESSION_TERMINATED => {
                let p: wire::TerminatedParams = rpc::params(name, params)?;
                self.forget(&p.session);
                E::Terminated {
                    session: p.session,
                    // The IDE names no cause: its debugger failed, in its words.
                    error: p.error.map(|m| ToolError::new(ErrorCode::AdapterFailed, m)),
                }
            }
            method::BREAKPOINT_CHANGED => {
                let p: wire::BreakpointChanged = rpc::params(name, params)?;
                E::BreakpointChanged {
                    project: p.project,
                    breakpoint: p.breakpoint,
                }
            }
            method::BREAKPOINT_REMOVED => {
                let p: wire::BreakpointRef = rpc::params(name, params)?;
                E::BreakpointRemoved {
                    project: p.project,
                    id: p.id,
                }
            }
            method::PROJECT_OPENED => {
                let p: wire::ProjectEvent = rpc::params(name, params)?;
                let mut projects = lock(&self.projects);
                projects.retain(|known| known.path != p.project.path);
                projects.push(p.project);
                return Ok(());
            }
            method::PROJECT_CLOSED => {
                let p: wire::ProjectEvent = rpc::params(name, params)?;
                lock(&self.projects).retain(|known| known.path != p.project.path);
                return Ok(());
            }
            other => return Err(RpcError::method_not_found(other)),
        };
        self.emit(event);
        Ok(())
    }
}

impl Shared {
    /// The IDE's requests answered on the connection's task.
    fn quick_request(&self, name: &str, params: Json) -> Result<Json, RpcError> {
        match name {
            method::HISTORY_LIST => {
                let _: Empty = rpc::params(name, params)?;
                rpc::result(&self.requests.history_list())
            }
            method::HISTORY_CLEAR => {
                let _: Empty = rpc::params(name, params)?;
                self.requests.history_clear();
                rpc::result(&Empty {})
            }
            method::HISTORY_EXPORT => {
                let export: wire::HistoryExportParams = rpc::params(name, params)?;
                rpc::result(&wire::HistoryExportResult {
                    content: self.requests.history_export(export.format),
                })
            }
            method::SETTINGS_UPDATE => {
                let settings: wire::SettingsUpdateParams = rpc::params(name, params)?;
                if let Some(size) = settings.max_history_size {
                    if !wire::MAX_HISTORY_SIZE_RANGE.contains(&size) {
                        return Err(RpcError::invalid_params(format!(
                            "max_history_size must be between {} and {}",
                            wire::MAX_HISTORY_SIZE_RANGE.start(),
                            wire::MAX_HISTORY_SIZE_RANGE.end()
                        )));
                    }
                }
                self.requests.update_settings(&settings)?;
                rpc::result(&Empty {})
            }
            method::CLIENTS_LIST => {
                let _: Empty = rpc::params(name, params)?;
                rpc::result(&self.requests.clients_list(&self.own_mcp_url()?))
            }
            other => Err(RpcError::method_not_found(other)),
        }
    }

    /// `clients/install`, on its own task: it runs a CLI for up to a minute or so.
    fn install_client(&self, params: Json) -> Answer {
        let prepared = rpc::params::<wire::ClientInstallParams>(method::CLIENTS_INSTALL, params)
            .and_then(|p| Ok((p.client, p.skill, self.own_mcp_url()?)));
        let (client, skill, mcp_url) = match prepared {
            Ok(prepared) => prepared,
            Err(err) => return Answer::Now(Err(err)),
        };
        let requests = self.requests.clone();
        Answer::Later(Box::pin(async move {
            let outcome = requests.install_client(&client, &mcp_url, skill).await?;
            rpc::result(&outcome)
        }))
    }

    /// The MCP URL agents are given (set once the MCP listener is bound).
    fn own_mcp_url(&self) -> Result<String, RpcError> {
        lock(&self.mcp_url)
            .clone()
            .ok_or_else(|| RpcError::internal("this server has no MCP endpoint yet"))
    }
}

#[async_trait]
impl Bridge for Shared {
    async fn hello(
        &self,
        connection: &Arc<Connection>,
        hello: HelloParams,
    ) -> Result<HelloResult, RpcError> {
        tracing::info!(
            connection = connection.id,
            ide = %hello.ide.product,
            build = %hello.ide.build,
            plugin = %hello.plugin_version,
            projects = hello.projects.len(),
            sessions = hello.sessions.len(),
            "bridge: hello"
        );
        *lock(&self.projects) = hello.projects.clone();
        let events = self.reconcile(&hello.sessions);
        *lock(&self.connection) = Some(connection.clone());
        for event in events {
            self.emit(event);
        }
        self.state.send_replace(Some(IdeConnection {
            connection_id: connection.id,
            protocol_version: hello.protocol_version,
            ide: hello.ide,
            plugin_version: hello.plugin_version,
        }));
        Ok(HelloResult {
            protocol_version: wire::PROTOCOL_VERSION,
            server_version: self.config.server_version.clone(),
            mcp_url: lock(&self.mcp_url).clone(),
        })
    }

    async fn request(&self, _connection: &Arc<Connection>, name: &str, params: Json) -> Answer {
        if name == method::CLIENTS_INSTALL {
            return self.install_client(params);
        }
        self.quick_request(name, params).into()
    }

    async fn notification(&self, _connection: &Arc<Connection>, name: &str, params: Json) {
        if let Err(err) = Shared::notification(self, name, params) {
            tracing::warn!(method = name, error = %err.message, "bridge: notification ignored");
        }
    }

    fn disconnected(&self, connection: &Arc<Connection>) {
        let mut current = lock(&self.connection);
        if current.as_ref().is_some_and(|c| c.id == connection.id) {
            *current = None;
            self.state.send_replace(None);
        }
    }
}

/// The IDE bridge backend. Cheap to share; the listener runs until [`IdeBackend::close`].
pub struct IdeBackend {
    shared: Arc<Shared>,
    port: u16,
    accept: JoinHandle<()>,
}

impl IdeBackend {
    /// Bind the bridge on `127.0.0.1:<config.port>` and start accepting the IDE.
    /// `requests` answers the IDE's requests to the server. Must be called inside a
    /// Tokio runtime.
    pub async fn start(
        config: BridgeConfig,
        requests: Arc<dyn IdeRequests>,
    ) -> std::io::Result<Arc<Self>> {
        let endpoint = Endpoint::bind(config.clone()).await?;
        let port = endpoint.port();
        let shared = Arc::new(Shared {
            config,
            requests,
            connection: Mutex::new(None),
            state: watch::channel(None).0,
            projects: Mutex::new(Vec::new()),
            sessions: Mutex::new(HashMap::new()),
            ended: Mutex::new(VecDeque::new()),
            events: broadcast::channel(4096).0,
            mcp_url: Mutex::new(None),
        });
        let accept = endpoint.spawn(shared.clone());
        tracing::info!("bridge listening on ws://127.0.0.1:{port}/bridge");
        Ok(Arc::new(Self {
            shared,
            port,
            accept,
        }))
    }

    /// The port the bridge listens on (the bound one when 0 was asked for).
    pub fn bridge_port(&self) -> u16 {
        self.port
    }

    /// The MCP URL `hello` reports to the IDE.
    pub fn set_mcp_url(&self, url: impl Into<String>) {
        *lock(&self.shared.mcp_url) = Some(url.into());
    }

    /// True while an IDE is connected and has said `hello`.
    pub fn is_connected(&self) -> bool {
        self.shared.current().is_ok()
    }

    /// The connected IDE, if any.
    pub fn ide(&self) -> Option<IdeConnection> {
        self.shared.state.borrow().clone()
    }

    /// Connection changes: `Some` after each successful `hello`, `None` when the
    /// connection goes.
    pub fn connection(&self) -> watch::Receiver<Option<IdeConnection>> {
        self.shared.state.subscribe()
    }

    /// Ask the user in the IDE (`ui/confirm`, a dialog).
    pub async fn confirm(&self, params: &wire::ConfirmParams) -> ToolResult<wire::ConfirmResult> {
        self.call(method::UI_CONFIRM, params).await
    }

    /// Push a history change to the IDE's tool window (`history/changed`); dropped
    /// silently when no IDE is connected (it reloads with `history/list`).
    pub fn push_history(&self, change: &HistoryChange) {
        if let Ok(connection) = self.shared.current() {
            connection.peer.notify(method::HISTORY_CHANGED, change);
        }
    }

    /// Stop accepting and close the current connection. Nothing is stopped in the IDE.
    pub fn close(&self) {
        self.accept.abort();
        if let Some(connection) = lock(&self.shared.connection).take() {
            connection.close();
        }
        self.shared.state.send_replace(None);
    }

    async fn call<P: Serialize + Sync, R: DeserializeOwned>(
        &self,
        name: &str,
        params: &P,
    ) -> ToolResult<R> {
        let connection = self.shared.current()?;
        connection.peer.request(name, params).await
    }

    async fn call_unit<P: Serialize + Sync>(&self, name: &str, params: &P) -> ToolResult<()> {
        let _: Empty = self.call(name, params).await?;
        Ok(())
    }

    /// `session/launch` of either target: the session the IDE answers is remembered
    /// (with its language, and whether it breaks on uncaught exceptions) before its
    /// descriptor is returned.
    async fn launch_target(
        &self,
        project: &Project,
        target: wire::LaunchTarget,
        mode: LaunchMode,
        options: &LaunchOptions,
    ) -> ToolResult<SessionDescriptor> {
        let params = wire::LaunchParams {
            project: project.path.clone(),
            target,
            mode,
            break_on_uncaught: options.break_on_uncaught && mode == LaunchMode::Debug,
            overrides: (&options.overrides).into(),
        };
        let session: Session = self.call(method::SESSION_LAUNCH, &params).await?;
        self.shared.remember_launched(&session);
        Ok(session.descriptor.clone())
    }

    fn session(session: &str) -> wire::SessionParams {
        wire::SessionParams {
            session: session.to_string(),
        }
    }
}

impl Drop for IdeBackend {
    fn drop(&mut self) {
        self.accept.abort();
    }
}

#[async_trait]
impl Backend for IdeBackend {
    fn name(&self) -> &'static str {
        "ide"
    }

    fn events(&self) -> broadcast::Receiver<BackendEvent> {
        self.shared.events.subscribe()
    }

    async fn projects(&self) -> ToolResult<Vec<Project>> {
        self.shared.current()?;
        Ok(lock(&self.shared.projects).clone())
    }

    async fn run_configurations(&self, project: &Project) -> ToolResult<Vec<RunConfiguration>> {
        let params = wire::ProjectParams {
            project: project.path.clone(),
        };
        let result: wire::RunConfigurationsResult =
            self.call(method::RUN_CONFIGURATIONS_LIST, &params).await?;
        let mut configurations = result.configurations;
        configurations.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(configurations)
    }

    /// The IDE applies the overrides to a copy of the configuration made for this
    /// launch, and breaks on uncaught exceptions through the language's exception
    /// breakpoint for the session's life.
    async fn launch(
        &self,
        project: &Project,
        configuration: &str,
        mode: LaunchMode,
        options: &LaunchOptions,
    ) -> ToolResult<SessionDescriptor> {
        let target = wire::LaunchTarget::Configuration(configuration.to_string());
        self.launch_target(project, target, mode, options).await
    }

    /// The IDE makes the configuration, as its gutter's "Debug" does, then launches it
    /// as [`Self::launch`] does.
    async fn launch_file(
        &self,
        project: &Project,
        file: &Path,
        options: &LaunchOptions,
    ) -> ToolResult<SessionDescriptor> {
        if let Some(test) = &options.test {
            return Err(ToolError::new(
                ErrorCode::NotSupported,
                format!(
                    "test: the IDE backend launches a whole file; to run only {test}, debug the \
                     run configuration of that test (the gutter makes one in the IDE)."
                ),
            ));
        }
        let target = wire::LaunchTarget::File(file.to_path_buf());
        self.launch_target(project, target, LaunchMode::Debug, options)
            .await
    }

    fn break_on_uncaught_default(&self) -> Option<bool> {
        Some(self.shared.config.break_on_uncaught)
    }

    fn launch_overrides(&self) -> bool {
        true
    }

    fn breaks_on_uncaught(&self, session: &str) -> bool {
        lock(&self.shared.sessions)
            .get(session)
            .is_none_or(|s| s.break_on_uncaught != Some(false))
    }

    async fn stop(&self, session: &str) -> ToolResult<()> {
        self.call_unit(method::SESSION_STOP, &Self::session(session))
            .await
    }

    async fn breakpoints(&self, project: &Project) -> ToolResult<Vec<Breakpoint>> {
        let params = wire::ProjectParams {
            project: project.path.clone(),
        };
        let result: wire::BreakpointsResult = self.call(method::BREAKPOINTS_LIST, &params).await?;
        Ok(result.breakpoints)
    }

    async fn add_breakpoint(
        &self,
        project: &Project,
        spec: BreakpointSpec,
    ) -> ToolResult<(Breakpoint, bool)> {
        // Data breakpoints watch a paused session's value: `add_data_breakpoint`.
        if let BreakpointKind::Data { expression } = &spec.kind {
            return Err(ToolError::invalid_params(format!(
                "a data breakpoint watches a value of a paused session ({expression})"
            )));
        }
        let params = wire::AddBreakpointParams {
            project: project.path.clone(),
            spec,
        };
        let added: wire::AddedBreakpoint = self.call(method::BREAKPOINTS_ADD, &params).await?;
        Ok((added.breakpoint, added.created))
    }

    async fn remove_breakpoint(&self, project: &Project, id: &str) -> ToolResult<bool> {
        let params = wire::BreakpointRef {
            project: project.path.clone(),
            id: id.to_string(),
        };
        let result: wire::RemoveBreakpointResult =
            self.call(method::BREAKPOINTS_REMOVE, &params).await?;
        Ok(result.removed)
    }

    async fn add_data_breakpoint(
        &self,
        session: &str,
        frame_ref: &str,
        target: &ValueTarget,
        name: &str,
    ) -> ToolResult<Breakpoint> {
        let params = wire::WatchParams {
            session: session.to_string(),
            frame_ref: frame_ref.to_string(),
            target: target.clone(),
            name: name.to_string(),
        };
        self.call(method::BREAKPOINTS_WATCH, &params).await
    }

    async fn resume(&self, session: &str) -> ToolResult<()> {
        self.call_unit(method::SESSION_RESUME, &Self::session(session))
            .await
    }

    async fn pause(&self, session: &str) -> ToolResult<()> {
        self.call_unit(method::SESSION_PAUSE, &Self::session(session))
            .await
    }

    async fn step(
        &self,
        session: &str,
        thread_id: &str,
        kind: StepKind,
        ignore_breakpoints: bool,
    ) -> ToolResult<()> {
        let params = wire::StepParams {
            session: session.to_string(),
            thread_id: thread_id.to_string(),
            kind: kind.into(),
            ignore_breakpoints,
        };
        self.call_unit(method::SESSION_STEP, &params).await
    }

    async fn run_to_line(
        &self,
        session: &str,
        thread_id: &str,
        file: &Path,
        line: u32,
        ignore_breakpoints: bool,
    ) -> ToolResult<()> {
        let params = wire::RunToLineParams {
            session: session.to_string(),
            thread_id: thread_id.to_string(),
            file: file.to_path_buf(),
            line,
            ignore_breakpoints,
        };
        self.call_unit(method::SESSION_RUN_TO_LINE, &params).await
    }

    /// The resource's description says why (IntelliJ lists a session's loaded classes
    /// only through its debuggers' implementation classes).
    async fn loaded_code(&self, session: &str) -> ToolResult<LoadedCode> {
        Err(ToolError::new(
            ErrorCode::NotSupported,
            format!("session {session}: the IDE backend cannot tell which code is loaded"),
        ))
    }

    async fn threads(&self, session: &str) -> ToolResult<Vec<ThreadInfo>> {
        let result: wire::ThreadsResult = self
            .call(method::SESSION_THREADS, &Self::session(session))
            .await?;
        Ok(result.threads)
    }

    async fn stack(
        &self,
        session: &str,
        thread_id: &str,
        max: usize,
    ) -> ToolResult<(Vec<StackFrame>, usize)> {
        let params = wire::StackParams {
            session: session.to_string(),
            thread_id: thread_id.to_string(),
            max,
        };
        let result: wire::StackResult = self.call(method::SESSION_STACK, &params).await?;
        Ok((result.frames, result.total))
    }

    async fn select_frame(
        &self,
        session: &str,
        thread_id: &str,
        frame_ref: &str,
    ) -> ToolResult<()> {
        let params = wire::FrameSelectParams {
            session: session.to_string(),
            thread_id: thread_id.to_string(),
            frame_ref: frame_ref.to_string(),
        };
        self.call_unit(method::FRAME_SELECT, &params).await
    }

    async fn variables(
        &self,
        session: &str,
        frame_ref: &str,
        scope: VariableScope,
    ) -> ToolResult<Vec<Value>> {
        let params = wire::VariablesParams {
            session: session.to_string(),
            frame_ref: frame_ref.to_string(),
            scope,
        };
        let result: wire::VariablesResult = self.call(method::FRAME_VARIABLES, &params).await?;
        Ok(result.variables)
    }

    async fn children(&self, session: &str, children_ref: &str) -> ToolResult<Vec<Value>> {
        let params = wire::ChildrenParams {
            session: session.to_string(),
            children_ref: children_ref.to_string(),
        };
        let result: wire::ChildrenResult = self.call(method::VALUE_CHILDREN, &params).await?;
        Ok(result.children)
    }

    async fn set_value(
        &self,
        session: &str,
        frame_ref: &str,
        target: &ValueTarget,
        new_value: &str,
    ) -> ToolResult<Value> {
        let params = wire::SetValueParams {
            session: session.to_string(),
            frame_ref: frame_ref.to_string(),
            target: target.clone(),
            value: new_value.to_string(),
        };
        self.call(method::VALUE_SET, &params).await
    }

    async fn evaluate(
        &self,
        session: &str,
        frame_ref: &str,
        expression: &str,
        kind: EvaluationKind,
    ) -> ToolResult<Value> {
        let params = wire::EvaluateParams {
            session: session.to_string(),
            frame_ref: frame_ref.to_string(),
            expression: expression.to_string(),
            kind,
        };
        self.call(method::FRAME_EVALUATE, &params).await
    }

    fn values_note(&self, _session: &str) -> Option<&'static str> {
        Some(
            "values are shown by the IDE's renderers (toString(), __repr__, getters), which \
             may run the program's code",
        )
    }

    fn language(&self, session: &str) -> Option<String> {
        lock(&self.shared.sessions)
            .get(session)
            .and_then(|s| s.language.clone())
    }
}
