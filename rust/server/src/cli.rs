//! Runs the parsed command line (`crate::args`): sets up logging, chooses and builds the
//! backend (`choose_backend`), builds the app, and runs the chosen transport until the client
//! goes away, a signal arrives or (with `--ide-managed`) the IDE is gone.
//!
//! With the IDE backend, `serve` prints exactly one line on stdout once both the MCP
//! listener and the bridge listener are bound (`{"ready":{...}}`, see
//! protocol/README.md); nothing else is ever written there.

use crate::app::App;
use crate::args::{BackendChoice, Cli, Command, ServerArgs};
use crate::consent::ConsentMemory;
use crate::history_log::HistoryLog;
use crate::mcp::McpServer;
use crate::redact::{SecretSettings, Secrets};
use crate::relay::discovery::Preference;
use crate::relay::proxy::ProxyServer;
use crate::transport::origins::AllowedOrigins;
use crate::watches::WatchStore;
use anyhow::{bail, Context, Result};
use debugger_core::project::project_from_dir;
use debugger_core::state::StateDir;
use debugger_core::Backend;
use debugger_dap::{DapBackend, DapConfig};
use debugger_ide::{BridgeConfig, IdeBackend};
use rmcp::ServiceExt;
use std::future::Future;
use std::io::Write;
use std::sync::Arc;
use std::time::Duration;
use tracing_subscriber::filter::Targets;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

/// The environment variable carrying the bridge token (never argv, never logged).
pub const TOKEN_ENV: &str = debugger_ide::TOKEN_ENV;

/// How long `--ide-managed` waits for an IDE before exiting.
pub const IDE_ABSENCE_LIMIT: Duration = Duration::from_secs(60);

/// Read the bridge token from the environment and remove it there, so that no
/// child process (debuggee, adapter) inherits it. Call before any thread starts.
pub fn take_bridge_token() -> Option<String> {
    let token = std::env::var(TOKEN_ENV).ok();
    std::env::remove_var(TOKEN_ENV);
    token.filter(|t| !t.trim().is_empty())
}

/// The backend a server runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BackendKind {
    Ide,
    Dap,
}

/// Decide the backend: `ide` and `--ide-managed` need the bridge token; `auto` is
/// the IDE when the token is there (the plugin started this binary), else the
/// standalone debugger.
pub fn choose_backend(
    choice: BackendChoice,
    ide_managed: bool,
    token: Option<&str>,
) -> Result<BackendKind> {
    let missing_token = |what: &str| {
        anyhow::anyhow!(
            "{what} needs the bridge token in the environment variable {TOKEN_ENV} \
             (the IDE plugin sets it when it starts this binary)"
        )
    };
    match (choice, ide_managed, token.is_some()) {
        (BackendChoice::Dap, true, _) => {
            bail!("--ide-managed runs the IDE backend; it cannot be combined with --backend dap")
        }
        (_, true, false) => Err(missing_token("--ide-managed")),
        (BackendChoice::Ide, _, false) => Err(missing_token("--backend ide")),
        (BackendChoice::Ide, _, true) | (BackendChoice::Auto, _, true) => Ok(BackendKind::Ide),
        (BackendChoice::Dap, false, _) | (BackendChoice::Auto, false, false) => {
            Ok(BackendKind::Dap)
        }
    }
}

pub fn init_logging(cli: &Cli) -> Result<()> {
    let default = match cli.command {
        Command::Serve { .. } => tracing::Level::INFO,
        _ => tracing::Level::WARN,
    };
    // `Targets` takes RUST_LOG's `level` and `target=level` lists (not EnvFilter's span and
    // field directives, whose regex engine would cost the binary ~300 KB); empty or unparsable →
    // the default.
    let filter: Targets = std::env::var("RUST_LOG")
        .ok()
        .filter(|spec| !spec.trim().is_empty())
        .and_then(|spec| spec.parse().ok())
        .unwrap_or_else(|| Targets::new().with_default(default));
    let builder = tracing_subscriber::fmt().with_target(false);
    match &cli.log_file {
        Some(path) => {
            let file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .with_context(|| format!("opening log file {}", path.display()))?;
            let subscriber = builder
                .with_ansi(false)
                .with_writer(Arc::new(file))
                .finish();
            subscriber.with(filter).init();
        }
        // Never stdout: in stdio mode it carries the protocol.
        None => builder
            .with_writer(std::io::stderr)
            .finish()
            .with(filter)
            .init(),
    }
    Ok(())
}

/// The backend the server built.
pub enum Engine {
    Dap(Arc<DapBackend>),
    Ide(Arc<IdeBackend>),
}

