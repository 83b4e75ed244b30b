//! The command line's grammar: one table ([`COMMANDS`]) of subcommands and their flags (name,
//! value, default, environment variable, choices, help), read by one parser that builds a
//! [`Cli`], and by the help and the usage errors it prints.
//!
//! Hand-written rather than clap, which cost ~160 KB of the binary's 6 MB budget (issue 12).
//! What scripts and the plugin rely on is kept as clap had it: `--flag value` and
//! `--flag=value`, `-h`/`--help` anywhere, `help [COMMAND]`, `-V`/`--version`, `--` before a
//! positional that starts with a dash, and usage errors on stderr with exit code 2.

use crate::bench::BenchArgs;
use crate::cli::{Cli, ClientArgs, Command, InstallArgs, ServerArgs};
use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::fmt::Display;
use std::path::PathBuf;
use std::str::FromStr;

const BIN: &str = "jetbrains-debugger-mcp";
const ABOUT: &str = "Debugger tools for AI agents over MCP";
/// Help text is wrapped to this many columns.
const WIDTH: usize = 100;

/// A flag: `--name` alone (a switch) or `--name VALUE`.
#[derive(Clone, Copy)]
struct Flag {
    name: &'static str,
    /// The value's placeholder in help (`PORT`); `None` for a switch.
    value: Option<&'static str>,
    /// Every occurrence counts (else a second one is a usage error).
    repeats: bool,
    /// Read when the flag is absent: for a switch, anything but 0/false/no/off/empty turns it
    /// on; for a repeating flag, a comma-separated list.
    env: Option<&'static str>,
    default: Option<&'static str>,
    /// The only values accepted, each with what it means.
    choices: &'static [(&'static str, &'static str)],
    help: &'static str,
}

impl Flag {
    const fn switch(name: &'static str, help: &'static str) -> Self {
        Flag {
            name,
            value: None,
            repeats: false,
            env: None,
            default: None,
            choices: &[],
            help,
        }
    }

    const fn value(name: &'static str, placeholder: &'static str, help: &'static str) -> Self {
        Flag {
            value: Some(placeholder),
            ..Flag::switch(name, help)
        }
    }

    const fn env(self, variable: &'static str) -> Self {
        Flag {
            env: Some(variable),
            ..self
        }
    }

    const fn default(self, value: &'static str) -> Self {
        Flag {
            default: Some(value),
            ..self
        }
    }

    const fn repeats(self) -> Self {
        Flag {
            repeats: true,
            ..self
        }
    }

    const fn choices(self, choices: &'static [(&'static str, &'static str)]) -> Self {
        Flag { choices, ..self }
    }

    /// `--port <PORT>`, as errors and help name it.
    fn shown(&self) -> String {
        match self.value {
            Some(placeholder) => format!("--{} <{placeholder}>", self.name),
            None => format!("--{}", self.name),
        }
    }
}

/// A subcommand: its flags (in groups shared between commands), its positional argument, and
/// how the parsed line becomes a [`Command`].
struct Spec {
    name: &'static str,
    about: &'static str,
    /// A paragraph under `about` in the command's own help.
    details: Option<&'static str>,
    /// The one positional argument (placeholder, help); always required.
    argument: Option<(&'static str, &'static str)>,
    flags: &'static [&'static [Flag]],
    /// Flags that cannot be given together.
    conflicts: &'static [(&'static str, &'static str)],
    build: fn(&Matches) -> Result<Command, Stop>,
}

const GLOBAL: &[Flag] = &[Flag::value(
    "log-file",
    "FILE",
    "Write logs to this file instead of stderr. Filter with RUST_LOG (e.g. `debug`).",
)];

