//! The coding clients (Claude Code, Claude Desktop, Cursor, VS Code, Windsurf, Codex,
//! Gemini): one catalogue ([`catalogue`]), one installer ([`install`]) and the
//! companion agent skill ([`skill`]) serving both the command line (`install` and
//! `config` subcommands, here) and the IDE's tool window (`clients/list`,
//! `clients/install` over the bridge, in `ide_requests.rs`).

pub mod catalogue;
pub mod codex_token;
pub mod install;
pub mod permissions;
pub mod skill;

use anyhow::{bail, Result};
use catalogue::{ClientId, Target};
use debugger_core::state::StateDir;
use debugger_ide::wire::{ClientInfo, ClientInstallResult, ClientsListResult};
use std::ffi::OsString;

/// The MCP URL to configure when none is given: a running IDE-managed server's (from
/// the discovery files), else the standalone `serve` default.
pub fn default_url(state: &StateDir) -> String {
    crate::relay::discovery::instances(state)
        .into_iter()
        .next()
        .map(|instance| instance.mcp_url)
        .unwrap_or_else(|| {
            format!(
                "http://127.0.0.1:{}/mcp",
                crate::transport::http::DEFAULT_PORT
            )
        })
}

/// The endpoint's access token every client entry carries (`crate::transport::auth`), made if there
/// is none yet; `None` (entries without it, and a warning) when it cannot be.
pub fn access_token(state: &StateDir) -> Option<String> {
    crate::transport::auth::load_or_create(state)
        .map_err(|err| tracing::warn!("client entries will carry no access token: {err:#}"))
        .ok()
}

/// Every client, with its snippet for `url` (and `token`) on this machine.
pub fn list(url: &str, token: Option<&str>) -> ClientsListResult {
    let target = Target::here(url).with_token(token.map(str::to_string));
    ClientsListResult {
        clients: ClientId::all()
            .map(|client| ClientInfo {
                id: client.id().into(),
                name: client.name().into(),
                install_command: client.installer(url, token).map(|i| i.add_command()),
                config: client.config(&target),
                skill_location: skill::location(client, |var| std::env::var_os(var))
                    .map(|path| path.display().to_string()),
            })
            .collect(),
    }
}

/// Why a client cannot be installed as asked (nothing was done).
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    #[error(transparent)]
    NoInstaller(#[from] install::NoInstaller),
    #[error(transparent)]
    Skill(#[from] skill::SkillError),
}

/// Configure `client` for `url` through its own CLI, add our read-only tools to its
/// permission rules where we write any ([`permissions`]) and then, with `with_skill`, write
/// the agent skill (only once the client is configured). A client that has no CLI, or
/// no skills folder we know when the skill is asked for, is refused before anything is
/// done; a skill that cannot be written makes the outcome a failure that says so.
pub async fn install_client(
    client: ClientId,
    url: &str,
    token: impl FnOnce() -> Option<String>,
    with_skill: bool,
    search: &install::SearchPath,
    env: impl Fn(&str) -> Option<OsString>,
) -> Result<ClientInstallResult, Refused> {
    if with_skill {
        skill::check(client)?;
    }
    // Refused before the token is made: a refusal writes nothing.
    client
        .installer(url, None)
        .ok_or(install::NoInstaller { client })?;
    let token = token();
    let token = token.as_deref();
    let mut outcome = install::install(client, url, token, search).await?;
    if let Some(token) = token {
        // A CLI that echoes its arguments does not show the token.
        outcome.output = outcome.output.replace(token, "<token>");
        outcome.message = outcome.message.replace(token, "<token>");
    }
    let codex_config = client.installer(url, token);
    if let (true, Some(token)) = (
        outcome.ok && codex_config.is_some_and(|i| i.token_in_codex_config),
        token,
    ) {
        if let Err(err) = codex_token::write(token, &env) {
            outcome.ok = false;
            outcome.message = format!(
                "{} But its entry has no access token: {err}.",
                outcome.message
            );
        }
    }
    if outcome.ok {
        // The client is configured either way; rules it cannot take are only said.
        match permissions::allow_read_only(client, &env) {
            Ok(Some(allowed)) => outcome.message = format!("{} {allowed}", outcome.message),
            Ok(None) => {}
            Err(err) => {
                outcome.message = format!(
                    "{} The read-only tools were not allowed in its settings: {err}.",
                    outcome.message
                )
            }
        }
    }
    if outcome.ok && with_skill {
        match skill::install(client, env) {
            Ok(written) => outcome.message = format!("{} {written}", outcome.message),
            Err(err) => {
                outcome.ok = false;
                outcome.message = format!("{} But {err}.", outcome.message);
            }
        }
    }
    Ok(outcome)
}

/// `jetbrains-debugger-mcp install <client> [--skill | --skill-only]`: run the client's
/// CLI and/or write the skill; an error (and a non-zero exit) when either fails, or the
/// client has no CLI (or no skills folder we know, when the skill is asked for).
pub async fn install_command(client: &str, url: Option<String>, skill: SkillChoice) -> Result<()> {
    let client = ClientId::parse(client)?;
    let env = |var: &str| std::env::var_os(var);
    if skill == SkillChoice::Only {
        println!("{}", skill::install(client, env)?);
        return Ok(());
    }
    let state = StateDir::from_env();
    let url = url.unwrap_or_else(|| default_url(&state));
    let token = || access_token(&state);
    let search = install::SearchPath::discover().await;
    let also = skill == SkillChoice::Also;
    let outcome = install_client(client, &url, token, also, &search, env).await?;
    if !outcome.ok {
        if !outcome.output.trim().is_empty() {
            eprintln!("{}", outcome.output.trim_end());
        }
        bail!("{}", outcome.message);
    }
    println!("{}", outcome.message);
    Ok(())
}

/// Whether `install` writes the agent skill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SkillChoice {
    /// Configure the client only.
    No,
    /// Configure the client, then write the skill.
    Also,
    /// Write the skill only.
    Only,
}

