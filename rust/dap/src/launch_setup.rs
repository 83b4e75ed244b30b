//! How a launch is set up: the configuration resolved (`envFile`, the interpreter, the
//! debugpy check done once per interpreter, the shim's folder), an adapter taken from
//! those started ahead ([`crate::warm`]) or started, and the session begun.

use crate::adapter::debugpy;
use crate::launch_json::load_launch_configs;
use crate::session::{Session, SessionSpec};
use crate::DapBackend;
use crate::{adapter, breakpoints, launch_json};
use debugger_core::error::{ErrorCode, ToolError, ToolResult};
use debugger_core::lock;
use debugger_core::model::*;
use debugger_core::source_file;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The largest `envFile` read (a few hundred variables take a few KB).
const ENV_FILE_CAP: u64 = 1024 * 1024;

impl DapBackend {
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
            let mut env = launch_json::parse_env_file(&text);
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
}