const SERVER: &[Flag] = &[
    Flag::value(
        "project",
        "DIR",
        "Project directory (repeatable). Default: the working directory.",
    )
    .repeats(),
    Flag::value("backend", "BACKEND", "Which debugger serves the tools.")
        .default("auto")
        .choices(&[
            (
                "auto",
                "the IDE if one is reachable, else the standalone debugger",
            ),
            ("ide", "the JetBrains IDE through the plugin's bridge"),
            (
                "dap",
                "the standalone backend driving debug adapters (debugpy, lldb-dap, Delve)",
            ),
        ]),
    Flag::switch(
        "brave",
        "Skip confirmations for run, debug, set_variable and side-effecting evaluate. The \
         environment variable takes 1/true/yes/on (0, false, no, off or empty: off).",
    )
    .env("JETBRAINS_DEBUGGER_BRAVE"),
    Flag::value(
        "python",
        "PYTHON",
        "Python interpreter for debugpy when launch.json names none (default: python3).",
    ),
    Flag::switch(
        "no-tcp-nodelay",
        "Do not inject the TCP_NODELAY fix into debuggees (debugpy then takes ~44 ms per request).",
    ),
    Flag::switch(
        "no-break-on-uncaught",
        "Standalone: debug sessions run through uncaught exceptions (and end) unless \
         start_debug_session says break_on_uncaught: true. Same values as --brave's variable.",
    )
    .env("JETBRAINS_DEBUGGER_NO_BREAK_ON_UNCAUGHT"),
    Flag::switch(
        "show-secrets",
        "Standalone: show the agent secret-named values and credential-like text as they are \
         (by default they are masked; no tool parameter can change it). With the IDE its \
         setting decides. Same values as --brave's variable.",
    )
    .env("JETBRAINS_DEBUGGER_SHOW_SECRETS"),
    Flag::value(
        "bridge-port",
        "PORT",
        "Loopback port of the IDE bridge, with the IDE backend (0: any free port).",
    )
    .default("0"),
];

const SERVE: &[Flag] = &[
    Flag::value(
        "port",
        "PORT",
        "Loopback port to listen on (0: any free port).",
    )
    .default("47823"),
    Flag::switch(
        "ide-managed",
        "Started by the IDE plugin: print the ready line, use the IDE backend, and exit when \
         stdin closes or no IDE has been connected for 60 s.",
    ),
    Flag::value(
        "allow-origin",
        "ORIGIN",
        "A browser origin allowed to call the server (e.g. `http://localhost:5173`); repeat the \
         flag, or list them comma-separated in the environment variable. Requests without an \
         `Origin` header (CLI clients) are always accepted; any other origin is refused with 403.",
    )
    .repeats()
    .env("JETBRAINS_DEBUGGER_ALLOW_ORIGINS"),
];

const BENCH: &[Flag] = &[
    Flag::value(
        "python",
        "PYTHON",
        "Python interpreter with debugpy installed.",
    )
    .default("python3"),
    Flag::value(
        "rounds",
        "N",
        "Workflow rounds (each round calls every tool once).",
    )
    .default("40"),
    Flag::value("warmup", "N", "Rounds run first and not measured.").default("5"),
    Flag::value(
        "starts",
        "N",
        "Starts to first stop measured (after one unmeasured).",
    )
    .default("8"),
    Flag::switch(
        "no-tcp-nodelay",
        "Measure without the TCP_NODELAY fix (both sides).",
    ),
];

const CLIENT: &[Flag] = &[Flag::value(
    "url",
    "URL",
    "The MCP URL to configure. Default: a running IDE's server (discovery files), else \
     http://127.0.0.1:47823/mcp.",
)];

const SKILL: &[Flag] = &[
    Flag::switch(
        "skill",
        "Then write the agent skill to ~/.claude/skills/jetbrains-debugger/SKILL.md \
         (claude-code), ~/.codex/skills/... (codex) or ~/.gemini/skills/... (gemini); a \
         different SKILL.md there is kept as SKILL.md.bak.",
    ),
    Flag::switch(
        "skill-only",
        "Write the agent skill only: do not run the client's CLI.",
    ),
];

const CLIENT_ARGUMENT: (&str, &str) = (
    "CLIENT",
    "claude-code, claude-desktop, cursor, vscode, windsurf, codex or gemini.",
);

