//! The measured side: MCP tool calls to this very binary, over stdio (spawned as
//! `stdio`, driven by a minimal newline-delimited JSON-RPC client) or over streamable
//! HTTP (spawned as `serve`, driven by the relay's own HTTP client on a kept-alive
//! connection, as agents' HTTP clients keep theirs). With `--breakdown` the server
//! runs with `debugger_core::profile::ENV` set and each answer brings back where its
//! time went.

use super::breakdown::CallProfile;
use super::{BenchArgs, BenchProject, Samples, Timed, BREAKPOINT_LINE, PING, START, STOP};
use crate::relay::upstream::Upstream;
use anyhow::{anyhow, bail, Context, Result};
use serde_json::{json, Value};
use std::process::Stdio;
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout};

const TIMEOUT: Duration = Duration::from_secs(30);
/// Pings measured per transport (after as many unmeasured).
const PINGS: usize = 200;

/// How the workflow reaches the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport {
    Stdio,
    Http,
}

/// A connected client, over either transport.
enum Connection {
    Stdio {
        stdin: ChildStdin,
        lines: Lines<BufReader<ChildStdout>>,
        next_id: u64,
    },
    Http(Upstream),
}

/// A server of this binary and a client connected to it.
pub struct McpSide {
    child: Child,
    connection: Connection,
}

impl Connection {
    async fn send(stdin: &mut ChildStdin, message: Value) -> Result<()> {
        let mut line = message.to_string();
        line.push('\n');
        stdin.write_all(line.as_bytes()).await?;
        stdin.flush().await?;
        Ok(())
    }

    async fn rpc(&mut self, method: &str, params: Value) -> Result<Value> {
        let (stdin, lines, next_id) = match self {
            Connection::Http(upstream) => {
                return tokio::time::timeout(TIMEOUT, upstream.call::<Value>(method, params))
                    .await
                    .with_context(|| format!("no answer to {method} within {TIMEOUT:?}"))?
                    .map_err(|err| anyhow!("{method}: {err}"));
            }
            Connection::Stdio {
                stdin,
                lines,
                next_id,
            } => (stdin, lines, next_id),
        };
        *next_id += 1;
        let id = *next_id;
        Self::send(
            stdin,
            json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}),
        )
        .await?;
        let deadline = tokio::time::Instant::now() + TIMEOUT;
        loop {
            let line = tokio::time::timeout_at(deadline, lines.next_line())
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
}

impl McpSide {
    /// Start the server for `transport`, connect to it and set the bench breakpoint.
    pub async fn spawn(
        args: &BenchArgs,
        project: &BenchProject,
        transport: Transport,
    ) -> Result<Self> {
        let state = project.root.join(format!(".state-{transport:?}"));
        let state_dir = debugger_core::state::StateDir::at(&state);
        let mut command = tokio::process::Command::new(std::env::current_exe()?);
        let port = match transport {
            Transport::Stdio => {
                command.arg("stdio");
                None
            }
            Transport::Http => {
                let port = std::net::TcpListener::bind("127.0.0.1:0")?
                    .local_addr()?
                    .port();
                command.args(["serve", "--port", &port.to_string()]);
                Some(port)
            }
        };
        command
            .arg("--project")
            .arg(&project.root)
            .arg("--brave")
            .arg("--python")
            .arg(&args.python)
            .env("JETBRAINS_DEBUGGER_STATE_DIR", &state)
            .env("RUST_LOG", "warn")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true);
        if args.no_tcp_nodelay {
            command.arg("--no-tcp-nodelay");
        }
        if args.breakdown {
            command.env(debugger_core::profile::ENV, "1");
        }
        let mut child = command.spawn().context("spawning the server")?;
        let connection = match port {
            None => {
                let mut connection = Connection::Stdio {
                    stdin: child.stdin.take().context("server stdin")?,
                    lines: BufReader::new(child.stdout.take().context("server stdout")?).lines(),
                    next_id: 0,
                };
                connection
                    .rpc(
                        "initialize",
                        json!({"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}}),
                    )
                    .await?;
                if let Connection::Stdio { stdin, .. } = &mut connection {
                    Connection::send(
                        stdin,
                        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
                    )
                    .await?;
                }
                connection
            }
            Some(port) => {
                let url = format!("http://127.0.0.1:{port}/mcp");
                let deadline = tokio::time::Instant::now() + TIMEOUT;
                loop {
                    match Upstream::connect(
                        &url,
                        Some(crate::transport::auth::token_file(&state_dir)),
                    )
                    .await
                    {
                        Ok(upstream) => break Connection::Http(upstream),
                        Err(err) if tokio::time::Instant::now() > deadline => {
                            bail!("{url} did not come up: {err}")
                        }
                        Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
                    }
                }
            }
        };
        let mut side = Self { child, connection };
        side.tool(
            "set_breakpoint",
            json!({"file_path": "program.py", "line": BREAKPOINT_LINE}),
        )
        .await?;
        Ok(side)
    }

    /// Call `name`: its structured answer, timed as the client saw it, with the
    /// server's profile of it (when profiling (`debugger_core::profile::ENV`)).
    async fn tool(&mut self, name: &str, arguments: Value) -> Result<(Value, Timed)> {
        let t = Instant::now();
        let result = self
            .connection
            .rpc("tools/call", json!({"name": name, "arguments": arguments}))
            .await?;
        let took = t.elapsed();
        if result["isError"] == json!(true) {
            bail!("{name} failed: {}", result["content"][0]["text"]);
        }
        let profile = CallProfile::from_meta(&result["_meta"], took);
        Ok((result["structuredContent"].clone(), Timed { took, profile }))
    }

    /// `start_debug_session` of the bench configuration, paused at the breakpoint.
    pub async fn start(&mut self) -> Result<Timed> {
        let (started, timed) = self
            .tool(START, json!({"configuration_name": "bench"}))
            .await?;
        if started["status"] != json!("paused") {
            bail!("the program did not stop at the breakpoint: {started}");
        }
        Ok(timed)
    }

    pub async fn stop(&mut self) -> Result<Timed> {
        Ok(self.tool(STOP, json!({})).await?.1)
    }

    /// One tool call of the workflow.
    pub async fn call(&mut self, tool: &str, arguments: &Value) -> Result<Timed> {
        Ok(self.tool(tool, arguments.clone()).await?.1)
    }

    /// `ping`s: the transport alone, no tool or debugger work.
    pub async fn pings(&mut self, samples: &mut Samples) -> Result<()> {
        for round in 0..2 * PINGS {
            let t = Instant::now();
            self.connection.rpc("ping", json!({})).await?;
            if round >= PINGS {
                samples.entry(PING).or_default().push(t.elapsed());
            }
        }
        Ok(())
    }

    /// End the server as an agent ends it, so that it cleans up after itself (its
    /// shim folder, its adapters): stdin closed, or SIGTERM for `serve`; killed only
    /// when it does not exit within the timeout.
    pub async fn close(mut self) {
        if let Connection::Http(upstream) = &self.connection {
            upstream.close().await;
            #[cfg(unix)]
            if let Some(pid) = self
                .child
                .id()
                .and_then(|id| libc::pid_t::try_from(id).ok())
            {
                // SAFETY: kill(2) on our own child's pid, which it still holds (not reaped).
                unsafe { libc::kill(pid, libc::SIGTERM) };
            }
            #[cfg(not(unix))]
            let _ = self.child.start_kill();
        }
        drop(self.connection);
        if tokio::time::timeout(TIMEOUT, self.child.wait())
            .await
            .is_err()
        {
            let _ = self.child.kill().await;
        }
    }
}