/// The running server's parts.
pub struct Server {
    pub app: Arc<App>,
    pub history: Arc<HistoryLog>,
    pub engine: Engine,
}

impl Server {
    /// Build the backend `kind` (binding the bridge for the IDE backend) and the app.
    pub async fn build(
        args: &ServerArgs,
        kind: BackendKind,
        token: Option<String>,
    ) -> Result<Self> {
        if std::env::var_os(debugger_core::profile::ENV).is_some_and(|v| v == "1") {
            debugger_core::profile::enable();
        }
        let state = StateDir::from_env();
        let consent = Arc::new(ConsentMemory::new(args.brave));
        let secrets = Secrets::new(SecretSettings {
            hide: !args.show_secrets,
            ..SecretSettings::default()
        });
        // Debugged programs inherit this environment.
        secrets.learn_environment(std::env::vars());
        let history = Arc::new(HistoryLog::new(
            crate::history_log::DEFAULT_CAPACITY,
            &state,
        ));
        let (backend, engine): (Arc<dyn Backend>, Engine) = match kind {
            BackendKind::Dap => {
                let dirs = if args.projects.is_empty() {
                    vec![std::env::current_dir().context("reading the working directory")?]
                } else {
                    args.projects.clone()
                };
                let projects = dirs
                    .iter()
                    .map(|d| {
                        project_from_dir(d).with_context(|| format!("--project {}", d.display()))
                    })
                    .collect::<Result<Vec<_>>>()?;
                let mut config = DapConfig::new(projects, state.clone());
                config.python = args.python.clone();
                config.tcp_nodelay_shim = !args.no_tcp_nodelay;
                config.break_on_uncaught = !args.no_break_on_uncaught;
                config.values_without_code = args.values_without_code;
                let dap = DapBackend::new(config);
                dap.warm_up();
                (dap.clone(), Engine::Dap(dap))
            }
            BackendKind::Ide => {
                let Some(token) = token else {
                    bail!("the IDE backend needs the bridge token ({TOKEN_ENV})");
                };
                if !args.projects.is_empty() {
                    tracing::warn!(
                        "--project is ignored with the IDE backend: the IDE's open projects count"
                    );
                }
                if args.values_without_code {
                    tracing::warn!(
                        "--values-without-code is not honoured with the IDE backend: the IDE shows values with its own renderers (toString, __repr__)"
                    );
                }
                let requests = Arc::new(crate::ide_requests::ServerRequests {
                    history: history.history.clone(),
                    consent: consent.clone(),
                    secrets: secrets.clone(),
                });
                let mut bridge = BridgeConfig::new(args.bridge_port, token);
                bridge.break_on_uncaught = !args.no_break_on_uncaught;
                let ide = IdeBackend::start(bridge, requests).await.with_context(|| {
                    format!(
                        "binding the IDE bridge on 127.0.0.1:{} (use --bridge-port)",
                        args.bridge_port
                    )
                })?;
                history.push_to(ide.clone());
                (ide.clone(), Engine::Ide(ide))
            }
        };
        let app = App::new(backend, WatchStore::new(state), consent, secrets);
        Ok(Self {
            app,
            history,
            engine,
        })
    }

    /// The IDE backend, when that is the one running.
    pub fn ide(&self) -> Option<&Arc<IdeBackend>> {
        match &self.engine {
            Engine::Ide(ide) => Some(ide),
            Engine::Dap(_) => None,
        }
    }

    pub fn handler(&self) -> McpServer {
        McpServer::new(self.app.clone(), self.history.clone(), self.ide().cloned())
    }

    /// Stop what this process started. Sessions in the IDE are left alone.
    pub async fn shutdown(&self) {
        match &self.engine {
            Engine::Dap(dap) => dap.shutdown().await,
            Engine::Ide(ide) => ide.close(),
        }
    }
}

/// The one line `serve` prints on stdout with the IDE backend (field order as in
/// protocol/README.md).
pub fn ready_line(bridge_port: u16, mcp_port: u16) -> String {
    #[derive(serde::Serialize)]
    struct Ready {
        protocol_version: u32,
        bridge_port: u16,
        mcp_port: u16,
        mcp_url: String,
    }
    #[derive(serde::Serialize)]
    struct Line {
        ready: Ready,
    }
    let line = Line {
        ready: Ready {
            protocol_version: debugger_ide::wire::PROTOCOL_VERSION,
            bridge_port,
            mcp_port,
            mcp_url: format!("http://127.0.0.1:{mcp_port}/mcp"),
        },
    };
    serde_json::to_string(&line).expect("the ready line serializes")
}

