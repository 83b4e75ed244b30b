//! Command line: parse arguments, set up logging, build the backend and the app,
//! and run the chosen transport until the client goes away or a signal arrives.

use crate::history_log::HistoryLog;
use crate::mcp::McpServer;
use crate::tools::App;
use crate::watches::WatchStore;
use anyhow::{bail, Context, Result};
use clap::{Args, Parser, Subcommand, ValueEnum};
use debugger_core::project::project_from_dir;
use debugger_core::state::StateDir;
use debugger_dap::{DapBackend, DapConfig};
use rmcp::ServiceExt;
use std::path::PathBuf;
use std::sync::Arc;

/// Default HTTP port: stable, so `claude mcp add` URLs survive restarts.
pub const DEFAULT_PORT: u16 = 47823;

#[derive(Debug, Parser)]
#[command(
    name = "jetbrains-debugger-mcp",
    version,
    about = "Debugger tools for AI agents over MCP"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Write logs to this file instead of stderr. Filter with RUST_LOG (e.g. `debug`).
    #[arg(long, global = true)]
    pub log_file: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve MCP over stdio (for agents that spawn their servers).
    Stdio(ServerArgs),
    /// Serve MCP over streamable HTTP at http://127.0.0.1:PORT/mcp.
    Serve {
        #[command(flatten)]
        server: ServerArgs,
        /// Loopback port to listen on.
        #[arg(long, default_value_t = DEFAULT_PORT)]
        port: u16,
    },
    /// Measure the server's overhead over raw DAP on a sample program.
    Bench(crate::bench::BenchArgs),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BackendChoice {
    /// The IDE if one is reachable, else the standalone debugger.
    Auto,
    /// The JetBrains IDE through the plugin's bridge.
    Ide,
    /// The standalone backend driving debug adapters (debugpy).
    Dap,
}

#[derive(Debug, Clone, Args)]
pub struct ServerArgs {
    /// Project directory (repeatable). Default: the working directory.
    #[arg(long = "project")]
    pub projects: Vec<PathBuf>,
    #[arg(long, value_enum, default_value_t = BackendChoice::Auto)]
    pub backend: BackendChoice,
    /// Skip confirmations for run, debug, set_variable and side-effecting evaluate.
    #[arg(long, env = "JETBRAINS_DEBUGGER_BRAVE")]
    pub brave: bool,
    /// Python interpreter for debugpy when launch.json names none (default: python3).
    #[arg(long)]
    pub python: Option<PathBuf>,
    /// Do not inject the TCP_NODELAY fix into debuggees (debugpy then takes ~44 ms per request).
    #[arg(long)]
    pub no_tcp_nodelay: bool,
}

pub fn init_logging(cli: &Cli) -> Result<()> {
    let default = match cli.command {
        Command::Serve { .. } => "info",
        _ => "warn",
    };
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false);
    match &cli.log_file {
        Some(path) => {
            let file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .with_context(|| format!("opening log file {}", path.display()))?;
            builder.with_ansi(false).with_writer(Arc::new(file)).init();
        }
        // Never stdout: in stdio mode it carries the protocol.
        None => builder.with_writer(std::io::stderr).init(),
    }
    Ok(())
}

/// The running server's parts.
pub struct Server {
    pub app: Arc<App>,
    pub history: Arc<HistoryLog>,
    pub dap: Arc<DapBackend>,
}

impl Server {
    pub fn build(args: &ServerArgs) -> Result<Self> {
        if args.backend == BackendChoice::Ide {
            bail!("--backend ide: the IDE bridge is not part of this build yet; use --backend dap (or auto)");
        }
        let dirs = if args.projects.is_empty() {
            vec![std::env::current_dir().context("reading the working directory")?]
        } else {
            args.projects.clone()
        };
        let projects = dirs
            .iter()
            .map(|d| project_from_dir(d).with_context(|| format!("--project {}", d.display())))
            .collect::<Result<Vec<_>>>()?;
        let state = StateDir::from_env();
        let mut config = DapConfig::new(projects, state.clone());
        config.python = args.python.clone();
        config.tcp_nodelay_shim = !args.no_tcp_nodelay;
        let dap = DapBackend::new(config);
        let history = Arc::new(HistoryLog::new(
            crate::history_log::DEFAULT_CAPACITY,
            &state,
        ));
        let app = App::new(dap.clone(), WatchStore::new(state), args.brave);
        Ok(Self { app, history, dap })
    }

    pub fn handler(&self) -> McpServer {
        McpServer::new(self.app.clone(), self.history.clone())
    }
}

pub async fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Stdio(args) => {
            let server = Server::build(&args)?;
            let running = server
                .handler()
                .serve(rmcp::transport::stdio())
                .await
                .context("starting the stdio MCP server")?;
            tokio::select! {
                result = running.waiting() => { result.context("stdio MCP server")?; }
                _ = shutdown_signal() => {}
            }
            server.dap.shutdown().await;
            Ok(())
        }
        Command::Serve { server: args, port } => {
            let server = Server::build(&args)?;
            let result = crate::http::serve(&server, port, shutdown_signal()).await;
            server.dap.shutdown().await;
            result
        }
        Command::Bench(args) => crate::bench::run(args).await,
    }
}

/// Resolves on Ctrl-C or SIGTERM.
async fn shutdown_signal() {
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