/// `jetbrains-debugger-mcp config <client>`: the snippet on stdout, where it goes
/// (and the hint) on stderr.
pub fn config_command(client: &str, url: Option<String>) -> Result<()> {
    let client = ClientId::parse(client)?;
    let state = StateDir::from_env();
    let url = url.unwrap_or_else(|| default_url(&state));
    let snippet = client.config(&Target::here(url).with_token(access_token(&state)));
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
    use crate::relay::discovery::{now_ms, publish, Instance};

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
        let listed = list(&default_url(&state), Some("t0k"));
        assert_eq!(listed.clients.len(), ClientId::all().count());
        assert!(listed.clients[5].config.text.contains("47825"));
        let claude = &listed.clients[0];
        assert!(claude
            .config
            .text
            .ends_with("--header 'Authorization: Bearer t0k'"));
        assert_eq!(
            claude.install_command.as_deref(),
            Some(
                "claude mcp add --transport http --scope user jetbrains-debugger \
                 http://127.0.0.1:47825/mcp --header 'Authorization: Bearer <token>'"
            ),
            "the token is not shown where the command is only described"
        );
        let skill = |id: &str| {
            let client = listed.clients.iter().find(|c| c.id == id).unwrap();
            client.skill_location.clone()
        };
        let codex_skill = skill::location(ClientId::Codex, |var| std::env::var_os(var));
        assert_eq!(skill("codex"), codex_skill.map(|p| p.display().to_string()));
        assert_eq!(skill("cursor"), None);
        std::fs::remove_dir_all(root).unwrap();
    }

    /// A throwaway home with a fake `codex` CLI in `bin/` that succeeds unless
    /// `fails`.
    #[cfg(unix)]
    fn home_with_codex(tag: &str, fails: bool) -> (std::path::PathBuf, install::SearchPath) {
        use std::os::unix::fs::PermissionsExt;
        let home = std::env::temp_dir().join(format!(
            "jbd-clients-skill-{tag}-{}-{}",
            std::process::id(),
            now_ms()
        ));
        std::fs::create_dir_all(home.join("bin")).unwrap();
        let cli = home.join("bin/codex");
        let exit = if fails {
            "echo broken >&2; exit 2"
        } else {
            "exit 0"
        };
        std::fs::write(
            &cli,
            format!("#!/bin/sh\n[ \"$2\" = add ] && {{ {exit}; }}\nexit 0\n"),
        )
        .unwrap();
        std::fs::set_permissions(&cli, std::fs::Permissions::from_mode(0o755)).unwrap();
        let search = install::SearchPath::new([home.join("bin")]);
        (home, search)
    }

    #[cfg(unix)]
    #[tokio::test]
    async fn codex_s_entry_gets_the_token_in_its_config_file() {
        use std::os::unix::fs::PermissionsExt;
        const URL: &str = "http://127.0.0.1:47823/mcp";
        let (home, search) = home_with_codex("token", false);
        let config = home.join(".codex/config.toml");
        std::fs::create_dir_all(config.parent().unwrap()).unwrap();
        // As the real CLI does: `mcp add <name> --url <url>` writes the table.
        let cli = home.join("bin/codex");
        std::fs::write(
            &cli,
            format!(
                "#!/bin/sh
[ \"$2\" = add ] && printf 'model = \"o3\"\\n\\n[mcp_servers.%s]\\nurl = \"%s\"\\n' \"$3\" \"$5\" > {}\nexit 0\n",
                config.display()
            ),
        )
        .unwrap();
        let env = |var: &str| (var == catalogue::HOME_VAR).then(|| home.clone().into_os_string());
        let outcome = install_client(
            ClientId::Codex,
            URL,
            || Some("t0k".into()),
            false,
            &search,
            env,
        )
        .await
        .unwrap();
        assert!(outcome.ok, "{outcome:?}");
        assert!(!format!("{outcome:?}").contains("t0k"), "{outcome:?}");
        assert_eq!(
            std::fs::read_to_string(&config).unwrap(),
            "model = \"o3\"\n\n[mcp_servers.jetbrains-debugger]\n\
             http_headers = { Authorization = \"Bearer t0k\" }\n\
             url = \"http://127.0.0.1:47823/mcp\"\n"
        );
        let mode = std::fs::metadata(&config).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);

        // A CLI that wrote no entry: the install says the entry has no token.
        std::fs::write(&cli, "#!/bin/sh\nexit 0\n").unwrap();
        std::fs::write(&config, "").unwrap();
        let outcome = install_client(
            ClientId::Codex,
            URL,
            || Some("t0k".into()),
            false,
            &search,
            env,
        )
        .await
        .unwrap();
        assert!(
            !outcome.ok && outcome.message.contains("no access token"),
            "{outcome:?}"
        );
        std::fs::remove_dir_all(home).unwrap();
    }

    #[cfg(unix)]
    #[tokio::test]
    async fn the_skill_is_written_once_the_client_is_configured_and_only_then() {
        const URL: &str = "http://127.0.0.1:47823/mcp";
        let (home, search) = home_with_codex("ok", false);
        let env = |var: &str| (var == catalogue::HOME_VAR).then(|| home.clone().into_os_string());
        let skill_file = home.join(".codex/skills/jetbrains-debugger/SKILL.md");

        let plain = install_client(ClientId::Codex, URL, || None, false, &search, env)
            .await
            .unwrap();
        assert!(plain.ok, "{plain:?}");
        assert!(!skill_file.exists(), "no skill unless asked");

        let with_skill = install_client(ClientId::Codex, URL, || None, true, &search, env)
            .await
            .unwrap();
        assert!(with_skill.ok, "{with_skill:?}");
        assert!(
            with_skill.message.starts_with("Codex CLI is configured")
                && with_skill.message.ends_with(&format!(
                    "The jetbrains-debugger skill for Codex CLI is at {}.",
                    skill_file.display()
                )),
            "{}",
            with_skill.message
        );
        assert_eq!(std::fs::read_to_string(&skill_file).unwrap(), skill::TEXT);

        let refused = install_client(ClientId::Windsurf, URL, || None, true, &search, env)
            .await
            .unwrap_err();
        assert!(matches!(refused, Refused::Skill(_)), "{refused}");
        assert!(
            refused.to_string().ends_with("only, not for Windsurf"),
            "{refused}"
        );
        std::fs::remove_dir_all(home).unwrap();

        let (home, search) = home_with_codex("fails", true);
        let env = |var: &str| (var == catalogue::HOME_VAR).then(|| home.clone().into_os_string());
        let failed = install_client(ClientId::Codex, URL, || None, true, &search, env)
            .await
            .unwrap();
        assert!(
            !failed.ok && failed.message.contains("broken"),
            "{failed:?}"
        );
        assert!(
            !home.join(".codex").exists(),
            "a failed install writes no skill"
        );
        std::fs::remove_dir_all(home).unwrap();
    }
}
