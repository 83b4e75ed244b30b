//! The command line: what it parses into ([`Cli`] and the types below), declared with clap's
//! derive, so each type is also its grammar, help and environment variables. `cli.rs` runs it.
//!
//! Adding a flag is one field: its doc comment is its help, and `#[arg(long, env = "…",
//! default_value_t = …)]` says the rest. A switch that an environment variable can turn on also
//! takes `value_parser = FalseyValueParser::new()`, so that the variable may say 1/yes/on (0,
//! false, no, off or empty: off) rather than only true/false.
//!
//! What scripts and the plugin rely on: `--flag value` and `--flag=value`, `-h`/`--help`
//! anywhere (both print the full help), `help [COMMAND]`, `-V`/`--version`, `--` before a
//! positional that starts with a dash, help on stdout (exit 0) and usage errors on stderr
//! (exit 2), help wrapped at [`WIDTH`] columns whatever the terminal, and an environment
//! variable named in help but never its value (it may hold a secret).

use clap::builder::FalseyValueParser;
use clap::{Arg, ArgAction, Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use std::ffi::OsString;
use std::path::PathBuf;

/// The program's name, in help, usage and completion scripts.
pub const BIN: &str = "jetbrains-debugger-mcp";
/// Help text is wrapped to this many columns.
const WIDTH: usize = 100;

/// Debugger tools for AI agents over MCP
#[derive(Debug, Parser)]
#[command(name = BIN, version, term_width = WIDTH, disable_help_flag = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Write logs to this file instead of stderr. Filter with RUST_LOG (e.g. `debug`).
    #[arg(long, global = true, value_name = "FILE")]
    pub log_file: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve MCP over stdio (for agents that spawn their servers).
    Stdio(ServerArgs),
    /// Serve MCP over streamable HTTP at http://127.0.0.1:PORT/mcp.
    Serve {
        #[command(flatten)]
        server: ServerArgs,
        /// Loopback port to listen on (0: any free port).
        #[arg(long, value_name = "PORT", default_value_t = crate::transport::http::DEFAULT_PORT)]
        port: u16,
        /// Started by the IDE plugin: print the ready line, use the IDE backend, and exit when
        /// stdin closes or no IDE has been connected for 60 s.
        #[arg(long)]
        ide_managed: bool,
        /// A browser origin allowed to call the server (e.g. `http://localhost:5173`; `:*` for
        /// any port, none for the scheme's default); repeat the flag, or list them
        /// comma-separated in the environment variable. Requests without an `Origin` header
        /// (CLI clients) and from the server's own origin are accepted; any other origin is
        /// refused with 403.
        #[arg(
            long = "allow-origin",
            value_name = "ORIGIN",
            env = "JETBRAINS_DEBUGGER_ALLOW_ORIGINS",
            value_delimiter = ',',
            value_parser = trimmed
        )]
        allow_origin: Vec<String>,
        /// Admit every local process: do not ask for the access token (`Authorization: Bearer
        /// <token>`, see `token`). Any program of any user on this machine, or in a container
        /// sharing its network, can then read program state and, with --brave, run code. Same
        /// values as --brave's variable.
        #[arg(long, env = crate::transport::auth::NO_AUTH_ENV, value_parser = FalseyValueParser::new())]
        no_auth: bool,
    },
    /// Print the access token HTTP clients send as `Authorization: Bearer <token>` (made on
    /// first use, in the state directory, readable by the user only).
    ///
    /// `install` and `config` put it in a client's configuration; use this when writing one by
    /// hand. With --rotate, replace it first: running servers refuse the old token at once, so
    /// run `install` (or the IDE's Install on Coding Agents) again for each client.
    Token {
        /// Replace the token with a new random one, then print it.
        #[arg(long)]
        rotate: bool,
        /// Print where the token file is instead of the token.
        #[arg(long, conflicts_with = "rotate")]
        path: bool,
    },
    /// Measure the server's overhead over raw DAP on a sample program.
    Bench(BenchArgs),
    /// Configure a coding client by running its own CLI (claude-code, codex, gemini); installing
    /// twice replaces the entry.
    ///
    /// With --skill (or --skill-only) also (or only) write the companion agent skill
    /// (claude-code, codex, gemini).
    Install(InstallArgs),
    /// Print a coding client's configuration snippet (stdout) and where it goes (stderr).
    Config(ClientArgs),
    /// Print the shell completion script for this command line (stdout).
    ///
    /// For example: `jetbrains-debugger-mcp completions bash >
    /// ~/.local/share/bash-completion/completions/jetbrains-debugger-mcp`.
    Completions {
        #[arg(value_name = "SHELL")]
        shell: clap_complete::Shell,
    },
}

