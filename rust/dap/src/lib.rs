//! The standalone backend: implements [`debugger_core::Backend`] by driving debug
//! adapters (one adapter process per session): debugpy for Python, lldb-dap for C,
//! C++ and Rust, Delve for Go, each described by a profile in [`adapter`].
//!
//! - [`adapter`]: the adapter profiles (which `type`s, how to start and reach the
//!   adapter, its launch arguments, evaluation, exceptions, quirks).
//! - [`protocol`]: DAP message shapes and `Content-Length` framing.
//! - [`client`]: one adapter connection (request correlation, timeouts, events).
//! - [`breakpoints`]: the per-project breakpoint store and the full-list logic.
//! - [`launch_json`]: each project's `.vscode/launch.json` as [`launch_json::LaunchConfig`]s.
//! - [`file_launch`]: the temporary configuration that debugs one file with no
//!   launch.json entry (a script, or pytest for a test file; Go tests and programs).
//! - [`test_runs`]: test launches: how a failing test stops, one test selected.
//! - [`session`]: one session's handshake, event loop and requests.
//! - [`diagnostics`]: what a session keeps to say why it failed or died.
//!
//! This file holds the configuration, the backend-wide state shared by sessions
//! ([`Shared`]: event channel, breakpoint store, session registry) and the trait
//! implementation that routes each call to the store or to a session.
//!
//! Launch errors: no interpreter or no debugpy → `debugger_unavailable` (naming
//! `<python> -m pip install debugpy`); a missing program or working directory is
//! checked before spawning (debugpy would start it and Python would exit with 2)
//! and, like any failure debugpy reports, is `adapter_failed` with debugpy's
//! message and the tail of its stderr.

pub mod adapter;
pub mod breakpoints;
pub mod client;
pub mod diagnostics;
pub mod file_launch;
pub mod launch_json;
pub mod protocol;
pub mod session;
pub mod test_runs;
pub mod tree;
pub mod values;
pub mod warm;

use adapter::debugpy;
use async_trait::async_trait;
use breakpoints::{BreakpointStore, ExceptionRequest, List};
use debugger_core::error::{ErrorCode, ToolError, ToolResult};
use debugger_core::model::*;
use debugger_core::source_file;
use debugger_core::state::StateDir;
use debugger_core::{Backend, BackendEvent};
use launch_json::load_launch_configs;
use session::{Session, SessionSpec};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::broadcast;

/// Breakpoints changed at once beyond which one `BreakpointsChanged` is announced
/// instead of an event each.
const EVENTS_EACH: usize = 32;

/// The largest `envFile` read (a few hundred variables take a few KB).
const ENV_FILE_CAP: u64 = 1024 * 1024;

/// How the standalone backend runs.
#[derive(Debug, Clone)]
pub struct DapConfig {
    /// Projects open in this server.
    pub projects: Vec<Project>,
    /// Interpreter from `--python` (used when a configuration names none).
    pub python: Option<PathBuf>,
    /// Put the TCP_NODELAY `sitecustomize` shim on the debuggee's `PYTHONPATH`.
    pub tcp_nodelay_shim: bool,
    /// Never run program code to show values (debugpy with the shim: `values.rs`).
    pub values_without_code: bool,
    /// Where breakpoints persist.
    pub state: StateDir,
    /// Bound of one DAP request.
    pub request_timeout: Duration,
    /// Bound of the launch handshake (adapter start to `launch` answered).
    pub launch_timeout: Duration,
    /// Debug sessions stop at an uncaught exception unless the launch says otherwise.
    pub break_on_uncaught: bool,
}

impl DapConfig {
    /// Defaults: shim on, 10 s per request, 30 s per launch, break on uncaught.
    pub fn new(projects: Vec<Project>, state: StateDir) -> Self {
        Self {
            projects,
            python: None,
            tcp_nodelay_shim: true,
            values_without_code: false,
            state,
            request_timeout: Duration::from_secs(10),
            launch_timeout: Duration::from_secs(30),
            break_on_uncaught: true,
        }
    }
}

