//! The measured side: the workflow as MCP tool calls to this very binary, spawned
//! as `stdio`, over a minimal newline-delimited JSON-RPC client.

use super::{BenchArgs, BenchProject, Samples, BREAKPOINT_LINE, START};
use anyhow::{anyhow, bail, Context, Result};
use serde_json::{json, Value};
use std::process::Stdio;
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout};

const TIMEOUT: Duration = Duration::from_secs(30);

struct McpClient {
    child: Child,
    stdin: ChildStdin,
    lines: Lines<BufReader<ChildStdout>>,
    next_id: u64,
}

impl McpClient {
    async fn send(&mut self, message: Value) -> Result<()> {
        let mut line = message.to_string();
        line.push('\n');
        self.stdin.write_all(line.as_bytes()).await?;
        self.stdin.flush().await?;
        Ok(())
    }

    async fn rpc(&mut self, method: &str, params: Value) -> Result<Value> {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
            .await?;
        let deadline = tokio::time::Instant::now() + TIMEOUT;
        loop {
            let line = tokio::time::timeout_at(deadline, self.lines.next_line())
                .await
                .with_context(|| format!("no answer to {method} within {TIMEOUT:?}"))??
                .ok_or_else(|| anyhow!("server closed its output"))?;
            let message: Value = serde_json::from_str(&line)?;
            if message["id"] == json!(id) {
                if let Some(error) = message.get("error") {
                    bail!("{method}: {error}");
                }
                return Ok(message["result"].clone());
            }
        }
    }

    /// `start_debug_session` of the bench configuration, paused at the breakpoint.
    async fn start(&mut self) -> Result<()> {
        let started = self
            .tool(
                "start_debug_session",
                json!({"configuration_name": "bench"}),
            )
            .await?;
        if started["status"] != json!("paused") {
            bail!("the program did not stop at the breakpoint: {started}");
        }
        Ok(())
    }

    async fn tool(&mut self, name: &str, arguments: Value) -> Result<Value> {
        let result = self
            .rpc("tools/call", json!({"name": name, "arguments": arguments}))
            .await?;
        if result["isError"] == json!(true) {
            bail!("{name} failed: {}", result["content"][0]["text"]);
        }
        Ok(result["structuredContent"].clone())
    }
}

pub async fn measure(args: &BenchArgs, project: &BenchProject) -> Result<Samples> {
    let state = project.root.join(".state");
    let mut command = tokio::process::Command::new(std::env::current_exe()?);
    command
        .arg("stdio")
        .arg("--project")
        .arg(&project.root)
        .arg("--brave")
        .arg("--python")
        .arg(&args.python)
        .env("JETBRAINS_DEBUGGER_STATE_DIR", &state)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .kill_on_drop(true);
    if args.no_tcp_nodelay {
        command.arg("--no-tcp-nodelay");
    }
    let mut child = command.spawn().context("spawning the server")?;
    let mut client = McpClient {
        stdin: child.stdin.take().context("server stdin")?,
        lines: BufReader::new(child.stdout.take().context("server stdout")?).lines(),
        child,
        next_id: 0,
    };
    client
        .rpc(
            "initialize",
            json!({"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}}),
        )
        .await?;
    client
        .send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
        .await?;
    client
        .tool(
            "set_breakpoint",
            json!({"file_path": "program.py", "line": BREAKPOINT_LINE}),
        )
        .await?;
    let mut samples = Samples::new();
    // Start to first stop (one start unmeasured); the server keeps an adapter started
    // ahead from the first launch on, as it does for an agent.
    for round in 0..=args.starts {
        let t = Instant::now();
        client.start().await?;
        if round > 0 {
            samples.entry(START).or_default().push(t.elapsed());
        }
        client.tool("stop_debug_session", json!({})).await?;
    }
    client.start().await?;

    let workflow: [(&'static str, Value); 6] = [
        ("get_stack_trace", json!({})),
        ("get_variables", json!({})),
        ("evaluate", json!({"expression": "total + i"})),
        ("list_threads", json!({})),
        ("step_over", json!({})),
        ("resume", json!({})),
    ];
    for round in 0..args.warmup + args.rounds {
        for (tool, arguments) in &workflow {
            let t = Instant::now();
            client.tool(tool, arguments.clone()).await?;
            if round >= args.warmup {
                samples.entry(tool).or_default().push(t.elapsed());
            }
        }
    }
    client.tool("stop_debug_session", json!({})).await?;
    drop(client.stdin);
    if tokio::time::timeout(TIMEOUT, client.child.wait())
        .await
        .is_err()
    {
        let _ = client.child.kill().await;
    }
    Ok(samples)
}
