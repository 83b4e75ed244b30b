//! The coding clients this server can be installed on, as one table: for each, its id
//! and name, the configuration snippet in the exact format and key names the client
//! reads, where that snippet goes on this OS, and the client's own command-line
//! installer where it has one, and the folder it reads the user's agent skills from
//! where it reads any. Pure data and formatting: nothing here runs a process or
//! touches a file (running is `install.rs`, writing the skill `skill.rs`). Snippets are the bridge's own
//! `ClientConfig`, so `clients/list` sends them as they are.
//!
//! Sources (November 2026): each client's documentation; the commands were checked
//! against the real CLIs (`claude` 2.1.331, `codex` 0.169.0, `gemini` 0.61.0).

use crate::mcp::SERVER_NAME;
use crate::transport::auth;
pub use debugger_ide::wire::{ClientConfig, ConfigFormat};
use serde_json::json;
use std::ffi::OsString;
use std::fmt;
use std::path::PathBuf;

/// The environment variable that holds the user's home directory.
pub const HOME_VAR: &str = if cfg!(windows) { "USERPROFILE" } else { "HOME" };

/// A coding client, in the order the IDE lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClientId {
    ClaudeCode,
    ClaudeDesktop,
    Cursor,
    VsCode,
    Windsurf,
    Codex,
    Gemini,
}

/// An id that names no client.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown client '{given}'; valid clients: {}", ClientId::valid_ids())]
pub struct UnknownClient {
    pub given: String,
}

impl ClientId {
    /// Every client, in the catalogue's order (the order the IDE lists them).
    pub fn all() -> impl Iterator<Item = ClientId> {
        CATALOGUE.iter().map(|spec| spec.client)
    }

    fn spec(self) -> &'static Spec {
        CATALOGUE
            .iter()
            .find(|spec| spec.client == self)
            .expect("every client has a row in the catalogue")
    }

    /// The id on the command line and on the bridge.
    pub fn id(self) -> &'static str {
        self.spec().id
    }

    /// The name shown to the user.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    pub fn parse(given: &str) -> Result<ClientId, UnknownClient> {
        ClientId::all()
            .find(|c| c.id() == given.trim())
            .ok_or_else(|| UnknownClient {
                given: given.to_string(),
            })
    }

    /// `claude-code, claude-desktop, ...`.
    pub fn valid_ids() -> String {
        ClientId::all()
            .map(ClientId::id)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl fmt::Display for ClientId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The operating systems whose file locations differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Os {
    Mac,
    Windows,
    Linux,
}

impl Os {
    pub fn current() -> Os {
        if cfg!(target_os = "macos") {
            Os::Mac
        } else if cfg!(windows) {
            Os::Windows
        } else {
            Os::Linux
        }
    }
}

/// What a snippet points the client at, and where the user's files live.
#[derive(Debug, Clone)]
pub struct Target {
    /// The server's streamable-HTTP endpoint, `http://127.0.0.1:<port>/mcp`.
    pub url: String,
    /// This binary, for clients that only start stdio servers (Claude Desktop).
    pub binary: PathBuf,
    pub os: Os,
    /// The user's home directory (`~` in the locations when unknown).
    pub home: Option<PathBuf>,
    /// Windows `%APPDATA%` (`%APPDATA%` in the locations when unknown).
    pub app_data: Option<PathBuf>,
    /// The endpoint's access token (`crate::transport::auth`), sent as `Authorization: Bearer`.
    pub token: Option<String>,
}

impl Target {
    /// A target for `url` on this machine, for this binary.
    pub fn here(url: impl Into<String>) -> Target {
        Target {
            url: url.into(),
            binary: std::env::current_exe()
                .ok()
                .and_then(|p| p.canonicalize().ok())
                .unwrap_or_else(|| PathBuf::from("jetbrains-debugger-mcp")),
            os: Os::current(),
            home: std::env::var_os(HOME_VAR)
                .filter(|h| !h.is_empty())
                .map(PathBuf::from),
            app_data: std::env::var_os("APPDATA")
                .filter(|a| !a.is_empty())
                .map(PathBuf::from),
            token: None,
        }
    }

    /// This target, for an endpoint that wants `token`.
    pub fn with_token(self, token: Option<String>) -> Target {
        Target { token, ..self }
    }

    /// `<home>/<relative>` in the OS's own separators.
    fn in_home(&self, relative: &[&str]) -> String {
        let (base, separator) = match (self.os, &self.home) {
            (_, Some(home)) => (home.display().to_string(), self.separator()),
            (Os::Windows, None) => ("%USERPROFILE%".to_string(), '\\'),
            (_, None) => ("~".to_string(), '/'),
        };
        join(&base, separator, relative)
    }

    /// `<per-user application data folder>/<relative>`: `~/Library/Application
    /// Support` (macOS), `%APPDATA%` (Windows), `~/.config` (Linux).
    fn in_app_data(&self, relative: &[&str]) -> String {
        match self.os {
            Os::Mac => {
                let mut path = vec!["Library", "Application Support"];
                path.extend_from_slice(relative);
                self.in_home(&path)
            }
            Os::Windows => {
                let base = self
                    .app_data
                    .as_deref()
                    .map(|p| p.display().to_string())
                    .unwrap_or_else(|| "%APPDATA%".into());
                join(&base, '\\', relative)
            }
            Os::Linux => {
                let mut path = vec![".config"];
                path.extend_from_slice(relative);
                self.in_home(&path)
            }
        }
    }

    fn separator(&self) -> char {
        match self.os {
            Os::Windows => '\\',
            _ => '/',
        }
    }
}

fn join(base: &str, separator: char, relative: &[&str]) -> String {
    let mut path = base.trim_end_matches(['/', '\\']).to_string();
    for part in relative {
        path.push(separator);
        path.push_str(part);
    }
    path
}

/// A client's own command-line installer: `remove` (its failure is expected when the
/// entry is absent) then `add`, so installing twice replaces the entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Installer {
    /// The executable to look up on the PATH (`claude`).
    pub program: &'static str,
    pub remove: Vec<String>,
    pub add: Vec<String>,
    /// What to tell a user who does not have the program.
    pub how_to_get: &'static str,
    /// The access token the entry carries: kept out of [`Self::add_command`].
    pub token: Option<String>,
    /// The CLI takes no header (Codex): once `add` has made the entry, the token goes into
    /// the client's configuration file (`install.rs`).
    pub token_in_codex_config: bool,
}