const COMMANDS: &[Spec] = &[
    Spec {
        name: "stdio",
        about: "Serve MCP over stdio (for agents that spawn their servers).",
        details: None,
        argument: None,
        flags: &[SERVER, GLOBAL],
        conflicts: &[],
        build: |m| Ok(Command::Stdio(server_args(m)?)),
    },
    Spec {
        name: "serve",
        about: "Serve MCP over streamable HTTP at http://127.0.0.1:PORT/mcp.",
        details: None,
        argument: None,
        flags: &[SERVER, SERVE, GLOBAL],
        conflicts: &[],
        build: |m| {
            Ok(Command::Serve {
                server: server_args(m)?,
                port: m.parsed("port")?,
                ide_managed: m.switch("ide-managed"),
                allow_origin: m.strings("allow-origin")?,
            })
        },
    },
    Spec {
        name: "bench",
        about: "Measure the server's overhead over raw DAP on a sample program.",
        details: None,
        argument: None,
        flags: &[BENCH, GLOBAL],
        conflicts: &[],
        build: |m| {
            Ok(Command::Bench(BenchArgs {
                python: m.parsed("python")?,
                rounds: m.parsed("rounds")?,
                warmup: m.parsed("warmup")?,
                starts: m.parsed("starts")?,
                no_tcp_nodelay: m.switch("no-tcp-nodelay"),
            }))
        },
    },
    Spec {
        name: "install",
        about: "Configure a coding client by running its own CLI (claude-code, codex, gemini); \
                installing twice replaces the entry.",
        details: Some(
            "With --skill (or --skill-only) also (or only) write the companion agent skill \
             (claude-code, codex, gemini).",
        ),
        argument: Some(CLIENT_ARGUMENT),
        flags: &[CLIENT, SKILL, GLOBAL],
        conflicts: &[("skill-only", "skill"), ("skill-only", "url")],
        build: |m| {
            Ok(Command::Install(InstallArgs {
                client: client_args(m)?,
                skill: m.switch("skill"),
                skill_only: m.switch("skill-only"),
            }))
        },
    },
    Spec {
        name: "config",
        about: "Print a coding client's configuration snippet (stdout) and where it goes \
                (stderr).",
        details: None,
        argument: Some(CLIENT_ARGUMENT),
        flags: &[CLIENT, GLOBAL],
        conflicts: &[],
        build: |m| Ok(Command::Config(client_args(m)?)),
    },
];

fn server_args(m: &Matches) -> Result<ServerArgs, Stop> {
    Ok(ServerArgs {
        projects: m.values("project").into_iter().map(PathBuf::from).collect(),
        backend: m.parsed("backend")?,
        brave: m.switch("brave"),
        python: m.values("python").pop().map(PathBuf::from),
        no_tcp_nodelay: m.switch("no-tcp-nodelay"),
        no_break_on_uncaught: m.switch("no-break-on-uncaught"),
        bridge_port: m.parsed("bridge-port")?,
        show_secrets: m.switch("show-secrets"),
    })
}

fn client_args(m: &Matches) -> Result<ClientArgs, Stop> {
    Ok(ClientArgs {
        client: m.argument()?,
        url: m.strings("url")?.pop(),
    })
}

/// Why the command line gives nothing to run.
#[derive(Debug, PartialEq, Eq)]
pub enum Stop {
    /// `--help`, `help` or `--version`: print this on stdout and exit 0.
    Print(String),
    /// A usage error, with the usage: print this on stderr and exit 2.
    Usage(String),
}

impl Stop {
    fn usage(spec: Option<&Spec>, message: impl Display) -> Stop {
        Stop::Usage(format!(
            "error: {message}\n\nUsage: {}\n\nFor more information, try '--help'.\n",
            usage(spec)
        ))
    }

