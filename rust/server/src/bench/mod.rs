//! `jetbrains-debugger-mcp bench`: what the server adds on top of debugpy. The same
//! workflow runs three times in one process run, against the same program and
//! breakpoint: as MCP tool calls through this binary over streamable HTTP (spawned as
//! `serve`, a kept-alive connection: what most agents use) and over stdio (spawned as
//! `stdio`), each driven by a minimal client so the client's own cost is tiny, and as
//! the raw DAP requests an agent-side DAP client would need for the same answer, sent
//! straight to `python -m debugpy.adapter`. It prints p50/p95 per tool and the ratios to
//! raw DAP, HTTP's first. The `start_debug_session` row is start to first stop: ours
//! (with the adapter the server starts ahead) against a cold adapter's launch handshake
//! in raw DAP. `ping` is each transport alone. Every side gets the same TCP_NODELAY
//! treatment of debugpy (`--no-tcp-nodelay` for none). `--breakdown` measures an
//! agent's whole workflow instead, and where each call's time goes (`breakdown.rs`).

mod breakdown;
mod dap_side;
mod mcp_side;

use crate::args::BenchArgs;
use anyhow::{Context, Result};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Line of `total += i` in program.py.
pub const BREAKPOINT_LINE: u32 = 5;
const PROGRAM: &str = include_str!("program.py");
/// Start to first stop: `start_debug_session` against a cold adapter's whole launch.
pub const START: &str = "start_debug_session";
/// Until the debuggee and the adapter are gone.
pub const STOP: &str = "stop_debug_session";
/// MCP `ping`: the transport alone.
pub const PING: &str = "ping";
/// The tools measured, in workflow order.
pub const TOOLS: [&str; 7] = [
    START,
    "get_stack_trace",
    "get_variables",
    "evaluate",
    "list_threads",
    "step_over",
    "resume",
];

/// Latencies per tool.
pub type Samples = BTreeMap<&'static str, Vec<Duration>>;

/// A scratch project holding the program and its launch.json.
pub struct BenchProject {
    pub root: PathBuf,
    pub program: PathBuf,
}

impl BenchProject {
    fn create() -> Result<Self> {
        let root = std::env::temp_dir().join(format!("jbd-bench-{}", std::process::id()));
        std::fs::create_dir_all(root.join(".vscode"))?;
        let program = root.join("program.py");
        std::fs::write(&program, PROGRAM)?;
        std::fs::write(
            root.join(".vscode/launch.json"),
            r#"{"configurations": [{"name": "bench", "type": "debugpy", "request": "launch", "program": "${workspaceFolder}/program.py"}]}"#,
        )?;
        Ok(Self {
            root: root.canonicalize()?,
            program: program.canonicalize()?,
        })
    }
}

impl Drop for BenchProject {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[rank]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn sorted(samples: &Samples, tool: &str) -> Vec<Duration> {
    let mut sorted = samples.get(tool).cloned().unwrap_or_default();
    sorted.sort();
    sorted
}

fn report(http: &Samples, stdio: &Samples, dap: &Samples) {
    println!(
        "{:<18} {:>10} {:>10} {:>10} {:>10} {:>9} {:>10} {:>12}",
        "tool",
        "http p50",
        "http p95",
        "stdio p50",
        "dap p50",
        "http/dap",
        "stdio/dap",
        "http added"
    );
    for tool in TOOLS {
        let (h, s, d) = (sorted(http, tool), sorted(stdio, tool), sorted(dap, tool));
        let (h50, h95, s50, d50) = (
            ms(percentile(&h, 0.5)),
            ms(percentile(&h, 0.95)),
            ms(percentile(&s, 0.5)),
            ms(percentile(&d, 0.5)),
        );
        println!(
            "{:<18} {:>8.3}ms {:>8.3}ms {:>8.3}ms {:>8.3}ms {:>8.2}x {:>9.2}x {:>10.3}ms",
            tool,
            h50,
            h95,
            s50,
            d50,
            h50 / d50.max(1e-6),
            s50 / d50.max(1e-6),
            h50 - d50
        );
    }
    let (h, s) = (sorted(http, PING), sorted(stdio, PING));
    println!(
        "{PING:<18} {:>8.3}ms {:>8.3}ms {:>8.3}ms (the transport alone; http/stdio {:.2}x)",
        ms(percentile(&h, 0.5)),
        ms(percentile(&h, 0.95)),
        ms(percentile(&s, 0.5)),
        ms(percentile(&h, 0.5)) / ms(percentile(&s, 0.5)).max(1e-6)
    );
}

fn check_python(python: &Path) -> Result<()> {
    let status = std::process::Command::new(python)
        .args(["-c", "import debugpy"])
        .status()
        .with_context(|| format!("running {}", python.display()))?;
    anyhow::ensure!(
        status.success(),
        "{} cannot import debugpy: {} -m pip install debugpy",
        python.display(),
        python.display()
    );
    Ok(())
}

/// One call as its client measured it, with the profile of it (under `--breakdown`).
pub struct Timed {
    pub took: Duration,
    pub profile: Option<breakdown::CallProfile>,
}

/// One way of making the workflow's calls.
pub enum Side {
    Dap(Box<dap_side::DapSide>),
    Mcp(Box<mcp_side::McpSide>),
}

impl Side {
    /// Raw DAP, then this binary over HTTP and over stdio, each labelled.
    async fn all(args: &BenchArgs, project: &BenchProject) -> Result<Vec<(&'static str, Side)>> {
        let dap = dap_side::DapSide::new(args, project)
            .await
            .context("raw DAP side")?;
        let mut sides = vec![("raw DAP", Side::Dap(Box::new(dap)))];
        for (label, transport) in [
            ("HTTP", mcp_side::Transport::Http),
            ("stdio", mcp_side::Transport::Stdio),
        ] {
            let mcp = mcp_side::McpSide::spawn(args, project, transport)
                .await
                .with_context(|| format!("MCP side over {label}"))?;
            sides.push((label, Side::Mcp(Box::new(mcp))));
        }
        Ok(sides)
    }