/// Backend-wide state that sessions use.
pub struct Shared {
    events: broadcast::Sender<BackendEvent>,
    store: Mutex<BreakpointStore>,
    sessions: Mutex<HashMap<String, Arc<Session>>>,
    roots: Vec<PathBuf>,
    pub(crate) request_timeout: Duration,
    pub(crate) launch_timeout: Duration,
    /// Prefix of this backend's session tags (`tree`).
    pub(crate) tree_owner: String,
    /// Ended sessions' sweeps for processes that left their groups, run after
    /// the stop is answered and awaited before the next launch ([`Shared::swept`]).
    sweeps: Mutex<Vec<tokio::task::JoinHandle<()>>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Shared {
    pub(crate) fn emit(&self, event: BackendEvent) {
        // No subscriber is fine.
        let _ = self.events.send(event);
    }

    /// Add a session; ended ones are dropped here (the server's tracker keeps what
    /// an agent may still read about them), so the map does not grow with every
    /// session ever started.
    pub(crate) fn register(&self, session: Arc<Session>) {
        let mut sessions = lock(&self.sessions);
        sessions.retain(|_, s| !s.is_ended());
        sessions.insert(session.id.clone(), session);
    }

    /// Kill, off the caller's path, what an ended session left outside its process
    /// groups (a `setsid` descendant): every process carrying `tag`.
    pub(crate) fn sweep(&self, session: &str, tag: String) {
        let session = session.to_string();
        let task = tokio::task::spawn_blocking(move || {
            let killed = tree::kill_tagged(&tag);
            if killed > 0 {
                tracing::debug!(%session, killed, "killed the rest of the tree");
            }
        });
        let mut sweeps = lock(&self.sweeps);
        sweeps.retain(|task| !task.is_finished());
        sweeps.push(task);
    }

    /// Once every sweep started so far is done: before a launch, so that no process
    /// of an ended session outlives the start of the next one (each sweep is bounded,
    /// `tree::kill_tagged`).
    pub(crate) async fn swept(&self) {
        let pending = std::mem::take(&mut *lock(&self.sweeps));
        for task in pending {
            let _ = task.await;
        }
    }

    pub(crate) fn project_roots(&self) -> Vec<PathBuf> {
        self.roots.clone()
    }

    pub(crate) fn store_lists(&self, project: &Path) -> Vec<List> {
        lock(&self.store).lists(project)
    }

    pub(crate) fn list_breakpoints(&self, project: &Path, list: &List) -> Vec<Breakpoint> {
        lock(&self.store).list_breakpoints(project, list)
    }

    pub(crate) fn fresh_id(&self, project: &Path) -> ToolResult<String> {
        lock(&self.store).fresh_id(project)
    }

    pub(crate) fn exception_requests(&self, project: &Path) -> Vec<ExceptionRequest> {
        lock(&self.store).exception_breakpoints(project)
    }

    pub(crate) fn ids_at(&self, project: &Path, file: &Path, line: u32) -> Vec<String> {
        lock(&self.store).ids_at(project, file, line)
    }

    /// Record what a debugger says of breakpoints (id, verified, message) and announce
    /// the ones that changed.
    pub(crate) fn report_statuses(
        &self,
        project: &Path,
        statuses: Vec<(String, bool, Option<String>)>,
    ) {
        let changed = lock(&self.store).set_statuses(project, statuses);
        if changed.len() > EVENTS_EACH {
            return self.emit(BackendEvent::BreakpointsChanged {
                project: project.to_path_buf(),
            });
        }
        for breakpoint in changed {
            self.emit(BackendEvent::BreakpointChanged {
                project: project.to_path_buf(),
                breakpoint,
            });
        }
    }

    /// Count stops; temporary breakpoints are removed and their lists resent.
    pub(crate) async fn record_hits(&self, project: &Path, ids: &[String]) {
        let outcome = lock(&self.store).record_hits(project, ids);
        for bp in outcome.changed {
            self.emit(BackendEvent::BreakpointChanged {
                project: project.to_path_buf(),
                breakpoint: bp,
            });
        }
        for bp in outcome.removed {
            self.emit(BackendEvent::BreakpointRemoved {
                project: project.to_path_buf(),
                id: bp.id.clone(),
            });
            self.resend(project, &bp.spec.kind).await;
        }
    }

    fn live_sessions(&self, project: &Path) -> Vec<Arc<Session>> {
        lock(&self.sessions)
            .values()
            .filter(|s| s.project() == project && !s.is_ended())
            .cloned()
            .collect()
    }

    /// Send the affected list (a file's or the functions' full list, or the exception
    /// breakpoints) to every live session of the project.
    async fn resend(&self, project: &Path, kind: &BreakpointKind) {
        let list = List::of(kind);
        for session in self.live_sessions(project) {
            let result = match &list {
                Some(list) => session.sync_list(list).await,
                None => session.sync_exceptions().await,
            };
            if let Err(e) = result {
                tracing::warn!(session = %session.id, %e, "could not update breakpoints");
            }
        }
    }
}

/// The standalone DAP backend.
pub struct DapBackend {
    shared: Arc<Shared>,
    config: DapConfig,
    next_session: AtomicU64,
    /// Each interpreter's debugpy check: done once it succeeded, shared while under way.
    probed: Mutex<HashMap<PathBuf, Arc<tokio::sync::OnceCell<()>>>>,
    shim: Mutex<Option<Arc<debugpy::ShimDir>>>,
    /// Adapters started ahead for the next launch.
    warm: warm::WarmAdapters,
}

impl DapBackend {
    pub fn new(config: DapConfig) -> Arc<Self> {
        let left_behind = tree::kill_orphans_of_gone_servers();
        if left_behind > 0 {
            tracing::info!(
                left_behind,
                "killed processes of sessions whose server died"
            );
        }
        let roots: Vec<PathBuf> = config.projects.iter().map(|p| p.path.clone()).collect();
        let store = BreakpointStore::new(config.state.clone(), &roots);
        let (events, _) = broadcast::channel(4096);
        Arc::new(DapBackend {
            shared: Arc::new(Shared {
                events,
                store: Mutex::new(store),
                sessions: Mutex::new(HashMap::new()),
                roots,
                request_timeout: config.request_timeout,
                launch_timeout: config.launch_timeout,
                tree_owner: tree::new_owner(),
                sweeps: Mutex::new(Vec::new()),
            }),
            config,
            next_session: AtomicU64::new(1),
            probed: Mutex::new(HashMap::new()),
            shim: Mutex::new(None),
            warm: warm::WarmAdapters::default(),
        })
    }