    /// Print the message where it belongs and exit the process with its code.
    pub fn exit(self) -> ! {
        match self {
            Stop::Print(text) => {
                print!("{text}");
                std::process::exit(0)
            }
            Stop::Usage(text) => {
                eprint!("{text}");
                std::process::exit(2)
            }
        }
    }
}

/// Parse this process's command line (exits on help, version and usage errors).
pub fn parse_or_exit() -> Cli {
    parse(std::env::args_os(), |name| std::env::var_os(name)).unwrap_or_else(|stop| stop.exit())
}

/// Parse `args` (the program name first), reading flags' environment variables with `env`.
pub fn parse(
    args: impl IntoIterator<Item = OsString>,
    env: impl Fn(&str) -> Option<OsString>,
) -> Result<Cli, Stop> {
    let mut args = args.into_iter().skip(1);
    let mut spec: Option<&'static Spec> = None;
    let mut given: BTreeMap<&'static str, Vec<OsString>> = BTreeMap::new();
    let mut argument = None;
    let mut positional_only = false;
    while let Some(arg) = args.next() {
        let text = arg.to_str().filter(|_| !positional_only);
        match text {
            Some("--") => positional_only = true,
            Some("-h" | "--help") => return Err(Stop::Print(help(spec))),
            Some("-V" | "--version") if spec.is_none() => {
                return Err(Stop::Print(format!(
                    "{BIN} {}\n",
                    env!("CARGO_PKG_VERSION")
                )))
            }
            Some(text) if text.starts_with("--") => {
                let (name, inline) = match text[2..].split_once('=') {
                    Some((name, value)) => (name, Some(OsString::from(value))),
                    None => (&text[2..], None),
                };
                let flag = flags_of(spec)
                    .find(|flag| flag.name == name)
                    .ok_or_else(|| {
                        Stop::usage(spec, format!("unexpected argument '{text}' found"))
                    })?;
                let value = match (flag.value, inline) {
                    (None, Some(value)) => {
                        return Err(Stop::usage(
                            spec,
                            format!(
                                "unexpected value '{}' for '{}' found; no more were expected",
                                value.to_string_lossy(),
                                flag.shown()
                            ),
                        ))
                    }
                    (None, None) => OsString::new(),
                    (Some(_), Some(value)) => value,
                    // As clap: what looks like a flag is not taken as the value (`--python --brave`).
                    (Some(_), None) => args
                        .next()
                        .filter(|next| {
                            !next
                                .to_str()
                                .is_some_and(|n| n.starts_with('-') && n.len() > 1)
                        })
                        .ok_or_else(|| {
                            Stop::usage(
                                spec,
                                format!(
                                    "a value is required for '{}' but none was supplied",
                                    flag.shown()
                                ),
                            )
                        })?,
                };
                accept(spec, flag, value, &mut given)?;
            }
            Some(text) if text.starts_with('-') && text.len() > 1 => {
                return Err(Stop::usage(
                    spec,
                    format!("unexpected argument '{text}' found"),
                ))
            }
            _ => match spec {
                None if text == Some("help") => {
                    let about = args.next();
                    let about = about.as_deref().and_then(OsStr::to_str);
                    return Err(match about {
                        None => Stop::Print(help(None)),
                        Some(name) => Stop::Print(help(Some(command_named(name)?))),
                    });
                }
                None => spec = Some(command_named(&arg.to_string_lossy())?),
                Some(s) if s.argument.is_some() && argument.is_none() => argument = Some(arg),
                Some(_) => {
                    return Err(Stop::usage(
                        spec,
                        format!("unexpected argument '{}' found", arg.to_string_lossy()),
                    ))
                }
            },
        }
    }
    let Some(spec) = spec else {
        // As clap did: the commands, on stderr, exit code 2.
        return Err(Stop::Usage(top_help()));
    };
    if let (Some((placeholder, _)), None) = (spec.argument, &argument) {
        return Err(Stop::usage(
            Some(spec),
            format!("the following required argument was not provided: <{placeholder}>"),
        ));
    }
    for (one, other) in spec.conflicts {
        if given.contains_key(one) && given.contains_key(other) {
            let shown = |name: &str| {
                flags_of(Some(spec))
                    .find(|f| f.name == name)
                    .map(|f| f.shown())
            };
            return Err(Stop::usage(
                Some(spec),
                format!(
                    "the argument '{}' cannot be used with '{}'",
                    shown(one).unwrap_or_default(),
                    shown(other).unwrap_or_default()
                ),
            ));
        }
    }
    let matches = Matches {
        spec,
        given,
        argument,
        env: &env,
    };
    Ok(Cli {
        log_file: matches.values("log-file").pop().map(PathBuf::from),
        command: (spec.build)(&matches)?,
    })
}