impl Installer {
    /// The command that configures the client, as a user would type it, the token shown
    /// as `<token>` (`jetbrains-debugger-mcp token` prints it): fit for messages and logs.
    pub fn add_command(&self) -> String {
        let shown = self.token.as_deref().map(|token| {
            let masked = |arg: &String| arg.replace(token, "<token>");
            self.add.iter().map(masked).collect::<Vec<_>>()
        });
        command_line(self.program, shown.as_deref().unwrap_or(&self.add))
    }

    /// [`Self::add_command`] with the token itself, to be run as it is.
    pub fn add_command_with_token(&self) -> String {
        command_line(self.program, &self.add)
    }

    pub fn remove_command(&self) -> String {
        command_line(self.program, &self.remove)
    }
}

/// `program arg...`, each argument quoted for a POSIX shell when it needs it.
pub fn command_line(program: &str, args: &[String]) -> String {
    std::iter::once(program.to_string())
        .chain(args.iter().map(|a| shell_quote(a)))
        .collect::<Vec<_>>()
        .join(" ")
}

fn shell_quote(arg: &str) -> String {
    let plain = !arg.is_empty()
        && arg
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:@%+=,".contains(c));
    if plain {
        arg.to_string()
    } else {
        format!("'{}'", arg.replace('\'', r"'\''"))
    }
}