    /// Stop every session and kill its process tree; bounded.
    pub async fn shutdown(&self) {
        // Whoever ends this process may not wait for graceful stops: the whole
        // trees go first, then the sessions wind down.
        self.warm.close();
        let owner = self.shared.tree_owner.clone();
        let _ = tokio::task::spawn_blocking(move || tree::kill_all_of(&owner)).await;
        let sessions: Vec<Arc<Session>> = lock(&self.shared.sessions).values().cloned().collect();
        let tasks: Vec<_> = sessions
            .into_iter()
            .map(|s| tokio::spawn(async move { s.stop().await }))
            .collect();
        for task in tasks {
            let _ = tokio::time::timeout(Duration::from_secs(10), task).await;
        }
        self.shared.swept().await;
        lock(&self.shim).take();
    }

    /// Launch a configuration directly (the trait's `launch` reads it from the
    /// project's launch.json first) with the adapter its `type` names.
    pub async fn launch_config(
        &self,
        project: &Project,
        mut config: launch_json::LaunchConfig,
        mode: LaunchMode,
        options: &LaunchOptions,
    ) -> ToolResult<SessionDescriptor> {
        self.shared.swept().await;
        let path_var = std::env::var_os("PATH");
        let profile = match (
            adapter::unsupported(&config, path_var.as_deref()),
            adapter::profile_for(&config.type_name),
        ) {
            (None, Some(profile)) => profile,
            (reason, _) => {
                let code = if mode == LaunchMode::Debug {
                    ErrorCode::CannotDebug
                } else {
                    ErrorCode::CannotRun
                };
                let reason = reason.unwrap_or_else(|| "no adapter serves it".into());
                return Err(ToolError::new(
                    code,
                    format!("'{}' cannot be launched here: {reason}", config.name),
                ));
            }
        };
        let attaching = adapter::attaching(&config);
        if attaching && mode == LaunchMode::Run {
            return Err(ToolError::new(
                ErrorCode::CannotRun,
                format!(
                    "'{}' attaches the debugger to a running program; debug it instead",
                    config.name
                ),
            ));
        }
        // An adapter starts a missing program happily (Python then exits with 2): say so now.
        let missing = config
            .program
            .as_ref()
            .filter(|p| !attaching && !p.exists());
        if let Some(program) = missing {
            return Err(ToolError::new(
                ErrorCode::AdapterFailed,
                format!(
                    "cannot launch '{}': program {} does not exist",
                    config.name,
                    program.display()
                ),
            )
            .with_detail("program", program.display().to_string()));
        }
        let overrides = &options.overrides;
        if let Some(args) = &overrides.args {
            config.args = args.clone();
        }
        if let Some(cwd) = &overrides.cwd {
            config.cwd = cwd.clone();
        }
        if !config.cwd.is_dir() {
            return Err(ToolError::new(
                ErrorCode::AdapterFailed,
                format!(
                    "cannot launch '{}': working directory {} does not exist",
                    config.name,
                    config.cwd.display()
                ),
            ));
        }
        if let Some(env_file) = &config.env_file {
            let bytes = source_file::read_capped(env_file, ENV_FILE_CAP)
                .await
                .map_err(|e| {
                    ToolError::invalid_params(format!(
                        "cannot read envFile of '{}': {}",
                        config.name, e.message
                    ))
                })?;
            let text = String::from_utf8_lossy(&bytes);
            // `env` wins over `envFile`, as in VS Code.
            let mut env = debugpy::parse_env_file(&text);
            env.append(&mut config.env);
            config.env = env;
        }
        config.env.extend(overrides.env.clone());
        let python = self.interpreter(profile, &config, path_var.as_deref())?;
        if let Some(python) = &python {
            self.ensure_debugpy(python).await?;
        }
        // The shim reaches only a program this server starts.
        let shim = python
            .as_ref()
            .filter(|_| !attaching)
            .and_then(|_| self.shim());
        let command = adapter::locate(profile, python.as_deref(), path_var.as_deref())?;
        let ready = self.warm.take(&command);
        let id = match &ready {
            Some(warm) => warm.session_id.clone(),
            None => self.new_session_id(),
        };
        let launch_args = (profile.launch_arguments)(&adapter::LaunchRequest {
            config: &config,
            mode,
            session_id: &id,
            python: python.as_deref(),
            shim: shim.as_ref().map(|s| s.path()),
        });
        let runtime_guard = mode == LaunchMode::Debug
            && match profile.evaluation.guard {
                adapter::Guard::Shim(_) => shim.is_some(),
                adapter::Guard::VariablePaths | adapter::Guard::RefusedPrefixes(_) => true,
            };
        let test_failures = options.break_on_uncaught
            && mode == LaunchMode::Debug
            && profile
                .tests
                .as_ref()
                .is_some_and(|t| (t.runs_tests)(&config));
        let activity = shim
            .as_ref()
            .filter(|_| {
                runtime_guard && matches!(profile.evaluation.guard, adapter::Guard::Shim(_))
            })
            .map(|shim| debugpy::activity_path(shim.path(), &id));
        let code_route = match profile.evaluation.guard {
            adapter::Guard::Shim(_) if self.config.tcp_nodelay_shim => match shim {
                Some(_) => breakpoints::CodeRoute::PythonShim,
                None => breakpoints::CodeRoute::PythonShimMissing,
            },
            _ => breakpoints::CodeRoute::AsWritten,
        };
        let spec = SessionSpec {
            activity,
            code_route,
            values_without_code: self.config.values_without_code,
            id,
            project: project.path.clone(),
            config,
            mode,
            adapter: profile,
            command: command.clone(),
            launch_args,
            runtime_guard,
            ready_adapter: ready.map(|warm| warm.child),
            break_on_uncaught: options.break_on_uncaught && mode == LaunchMode::Debug,
            test_failures,
        };
        let started = Session::start(self.shared.clone(), spec).await;
        self.warm
            .refill(profile, &command, &self.shared.tree_owner, || {
                self.new_session_id()
            });
        Ok(started?.descriptor())
    }