/// Record one occurrence of `flag`, refusing a second one where it does not repeat and a value
/// outside its choices.
fn accept(
    spec: Option<&Spec>,
    flag: &'static Flag,
    value: OsString,
    given: &mut BTreeMap<&'static str, Vec<OsString>>,
) -> Result<(), Stop> {
    let values = given.entry(flag.name).or_default();
    if !flag.repeats && !values.is_empty() {
        return Err(Stop::usage(
            spec,
            format!(
                "the argument '{}' cannot be used multiple times",
                flag.shown()
            ),
        ));
    }
    if !flag.choices.is_empty() && !flag.choices.iter().any(|(choice, _)| value == *choice) {
        let names: Vec<&str> = flag.choices.iter().map(|(choice, _)| *choice).collect();
        return Err(Stop::usage(
            spec,
            format!(
                "invalid value '{}' for '{}'\n  [possible values: {}]",
                value.to_string_lossy(),
                flag.shown(),
                names.join(", ")
            ),
        ));
    }
    values.push(value);
    Ok(())
}

fn command_named(name: &str) -> Result<&'static Spec, Stop> {
    COMMANDS
        .iter()
        .find(|spec| spec.name == name)
        .ok_or_else(|| Stop::usage(None, format!("unrecognized subcommand '{name}'")))
}

/// The flags a command takes (the global ones only, before a command is named).
fn flags_of(spec: Option<&Spec>) -> impl Iterator<Item = &'static Flag> {
    let groups: &'static [&'static [Flag]] = match spec {
        Some(spec) => spec.flags,
        None => &[GLOBAL],
    };
    groups.iter().flat_map(|group| group.iter())
}

/// A parsed command line, read by [`Spec::build`].
struct Matches<'a> {
    spec: &'static Spec,
    given: BTreeMap<&'static str, Vec<OsString>>,
    argument: Option<OsString>,
    env: &'a dyn Fn(&str) -> Option<OsString>,
}