/// The flags of the two servers, `stdio` and `serve`.
#[derive(Debug, Clone, Args)]
pub struct ServerArgs {
    /// Project directory (repeatable). Default: the working directory.
    #[arg(long = "project", value_name = "DIR")]
    pub projects: Vec<PathBuf>,
    /// Which debugger serves the tools.
    #[arg(long, value_name = "BACKEND", default_value_t = BackendChoice::Auto, value_enum)]
    pub backend: BackendChoice,
    /// Skip confirmations for run, debug, set_variable, jump_to_line and side-effecting
    /// evaluate. The environment variable takes 1/true/yes/on (0, false, no, off or
    /// empty: off).
    #[arg(long, env = "JETBRAINS_DEBUGGER_BRAVE", value_parser = FalseyValueParser::new())]
    pub brave: bool,
    /// Python interpreter for debugpy when launch.json names none (default: python3).
    #[arg(long, value_name = "PYTHON")]
    pub python: Option<PathBuf>,
    /// Do not inject the TCP_NODELAY fix into debuggees (debugpy then takes ~44 ms per request).
    #[arg(long)]
    pub no_tcp_nodelay: bool,
    /// Debug sessions run through uncaught exceptions (and end) unless
    /// start_debug_session says break_on_uncaught: true. Same values as --brave's variable.
    #[arg(
        long,
        env = "JETBRAINS_DEBUGGER_NO_BREAK_ON_UNCAUGHT",
        value_parser = FalseyValueParser::new()
    )]
    pub no_break_on_uncaught: bool,
    /// Standalone: show the agent secret-named values and credential-like text as they are (by
    /// default they are masked; no tool parameter can change it). With the IDE its setting
    /// decides. Same values as --brave's variable.
    #[arg(
        long,
        env = "JETBRAINS_DEBUGGER_SHOW_SECRETS",
        value_parser = FalseyValueParser::new()
    )]
    pub show_secrets: bool,
    /// Never run program code to show values: debugpy lists, expands and evaluates showing
    /// program objects by type and id (no __repr__, no property getter). Other debuggers
    /// show values as they do. Same values as --brave's variable.
    #[arg(
        long,
        env = "JETBRAINS_DEBUGGER_VALUES_WITHOUT_CODE",
        value_parser = FalseyValueParser::new()
    )]
    pub values_without_code: bool,
    /// Loopback port of the IDE bridge, with the IDE backend (0: any free port).
    #[arg(long, value_name = "PORT", default_value_t = 0)]
    pub bridge_port: u16,
}

/// Which debugger serves the tools, as asked on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BackendChoice {
    /// The IDE if one is reachable, else the standalone debugger
    Auto,
    /// The JetBrains IDE through the plugin's bridge
    Ide,
    /// The standalone backend driving debug adapters (debugpy, lldb-dap, Delve)
    Dap,
}

/// `bench`'s flags.
#[derive(Debug, Clone, Args)]
pub struct BenchArgs {
    /// Python interpreter with debugpy installed.
    #[arg(long, value_name = "PYTHON", default_value = "python3")]
    pub python: PathBuf,
    /// Workflow rounds (each round calls every tool once).
    #[arg(long, value_name = "N", default_value_t = 40)]
    pub rounds: usize,
    /// Rounds run first and not measured.
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub warmup: usize,
    /// Starts to first stop measured (after one unmeasured).
    #[arg(long, value_name = "N", default_value_t = 8)]
    pub starts: usize,
    /// Measure without the TCP_NODELAY fix (both sides).
    #[arg(long)]
    pub no_tcp_nodelay: bool,
    /// Instead: the agent's workflow (start, locals, 5 step_overs, 5 evaluates, stack,
    /// stop), --rounds runs per side taking turns, and where each call's time goes.
    #[arg(long)]
    pub breakdown: bool,
}

#[derive(Debug, Clone, Args)]
pub struct ClientArgs {
    /// claude-code, claude-desktop, cursor, vscode, windsurf, codex or gemini.
    #[arg(value_name = "CLIENT")]
    pub client: String,
    /// The MCP URL to configure. Default: a running IDE's server (discovery files), else
    /// http://127.0.0.1:47823/mcp.
    #[arg(long, value_name = "URL")]
    pub url: Option<String>,
}

