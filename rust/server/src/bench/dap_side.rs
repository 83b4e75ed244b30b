//! The baseline: the workflow as raw DAP requests straight to debugpy, through the
//! same DAP client the standalone backend uses, so (a)/(b) isolates what the MCP
//! layer, the tool logic and the backend add.

use super::{BenchArgs, BenchProject, Samples, BREAKPOINT_LINE, START};
use anyhow::{anyhow, bail, Context, Result};
use debugger_core::model::LaunchMode;
use debugger_dap::adapter::debugpy::{launch_arguments, ShimDir};
use debugger_dap::adapter::{self, DEBUGPY};
use debugger_dap::client::Client;
use debugger_dap::launch_json::load_launch_configs;
use debugger_dap::protocol::Event;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio::sync::mpsc::UnboundedReceiver;

const TIMEOUT: Duration = Duration::from_secs(15);

struct Dap {
    client: std::sync::Arc<Client>,
    events: UnboundedReceiver<Event>,
}

impl Dap {
    async fn request(&self, command: &str, arguments: Value) -> Result<Value> {
        self.client
            .request(command, arguments, TIMEOUT)
            .await
            .map_err(|e| anyhow!("{e}"))
    }

    async fn event(&mut self, name: &str) -> Result<Value> {
        let deadline = tokio::time::Instant::now() + TIMEOUT;
        loop {
            let event = tokio::time::timeout_at(deadline, self.events.recv())
                .await
                .with_context(|| format!("no '{name}' event within {TIMEOUT:?}"))?
                .ok_or_else(|| anyhow!("adapter closed while waiting for '{name}'"))?;
            if event.event == name {
                return Ok(event.body);
            }
            if event.event == "terminated" {
                bail!("program ended while waiting for '{name}'");
            }
        }
    }

    async fn top_frame(&self, thread: i64) -> Result<i64> {
        let body = self
            .request("stackTrace", json!({"threadId": thread, "levels": 1}))
            .await?;
        body["stackFrames"][0]["id"]
            .as_i64()
            .ok_or_else(|| anyhow!("no frame"))
    }
}

/// A debug session as an agent-side DAP client starts it: a cold adapter, the launch
/// handshake with the breakpoint, up to the first stop.
struct Started {
    dap: Dap,
    child: tokio::process::Child,
    thread: i64,
}

async fn start(
    args: &BenchArgs,
    project: &BenchProject,
    config: &debugger_dap::launch_json::LaunchConfig,
    shim: Option<&ShimDir>,
) -> Result<Started> {
    let command =
        adapter::locate(&DEBUGPY, Some(&args.python), None).map_err(|e| anyhow!("{e}"))?;
    let mut child = adapter::spawn(
        &command,
        &project.root,
        &debugger_dap::tree::tag_for(&debugger_dap::tree::new_owner(), "bench"),
    )
    .map_err(|e| anyhow!("{e}"))?;
    let (stdin, stdout) = (
        child.stdin.take().context("adapter stdin")?,
        child.stdout.take().context("adapter stdout")?,
    );
    let (client, events) = Client::start(stdout, stdin);
    let mut dap = Dap { client, events };
    dap.request(
        "initialize",
        json!({"adapterID": "debugpy", "linesStartAt1": true, "columnsStartAt1": true, "pathFormat": "path"}),
    )
    .await?;
    let launch = launch_arguments(
        config,
        LaunchMode::Debug,
        "bench",
        &args.python,
        shim.map(|s| s.path()),
        std::env::var_os("PYTHONPATH"),
    );
    let launched = dap
        .client
        .send("launch", launch)
        .await
        .map_err(|e| anyhow!("{e}"))?;
    dap.event("initialized").await?;
    dap.request(
        "setBreakpoints",
        json!({"source": {"path": project.program}, "breakpoints": [{"line": BREAKPOINT_LINE}]}),
    )
    .await?;
    dap.request("configurationDone", json!({})).await?;
    launched.wait(TIMEOUT).await.map_err(|e| anyhow!("{e}"))?;
    let stopped = dap.event("stopped").await?;
    let thread = stopped["threadId"].as_i64().unwrap_or(1);
    Ok(Started { dap, child, thread })
}

async fn end(started: Started) {
    let Started { dap, mut child, .. } = started;
    let _ = dap
        .request("disconnect", json!({"terminateDebuggee": true}))
        .await;
    dap.client.close_input().await;
    if tokio::time::timeout(TIMEOUT, child.wait()).await.is_err() {
        let _ = child.kill().await;
    }
}

pub async fn measure(args: &BenchArgs, project: &BenchProject) -> Result<Samples> {
    let config = load_launch_configs(&project.root)
        .await
        .map_err(|e| anyhow!("{e}"))?
        .into_iter()
        .next()
        .ok_or_else(|| anyhow!("bench launch.json has no configuration"))?;
    let shim = if args.no_tcp_nodelay {
        None
    } else {
        Some(ShimDir::create()?)
    };
    let mut samples = Samples::new();
    // Start to first stop, a cold adapter each time (one start unmeasured).
    for round in 0..=args.starts {
        let t = Instant::now();
        let started = start(args, project, &config, shim.as_ref()).await?;
        if round > 0 {
            samples.entry(START).or_default().push(t.elapsed());
        }
        end(started).await;
    }
    let Started {
        mut dap,
        child,
        thread,
    } = start(args, project, &config, shim.as_ref()).await?;
    for round in 0..args.warmup + args.rounds {
        let mut timings: Vec<(&'static str, Duration)> = Vec::new();

        let t = Instant::now();
        dap.request("stackTrace", json!({"threadId": thread, "levels": 50}))
            .await?;
        timings.push(("get_stack_trace", t.elapsed()));

        let t = Instant::now();
        let frame = dap.top_frame(thread).await?;
        let scopes = dap.request("scopes", json!({"frameId": frame})).await?;
        let locals = scopes["scopes"][0]["variablesReference"]
            .as_i64()
            .unwrap_or(0);
        dap.request("variables", json!({"variablesReference": locals}))
            .await?;
        timings.push(("get_variables", t.elapsed()));

        let t = Instant::now();
        let frame = dap.top_frame(thread).await?;
        dap.request(
            "evaluate",
            json!({"expression": "total + i", "frameId": frame, "context": "watch"}),
        )
        .await?;
        timings.push(("evaluate", t.elapsed()));

        let t = Instant::now();
        dap.request("threads", json!({})).await?;
        timings.push(("list_threads", t.elapsed()));

        let t = Instant::now();
        dap.request("next", json!({"threadId": thread})).await?;
        dap.event("stopped").await?;
        dap.top_frame(thread).await?;
        timings.push(("step_over", t.elapsed()));

        let t = Instant::now();
        dap.request("continue", json!({"threadId": thread})).await?;
        dap.event("stopped").await?;
        dap.top_frame(thread).await?;
        timings.push(("resume", t.elapsed()));

        if round >= args.warmup {
            for (tool, elapsed) in timings {
                samples.entry(tool).or_default().push(elapsed);
            }
        }
    }
    end(Started { dap, child, thread }).await;
    Ok(samples)
}
