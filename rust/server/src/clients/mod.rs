//! The coding clients (Claude Code, Claude Desktop, Cursor, VS Code, Windsurf, Codex,
//! Gemini): one catalogue ([`catalogue`]) and one installer ([`install`]) serving both
//! the command line (`install` and `config` subcommands, here) and the IDE's tool
//! window (`clients/list`, `clients/install` over the bridge, in `ide_requests.rs`).

pub mod catalogue;
pub mod install;

use anyhow::{bail, Result};
use catalogue::{ClientId, Target};
use debugger_core::state::StateDir;
use debugger_ide::wire::{ClientInfo, ClientsListResult};

/// The MCP URL to configure when none is given: a running IDE-managed server's (from
/// the discovery files), else the standalone `serve` default.
pub fn default_url(state: &StateDir) -> String {
    crate::discovery::instances(state)
        .into_iter()
        .next()
        .map(|instance| instance.mcp_url)
        .unwrap_or_else(|| format!("http://127.0.0.1:{}/mcp", crate::cli::DEFAULT_PORT))
}

/// Every client, with its snippet for `url` on this machine.
pub fn list(url: &str) -> ClientsListResult {
    let target = Target::here(url);
    ClientsListResult {
        clients: ClientId::all()
            .map(|client| ClientInfo {
                id: client.id().into(),
                name: client.name().into(),
                install_command: client.installer(url).map(|i| i.add_command()),
                config: client.config(&target),
            })
            .collect(),
    }
}

/// `jetbrains-debugger-mcp install <client>`: run the client's CLI; an error (and a
/// non-zero exit) when it fails or the client has none.
pub async fn install_command(client: &str, url: Option<String>) -> Result<()> {
    let client = ClientId::parse(client)?;
    let url = url.unwrap_or_else(|| default_url(&StateDir::from_env()));
    let search = install::SearchPath::discover().await;
    let outcome = install::install(client, &url, &search).await?;
    if !outcome.ok {
        if !outcome.output.trim().is_empty() {
            eprintln!("{}", outcome.output.trim_end());
        }
        bail!("{}", outcome.message);
    }
    println!("{}", outcome.message);
    Ok(())
}

/// `jetbrains-debugger-mcp config <client>`: the snippet on stdout, where it goes
/// (and the hint) on stderr.
pub fn config_command(client: &str, url: Option<String>) -> Result<()> {
    let client = ClientId::parse(client)?;
    let url = url.unwrap_or_else(|| default_url(&StateDir::from_env()));
    let snippet = client.config(&Target::here(url));
    print!("{}", snippet.text);
    if !snippet.text.ends_with('\n') {
        println!();
    }
    eprintln!("{}: {}", client.name(), snippet.location);
    if let Some(hint) = snippet.hint {
        eprintln!("{hint}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discovery::{now_ms, publish, Instance};

    #[test]
    fn the_default_url_is_a_running_ide_s_else_the_standalone_one() {
        let root = std::env::temp_dir().join(format!("jbd-clients-url-{}", now_ms()));
        let state = StateDir::at(&root);
        assert_eq!(default_url(&state), "http://127.0.0.1:47823/mcp");
        let running = Instance {
            pid: std::process::id(),
            mcp_url: "http://127.0.0.1:47825/mcp".into(),
            ide: Some("IntelliJ IDEA IC-252.1".into()),
            projects: vec![],
            updated_ms: now_ms(),
        };
        publish(&state, &running).unwrap();
        assert_eq!(default_url(&state), "http://127.0.0.1:47825/mcp");
        let listed = list(&default_url(&state));
        assert_eq!(listed.clients.len(), ClientId::all().count());
        assert!(listed.clients[5].config.text.contains("47825"));
        std::fs::remove_dir_all(root).unwrap();
    }
}