#[derive(Debug, Clone, Args)]
pub struct InstallArgs {
    #[command(flatten)]
    pub client: ClientArgs,
    /// Then write the agent skill to ~/.claude/skills/jetbrains-debugger/SKILL.md (claude-code),
    /// ~/.codex/skills/... (codex) or ~/.gemini/skills/... (gemini); a different SKILL.md there is
    /// kept as SKILL.md.bak.
    #[arg(long)]
    pub skill: bool,
    /// Write the agent skill only: do not run the client's CLI.
    #[arg(long, conflicts_with_all = ["skill", "url"])]
    pub skill_only: bool,
}

impl InstallArgs {
    pub fn skill_choice(&self) -> crate::clients::SkillChoice {
        use crate::clients::SkillChoice;
        match (self.skill, self.skill_only) {
            (_, true) => SkillChoice::Only,
            (true, false) => SkillChoice::Also,
            (false, false) => SkillChoice::No,
        }
    }
}

/// One value of a comma-separated list, without the spaces around it.
fn trimmed(value: &str) -> Result<String, std::convert::Infallible> {
    Ok(value.trim().to_owned())
}

/// The grammar as clap builds it from the types above, plus what holds for every flag: `-h`
/// prints the same full help as `--help`, and help never shows an environment variable's value.
pub fn command() -> clap::Command {
    fn hide_env_values(command: clap::Command) -> clap::Command {
        command
            .mut_args(|arg| arg.hide_env_values(true))
            .mut_subcommands(hide_env_values)
    }
    let help = Arg::new("help")
        .short('h')
        .long("help")
        .global(true)
        .action(ArgAction::HelpLong)
        .help("Print help");
    hide_env_values(Cli::command().arg(help))
}

/// Parse this process's command line (exits on help, version and usage errors).
pub fn parse_or_exit() -> Cli {
    parse(std::env::args_os()).unwrap_or_else(|error| error.exit())
}

/// Parse `args` (the program name first). Help and version come back as errors too: clap's
/// [`clap::Error::exit`] prints each where it belongs, with its exit code.
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Cli, clap::Error> {
    let mut command = command();
    let matches = command.try_get_matches_from_mut(args)?;
    let mut cli = Cli::from_arg_matches(&matches).map_err(|error| error.format(&mut command))?;
    if let Command::Serve { allow_origin, .. } = &mut cli.command {
        // A list in the environment variable may end with a comma: that names no origin.
        allow_origin.retain(|origin| !origin.is_empty());
    }
    Ok(cli)
}

