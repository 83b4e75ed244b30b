//! `jetbrains-debugger-mcp`: the MCP server binary. Subcommands: `stdio` and
//! `serve` (streamable HTTP on loopback) run the 28 tools; `bench` measures the
//! overhead over raw DAP; `install` and `config` set up coding clients; `token` prints
//! (or rotates) the HTTP endpoint's access token. See
//! ARCHITECTURE.md for the map.

mod app;
mod args;
mod bench;
mod cli;
mod clients;
mod consent;
mod history_log;
mod ide_requests;
mod instructions;
mod lenient;
mod log_message;
mod logging;
mod mcp;
mod notices;
mod owners;
mod pump;
mod redact;
mod relay;
mod resources;
mod session_log;
mod stop_lines;
#[cfg(test)]
mod tool_reference;
mod tools;
mod tracker;
mod transport;
mod watches;

use anyhow::Result;

fn main() -> Result<()> {
    // Before any thread exists: the token leaves the environment at once.
    let token = cli::take_bridge_token();
    let cli = args::parse_or_exit();
    cli::init_logging(&cli)?;
    // One thread runs every task. The server waits on sockets and pipes; with a worker
    // per core, each message woke an idle worker to share the work, and the hand-offs
    // cost more than the work: a tool call that reads a cached stack took 3.4 thread
    // switches and 0.10 ms of CPU over stdio, 6.9 and 0.17 ms over HTTP, against 1 and
    // 0.04-0.06 ms, 1.1 and 0.14 ms on one thread. So no task may block: file and
    // process work that can take long goes to `spawn_blocking`.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let outcome = runtime.block_on(cli::run(cli, token));
    drop(runtime);
    transport::std_streams::restore_flags();
    outcome
}
