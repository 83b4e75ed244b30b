//! The baseline: the workflow as raw DAP requests straight to debugpy, through the
//! same DAP client the standalone backend uses, so the MCP sides' excess isolates what
//! the MCP layer, the tool logic and the backend add. A raw client keeps the top
//! frame of the last stop, as any DAP client does, and asks only what each answer
//! needs. With `--breakdown` its requests are profiled in this process, as the
//! server profiles its own.

use super::breakdown::CallProfile;
use super::{BenchArgs, BenchProject, Timed, BREAKPOINT_LINE};
use anyhow::{anyhow, bail, Context, Result};
use debugger_core::model::LaunchMode;
use debugger_core::profile;
use debugger_dap::adapter::debugpy::{guarded_call, launch_arguments, ShimDir};
use debugger_dap::adapter::{self, DEBUGPY};
use debugger_dap::client::Client;
use debugger_dap::launch_json::{load_launch_configs, LaunchConfig};
use debugger_dap::protocol::Event;
use serde_json::{json, Value};
use std::path::PathBuf;
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

/// A session paused in the program: its connection, adapter, stopped thread and the
/// top frame of the last stop.
struct Started {
    dap: Dap,
    child: tokio::process::Child,
    thread: i64,
    frame: i64,
}

/// The raw DAP side: one session at a time, each with a cold adapter, or under
/// `--breakdown` with one it started ahead after its last stop (untimed), as this
/// server keeps one: the launch's physical limit.
pub struct DapSide {
    python: PathBuf,
    root: PathBuf,
    program: PathBuf,
    config: LaunchConfig,
    shim: Option<ShimDir>,
    started: Option<Started>,
    profiled: bool,
    /// The adapter started ahead for the next launch (`--breakdown`).
    ahead: Option<tokio::process::Child>,
}

impl DapSide {
    pub async fn new(args: &BenchArgs, project: &BenchProject) -> Result<Self> {
        let config = load_launch_configs(&project.root)
            .await
            .map_err(|e| anyhow!("{e}"))?
            .into_iter()
            .next()
            .ok_or_else(|| anyhow!("bench launch.json has no configuration"))?;
        let shim = match args.no_tcp_nodelay {
            true => None,
            false => Some(ShimDir::create()?),
        };
        if args.breakdown {
            profile::enable();
        }
        let mut side = Self {
            python: args.python.clone(),
            root: project.root.clone(),
            program: project.program.clone(),
            config,
            shim,
            started: None,
            profiled: args.breakdown,
            ahead: None,
        };
        side.start_ahead()?;
        Ok(side)
    }

    fn spawn_adapter(&self) -> Result<tokio::process::Child> {
        let command =
            adapter::locate(&DEBUGPY, Some(&self.python), None).map_err(|e| anyhow!("{e}"))?;
        adapter::spawn(
            &command,
            &self.root,
            &debugger_dap::tree::tag_for(&debugger_dap::tree::new_owner(), "bench"),
        )
        .map_err(|e| anyhow!("{e}"))
    }

    /// Under `--breakdown`, start the next launch's adapter now.
    fn start_ahead(&mut self) -> Result<()> {
        if self.profiled {
            self.ahead = Some(self.spawn_adapter()?);
        }
        Ok(())
    }

    /// `took` since `t`, with the DAP marks recorded meanwhile.
    fn timed(&self, t: Instant) -> Timed {
        let took = t.elapsed();
        let profile = self
            .profiled
            .then(|| CallProfile::raw(took, profile::take_since(t)));
        Timed { took, profile }
    }

    /// A cold adapter, the launch handshake with the breakpoint, up to the first stop.
    pub async fn start(&mut self) -> Result<Timed> {
        profile::clear();
        let t = Instant::now();
        let started = self.launch().await?;
        self.started = Some(started);
        Ok(self.timed(t))
    }