impl Matches<'_> {
    fn flag(&self, name: &str) -> &'static Flag {
        flags_of(Some(self.spec))
            .find(|flag| flag.name == name)
            .unwrap_or_else(|| panic!("'{}' has no flag --{name}", self.spec.name))
    }

    fn switch(&self, name: &str) -> bool {
        let flag = self.flag(name);
        self.given.contains_key(flag.name)
            || flag
                .env
                .and_then(|var| (self.env)(var))
                .is_some_and(|value| {
                    let value = value.to_string_lossy().trim().to_ascii_lowercase();
                    !matches!(
                        value.as_str(),
                        "" | "0" | "false" | "no" | "off" | "n" | "f"
                    )
                })
    }

    /// The flag's values as given, else from its environment variable, else its default.
    fn values(&self, name: &str) -> Vec<OsString> {
        let flag = self.flag(name);
        if let Some(given) = self.given.get(flag.name) {
            return given.clone();
        }
        if let Some(from_env) = flag.env.and_then(|var| (self.env)(var)) {
            return from_env
                .to_string_lossy()
                .split(',')
                .map(str::trim)
                .filter(|value| !value.is_empty())
                .map(OsString::from)
                .collect();
        }
        flag.default.map(OsString::from).into_iter().collect()
    }

    fn strings(&self, name: &str) -> Result<Vec<String>, Stop> {
        self.values(name)
            .into_iter()
            .map(|value| self.text(name, value))
            .collect()
    }

    /// The flag's (last) value as a `T`; every flag read this way has a default.
    fn parsed<T: FromStr>(&self, name: &str) -> Result<T, Stop>
    where
        T::Err: Display,
    {
        let value = self.values(name).pop().unwrap_or_default();
        let text = self.text(name, value)?;
        text.parse().map_err(|e| {
            Stop::usage(
                Some(self.spec),
                format!(
                    "invalid value '{text}' for '{}': {e}",
                    self.flag(name).shown()
                ),
            )
        })
    }

    fn text(&self, name: &str, value: OsString) -> Result<String, Stop> {
        value.into_string().map_err(|value| {
            Stop::usage(
                Some(self.spec),
                format!(
                    "invalid value '{}' for '{}': not UTF-8",
                    value.to_string_lossy(),
                    self.flag(name).shown()
                ),
            )
        })
    }

    fn argument(&self) -> Result<String, Stop> {
        let value = self.argument.clone().unwrap_or_default();
        value.into_string().map_err(|value| {
            Stop::usage(
                Some(self.spec),
                format!("invalid value '{}': not UTF-8", value.to_string_lossy()),
            )
        })
    }
}

fn usage(spec: Option<&Spec>) -> String {
    match spec {
        None => format!("{BIN} [OPTIONS] <COMMAND>"),
        Some(spec) => {
            let argument = spec
                .argument
                .map(|(placeholder, _)| format!(" <{placeholder}>"))
                .unwrap_or_default();
            format!("{BIN} {} [OPTIONS]{argument}", spec.name)
        }
    }
}