/// A TOML basic string.
fn toml_string(text: &str) -> String {
    let mut quoted = String::with_capacity(text.len() + 2);
    quoted.push('"');
    for c in text.chars() {
        match c {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            '\n' => quoted.push_str("\\n"),
            '\t' => quoted.push_str("\\t"),
            c if c.is_control() => quoted.push_str(&format!("\\u{:04X}", c as u32)),
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}

fn pretty(value: serde_json::Value) -> String {
    serde_json::to_string_pretty(&value).expect("a JSON value serializes")
}

/// Codex's `http_headers` line carrying `token` (its CLI cannot write it).
pub fn codex_headers_line(token: &str) -> String {
    format!(
        "http_headers = {{ Authorization = {} }}\n",
        toml_string(&auth::header_value(token))
    )
}

/// `{"<key>": {"jetbrains-debugger": entry}}`.
fn json_servers(key: &str, entry: serde_json::Value) -> String {
    pretty(json!({ key: { SERVER_NAME: entry } }))
}

/// One row of the catalogue: all this server knows about a client, as data.
struct Spec {
    client: ClientId,
    id: &'static str,
    name: &'static str,
    /// The client's own command-line installer, when it has one.
    cli: Option<Cli>,
    snippet: Snippet,
    location: Location,
    hint: &'static str,
    /// Where the client reads the user's agent skills, when it reads any.
    skills: Option<Skills>,
}

/// A client's agent skills folder: `<its config folder>/skills`, the config folder
/// being `~/<config_dir>` unless a variable moves it (what each client does, checked
/// against the real CLIs).
struct Skills {
    config_dir: &'static str,
    moved_by: Moved,
}

/// The environment variable that moves a client's config folder, when set.
enum Moved {
    /// `$VAR` is the config folder itself (`CODEX_HOME`, `CLAUDE_CONFIG_DIR`).
    ConfigDir(&'static str),
    /// `$VAR` stands for the home directory (`GEMINI_CLI_HOME`).
    Home(&'static str),
}

/// A client CLI: its `remove` and `add` arguments, where `{name}` stands for the server's
/// name and `{url}` for its URL.
struct Cli {
    program: &'static str,
    remove: &'static [&'static str],
    add: &'static [&'static str],
    how_to_get: &'static str,
    /// How the entry gets the access token's header.
    header: HeaderBy,
}

/// How a client's entry gets the header `Authorization: Bearer <token>`.
enum HeaderBy {
    /// Arguments after `add`'s, `{header}` standing for the header.
    Args(&'static [&'static str]),
    /// The CLI takes none (Codex: only a variable's name): it goes into `config.toml`.
    CodexConfig,
}

/// The shape of a client's configuration.
enum Snippet {
    /// The CLI's own `add` command, as a user would type it.
    AddCommand,
    /// `{"<servers_key>": {"jetbrains-debugger": <entry>}}`.
    Json {
        servers_key: &'static str,
        entry: Entry,
    },
    /// Codex's TOML table `[mcp_servers.jetbrains-debugger]` with `url`.
    CodexToml,
}

/// A JSON server entry.
enum Entry {
    /// `{"<url_key>": url}`, with `"type": "http"` first when `typed`.
    Http { url_key: &'static str, typed: bool },
    /// `{"command": <this binary>, "args": ["stdio"]}`, for clients that only start stdio servers.
    Stdio,
}

/// Where the configuration goes.
enum Location {
    /// Typed in a terminal; the CLI writes it to this file in the home directory.
    Terminal(&'static [&'static str]),
    /// A file in the home directory.
    Home(&'static [&'static str]),
    /// A file in the per-user application data folder.
    AppData(&'static [&'static str]),
}

