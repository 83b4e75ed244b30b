//! [`DapBackend`]: the [`Backend`] trait over debug adapters. Each call goes to the
//! breakpoint store ([`crate::hub::Shared`]) or to its session; a launch is set up in
//! `launch_setup.rs`.

use crate::adapter::debugpy;
use crate::breakpoints::{BreakpointStore, List};
use crate::hub::{Shared, EVENTS_EACH};
use crate::launch_json::load_launch_configs;
use crate::session::Hub;
use crate::session::Session;
use crate::DapConfig;
use crate::{adapter, file_launch, follow_edits, tree, warm};
use async_trait::async_trait;
use debugger_core::error::{ErrorCode, ToolError, ToolResult};
use debugger_core::lock;
use debugger_core::model::*;
use debugger_core::{Backend, BackendEvent};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::broadcast;

pub struct DapBackend {
    pub(crate) shared: Arc<Shared>,
    pub(crate) config: DapConfig,
    next_session: AtomicU64,
    /// Each interpreter's debugpy check: done once it succeeded, shared while under way.
    pub(crate) probed: Mutex<HashMap<PathBuf, Arc<tokio::sync::OnceCell<()>>>>,
    pub(crate) shim: Mutex<Option<Arc<debugpy::ShimDir>>>,
    /// Adapters started ahead for the next launch.
    pub(crate) warm: warm::WarmAdapters,
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

    pub(crate) fn new_session_id(&self) -> String {
        format!("dap-{}", self.next_session.fetch_add(1, Ordering::SeqCst))
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

    async fn follow_edits(&self, project: &Project) -> ToolResult<Vec<FollowedBreakpoint>> {
        let held = lock(&self.shared.store).list(&project.path);
        let (placed, told) = follow_edits::follow(&held).await;
        if placed.is_empty() {
            return Ok(told);
        }
        // The store only: sessions running keep the lines of the code they loaded.
        let changed = lock(&self.shared.store).follow(&project.path, placed)?;
        for breakpoint in changed {
            self.shared.emit(BackendEvent::BreakpointChanged {
                project: project.path.clone(),
                breakpoint,
            });
        }
        Ok(told)
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
        let anchor = follow_edits::anchor_for(&spec.kind).await;
        let (bp, created) = lock(&self.shared.store).add(&project.path, spec, anchor)?;
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

    async fn can_jump(&self, session: &str) -> ToolResult<()> {
        self.session(session)?.can_jump()
    }

    async fn jump_to_line(
        &self,
        session: &str,
        thread_id: &str,
        file: &Path,
        line: u32,
    ) -> ToolResult<()> {
        let s = self.session(session)?;
        let file = if file.is_absolute() {
            file.to_path_buf()
        } else {
            s.project().join(file)
        };
        s.jump_to_line(thread_id, &file, line).await
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

    async fn returned_values(&self, session: &str, frame_ref: &str) -> ToolResult<Vec<Value>> {
        self.session(session)?.returned_values(frame_ref).await
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