    /// The interpreter whose debugpy the adapter of `config` runs; none for an
    /// adapter that is an executable of its own.
    fn interpreter(
        &self,
        profile: &adapter::AdapterProfile,
        config: &launch_json::LaunchConfig,
        path_var: Option<&std::ffi::OsStr>,
    ) -> ToolResult<Option<PathBuf>> {
        match profile.program {
            adapter::AdapterProgram::PythonModule(_) => debugpy::choose_python(
                config.python.as_deref(),
                self.config.python.as_deref(),
                path_var,
            )
            .map(Some),
            adapter::AdapterProgram::Executable { .. } => Ok(None),
        }
    }

    /// Start, in the background, the adapter the projects' first launch will most
    /// likely need (that of their first launch.json configuration whose adapter is
    /// kept warm), and check its interpreter's debugpy meanwhile: a server's first
    /// launch then skips both, as every later one does (a launch that comes
    /// earlier waits for the check under way and takes the adapter as far as it got).
    /// Only an interpreter the server chose itself (`--python`, `python3` on PATH) is
    /// run so: one a configuration names is the project's, and runs only once the
    /// user agreed to a launch. Nothing happens for a project without such a
    /// configuration; a failure only leaves the launch to do it, and says why.
    pub fn warm_up(self: &Arc<Self>) {
        let backend = self.clone();
        tokio::spawn(async move {
            let path_var = std::env::var_os("PATH");
            for project in &backend.config.projects {
                let configs = load_launch_configs(&project.path).await.unwrap_or_default();
                let first = configs.iter().find_map(|config| {
                    // One the launch would refuse fails to start ahead, and says why.
                    adapter::profile_for(&config.type_name)
                        .filter(|p| p.keep_warm && !adapter::attaching(config))
                        .map(|profile| (profile, config))
                });
                let Some((profile, config)) = first else {
                    continue;
                };
                if config.python.is_some() {
                    return;
                }
                if let Err(e) = backend
                    .warm_up_for(profile, config, path_var.as_deref())
                    .await
                {
                    tracing::debug!(%e, "no adapter started ahead");
                }
                return;
            }
        });
    }