const CATALOGUE: [Spec; 7] = [
    Spec {
        client: ClientId::ClaudeCode,
        id: "claude-code",
        name: "Claude Code (CLI)",
        cli: Some(Cli {
            program: "claude",
            remove: &["mcp", "remove", "--scope", "user", "{name}"],
            add: &[
                "mcp",
                "add",
                "--transport",
                "http",
                "--scope",
                "user",
                "{name}",
                "{url}",
            ],
            how_to_get: "Install Claude Code with `npm install -g @anthropic-ai/claude-code` \
                         (or its native installer), or use COPY CONFIGURATION.",
            // After the positionals: `--header` takes every value that follows it.
            header: HeaderBy::Args(&["--header", "{header}"]),
        }),
        snippet: Snippet::AddCommand,
        location: Location::Terminal(&[".claude.json"]),
        hint: "If the server is already configured, run `claude mcp remove --scope user \
               jetbrains-debugger` first. For one project only, put \
               {\"mcpServers\":{\"jetbrains-debugger\":{\"type\":\"http\",\"url\":…,\
               \"headers\":{\"Authorization\":\"Bearer …\"}}}} in its .mcp.json.",
        skills: Some(Skills {
            config_dir: ".claude",
            moved_by: Moved::ConfigDir("CLAUDE_CONFIG_DIR"),
        }),
    },
    Spec {
        client: ClientId::ClaudeDesktop,
        id: "claude-desktop",
        name: "Claude Desktop",
        cli: None,
        snippet: Snippet::Json {
            servers_key: "mcpServers",
            entry: Entry::Stdio,
        },
        location: Location::AppData(&["Claude", "claude_desktop_config.json"]),
        hint: "Claude Desktop starts local servers over stdio only: this runs the plugin's \
               binary in stdio mode, which relays to the running IDE. Merge the entry into \
               the file's mcpServers object and restart Claude Desktop.",
        skills: None,
    },
    Spec {
        client: ClientId::Cursor,
        id: "cursor",
        name: "Cursor",
        cli: None,
        snippet: Snippet::Json {
            servers_key: "mcpServers",
            entry: Entry::Http {
                url_key: "url",
                typed: false,
            },
        },
        location: Location::Home(&[".cursor", "mcp.json"]),
        hint: "Or .cursor/mcp.json in a project. Merge the entry into the file's mcpServers \
               object.",
        skills: None,
    },
    Spec {
        client: ClientId::VsCode,
        id: "vscode",
        name: "VS Code (Generic MCP)",
        cli: None,
        snippet: Snippet::Json {
            servers_key: "servers",
            entry: Entry::Http {
                url_key: "url",
                typed: true,
            },
        },
        location: Location::AppData(&["Code", "User", "mcp.json"]),
        hint: "That is the user mcp.json (command \"MCP: Open User Configuration\"); or \
               .vscode/mcp.json in a workspace. The key is \"servers\", not \"mcpServers\".",
        skills: None,
    },
    Spec {
        client: ClientId::Windsurf,
        id: "windsurf",
        name: "Windsurf",
        cli: None,
        snippet: Snippet::Json {
            servers_key: "mcpServers",
            entry: Entry::Http {
                url_key: "serverUrl",
                typed: false,
            },
        },
        location: Location::Home(&[".codeium", "windsurf", "mcp_config.json"]),
        hint: "Windsurf names the URL \"serverUrl\". Merge the entry into the file's \
               mcpServers object.",
        skills: None,
    },
    Spec {
        client: ClientId::Codex,
        id: "codex",
        name: "Codex CLI",
        cli: Some(Cli {
            program: "codex",
            remove: &["mcp", "remove", "{name}"],
            add: &["mcp", "add", "{name}", "--url", "{url}"],
            how_to_get: "Install the Codex CLI with `npm install -g @openai/codex`, \
                         or use COPY CONFIGURATION.",
            header: HeaderBy::CodexConfig,
        }),
        snippet: Snippet::CodexToml,
        location: Location::Home(&[".codex", "config.toml"]),
        hint: "Or run `codex mcp add jetbrains-debugger --url <url>`, then add the \
               http_headers line to that table (its CLI cannot).",
        skills: Some(Skills {
            config_dir: ".codex",
            moved_by: Moved::ConfigDir("CODEX_HOME"),
        }),
    },
    Spec {
        client: ClientId::Gemini,
        id: "gemini",
        name: "Gemini CLI",
        cli: Some(Cli {
            program: "gemini",
            remove: &["mcp", "remove", "-s", "user", "{name}"],
            add: &["mcp", "add", "-s", "user", "-t", "http", "{name}", "{url}"],
            how_to_get: "Install the Gemini CLI with `npm install -g @google/gemini-cli`, \
                         or use COPY CONFIGURATION.",
            header: HeaderBy::Args(&["-H", "{header}"]),
        }),
        snippet: Snippet::Json {
            servers_key: "mcpServers",
            entry: Entry::Http {
                url_key: "httpUrl",
                typed: false,
            },
        },
        location: Location::Home(&[".gemini", "settings.json"]),
        hint: "Or .gemini/settings.json in a project. \"httpUrl\" is streamable HTTP \
               (a plain \"url\" would mean SSE).",
        skills: Some(Skills {
            config_dir: ".gemini",
            moved_by: Moved::Home("GEMINI_CLI_HOME"),
        }),
    },
];

impl ClientId {
    /// The client's own installer, for clients that have a CLI; the entry carries `token`
    /// when one is given.
    pub fn installer(self, url: &str, token: Option<&str>) -> Option<Installer> {
        let cli = self.spec().cli.as_ref()?;
        let header = token.map(|token| format!("Authorization: {}", auth::header_value(token)));
        let fill = |args: &[&str]| {
            args.iter()
                .map(|arg| match *arg {
                    "{name}" => SERVER_NAME.to_string(),
                    "{url}" => url.to_string(),
                    "{header}" => header.clone().unwrap_or_default(),
                    other => other.to_string(),
                })
                .collect::<Vec<_>>()
        };
        let mut add = fill(cli.add);
        let mut token_in_codex_config = false;
        match (&cli.header, &header) {
            (HeaderBy::Args(args), Some(_)) => add.extend(fill(args)),
            (HeaderBy::CodexConfig, Some(_)) => token_in_codex_config = true,
            (_, None) => {}
        }
        Some(Installer {
            program: cli.program,
            remove: fill(cli.remove),
            add,
            how_to_get: cli.how_to_get,
            token: token.map(str::to_string),
            token_in_codex_config,
        })
    }

    /// Whether the client reads agent skills (`SKILL.md` folders) from a folder we know.
    pub fn has_skills(self) -> bool {
        self.spec().skills.is_some()
    }