pub async fn run(cli: Cli, token: Option<String>) -> Result<()> {
    match cli.command {
        Command::Stdio(args) => {
            if token.is_none() && args.backend != BackendChoice::Dap {
                let state = StateDir::from_env();
                let dir = match args.projects.first() {
                    Some(dir) => dir.canonicalize().unwrap_or_else(|_| dir.clone()),
                    None => std::env::current_dir().context("reading the working directory")?,
                };
                let preference = match args.backend {
                    BackendChoice::Ide => Preference::AnyIde,
                    _ => Preference::Serving,
                };
                if let Some((instance, client)) =
                    crate::relay::proxy::attach(&state, &dir, preference).await
                {
                    tracing::info!(url = %instance.mcp_url, "attached to the IDE's server");
                    return relay_stdio(ProxyServer::new(client, state, dir, preference)).await;
                }
                if args.backend == BackendChoice::Ide {
                    bail!(
                        "--backend ide: no running IDE found (no reachable server in {}); \
                         start the IDE with the jetbrains-debugger plugin",
                        state.root().join("instances").display()
                    );
                }
            }
            let kind = choose_backend(args.backend, false, token.as_deref())?;
            let server = Server::build(&args, kind, token).await?;
            if let Some(ide) = server.ide() {
                tracing::info!("IDE bridge on ws://127.0.0.1:{}/bridge", ide.bridge_port());
            }
            let running = server
                .handler()
                .serve(crate::transport::stdio::stdio())
                .await
                .context("starting the stdio MCP server")?;
            tokio::select! {
                result = running.waiting() => { result.context("stdio MCP server")?; }
                _ = shutdown_signal() => {}
            }
            server.shutdown().await;
            Ok(())
        }
        Command::Serve {
            server: args,
            port,
            ide_managed,
            allow_origin,
            no_auth,
        } => {
            let allowed_origins = AllowedOrigins::parse(&allow_origin).map_err(|err| {
                anyhow::anyhow!("--allow-origin / JETBRAINS_DEBUGGER_ALLOW_ORIGINS: {err}")
            })?;
            let gate = access_gate(no_auth)?;
            let kind = choose_backend(args.backend, ide_managed, token.as_deref())?;
            let server = Server::build(&args, kind, token).await?;
            let listener = if ide_managed {
                bind_near(port).await?
            } else {
                crate::transport::http::bind(port).await?
            };
            let mcp_port = listener.local_addr()?.port();
            let mut discovery = None;
            if let Some(ide) = server.ide() {
                let mcp_url = format!("http://127.0.0.1:{mcp_port}/mcp");
                ide.set_mcp_url(mcp_url.clone());
                let mut stdout = std::io::stdout().lock();
                writeln!(stdout, "{}", ready_line(ide.bridge_port(), mcp_port))
                    .and_then(|()| stdout.flush())
                    .context("writing the ready line")?;
                let state = StateDir::from_env();
                discovery = Some((
                    tokio::spawn(crate::relay::discovery::keep_published(
                        state.clone(),
                        ide.clone(),
                        mcp_url,
                    )),
                    state,
                ));
            }
            let stop: std::pin::Pin<Box<dyn Future<Output = ()> + Send>> =
                match (ide_managed, server.ide()) {
                    (true, Some(ide)) => {
                        let ide = ide.clone();
                        Box::pin(async move {
                            tokio::select! {
                                _ = shutdown_signal() => {}
                                _ = stdin_closed() => {
                                    tracing::info!("stdin closed: the IDE is gone; exiting");
                                }
                                _ = ide_absent_for(&ide, IDE_ABSENCE_LIMIT) => {
                                    tracing::info!(
                                        "no IDE connected for {} s; exiting",
                                        IDE_ABSENCE_LIMIT.as_secs()
                                    );
                                }
                            }
                        })
                    }
                    _ => Box::pin(shutdown_signal()),
                };
            let result = crate::transport::http::serve(
                server.handler(),
                listener,
                &allowed_origins,
                gate,
                stop,
            )
            .await;
            if let Some((publisher, state)) = discovery {
                publisher.abort();
                crate::relay::discovery::withdraw(&state, std::process::id());
            }
            server.shutdown().await;
            result
        }
        Command::Bench(args) => crate::bench::run(args).await,
        Command::Install(args) => {
            let skill = args.skill_choice();
            crate::clients::install_command(&args.client.client, args.client.url, skill).await
        }
        Command::Config(args) => crate::clients::config_command(&args.client, args.url),
        Command::Token { rotate, path } => token_command(rotate, path),
        Command::Completions { shell } => {
            print!("{}", crate::args::completions(shell));
            Ok(())
        }
    }
}

