//! `jetbrains-debugger-mcp bench`: what the server adds on top of debugpy. The same
//! workflow runs twice in one process run, against the same program and breakpoint:
//! (a) as MCP tool calls through this binary (spawned as `stdio`, driven by a
//! minimal JSON-RPC client, so the client's own cost is tiny), and (b) as the raw DAP
//! requests an agent-side DAP client would need for the same answer, sent straight to
//! `python -m debugpy.adapter`. It prints p50/p95 per tool and the ratio a/b. The
//! first line, `start_debug_session`, is start to first stop: ours (with the adapter
//! the server starts ahead) against a cold adapter's launch handshake in raw DAP.
//! Both sides get the same TCP_NODELAY treatment (`--no-tcp-nodelay` for neither).

mod dap_side;
mod mcp_side;

use crate::args::BenchArgs;
use anyhow::{Context, Result};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Line of `total += i` in program.py.
pub const BREAKPOINT_LINE: u32 = 5;
const PROGRAM: &str = include_str!("program.py");
/// Start to first stop: `start_debug_session` against a cold adapter's whole launch.
pub const START: &str = "start_debug_session";
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

fn report(mcp: &Samples, dap: &Samples) {
    println!(
        "{:<18} {:>10} {:>10} {:>10} {:>10} {:>8} {:>12}",
        "tool", "mcp p50", "mcp p95", "dap p50", "dap p95", "ratio", "added p50"
    );
    for tool in TOOLS {
        let (mut a, mut b) = (
            mcp.get(tool).cloned().unwrap_or_default(),
            dap.get(tool).cloned().unwrap_or_default(),
        );
        a.sort();
        b.sort();
        let (a50, a95, b50, b95) = (
            percentile(&a, 0.5),
            percentile(&a, 0.95),
            percentile(&b, 0.5),
            percentile(&b, 0.95),
        );
        println!(
            "{:<18} {:>8.3}ms {:>8.3}ms {:>8.3}ms {:>8.3}ms {:>7.2}x {:>10.3}ms",
            tool,
            ms(a50),
            ms(a95),
            ms(b50),
            ms(b95),
            ms(a50) / ms(b50).max(1e-6),
            ms(a50) - ms(b50)
        );
    }
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

pub async fn run(mut args: BenchArgs) -> Result<()> {
    // Both sides start processes in the scratch project: a relative interpreter path
    // must not change meaning there.
    if args.python.components().count() > 1 {
        args.python = std::path::absolute(&args.python)?;
    }
    check_python(&args.python)?;
    let project = BenchProject::create()?;
    println!(
        "bench: {} rounds (+{} warm-up), breakpoint at program.py:{BREAKPOINT_LINE}, TCP_NODELAY fix {}",
        args.rounds,
        args.warmup,
        if args.no_tcp_nodelay { "off" } else { "on" }
    );
    let dap = dap_side::measure(&args, &project)
        .await
        .context("raw DAP side")?;
    let mcp = mcp_side::measure(&args, &project)
        .await
        .context("MCP side")?;
    report(&mcp, &dap);
    Ok(())
}