    async fn warm_up_for(
        &self,
        profile: &'static adapter::AdapterProfile,
        config: &launch_json::LaunchConfig,
        path_var: Option<&std::ffi::OsStr>,
    ) -> ToolResult<()> {
        let python = self.interpreter(profile, config, path_var)?;
        let command = adapter::locate(profile, python.as_deref(), path_var)?;
        self.warm
            .refill(profile, &command, &self.shared.tree_owner, || {
                self.new_session_id()
            });
        if let Some(python) = &python {
            if let Err(e) = self.ensure_debugpy(python).await {
                // Its adapter cannot work: killed as it is dropped.
                drop(self.warm.take(&command));
                return Err(e);
            }
        }
        Ok(())
    }

    fn new_session_id(&self) -> String {
        format!("dap-{}", self.next_session.fetch_add(1, Ordering::SeqCst))
    }

    /// Check once that `python` imports debugpy. Callers meanwhile wait for the check
    /// under way (the server's warm-up, a launch) rather than start one of their own;
    /// a failed check is made again by the next caller.
    async fn ensure_debugpy(&self, python: &Path) -> ToolResult<()> {
        let probe = lock(&self.probed)
            .entry(python.to_path_buf())
            .or_default()
            .clone();
        probe
            .get_or_try_init(|| async {
                let version = debugpy::probe(python, self.config.request_timeout).await?;
                tracing::debug!(python = %python.display(), %version, "debugpy found");
                Ok::<(), ToolError>(())
            })
            .await
            .map(|_| ())
    }