/// The help of `spec` (the top level's when `None`).
fn help(spec: Option<&Spec>) -> String {
    let Some(spec) = spec else {
        return top_help();
    };
    let mut out = format!("{}\n\n", wrap(spec.about, 0));
    if let Some(details) = spec.details {
        out += &format!("{}\n\n", wrap(details, 0));
    }
    out += &format!("Usage: {}\n\n", usage(Some(spec)));
    if let Some((placeholder, text)) = spec.argument {
        out += &format!("Arguments:\n  <{placeholder}>\n{}\n\n", wrap(text, 10));
    }
    out += "Options:\n";
    for flag in flags_of(Some(spec)) {
        out += &format!("      {}\n{}\n", flag.shown(), wrap(flag.help, 10));
        let annotations: Vec<String> = [
            flag.default.map(|default| format!("[default: {default}]")),
            flag.env.map(|var| format!("[env: {var}]")),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !annotations.is_empty() {
            out += &format!("          {}\n", annotations.join(" "));
        }
        for (choice, meaning) in flag.choices {
            out += &format!("{}\n", wrap(&format!("- {choice}: {meaning}"), 10));
        }
        out += "\n";
    }
    out += "  -h, --help\n          Print help\n";
    out
}

fn top_help() -> String {
    let mut out = format!("{ABOUT}\n\nUsage: {}\n\nCommands:\n", usage(None));
    let help_entry = (
        "help",
        "Print this message or the help of the given subcommand.",
    );
    for (name, about) in COMMANDS
        .iter()
        .map(|spec| (spec.name, spec.about))
        .chain([help_entry])
    {
        out += &format!("  {name:<9}{}\n", wrap(about, 11).trim_start());
    }
    out += "\nOptions:\n";
    for flag in GLOBAL {
        out += &format!("      {}\n{}\n", flag.shown(), wrap(flag.help, 10));
    }
    out += "  -h, --help\n          Print help\n  -V, --version\n          Print version\n";
    out
}

/// `text` broken into lines of at most [`WIDTH`] columns, each indented by `indent`.
fn wrap(text: &str, indent: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && indent + line.len() + 1 + word.len() > WIDTH {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += word;
    }
    lines.push(line);
    let pad = " ".repeat(indent);
    lines
        .iter()
        .map(|line| format!("{pad}{line}"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::BackendChoice;

    fn no_env(_: &str) -> Option<OsString> {
        None
    }

    fn parse_line(line: &str) -> Result<Cli, Stop> {
        parse_with(line, no_env)
    }

    fn parse_with(line: &str, env: impl Fn(&str) -> Option<OsString>) -> Result<Cli, Stop> {
        parse(
            std::iter::once(BIN)
                .chain(line.split_whitespace())
                .map(OsString::from),
            env,
        )
    }

    fn usage_error(line: &str) -> String {
        match parse_line(line) {
            Err(Stop::Usage(text)) => text,
            other => panic!("{line}: expected a usage error, got {other:?}"),
        }
    }

    fn printed(line: &str) -> String {
        match parse_line(line) {
            Err(Stop::Print(text)) => text,
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
        } = cli.command
        else {
            panic!("serve")
        };
        assert_eq!((server.bridge_port, port, ide_managed), (0, 0, true));
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
        assert_eq!(port, crate::cli::DEFAULT_PORT);
        let Command::Bench(bench) = parse_line("bench --rounds 3").unwrap().command else {
            panic!("bench")
        };
        assert_eq!((bench.rounds, bench.warmup, bench.starts), (3, 5, 8));
        assert_eq!(bench.python, PathBuf::from("python3"));
    }

    #[test]
    fn environment_variables_count_only_where_the_flag_is_absent() {
        let env = |name: &str| match name {
            "JETBRAINS_DEBUGGER_BRAVE" => Some(OsString::from("yes")),
            "JETBRAINS_DEBUGGER_NO_BREAK_ON_UNCAUGHT" => Some(OsString::from("off")),
            "JETBRAINS_DEBUGGER_ALLOW_ORIGINS" => Some(OsString::from("http://a, http://b,")),
            _ => None,
        };
        let Command::Serve {
            server,
            allow_origin,
            ..
        } = parse_with("serve", env).unwrap().command
        else {
            panic!("serve")
        };
        assert!(server.brave && !server.no_break_on_uncaught);
        assert_eq!(allow_origin, ["http://a", "http://b"]);
        let Command::Serve { allow_origin, .. } = parse_with("serve --allow-origin http://c", env)
            .unwrap()
            .command
        else {
            panic!("serve")
        };
        assert_eq!(allow_origin, ["http://c"]);
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
        assert!(usage_error("install").contains("not provided: <CLIENT>"));
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
    fn help_lists_every_flag_and_choice_and_is_the_same_by_flag_or_by_command() {
        for spec in COMMANDS {
            let text = printed(&format!("{} --help", spec.name));
            assert_eq!(text, printed(&format!("help {}", spec.name)));
            assert_eq!(text, printed(&format!("{} -h", spec.name)));
            for flag in flags_of(Some(spec)) {
                assert!(text.contains(&flag.shown()), "{}: {}", spec.name, flag.name);
                for (choice, _) in flag.choices {
                    assert!(text.contains(&format!("- {choice}: ")));
                }
            }
            assert!(text.lines().all(|line| line.len() <= WIDTH), "{text}");
        }
        let top = printed("--help");
        assert_eq!(top, printed("help"));
        assert!(COMMANDS
            .iter()
            .all(|spec| top.contains(&format!("  {} ", spec.name))));
        assert!(printed("install --help").contains("SKILL.md"));
        assert_eq!(
            printed("-V"),
            format!("{BIN} {}\n", env!("CARGO_PKG_VERSION"))
        );
    }

    #[test]
    fn every_choice_of_the_table_is_a_backend() {
        let backend = flags_of(Some(command_named("stdio").unwrap()))
            .find(|flag| flag.name == "backend")
            .unwrap();
        for (choice, _) in backend.choices {
            assert!(choice.parse::<BackendChoice>().is_ok(), "{choice}");
        }
    }
}