    /// The clients with a known skills folder: `claude-code, codex, gemini`.
    pub fn with_skills() -> String {
        ClientId::all()
            .filter(|c| c.has_skills())
            .map(ClientId::id)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The folder the client reads the user's agent skills from, as `env` (a lookup of
    /// environment variables) sets it; `None` when the client reads none, or neither
    /// its config variable nor the home directory is set.
    pub fn skills_dir(self, env: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
        let skills = self.spec().skills.as_ref()?;
        let set = |var: &str| env(var).filter(|v| !v.is_empty()).map(PathBuf::from);
        let in_home = |home: PathBuf| home.join(skills.config_dir);
        let config = match skills.moved_by {
            Moved::ConfigDir(var) => set(var).or_else(|| set(HOME_VAR).map(in_home)),
            Moved::Home(var) => set(var).or_else(|| set(HOME_VAR)).map(in_home),
        }?;
        Some(config.join("skills"))
    }

    /// The configuration snippet for `target`, and where it goes.
    pub fn config(self, target: &Target) -> ClientConfig {
        let spec = self.spec();
        let url = target.url.as_str();
        let token = target.token.as_deref();
        let (format, text) = match &spec.snippet {
            Snippet::AddCommand => {
                let installer = self
                    .installer(url, token)
                    .expect("a client configured by its add command has a CLI");
                (ConfigFormat::Shell, installer.add_command_with_token())
            }
            Snippet::Json { servers_key, entry } => {
                let mut value = match entry {
                    Entry::Http {
                        url_key,
                        typed: true,
                    } => json!({ "type": "http", *url_key: url }),
                    Entry::Http {
                        url_key,
                        typed: false,
                    } => json!({ *url_key: url }),
                    // The relay reads the token file itself.
                    Entry::Stdio => {
                        json!({ "command": target.binary.display().to_string(), "args": ["stdio"] })
                    }
                };
                if let (Some(token), Entry::Http { .. }) = (token, entry) {
                    value["headers"] = json!({ "Authorization": auth::header_value(token) });
                }
                (ConfigFormat::Json, json_servers(servers_key, value))
            }
            Snippet::CodexToml => (
                ConfigFormat::Toml,
                format!(
                    "[mcp_servers.{SERVER_NAME}]\nurl = {}\n{}",
                    toml_string(url),
                    token.map(codex_headers_line).unwrap_or_default()
                ),
            ),
        };
        let location = match spec.location {
            Location::Terminal(file) => format!(
                "Run in a terminal; {} writes it to {} (user scope)",
                spec.name.trim_end_matches(" (CLI)"),
                target.in_home(file)
            ),
            Location::Home(file) => target.in_home(file),
            Location::AppData(file) => target.in_app_data(file),
        };
        ClientConfig {
            format,
            text,
            location,
            hint: Some(spec.hint.to_string()),
        }
    }
}

/// Where a client keeps the rules that let a tool run without asking, for the clients
/// whose permission settings we add our read-only tools to (`permissions.rs` writes them).
pub struct AllowRules {
    /// The client's config folder in the home directory (`.claude`).
    config_dir: &'static str,
    moved_by: Moved,
    /// The file in that folder.
    file: &'static [&'static str],
    pub shape: RulesShape,
}

/// How the rules are written.
pub enum RulesShape {
    /// One string per tool (`{server}` and `{tool}` filled in) in a list at a path of keys
    /// of the user's JSON settings file, merged into what is there.
    JsonList {
        list: &'static [&'static str],
        rule: &'static str,
    },
    /// A policy file of ours (Gemini CLI's policy engine, TOML): one `allow` rule naming
    /// the server and its read-only tools, at this priority (user tier, 0-999).
    GeminiPolicy { priority: u16 },
}

/// The clients with permission rules we write, one row each. Codex needs none: its
/// default approval mode for MCP tools (`auto`) already runs a tool annotated read-only
/// without asking.
const ALLOW_RULES: [(ClientId, AllowRules); 2] = [
    (
        ClientId::ClaudeCode,
        AllowRules {
            config_dir: ".claude",
            moved_by: Moved::ConfigDir("CLAUDE_CONFIG_DIR"),
            file: &["settings.json"],
            shape: RulesShape::JsonList {
                list: &["permissions", "allow"],
                rule: "mcp__{server}__{tool}",
            },
        },
    ),
    (
        ClientId::Gemini,
        AllowRules {
            config_dir: ".gemini",
            moved_by: Moved::Home("GEMINI_CLI_HOME"),
            file: &["policies", "jetbrains-debugger.toml"],
            shape: RulesShape::GeminiPolicy { priority: 100 },
        },
    ),
];