    async fn start(&mut self) -> Result<Timed> {
        match self {
            Side::Dap(side) => side.start().await,
            Side::Mcp(side) => side.start().await,
        }
    }

    async fn stop(&mut self) -> Result<Timed> {
        match self {
            Side::Dap(side) => side.stop().await,
            Side::Mcp(side) => side.stop().await,
        }
    }

    async fn call(&mut self, tool: &str, arguments: &Value) -> Result<Timed> {
        match self {
            Side::Dap(side) => side.call(tool, arguments).await,
            Side::Mcp(side) => side.call(tool, arguments).await,
        }
    }

    async fn close(self) {
        if let Side::Mcp(side) = self {
            side.close().await;
        }
    }
}

/// The tools' arguments in the per-tool rounds.
fn arguments(tool: &str) -> Value {
    match tool {
        "evaluate" => serde_json::json!({"expression": "total + i"}),
        _ => serde_json::json!({}),
    }
}

/// Per-tool latencies of one side: starts to first stop, then rounds of every tool
/// in one session (and, for MCP, pings).
async fn measure(args: &BenchArgs, side: &mut Side) -> Result<Samples> {
    let mut samples = Samples::new();
    if let Side::Mcp(mcp) = side {
        mcp.pings(&mut samples).await?;
    }
    // Start to first stop (one start unmeasured); the server keeps an adapter started
    // ahead from the first launch on, as it does for an agent.
    for round in 0..=args.starts {
        let started = side.start().await?;
        if round > 0 {
            samples.entry(START).or_default().push(started.took);
        }
        side.stop().await?;
    }
    side.start().await?;
    for round in 0..args.warmup + args.rounds {
        for tool in &TOOLS[1..] {
            let timed = side.call(tool, &arguments(tool)).await?;
            if round >= args.warmup {
                samples.entry(tool).or_default().push(timed.took);
            }
        }
    }
    side.stop().await?;
    Ok(samples)
}

pub async fn run(mut args: BenchArgs) -> Result<()> {
    // Both sides start processes in the scratch project: a relative interpreter path
    // must not change meaning there.
    if args.python.components().count() > 1 {
        args.python = std::path::absolute(&args.python)?;
    }
    check_python(&args.python)?;
    let project = BenchProject::create()?;
    if args.breakdown {
        return breakdown::run(&args, &project).await;
    }
    println!(
        "bench: {} rounds (+{} warm-up), breakpoint at program.py:{BREAKPOINT_LINE}, TCP_NODELAY fix {}",
        args.rounds,
        args.warmup,
        if args.no_tcp_nodelay { "off" } else { "on" }
    );
    let mut measured = Vec::new();
    for (label, mut side) in Side::all(&args, &project).await? {
        let samples = measure(&args, &mut side)
            .await
            .with_context(|| format!("{label} side"));
        side.close().await;
        measured.push(samples?);
    }
    let [dap, http, stdio]: [Samples; 3] = measured
        .try_into()
        .map_err(|_| anyhow::anyhow!("bench measures three sides"))?;
    report(&http, &stdio, &dap);
    Ok(())
}