/// The HTTP endpoint's token check (`crate::transport::auth`), or `None` with `--no-auth`, said
/// loudly.
fn access_gate(no_auth: bool) -> Result<Option<Arc<crate::transport::auth::Gate>>> {
    if no_auth {
        let warning = format!(
            "--no-auth ({}): the MCP endpoint admits every local process without a token; \
             any user or container on this machine can read program state and, in brave \
             mode, run code",
            crate::transport::auth::NO_AUTH_ENV
        );
        tracing::warn!("{warning}");
        eprintln!("jetbrains-debugger: WARNING: {warning}");
        return Ok(None);
    }
    let gate = crate::transport::auth::Gate::open(&StateDir::from_env())
        .context("the MCP endpoint needs its access token (or run with --no-auth)")?;
    tracing::info!(
        file = %gate.file().display(),
        "MCP requests need the access token (Authorization: Bearer)"
    );
    Ok(Some(Arc::new(gate)))
}

/// `jetbrains-debugger-mcp token [--rotate | --path]`: the token (or its file) on stdout.
fn token_command(rotate: bool, path: bool) -> Result<()> {
    let state = StateDir::from_env();
    if path {
        println!("{}", crate::transport::auth::token_file(&state).display());
        return Ok(());
    }
    let token = if rotate {
        let token = crate::transport::auth::rotate(&state)?;
        eprintln!(
            "The access token in {} is new: running servers refuse the old one from now on. \
             Configure each client again (`jetbrains-debugger-mcp install <client>`, or the \
             IDE's Install on Coding Agents).",
            crate::transport::auth::token_file(&state).display()
        );
        token
    } else {
        crate::transport::auth::load_or_create(&state)?
    };
    println!("{token}");
    Ok(())
}

/// How many ports after the preferred one an IDE-managed server tries: a second IDE
/// (IntelliJ and PyCharm side by side) must not fail because the first holds the port.
const PORT_ALTERNATIVES: u16 = 10;

/// Bind the preferred MCP port, else one of the next [`PORT_ALTERNATIVES`].
async fn bind_near(port: u16) -> Result<tokio::net::TcpListener> {
    let first = crate::transport::http::bind(port).await;
    if port == 0 || first.is_ok() {
        return first;
    }
    for candidate in (port + 1..).take(PORT_ALTERNATIVES as usize) {
        if let Ok(listener) = crate::transport::http::bind(candidate).await {
            tracing::warn!(
                port,
                candidate,
                "MCP port in use; serving on the next free one"
            );
            return Ok(listener);
        }
    }
    first
}

/// Serve the agent's stdio connection by relaying it to a running IDE's server.
async fn relay_stdio(proxy: ProxyServer) -> Result<()> {
    let running = proxy
        .serve(crate::transport::stdio::stdio())
        .await
        .context("starting the stdio MCP relay")?;
    tokio::select! {
        result = running.waiting() => { result.context("stdio MCP relay")?; }
        _ = shutdown_signal() => {}
    }
    Ok(())
}

/// Resolves when this process's stdin reaches end of file (or fails). A plain
/// thread reads it, so that a pending read never holds up the process's exit.
fn stdin_closed() -> impl Future<Output = ()> {
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let spawned = std::thread::Builder::new()
        .name("stdin-watch".into())
        .spawn(move || {
            use std::io::Read;
            let mut stdin = std::io::stdin().lock();
            let mut buffer = [0u8; 512];
            loop {
                match stdin.read(&mut buffer) {
                    Ok(0) => break,
                    Ok(_) => continue,
                    Err(err) if err.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(_) => break,
                }
            }
            let _ = tx.send(());
        });
    if let Err(err) = &spawned {
        tracing::warn!(%err, "cannot watch stdin");
    }
    async move {
        if spawned.is_ok() {
            let _ = rx.await;
        } else {
            std::future::pending::<()>().await;
        }
    }
}

/// Resolves once no IDE has been connected for `limit` (from start-up, or from the
/// last disconnect).
async fn ide_absent_for(ide: &IdeBackend, limit: Duration) {
    let mut state = ide.connection();
    loop {
        let disconnected = state.wait_for(Option::is_none).await.is_ok();
        if !disconnected {
            return std::future::pending().await;
        }
        let reconnected = tokio::time::timeout(limit, state.wait_for(Option::is_some))
            .await
            .map(|seen| seen.is_ok());
        match reconnected {
            Err(_) => return,
            Ok(false) => return std::future::pending().await,
            Ok(true) => continue,
        }
    }
}