    async fn launch(&mut self) -> Result<Started> {
        let mut child = match self.ahead.take() {
            Some(ready) => ready,
            None => self.spawn_adapter()?,
        };
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
            &self.config,
            LaunchMode::Debug,
            "bench",
            &self.python,
            self.shim.as_ref().map(|s| s.path()),
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
            json!({"source": {"path": self.program}, "breakpoints": [{"line": BREAKPOINT_LINE}]}),
        )
        .await?;
        dap.request("configurationDone", json!({})).await?;
        launched.wait(TIMEOUT).await.map_err(|e| anyhow!("{e}"))?;
        let stopped = dap.event("stopped").await?;
        let thread = stopped["threadId"].as_i64().unwrap_or(1);
        let frame = dap.top_frame(thread).await?;
        Ok(Started {
            dap,
            child,
            thread,
            frame,
        })
    }

    /// Disconnect (ending the debuggee) until the adapter's output has ended and it
    /// has exited.
    pub async fn stop(&mut self) -> Result<Timed> {
        let Started {
            mut dap, mut child, ..
        } = self.started.take().context("no session")?;
        profile::clear();
        let t = Instant::now();
        let _ = dap
            .request("disconnect", json!({"terminateDebuggee": true}))
            .await;
        dap.client.close_input().await;
        let drained = async { while dap.events.recv().await.is_some() {} };
        let _ = tokio::time::timeout(TIMEOUT, drained).await;
        if tokio::time::timeout(TIMEOUT, child.wait()).await.is_err() {
            let _ = child.kill().await;
        }
        let timed = self.timed(t);
        self.start_ahead()?;
        Ok(timed)
    }

    /// The DAP requests an agent-side client needs for what `tool` answers.
    pub async fn call(&mut self, tool: &str, arguments: &Value) -> Result<Timed> {
        let Started {
            dap, thread, frame, ..
        } = self.started.as_mut().context("no session")?;
        let thread = *thread;
        profile::clear();
        let t = Instant::now();
        match tool {
            "get_stack_trace" => {
                dap.request("stackTrace", json!({"threadId": thread, "levels": 50}))
                    .await?;
            }
            "get_variables" => {
                let scopes = dap.request("scopes", json!({"frameId": *frame})).await?;
                let locals = scopes["scopes"][0]["variablesReference"]
                    .as_i64()
                    .unwrap_or(0);
                dap.request("variables", json!({"variablesReference": locals}))
                    .await?;
            }
            "evaluate" => {
                let expression = arguments["expression"].as_str().unwrap_or_default();
                dap.request(
                    "evaluate",
                    json!({"expression": expression, "frameId": *frame, "context": "watch"}),
                )
                .await?;
            }
            "list_threads" => {
                dap.request("threads", json!({})).await?;
            }
            "step_over" | "resume" => {
                let command = if tool == "resume" { "continue" } else { "next" };
                dap.request(command, json!({"threadId": thread})).await?;
                dap.event("stopped").await?;
                *frame = dap.top_frame(thread).await?;
            }
            other => bail!("no raw DAP equivalent of {other}"),
        }
        Ok(self.timed(t))
    }

    /// What the shim's runtime guard costs per expression, paused where `steps`
    /// step_overs from the breakpoint lead: the median DAP time of `rounds`
    /// evaluations as written and as many under the guard, taking turns. None
    /// without the shim (`--no-tcp-nodelay`), which carries the guard.
    pub async fn guard_costs(
        &mut self,
        steps: usize,
        expressions: &[&'static str],
        rounds: usize,
    ) -> Result<Option<Vec<(&'static str, Duration, Duration)>>> {
        if self.shim.is_none() {
            return Ok(None);
        }
        self.start().await?;
        for _ in 0..steps {
            self.call("step_over", &Value::Null).await?;
        }
        let Started { dap, frame, .. } = self.started.as_ref().context("no session")?;
        let mut costs = Vec::new();
        for expression in expressions {
            let guarded = guarded_call(expression);
            let (mut plain, mut under_guard) = (Vec::new(), Vec::new());
            for _ in 0..rounds {
                for (source, into) in [(*expression, &mut plain), (&*guarded, &mut under_guard)] {
                    let t = Instant::now();
                    dap.request(
                        "evaluate",
                        json!({"expression": source, "frameId": *frame, "context": "watch"}),
                    )
                    .await
                    .with_context(|| format!("evaluating {source}"))?;
                    into.push(t.elapsed());
                }
            }
            plain.sort();
            under_guard.sort();
            costs.push((
                *expression,
                super::percentile(&plain, 0.5),
                super::percentile(&under_guard, 0.5),
            ));
        }
        self.stop().await?;
        Ok(Some(costs))
    }
}
