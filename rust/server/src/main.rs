//! `jetbrains-debugger-mcp`: the MCP server binary. Subcommands: `stdio` and
//! `serve` (streamable HTTP on loopback) run the 27 tools; `bench` measures the
//! overhead over raw DAP; `install` and `config` set up coding clients. See
//! ARCHITECTURE.md for the map.

mod app;
mod args;
mod asker;
mod bench;
mod cli;
mod clients;
mod consent;
mod discovery;
mod history_log;
mod http;
mod http_batch;
mod http_sessions;
mod ide_requests;
mod instructions;
mod lenient;
mod log_message;
mod logging;
mod mcp;
mod mrtr;
mod notices;
mod origins;
mod owners;
mod proxy;
mod pump;
mod redact;
mod resources;
mod session_log;
mod stdio;
#[cfg(test)]
mod tool_reference;
mod tools;
mod tracker;
mod upstream;
mod watches;

use anyhow::Result;

fn main() -> Result<()> {
    // Before any thread exists: the token leaves the environment at once.
    let token = cli::take_bridge_token();
    let cli = args::parse_or_exit();
    cli::init_logging(&cli)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(cli::run(cli, token))
}