/// Longest a signalled server takes to exit: the graceful way (open MCP streams
/// drained, sessions stopped) gets this long, then the sessions' process trees are
/// killed and the process exits whatever it was doing.
const EXIT_DEADLINE: Duration = Duration::from_millis(1200);

/// Resolves on Ctrl-C or SIGTERM. The first call also arms [`EXIT_DEADLINE`] for
/// the signal that ends this wait.
async fn shutdown_signal() {
    arm_exit_deadline();
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(term) => term,
                Err(err) => {
                    tracing::warn!(%err, "cannot watch SIGTERM");
                    let _ = tokio::signal::ctrl_c().await;
                    return;
                }
            };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Starts, once, a plain thread that waits for SIGTERM or SIGINT itself and ends the
/// process [`EXIT_DEADLINE`] after it if the graceful way has not. The deadline must not
/// wait for the runtime: its one thread can be busy for a second (a 10k-breakpoint
/// removal), and a task would only see the signal after that.
fn arm_exit_deadline() {
    static ARMED: std::sync::Once = std::sync::Once::new();
    ARMED.call_once(|| {
        let spawned = std::thread::Builder::new()
            .name("exit-deadline".into())
            .spawn(|| {
                wait_for_a_stop_signal();
                std::thread::sleep(EXIT_DEADLINE);
                tracing::warn!("still running {EXIT_DEADLINE:?} after the signal; exiting now");
                // Every session tree of this process carries a tag starting with its pid.
                debugger_dap::tree::kill_all_of(&std::process::id().to_string());
                crate::transport::std_streams::restore_flags();
                std::process::exit(0);
            });
        if let Err(err) = spawned {
            tracing::warn!(%err, "cannot arm the exit deadline");
        }
    });
}

/// Blocks the calling thread until SIGTERM or SIGINT (Ctrl-C) arrives. Registering
/// adds to tokio's handlers for the same signals, it does not replace them.
#[cfg(unix)]
fn wait_for_a_stop_signal() {
    use signal_hook::consts::{SIGINT, SIGTERM};
    match signal_hook::iterator::Signals::new([SIGTERM, SIGINT]) {
        Ok(mut signals) => {
            signals.forever().next();
        }
        Err(err) => {
            tracing::warn!(%err, "cannot watch SIGTERM for the exit deadline");
            // Never fire: the graceful way still ends the process.
            loop {
                std::thread::park();
            }
        }
    }
}

/// Without Unix signals, Ctrl-C is seen through a small runtime of the thread's own.
#[cfg(not(unix))]
fn wait_for_a_stop_signal() {
    match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => {
            let _ = runtime.block_on(tokio::signal::ctrl_c());
        }
        Err(err) => {
            tracing::warn!(%err, "cannot watch Ctrl-C for the exit deadline");
            loop {
                std::thread::park();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_backend_follows_the_choice_and_the_token() {
        use BackendChoice::*;
        let token = Some("t");
        assert_eq!(choose_backend(Auto, false, None).unwrap(), BackendKind::Dap);
        assert_eq!(
            choose_backend(Auto, false, token).unwrap(),
            BackendKind::Ide
        );
        assert_eq!(choose_backend(Auto, true, token).unwrap(), BackendKind::Ide);
        assert_eq!(choose_backend(Dap, false, token).unwrap(), BackendKind::Dap);
        assert_eq!(choose_backend(Dap, false, None).unwrap(), BackendKind::Dap);
        assert_eq!(choose_backend(Ide, false, token).unwrap(), BackendKind::Ide);
        assert_eq!(choose_backend(Ide, true, token).unwrap(), BackendKind::Ide);
        let err = choose_backend(Ide, false, None).unwrap_err().to_string();
        assert!(
            err.contains("--backend ide") && err.contains(TOKEN_ENV),
            "{err}"
        );
        let err = choose_backend(Auto, true, None).unwrap_err().to_string();
        assert!(
            err.contains("--ide-managed") && err.contains(TOKEN_ENV),
            "{err}"
        );
        assert!(choose_backend(Dap, true, token).is_err());
    }

    #[test]
    fn the_ready_line_is_the_spec_s() {
        assert_eq!(
            ready_line(40123, 47823),
            r#"{"ready":{"protocol_version":1,"bridge_port":40123,"mcp_port":47823,"mcp_url":"http://127.0.0.1:47823/mcp"}}"#
        );
    }
}