    fn shim(&self) -> Option<Arc<debugpy::ShimDir>> {
        if !self.config.tcp_nodelay_shim {
            return None;
        }
        let mut guard = lock(&self.shim);
        if guard.is_none() {
            match debugpy::ShimDir::create() {
                Ok(dir) => *guard = Some(Arc::new(dir)),
                Err(e) => {
                    tracing::warn!(%e, "could not write the TCP_NODELAY shim; debugpy will be slow")
                }
            }
        }
        guard.clone()
    }

    fn session(&self, id: &str) -> ToolResult<Arc<Session>> {
        lock(&self.shared.sessions)
            .get(id)
            .cloned()
            .ok_or_else(|| ToolError::new(ErrorCode::SessionNotFound, format!("no session '{id}'")))
    }

    fn resolve_file(project: &Project, file: &Path) -> PathBuf {
        if file.is_absolute() {
            file.to_path_buf()
        } else {
            project.path.join(file)
        }
    }
}

#[async_trait]
impl Backend for DapBackend {
    fn name(&self) -> &'static str {
        "dap"
    }

    fn events(&self) -> broadcast::Receiver<BackendEvent> {
        self.shared.events.subscribe()
    }

    async fn projects(&self) -> ToolResult<Vec<Project>> {
        Ok(self.config.projects.clone())
    }

    async fn run_configurations(&self, project: &Project) -> ToolResult<Vec<RunConfiguration>> {
        let path_var = std::env::var_os("PATH");
        let mut configs: Vec<RunConfiguration> = load_launch_configs(&project.path)
            .await?
            .into_iter()
            .map(|mut c| {
                c.unsupported = adapter::unsupported(&c, path_var.as_deref());
                let label =
                    adapter::profile_for(&c.type_name).map_or(c.type_name.as_str(), |p| p.label);
                c.to_run_configuration(label)
            })
            .collect();
        configs.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(configs)
    }

    async fn launch(
        &self,
        project: &Project,
        configuration: &str,
        mode: LaunchMode,
        options: &LaunchOptions,
    ) -> ToolResult<SessionDescriptor> {
        let configs = load_launch_configs(&project.path).await?;
        let names: Vec<String> = configs.iter().map(|c| c.name.clone()).collect();
        let Some(config) = configs.into_iter().find(|c| c.name == configuration) else {
            return Err(ToolError::new(
                ErrorCode::ConfigurationNotFound,
                format!(
                    "no configuration '{configuration}' in {}/.vscode/launch.json",
                    project.path.display()
                ),
            )
            .with_detail("available", names));
        };
        self.launch_config(project, config, mode, options).await
    }

    async fn launch_file(
        &self,
        project: &Project,
        file: &Path,
        options: &LaunchOptions,
    ) -> ToolResult<SessionDescriptor> {
        let config = file_launch::configuration_for(project, file, options.test.as_deref())?;
        self.launch_config(project, config, LaunchMode::Debug, options)
            .await
    }