/// The completion script of `shell`.
pub fn completions(shell: clap_complete::Shell) -> String {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command(), BIN, &mut script);
    let script = String::from_utf8_lossy(&script);
    match shell {
        // clap_complete's bash script spells a subcommand's state two ways when the program's
        // name has a dash: `jetbrains__debugger__mcp__subcmd__serve` where it sets it and
        // `jetbrains__subcmd__debugger__subcmd__mcp__subcmd__serve` in the arm that completes
        // it, so no subcommand's flags would complete. The arms are spelt as the state is.
        clap_complete::Shell::Bash => {
            script.replace(&BIN.replace('-', "__subcmd__"), &BIN.replace('-', "__"))
        }
        _ => script.into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// clap reads the real environment: tests that parse take turns, so that one test's
    /// variables are never seen by another.
    static ENVIRONMENT: Mutex<()> = Mutex::new(());

    const VARIABLES: [&str; 5] = [
        "JETBRAINS_DEBUGGER_BRAVE",
        crate::transport::auth::NO_AUTH_ENV,
        "JETBRAINS_DEBUGGER_NO_BREAK_ON_UNCAUGHT",
        "JETBRAINS_DEBUGGER_VALUES_WITHOUT_CODE",
        "JETBRAINS_DEBUGGER_ALLOW_ORIGINS",
    ];

    fn parse_line(line: &str) -> Result<Cli, clap::Error> {
        parse_with(line, &[])
    }

    /// Parse `line` with exactly the flags' variables of `env` set.
    fn parse_with(line: &str, env: &[(&str, &str)]) -> Result<Cli, clap::Error> {
        let _turn = ENVIRONMENT
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        for name in VARIABLES {
            std::env::remove_var(name);
        }
        for (name, value) in env {
            std::env::set_var(name, value);
        }
        let parsed = parse(
            std::iter::once(BIN)
                .chain(line.split_whitespace())
                .map(OsString::from),
        );
        for (name, _) in env {
            std::env::remove_var(name);
        }
        parsed
    }

    fn usage_error(line: &str) -> String {
        match parse_line(line) {
            Err(error) if error.use_stderr() => error.render().to_string(),
            other => panic!("{line}: expected a usage error, got {other:?}"),
        }
    }

    fn printed(line: &str) -> String {
        match parse_line(line) {
            Err(error) if !error.use_stderr() && error.exit_code() == 0 => {
                error.render().to_string()
            }
            other => panic!("{line}: expected help or version, got {other:?}"),
        }
    }

    #[test]
    fn serve_takes_the_bridge_flags_and_repeated_origins() {
        let cli = parse_line(
            "serve --ide-managed --bridge-port 0 --port=0 --allow-origin http://localhost:5173 \
             --allow-origin https://app.example",
        )
        .unwrap();
        let Command::Serve {
            server,
            port,
            ide_managed,
            allow_origin,
            no_auth,
        } = cli.command
        else {
            panic!("serve")
        };
        assert_eq!((server.bridge_port, port, ide_managed), (0, 0, true));
        assert!(!no_auth, "the token is asked for unless turned off");
        assert_eq!(
            allow_origin,
            ["http://localhost:5173", "https://app.example"]
        );
    }

    #[test]
    fn defaults_apply_and_global_flags_go_before_or_after_the_command() {
        for line in ["--log-file /tmp/l stdio", "stdio --log-file=/tmp/l"] {
            let cli = parse_line(line).unwrap();
            assert_eq!(cli.log_file, Some(PathBuf::from("/tmp/l")), "{line}");
            let Command::Stdio(server) = cli.command else {
                panic!("stdio")
            };
            assert_eq!(server.backend, BackendChoice::Auto);
            assert_eq!((server.bridge_port, server.brave), (0, false));
            assert!(server.projects.is_empty() && server.python.is_none());
        }
        let Command::Serve { port, .. } = parse_line("serve").unwrap().command else {
            panic!("serve")
        };
        assert_eq!(port, crate::transport::http::DEFAULT_PORT);
        let Command::Bench(bench) = parse_line("bench --rounds 3").unwrap().command else {
            panic!("bench")
        };
        assert_eq!((bench.rounds, bench.warmup, bench.starts), (3, 5, 8));
        assert_eq!(bench.python, PathBuf::from("python3"));
    }

    #[test]
    fn environment_variables_count_only_where_the_flag_is_absent() {
        let env = [
            ("JETBRAINS_DEBUGGER_BRAVE", "yes"),
            ("JETBRAINS_DEBUGGER_NO_BREAK_ON_UNCAUGHT", "off"),
            ("JETBRAINS_DEBUGGER_ALLOW_ORIGINS", "http://a, http://b,"),
        ];
        let Command::Serve {
            server,
            allow_origin,
            ..
        } = parse_with("serve", &env).unwrap().command
        else {
            panic!("serve")
        };
        assert!(server.brave && !server.no_break_on_uncaught);
        assert_eq!(allow_origin, ["http://a", "http://b"]);
        let Command::Serve { allow_origin, .. } = parse_with("serve --allow-origin http://c", &env)
            .unwrap()
            .command
        else {
            panic!("serve")
        };
        assert_eq!(allow_origin, ["http://c"]);
        let no_auth =
            |line: &str, env: &[(&str, &str)]| match parse_with(line, env).unwrap().command {
                Command::Serve { no_auth, .. } => no_auth,
                _ => panic!("serve"),
            };
        assert!(no_auth("serve --no-auth", &[]));
        assert!(no_auth(
            "serve",
            &[(crate::transport::auth::NO_AUTH_ENV, "1")]
        ));
        assert!(!no_auth(
            "serve",
            &[(crate::transport::auth::NO_AUTH_ENV, "off")]
        ));
        let Command::Token { rotate, path } = parse_line("token --rotate").unwrap().command else {
            panic!("token")
        };
        assert!(rotate && !path);
        assert!(usage_error("token --rotate --path").contains("cannot be used with"));
    }

    #[test]
    fn install_takes_its_client_and_refuses_conflicting_flags() {
        let Command::Install(install) = parse_line("install codex --skill").unwrap().command else {
            panic!("install")
        };
        assert_eq!(
            (install.client.client.as_str(), install.skill),
            ("codex", true)
        );
        let refused = usage_error("install codex --skill-only --url http://127.0.0.1:1/mcp");
        assert!(
            refused
                .contains("error: the argument '--skill-only' cannot be used with '--url <URL>'"),
            "{refused}"
        );
        assert!(usage_error("install").contains("not provided:\n  <CLIENT>"));
        assert!(usage_error("config codex cursor").contains("unexpected argument 'cursor'"));
        let Command::Config(config) = parse_line("config -- -odd").unwrap().command else {
            panic!("config")
        };
        assert_eq!(config.client, "-odd");
    }

    #[test]
    fn bad_lines_are_usage_errors_that_name_the_argument_and_the_usage() {
        let cases = [
            ("serve --port x", "invalid value 'x' for '--port <PORT>'"),
            (
                "serve --port 70000",
                "invalid value '70000' for '--port <PORT>'",
            ),
            ("stdio --backend ida", "[possible values: auto, ide, dap]"),
            ("stdio --bogus", "unexpected argument '--bogus' found"),
            ("stdio -x", "unexpected argument '-x' found"),
            (
                "stdio --python",
                "a value is required for '--python <PYTHON>'",
            ),
            (
                "stdio --python --brave",
                "a value is required for '--python <PYTHON>'",
            ),
            ("stdio --brave=yes", "unexpected value 'yes' for '--brave'"),
            (
                "serve --port 1 --port 2",
                "'--port <PORT>' cannot be used multiple times",
            ),
            (
                "serve --port 1 --port 2",
                "Usage: jetbrains-debugger-mcp serve [OPTIONS]",
            ),
            ("launch", "unrecognized subcommand 'launch'"),
            ("--port 1", "unexpected argument '--port' found"),
        ];
        for (line, expected) in cases {
            let error = usage_error(line);
            assert!(
                error.starts_with("error: ") && error.contains(expected),
                "{line}: {error}"
            );
        }
    }

    #[test]
    fn typos_get_a_suggestion() {
        let cases = [
            ("serv", "tip: a similar subcommand exists: 'serve'"),
            ("serve --prot 1", "tip: a similar argument exists: '--port'"),
            ("stdio --backend ida", "tip: a similar value exists: 'ide'"),
            (
                "install codex --skil",
                "tip: a similar argument exists: '--skill'",
            ),
        ];
        for (line, expected) in cases {
            let error = usage_error(line);
            assert!(error.contains(expected), "{line}: {error}");
        }
    }

    #[test]
    fn help_lists_every_flag_and_choice_and_is_the_same_by_flag_or_by_command() {
        let command = command();
        for spec in command.get_subcommands().filter(|c| c.get_name() != "help") {
            let name = spec.get_name();
            let text = printed(&format!("{name} --help"));
            assert_eq!(text, printed(&format!("help {name}")));
            assert_eq!(text, printed(&format!("{name} -h")));
            for flag in spec
                .get_arguments()
                .filter(|a| a.get_long() != Some("help"))
            {
                let value = flag
                    .get_value_names()
                    .map(|names| format!("<{}>", names[0]));
                let shown = match (flag.get_long(), value) {
                    (Some(long), Some(value)) if flag.get_action().takes_values() => {
                        format!("--{long} {value}")
                    }
                    (Some(long), _) => format!("--{long}"),
                    (None, value) => value.unwrap(),
                };
                assert!(text.contains(&shown), "{name}: {shown}\n{text}");
                for choice in flag.get_possible_values() {
                    if choice.get_help().is_some() {
                        assert!(text.contains(&format!("- {}: ", choice.get_name())));
                    }
                }
            }
            assert!(text.lines().all(|line| line.len() <= WIDTH), "{text}");
        }
        let top = printed("--help");
        assert_eq!(top, printed("help"));
        assert!(command
            .get_subcommands()
            .all(|spec| top.contains(&format!("  {} ", spec.get_name()))));
        assert!(printed("install --help").contains("SKILL.md"));
        assert_eq!(
            printed("-V"),
            format!("{BIN} {}\n", env!("CARGO_PKG_VERSION"))
        );
    }

    #[test]
    fn every_choice_of_the_table_is_a_backend() {
        let stdio = command().find_subcommand("stdio").unwrap().clone();
        let backend = stdio
            .get_arguments()
            .find(|flag| flag.get_long() == Some("backend"))
            .unwrap();
        for choice in backend.get_possible_values() {
            assert!(
                BackendChoice::from_str(choice.get_name(), false).is_ok(),
                "{}",
                choice.get_name()
            );
        }
    }

    #[test]
    fn the_grammar_is_consistent_and_completions_name_every_command() {
        command().debug_assert();
        let script = completions(clap_complete::Shell::Bash);
        for name in [
            "stdio",
            "serve",
            "bench",
            "install",
            "config",
            "token",
            "completions",
        ] {
            assert!(
                script.contains(&format!("jetbrains__debugger__mcp__subcmd__{name})")),
                "{name}"
            );
        }
        assert!(!script.contains("jetbrains__subcmd__debugger"));
        assert!(script.contains("--allow-origin") && script.contains("--skill-only"));
    }
}