impl ClientId {
    /// Where the client's permission rules go, when we write any for it.
    pub fn allow_rules(self) -> Option<&'static AllowRules> {
        ALLOW_RULES
            .iter()
            .find(|(client, _)| *client == self)
            .map(|(_, rules)| rules)
    }
}

impl AllowRules {
    /// The file, as `env` (a lookup of environment variables) sets the config folder;
    /// `None` when neither its variable nor the home directory is set.
    pub fn file(&self, env: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
        let set = |var: &str| env(var).filter(|v| !v.is_empty()).map(PathBuf::from);
        let in_home = |home: PathBuf| home.join(self.config_dir);
        let config = match self.moved_by {
            Moved::ConfigDir(var) => set(var).or_else(|| set(HOME_VAR).map(in_home)),
            Moved::Home(var) => set(var).or_else(|| set(HOME_VAR)).map(in_home),
        }?;
        Some(self.file.iter().fold(config, |path, part| path.join(part)))
    }
}

impl RulesShape {
    /// The rule string for our tool `tool` (a JSON list's entry).
    pub fn rule(rule: &str, tool: &str) -> String {
        rule.replace("{server}", SERVER_NAME)
            .replace("{tool}", tool)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    const URL: &str = "http://127.0.0.1:47823/mcp";

    fn target(os: Os) -> Target {
        let (home, app_data) = match os {
            Os::Windows => (
                r"C:\Users\ada",
                Some(PathBuf::from(r"C:\Users\ada\AppData\Roaming")),
            ),
            Os::Mac => ("/Users/ada", None),
            Os::Linux => ("/home/ada", None),
        };
        Target {
            url: URL.into(),
            binary: PathBuf::from("/opt/plugin/bin/jetbrains-debugger-mcp"),
            os,
            home: Some(PathBuf::from(home)),
            app_data,
            token: None,
        }
    }

    fn json_of(client: ClientId) -> Value {
        let snippet = client.config(&target(Os::Linux));
        assert_eq!(snippet.format, ConfigFormat::Json, "{client}");
        serde_json::from_str(&snippet.text).unwrap()
    }

    #[test]
    fn ids_parse_in_order_and_unknown_ones_list_the_valid_ids() {
        for client in ClientId::all() {
            assert_eq!(ClientId::parse(client.id()), Ok(client));
        }
        assert_eq!(ClientId::all().count(), 7);
        assert_eq!(
            ClientId::valid_ids(),
            "claude-code, claude-desktop, cursor, vscode, windsurf, codex, gemini"
        );
        let err = ClientId::parse("emacs").unwrap_err().to_string();
        assert!(err.contains("'emacs'") && err.contains("claude-code, claude-desktop"));
    }

    #[test]
    fn every_json_snippet_uses_the_key_names_its_client_reads() {
        let entry = |client, key: &str| json_of(client)[key][SERVER_NAME].clone();
        assert_eq!(entry(ClientId::Cursor, "mcpServers"), json!({ "url": URL }));
        assert_eq!(
            entry(ClientId::VsCode, "servers"),
            json!({ "type": "http", "url": URL })
        );
        assert_eq!(
            entry(ClientId::Windsurf, "mcpServers"),
            json!({ "serverUrl": URL })
        );
        assert_eq!(
            entry(ClientId::Gemini, "mcpServers"),
            json!({ "httpUrl": URL })
        );
        assert_eq!(
            entry(ClientId::ClaudeDesktop, "mcpServers"),
            json!({ "command": "/opt/plugin/bin/jetbrains-debugger-mcp", "args": ["stdio"] })
        );
    }

    #[test]
    fn codex_gets_toml_and_claude_code_a_command() {
        let codex = ClientId::Codex.config(&target(Os::Linux));
        assert_eq!(codex.format, ConfigFormat::Toml);
        assert_eq!(
            codex.text,
            "[mcp_servers.jetbrains-debugger]\nurl = \"http://127.0.0.1:47823/mcp\"\n"
        );
        let claude = ClientId::ClaudeCode.config(&target(Os::Linux));
        assert_eq!(claude.format, ConfigFormat::Shell);
        assert_eq!(
            claude.text,
            "claude mcp add --transport http --scope user jetbrains-debugger http://127.0.0.1:47823/mcp"
        );
        assert_eq!(toml_string("a\"b\\c"), r#""a\"b\\c""#);
    }

    #[test]
    fn every_http_entry_carries_the_token_and_described_commands_hide_it() {
        let with = Target {
            token: Some("t0k".into()),
            ..target(Os::Linux)
        };
        let bearer = json!({ "Authorization": "Bearer t0k" });
        for (client, key) in [
            (ClientId::Cursor, "mcpServers"),
            (ClientId::VsCode, "servers"),
            (ClientId::Windsurf, "mcpServers"),
            (ClientId::Gemini, "mcpServers"),
        ] {
            let entry: Value = serde_json::from_str(&client.config(&with).text).unwrap();
            assert_eq!(entry[key][SERVER_NAME]["headers"], bearer, "{client}");
        }
        let desktop: Value =
            serde_json::from_str(&ClientId::ClaudeDesktop.config(&with).text).unwrap();
        assert_eq!(
            desktop["mcpServers"][SERVER_NAME].get("headers"),
            None,
            "the stdio relay reads the token file itself"
        );
        assert_eq!(
            ClientId::Codex.config(&with).text,
            "[mcp_servers.jetbrains-debugger]\nurl = \"http://127.0.0.1:47823/mcp\"\n\
             http_headers = { Authorization = \"Bearer t0k\" }\n"
        );
        assert_eq!(
            ClientId::ClaudeCode.config(&with).text,
            "claude mcp add --transport http --scope user jetbrains-debugger \
             http://127.0.0.1:47823/mcp --header 'Authorization: Bearer t0k'"
        );
        let claude = ClientId::ClaudeCode.installer(URL, Some("t0k")).unwrap();
        assert_eq!(
            claude.add[claude.add.len() - 2..],
            ["--header", "Authorization: Bearer t0k"]
        );
        assert!(claude
            .add_command()
            .ends_with("--header 'Authorization: Bearer <token>'"));
        assert!(!claude.token_in_codex_config);
        let gemini = ClientId::Gemini.installer(URL, Some("t0k")).unwrap();
        assert_eq!(
            gemini.add[gemini.add.len() - 2..],
            ["-H", "Authorization: Bearer t0k"]
        );
        let codex = ClientId::Codex.installer(URL, Some("t0k")).unwrap();
        assert!(codex.token_in_codex_config && !codex.add_command_with_token().contains("t0k"));
        assert!(
            !ClientId::Codex
                .installer(URL, None)
                .unwrap()
                .token_in_codex_config
        );
    }

    #[test]
    fn locations_follow_the_os() {
        let at = |client: ClientId, os| client.config(&target(os)).location;
        assert_eq!(
            at(ClientId::ClaudeDesktop, Os::Mac),
            "/Users/ada/Library/Application Support/Claude/claude_desktop_config.json"
        );
        assert_eq!(
            at(ClientId::ClaudeDesktop, Os::Windows),
            r"C:\Users\ada\AppData\Roaming\Claude\claude_desktop_config.json"
        );
        assert_eq!(
            at(ClientId::ClaudeDesktop, Os::Linux),
            "/home/ada/.config/Claude/claude_desktop_config.json"
        );
        assert_eq!(
            at(ClientId::VsCode, Os::Linux),
            "/home/ada/.config/Code/User/mcp.json"
        );
        assert_eq!(
            at(ClientId::Windsurf, Os::Windows),
            r"C:\Users\ada\.codeium\windsurf\mcp_config.json"
        );
        assert_eq!(
            at(ClientId::Codex, Os::Mac),
            "/Users/ada/.codex/config.toml"
        );
        assert_eq!(
            at(ClientId::Gemini, Os::Linux),
            "/home/ada/.gemini/settings.json"
        );
        assert_eq!(
            at(ClientId::Cursor, Os::Linux),
            "/home/ada/.cursor/mcp.json"
        );
        assert_eq!(
            at(ClientId::ClaudeCode, Os::Mac),
            "Run in a terminal; Claude Code writes it to /Users/ada/.claude.json (user scope)"
        );
        let unknown_home = Target {
            home: None,
            ..target(Os::Linux)
        };
        assert_eq!(
            ClientId::Cursor.config(&unknown_home).location,
            "~/.cursor/mcp.json"
        );
    }

    #[test]
    fn installers_remove_then_add_and_quote_odd_urls() {
        let claude = ClientId::ClaudeCode.installer(URL, None).unwrap();
        assert_eq!(
            claude.remove_command(),
            "claude mcp remove --scope user jetbrains-debugger"
        );
        let codex = ClientId::Codex.installer(URL, None).unwrap();
        assert_eq!(
            codex.add_command(),
            "codex mcp add jetbrains-debugger --url http://127.0.0.1:47823/mcp"
        );
        let gemini = ClientId::Gemini
            .installer("http://x/mcp?a=1&b='2'", None)
            .unwrap();
        assert_eq!(
            gemini.add_command(),
            r#"gemini mcp add -s user -t http jetbrains-debugger 'http://x/mcp?a=1&b='\''2'\'''"#
        );
        for client in [
            ClientId::ClaudeDesktop,
            ClientId::Cursor,
            ClientId::VsCode,
            ClientId::Windsurf,
        ] {
            assert!(client.installer(URL, None).is_none(), "{client}");
        }
    }

    #[test]
    fn claude_code_codex_and_gemini_read_skills_from_their_config_folders() {
        let env = |vars: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                vars.iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| OsString::from(v))
            }
        };
        let home = env(&[(HOME_VAR, "/home/ada")]);
        assert_eq!(
            ClientId::ClaudeCode.skills_dir(home),
            Some(PathBuf::from("/home/ada/.claude/skills"))
        );
        assert_eq!(
            ClientId::Codex.skills_dir(home),
            Some(PathBuf::from("/home/ada/.codex/skills"))
        );
        assert_eq!(
            ClientId::Gemini.skills_dir(home),
            Some(PathBuf::from("/home/ada/.gemini/skills"))
        );
        let moved = env(&[
            (HOME_VAR, "/home/ada"),
            ("CODEX_HOME", "/srv/codex"),
            ("CLAUDE_CONFIG_DIR", "/srv/claude"),
            ("GEMINI_CLI_HOME", "/srv/gemini"),
        ]);
        assert_eq!(
            ClientId::Gemini.skills_dir(moved),
            Some(PathBuf::from("/srv/gemini/.gemini/skills"))
        );
        assert_eq!(
            ClientId::Codex.skills_dir(moved),
            Some(PathBuf::from("/srv/codex/skills"))
        );
        assert_eq!(
            ClientId::ClaudeCode.skills_dir(moved),
            Some(PathBuf::from("/srv/claude/skills"))
        );
        let empty_var = env(&[(HOME_VAR, "/home/ada"), ("CODEX_HOME", "")]);
        assert_eq!(
            ClientId::Codex.skills_dir(empty_var),
            Some(PathBuf::from("/home/ada/.codex/skills"))
        );
        assert_eq!(ClientId::Codex.skills_dir(env(&[])), None, "no home known");
        for client in ClientId::all() {
            let expected = matches!(
                client,
                ClientId::ClaudeCode | ClientId::Codex | ClientId::Gemini
            );
            assert_eq!(client.has_skills(), expected, "{client}");
            assert_eq!(client.skills_dir(home).is_some(), expected, "{client}");
        }
        assert_eq!(ClientId::with_skills(), "claude-code, codex, gemini");
    }

    #[test]
    fn claude_code_and_gemini_get_allow_rules_in_their_config_folders() {
        let claude = ClientId::ClaudeCode.allow_rules().unwrap();
        let RulesShape::JsonList { list, rule } = claude.shape else {
            panic!("Claude Code's rules are a JSON list");
        };
        assert_eq!(list, ["permissions", "allow"]);
        assert_eq!(
            RulesShape::rule(rule, "list_breakpoints"),
            "mcp__jetbrains-debugger__list_breakpoints"
        );
        let home = |var: &str| (var == HOME_VAR).then(|| OsString::from("/home/ada"));
        assert_eq!(
            claude.file(home),
            Some(PathBuf::from("/home/ada/.claude/settings.json"))
        );
        let moved = |var: &str| match var {
            "CLAUDE_CONFIG_DIR" => Some(OsString::from("/srv/claude")),
            "GEMINI_CLI_HOME" => Some(OsString::from("/srv/gemini")),
            _ => home(var),
        };
        assert_eq!(
            claude.file(moved),
            Some(PathBuf::from("/srv/claude/settings.json"))
        );
        assert_eq!(claude.file(|_: &str| None), None);
        let gemini = ClientId::Gemini.allow_rules().unwrap();
        assert!(matches!(
            gemini.shape,
            RulesShape::GeminiPolicy { priority: 100 }
        ));
        assert_eq!(
            gemini.file(home),
            Some(PathBuf::from(
                "/home/ada/.gemini/policies/jetbrains-debugger.toml"
            ))
        );
        assert_eq!(
            gemini.file(moved),
            Some(PathBuf::from(
                "/srv/gemini/.gemini/policies/jetbrains-debugger.toml"
            ))
        );
        for client in ClientId::all() {
            let expected = matches!(client, ClientId::ClaudeCode | ClientId::Gemini);
            assert_eq!(client.allow_rules().is_some(), expected, "{client}");
        }
    }
}