    async fn launch_target(
        &self,
        project: &Project,
        configuration: &str,
        options: &LaunchOptions,
    ) -> ToolResult<LaunchTarget> {
        let configs = load_launch_configs(&project.path).await?;
        let Some(config) = configs.into_iter().find(|c| c.name == configuration) else {
            return Ok(LaunchTarget::default());
        };
        let overrides = &options.overrides;
        let program = match (&config.program, &config.module) {
            (Some(program), _) => Some(program.display().to_string()),
            (None, Some(module)) => Some(format!("-m {module}")),
            (None, None) => None,
        };
        let label =
            adapter::profile_for(&config.type_name).map_or(config.type_name.as_str(), |p| p.label);
        Ok(LaunchTarget {
            type_name: match config.request.as_str() {
                "launch" => label.to_string(),
                request => format!("{label}, {request}"),
            },
            program,
            args: Some(overrides.args.clone().unwrap_or(config.args)),
            cwd: Some(overrides.cwd.clone().unwrap_or(config.cwd)),
            env: config
                .env
                .into_iter()
                .chain(overrides.env.clone())
                .collect::<std::collections::BTreeMap<_, _>>()
                .into_iter()
                .collect(),
        })
    }

    fn break_on_uncaught_default(&self) -> Option<bool> {
        Some(self.config.break_on_uncaught)
    }

    fn launch_overrides(&self) -> bool {
        true
    }

    async fn stop(&self, session: &str) -> ToolResult<()> {
        self.session(session)?.stop().await;
        Ok(())
    }

    async fn breakpoints(&self, project: &Project) -> ToolResult<Vec<Breakpoint>> {
        let mut all = lock(&self.shared.store).list(&project.path);
        for session in self.shared.live_sessions(&project.path) {
            all.extend(session.watchpoint_breakpoints());
        }
        Ok(all)
    }

    async fn add_breakpoint(
        &self,
        project: &Project,
        mut spec: BreakpointSpec,
    ) -> ToolResult<(Breakpoint, bool)> {
        match &mut spec.kind {
            BreakpointKind::Line { file, .. } => {
                *file = Self::resolve_file(project, file);
            }
            BreakpointKind::Exception {
                exception_class,
                caught,
                uncaught,
            } => {
                if exception_class.trim().is_empty() {
                    return Err(ToolError::invalid_params("exception class name is empty"));
                }
                if !*caught && !*uncaught {
                    return Err(ToolError::invalid_params(
                        "an exception breakpoint needs caught, uncaught or both",
                    ));
                }
            }
            BreakpointKind::Function { name } => {
                if name.trim().is_empty() {
                    return Err(ToolError::invalid_params("function name is empty"));
                }
            }
            BreakpointKind::Data { .. } => {
                return Err(ToolError::invalid_params(
                    "a data breakpoint watches a value of a paused session (add_data_breakpoint)",
                ))
            }
        }
        let (bp, created) = lock(&self.shared.store).add(&project.path, spec)?;
        if created {
            self.shared.emit(BackendEvent::BreakpointChanged {
                project: project.path.clone(),
                breakpoint: bp.clone(),
            });
            self.shared.resend(&project.path, &bp.spec.kind).await;
        }
        let current = lock(&self.shared.store).get(&project.path, &bp.id);
        Ok((current.unwrap_or(bp), created))
    }

    async fn remove_breakpoint(&self, project: &Project, id: &str) -> ToolResult<bool> {
        let removed = self.remove_breakpoints(project, &[id.to_string()]).await?;
        Ok(!removed.is_empty())
    }

    /// One change of the store however many are removed, and each list they were in
    /// resent once.
    async fn remove_breakpoints(
        &self,
        project: &Project,
        ids: &[String],
    ) -> ToolResult<Vec<String>> {
        let removed = lock(&self.shared.store).remove(&project.path, ids)?;
        if removed.len() > EVENTS_EACH {
            self.shared.emit(BackendEvent::BreakpointsChanged {
                project: project.path.clone(),
            });
        }
        let mut touched: HashSet<Option<List>> = HashSet::new();
        for bp in &removed {
            if removed.len() <= EVENTS_EACH {
                self.shared.emit(BackendEvent::BreakpointRemoved {
                    project: project.path.clone(),
                    id: bp.id.clone(),
                });
            }
            let list = List::of(&bp.spec.kind);
            if touched.insert(list) {
                self.shared.resend(&project.path, &bp.spec.kind).await;
            }
        }
        let mut gone: Vec<String> = removed.into_iter().map(|b| b.id).collect();
        // The others may be data breakpoints, which live in their sessions.
        let rest: Vec<&String> = ids.iter().filter(|id| !gone.contains(id)).collect();
        for id in rest {
            for session in self.shared.live_sessions(&project.path) {
                if session.remove_watchpoint(id).await? {
                    gone.push(id.clone());
                    break;
                }
            }
        }
        Ok(gone)
    }

    async fn add_data_breakpoint(
        &self,
        session: &str,
        frame_ref: &str,
        target: &ValueTarget,
        name: &str,
    ) -> ToolResult<Breakpoint> {
        let session = self.session(session)?;
        let id = self.shared.fresh_id(session.project())?;
        session.add_watchpoint(frame_ref, target, name, id).await
    }

    async fn resume(&self, session: &str) -> ToolResult<()> {
        self.session(session)?.resume().await
    }

    async fn pause(&self, session: &str) -> ToolResult<()> {
        self.session(session)?.pause().await
    }

    async fn step(
        &self,
        session: &str,
        thread_id: &str,
        kind: StepKind,
        ignore_breakpoints: bool,
    ) -> ToolResult<()> {
        self.session(session)?
            .step(thread_id, kind, ignore_breakpoints)
            .await
    }

    async fn run_to_line(
        &self,
        session: &str,
        thread_id: &str,
        file: &Path,
        line: u32,
        ignore_breakpoints: bool,
    ) -> ToolResult<()> {
        let s = self.session(session)?;
        let file = if file.is_absolute() {
            file.to_path_buf()
        } else {
            s.project().join(file)
        };
        s.run_to_line(thread_id, &file, line, ignore_breakpoints)
            .await
    }

    async fn threads(&self, session: &str) -> ToolResult<Vec<ThreadInfo>> {
        self.session(session)?.threads().await
    }

    async fn loaded_code(&self, session: &str) -> ToolResult<LoadedCode> {
        self.session(session)?.loaded_code().await
    }

    async fn stack(
        &self,
        session: &str,
        thread_id: &str,
        max: usize,
    ) -> ToolResult<(Vec<StackFrame>, usize)> {
        self.session(session)?.stack(thread_id, max).await
    }

    async fn variables(
        &self,
        session: &str,
        frame_ref: &str,
        scope: VariableScope,
    ) -> ToolResult<Vec<Value>> {
        self.session(session)?.variables(frame_ref, scope).await
    }

    async fn children(&self, session: &str, children_ref: &str) -> ToolResult<Vec<Value>> {
        self.session(session)?.children(children_ref).await
    }

    async fn set_value(
        &self,
        session: &str,
        frame_ref: &str,
        target: &ValueTarget,
        new_value: &str,
    ) -> ToolResult<Value> {
        self.session(session)?
            .set_value(frame_ref, target, new_value)
            .await
    }

    async fn evaluate(
        &self,
        session: &str,
        frame_ref: &str,
        expression: &str,
        kind: EvaluationKind,
    ) -> ToolResult<Value> {
        self.session(session)?
            .evaluate(frame_ref, expression, kind)
            .await
    }

    fn language(&self, session: &str) -> Option<String> {
        lock(&self.shared.sessions)
            .get(session)
            .map(|s| s.language().to_string())
    }

    fn runtime_guard(&self, session: &str) -> bool {
        lock(&self.shared.sessions)
            .get(session)
            .is_some_and(|s| s.runtime_guard)
    }

    fn guards_breakpoint_code(&self, language: &str) -> bool {
        // The shim is in every Python program this backend launches; a program
        // attached to has none, and its sessions send such code to the guard all the
        // same, where it fails rather than running unguarded (`CodeRoute`).
        language == "python" && self.config.tcp_nodelay_shim
    }

    fn busy(&self, session: &str) -> Option<String> {
        self.session(session).ok()?.busy()
    }
}
