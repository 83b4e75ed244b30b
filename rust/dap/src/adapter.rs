//! Debug adapters as data: one [`AdapterProfile`] per adapter the standalone backend
//! drives ([`PROFILES`]), read by one general DAP session (`session.rs`). A profile
//! says which launch.json `type`s it serves, how the adapter is found and started
//! (a Python module or an executable on `PATH`; DAP over stdio, or over TCP on the
//! port it prints), what its `launch` request carries, how side-effect-free
//! evaluation is done there, what its exception stops mean, and its quirks. A new
//! adapter is a row of [`PROFILES`] plus tests.
//!
//! - **debugpy** (`debugpy`, `python`): Python; its own module documents it.
//! - **lldb-dap** (`lldb-dap`; CodeLLDB's `lldb` for what maps): C, C++, Rust. Read
//!   without `allow_side_effects` is lldb's variable path (the `hover` context:
//!   `a.b`, `p->c`, `a[0]`, `*p`), which never runs code in the program; its `watch`
//!   context compiles and runs anything, so it is used only with consent. Its
//!   `repl` context runs lldb commands and is never used. Stops on signals
//!   (`SIGABRT`, `SIGSEGV`) as exceptions. Does not answer `loadedSources` (lldb-dap
//!   19 aborts on it): capabilities are checked before such requests. Rust frame
//!   names lose their `::h<hash>` suffix.
//! - **Delve** (`go`, `dlv dap`, TCP only): Go. Builds the program itself, so it runs
//!   in the program's directory (where `go.mod` is found); its evaluation never calls
//!   a function unless the expression starts with `call`, which is refused without
//!   consent. Under Delve 1.20 the program writes to Delve's own stdout and stderr
//!   (forwarded as the program's output), and the exit status is told only as a
//!   console line, once Delve is told to disconnect. Stops on panics.

use crate::launch_json::LaunchConfig;
use crate::test_runs::{FailureStop, TestSupport};
use debugger_core::error::{ErrorCode, ToolError, ToolResult};
use debugger_core::model::LaunchMode;
use serde_json::{json, Map, Value as Json};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, BufReader, Lines};
use tokio::process::{Child, ChildStdout, Command};

/// One debug adapter the standalone backend can drive.
pub struct AdapterProfile {
    /// How messages and logs name it.
    pub name: &'static str,
    /// The launch.json `type`s it serves.
    pub types: &'static [&'static str],
    /// `list_run_configurations`' `type` for its configurations.
    pub label: &'static str,
    /// `initialize`'s `adapterID`.
    pub adapter_id: &'static str,
    pub program: AdapterProgram,
    pub transport: Transport,
    /// What to install when it is missing.
    pub install: &'static str,
    /// The language of its sessions, for the side-effect policy.
    pub language: &'static str,
    /// What a configuration of this adapter lacks, beyond launch.json's own rules.
    pub check: fn(&LaunchConfig) -> Vec<String>,
    /// The `launch` request's arguments.
    pub launch_arguments: fn(&LaunchRequest<'_>) -> Json,
    pub evaluation: Evaluation,
    /// Python's semantics: exception stops are exceptions of classes (caught or not,
    /// the project's exception breakpoints by class), frames belong to modules,
    /// arguments are read from the code object. Otherwise an exception stop is the
    /// program crashing (a signal, a panic).
    pub python_semantics: bool,
    /// Console lines that are the adapter's own talk, not the program's or a
    /// logpoint's: (starts with, contains).
    pub console_chatter: &'static [(&'static str, &'static str)],
    /// A run-mode (`noDebug`) launch still sends `initialized` and waits for
    /// `configurationDone` before the program starts.
    pub run_mode_configures: bool,
    /// Its variable listings keep the values of the stop, even after a
    /// `setVariable` (Delve): the set's own answer is the value to trust.
    pub listings_fixed_at_stop: bool,
    /// An attach with `connect` reaches the adapter already listening in the program
    /// (`python -m debugpy --listen`), instead of starting one.
    pub attach_connects: bool,
    /// One adapter is started ahead for the next launch (`warm.rs`): it speaks stdio
    /// and does not care where it runs.
    pub keep_warm: bool,
    /// The adapter runs in the program's directory instead of the launch's `cwd`.
    pub runs_in_program_dir: bool,
    /// The program writes to the adapter's own stdout and stderr (it inherits them)
    /// instead of its output arriving as `output` events.
    pub program_on_adapter_stdio: bool,
    /// The exit status arrives only in a console line, after this text.
    pub exit_status_after: Option<&'static str>,
    /// How its test launches stop at a failing test (`test_runs.rs`).
    pub tests: Option<TestSupport>,
    /// Why it cannot watch a value, said when it announces no `supportsDataBreakpoints`.
    pub no_watchpoints_because: &'static str,
}

/// How the adapter process is started.
pub enum AdapterProgram {
    /// `<python> -m <module>`, with the configuration's interpreter.
    PythonModule(&'static str),
    /// The first of `names` found on `PATH`, with `args`.
    Executable {
        names: &'static [&'static str],
        args: &'static [&'static str],
    },
}

/// How DAP reaches the adapter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport {
    Stdio,
    /// It listens on a loopback port it prints on stdout (`... at: 127.0.0.1:PORT`).
    TcpListen,
}

/// How a session evaluates without side effects, and with them.
pub struct Evaluation {
    /// `GuardedExpression`: the shim's runtime guard (debugpy), lldb's variable
    /// paths, or Delve's plain evaluation with these leading words refused.
    pub guard: Guard,
    /// The `evaluate` context of statements and consented expressions.
    pub statements_context: &'static str,
}

pub enum Guard {
    PythonShim,
    VariablePaths,
    RefusedPrefixes(&'static [&'static str]),
}

/// What a profile's `launch_arguments` builds from.
pub struct LaunchRequest<'a> {
    pub config: &'a LaunchConfig,
    pub mode: LaunchMode,
    pub session_id: &'a str,
    /// debugpy: the interpreter and the shim directory.
    pub python: Option<&'a Path>,
    pub shim: Option<&'a Path>,
}

/// The adapter command of one session.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AdapterCommand {
    pub program: PathBuf,
    pub args: Vec<String>,
}

pub const DEBUGPY: AdapterProfile = AdapterProfile {
    name: "debugpy",
    types: &["debugpy", "python"],
    label: "Python",
    adapter_id: "debugpy",
    program: AdapterProgram::PythonModule("debugpy.adapter"),
    transport: Transport::Stdio,
    install: "<python> -m pip install debugpy",
    language: "python",
    check: python_check,
    launch_arguments: |request| match attaching(request.config) {
        true => crate::debugpy::attach_arguments(request.config),
        false => crate::debugpy::launch_arguments(
            request.config,
            request.mode,
            request.session_id,
            request.python.unwrap_or(Path::new("python3")),
            request.shim,
            std::env::var_os("PYTHONPATH"),
        ),
    },
    evaluation: Evaluation {
        guard: Guard::PythonShim,
        statements_context: "repl",
    },
    python_semantics: true,
    console_chatter: &[],
    run_mode_configures: false,
    listings_fixed_at_stop: false,
    attach_connects: true,
    keep_warm: true,
    runs_in_program_dir: false,
    program_on_adapter_stdio: false,
    exit_status_after: None,
    tests: Some(TestSupport {
        runs_tests: python_runs_tests,
        failure: FailureStop::LeavingTestCode,
    }),
    no_watchpoints_because: "debugpy cannot watch a value for writes (Python has no data \
        breakpoints); set a breakpoint with a condition where it is assigned instead",
};

pub const LLDB_DAP: AdapterProfile = AdapterProfile {
    name: "lldb-dap",
    types: &["lldb-dap", "lldb"],
    label: "LLDB",
    adapter_id: "lldb-dap",
    program: AdapterProgram::Executable {
        names: &[
            "lldb-dap",
            "lldb-dap-22",
            "lldb-dap-21",
            "lldb-dap-20",
            "lldb-dap-19",
            "lldb-dap-18",
        ],
        args: &[],
    },
    transport: Transport::Stdio,
    install: "apt-get install lldb-19 (Debian; it ships lldb-dap-19)",
    language: "native",
    check: lldb_check,
    launch_arguments: lldb_launch_arguments,
    evaluation: Evaluation {
        guard: Guard::VariablePaths,
        statements_context: "watch",
    },
    python_semantics: false,
    console_chatter: &[
        ("Process ", " exited with status = "),
        ("Process ", " launched: "),
    ],
    run_mode_configures: true,
    listings_fixed_at_stop: false,
    attach_connects: false,
    keep_warm: true,
    runs_in_program_dir: false,
    program_on_adapter_stdio: false,
    exit_status_after: None,
    tests: None,
    no_watchpoints_because: "this lldb-dap announces no data breakpoints",
};

pub const DELVE: AdapterProfile = AdapterProfile {
    name: "Delve",
    types: &["go"],
    label: "Go",
    adapter_id: "go",
    program: AdapterProgram::Executable {
        names: &["dlv"],
        args: &["dap", "--listen=127.0.0.1:0"],
    },
    transport: Transport::TcpListen,
    install: "apt-get install delve golang-go (Debian), or go install github.com/go-delve/delve/cmd/dlv@latest",
    language: "go",
    check: delve_check,
    launch_arguments: delve_launch_arguments,
    evaluation: Evaluation {
        guard: Guard::RefusedPrefixes(&["call", "dlv"]),
        statements_context: "repl",
    },
    python_semantics: false,
    console_chatter: &[
        ("Type 'dlv help'", ""),
        ("Detaching", ""),
        ("Process ", " has exited with status "),
    ],
    run_mode_configures: false,
    listings_fixed_at_stop: true,
    attach_connects: false,
    keep_warm: false,
    runs_in_program_dir: true,
    program_on_adapter_stdio: true,
    exit_status_after: Some("has exited with status "),
    tests: Some(TestSupport {
        runs_tests: |config| delve_mode(config) == "test",
        failure: FailureStop::FrameworkCall {
            function: "testing.(*common).Fail",
            framework: "testing.",
            test_name: "c.name",
            log: "string(c.output)",
        },
    }),
    no_watchpoints_because: "Delve's DAP server has no data breakpoints (dlv's `watch` is \
        a command-line feature); set a breakpoint with a condition where it is assigned instead",
};

/// Every adapter the standalone backend drives.
pub const PROFILES: &[&AdapterProfile] = &[&DEBUGPY, &LLDB_DAP, &DELVE];

/// The profile serving a launch.json `type`.
pub fn profile_for(type_name: &str) -> Option<&'static AdapterProfile> {
    PROFILES
        .iter()
        .copied()
        .find(|p| p.types.contains(&type_name))
}

/// Why a configuration cannot be launched here, if it cannot: launch.json's own
/// problems, a type no profile serves, the profile's own check, an adapter that is
/// not installed (`path_var`: the `PATH` to look in).
pub fn unsupported(config: &LaunchConfig, path_var: Option<&OsStr>) -> Option<String> {
    let mut problems: Vec<String> = config.unsupported.iter().cloned().collect();
    match profile_for(&config.type_name) {
        None if config.type_name.is_empty() => {}
        None => problems.push(format!(
            "type \"{}\" is not supported by the standalone backend ({})",
            config.type_name,
            supported_types()
        )),
        Some(profile) => {
            problems.extend((profile.check)(config));
            if let Err(missing) = locate(profile, None, path_var) {
                problems.push(missing.message);
            }
        }
    }
    (!problems.is_empty()).then(|| problems.join("; "))
}

fn supported_types() -> String {
    PROFILES
        .iter()
        .map(|p| p.types.join(" / "))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The command that starts `profile`'s adapter. A Python module runs with
/// `python` (the session's interpreter, already chosen); an executable is looked up
/// on `PATH`, and a missing one is `debugger_unavailable` naming what to install.
pub fn locate(
    profile: &AdapterProfile,
    python: Option<&Path>,
    path_var: Option<&OsStr>,
) -> ToolResult<AdapterCommand> {
    match &profile.program {
        AdapterProgram::PythonModule(module) => Ok(AdapterCommand {
            program: python.unwrap_or(Path::new("python3")).to_path_buf(),
            args: vec!["-m".into(), module.to_string()],
        }),
        AdapterProgram::Executable { names, args } => names
            .iter()
            .find_map(|name| find_on_path(Path::new(name), path_var))
            .map(|program| AdapterCommand {
                program,
                args: args.iter().map(|a| a.to_string()).collect(),
            })
            .ok_or_else(|| {
                ToolError::new(
                    ErrorCode::DebuggerUnavailable,
                    format!(
                        "{} is not installed (none of {} on PATH); install it: {}",
                        profile.name,
                        names.join(", "),
                        profile.install
                    ),
                )
                .with_detail("install", profile.install)
            }),
    }
}

/// `name` as a command would find it: a path (with a slash) must be an existing
/// file; a bare name is the first executable of that name in `path_var`.
pub fn find_on_path(name: &Path, path_var: Option<&OsStr>) -> Option<PathBuf> {
    if name.components().count() > 1 || name.is_absolute() {
        return name.is_file().then(|| name.to_path_buf());
    }
    std::env::split_paths(path_var?)
        .flat_map(|dir| command_file_names(name).map(move |file| dir.join(file)))
        .find(|p| is_executable(p))
}

/// The file names a command is found under: itself, and on Windows first with the
/// extensions a command takes there (`lldb-dap` is `lldb-dap.exe`).
fn command_file_names(name: &Path) -> impl Iterator<Item = PathBuf> + '_ {
    let extensions: &[&str] = if cfg!(windows) && name.extension().is_none() {
        &[".exe", ".cmd", ".bat", ".com"]
    } else {
        &[]
    };
    extensions
        .iter()
        .map(move |extension| {
            let mut file = name.as_os_str().to_owned();
            file.push(extension);
            PathBuf::from(file)
        })
        .chain(std::iter::once(name.to_path_buf()))
}

#[cfg(unix)]
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Windows has no executable bit: the extension made it a command.
#[cfg(not(unix))]
fn is_executable(path: &Path) -> bool {
    path.is_file()
}

/// Start the adapter on piped stdio as the leader of a new process group (so the
/// whole group can be killed) that gets SIGKILL when the thread that spawned it
/// dies (Linux; tokio's worker threads live as long as the runtime), with the
/// session's `tag` in its environment (inherited by the whole tree: see `tree`).
pub fn spawn(command: &AdapterCommand, cwd: &Path, tag: &str) -> ToolResult<Child> {
    let mut cmd = Command::new(&command.program);
    cmd.args(&command.args)
        .env(crate::tree::TAG_ENV, tag)
        .current_dir(cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    // Windows has no process groups: there the adapter is killed by its handle, and what
    // it started is not reached (the tags of `tree` are read from Linux's /proc only).
    #[cfg(unix)]
    cmd.process_group(0);
    #[cfg(target_os = "linux")]
    // SAFETY: the closure only calls the async-signal-safe prctl(2) between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            if libc::prctl(
                libc::PR_SET_PDEATHSIG,
                libc::SIGKILL as libc::c_ulong,
                0,
                0,
                0,
            ) != 0
            {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    cmd.spawn().map_err(|e| {
        ToolError::new(
            ErrorCode::DebuggerUnavailable,
            format!(
                "cannot start '{} {}': {e}",
                command.program.display(),
                command.args.join(" ")
            ),
        )
    })
}

/// The DAP connection to a started adapter, and (TCP) the rest of the adapter's
/// stdout, which the session reads (and forwards where the program writes there).
pub struct Connection {
    pub reader: Box<dyn AsyncRead + Send + Unpin>,
    pub writer: Box<dyn AsyncWrite + Send + Unpin>,
    pub adapter_stdout: Option<Lines<BufReader<ChildStdout>>>,
}

/// Connect to the adapter `child`: its stdio, or the loopback port it announces on
/// stdout within `timeout`.
pub async fn connect(
    transport: Transport,
    child: &mut Child,
    timeout: Duration,
) -> ToolResult<Connection> {
    let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
        return Err(ToolError::internal("adapter spawned without piped stdio"));
    };
    if transport == Transport::Stdio {
        return Ok(Connection {
            reader: Box::new(stdout),
            writer: Box::new(stdin),
            adapter_stdout: None,
        });
    }
    let mut lines = BufReader::new(stdout).lines();
    let announced = tokio::time::timeout(timeout, async {
        let mut said = Vec::new();
        while let Ok(Some(line)) = lines.next_line().await {
            if let Some(address) = listening_address(&line) {
                return Ok(address);
            }
            said.push(line);
        }
        Err(said.join("\n"))
    })
    .await;
    let address = match announced {
        Ok(Ok(address)) => address,
        Ok(Err(said)) => {
            return Err(ToolError::new(
                ErrorCode::AdapterCrashed,
                format!("the adapter ended before it listened for DAP: {said}"),
            ))
        }
        Err(_) => {
            return Err(ToolError::new(
                ErrorCode::Timeout,
                format!(
                    "the adapter did not listen for DAP within {} s",
                    timeout.as_secs()
                ),
            ))
        }
    };
    // Stdin is of no use over TCP; closing it does not end the adapter.
    drop(stdin);
    Ok(Connection {
        adapter_stdout: Some(lines),
        ..connect_to(&address).await?
    })
}

/// DAP over TCP to an adapter listening at `address`.
pub async fn connect_to(address: &str) -> ToolResult<Connection> {
    let stream = tokio::net::TcpStream::connect(address).await.map_err(|e| {
        ToolError::new(
            ErrorCode::AdapterFailed,
            format!("cannot connect to the adapter at {address}: {e}"),
        )
    })?;
    // Small DAP messages both ways: without TCP_NODELAY, Nagle's algorithm and delayed
    // ACKs hold a message sent in two writes for ~40 ms.
    let _ = stream.set_nodelay(true);
    let (reader, writer) = stream.into_split();
    Ok(Connection {
        reader: Box::new(reader),
        writer: Box::new(writer),
        adapter_stdout: None,
    })
}

/// Where an attach finds its adapter already listening in the program (debugpy's
/// `connect`), for a profile that can: `host:port`, loopback only.
pub fn listening_adapter(profile: &AdapterProfile, config: &LaunchConfig) -> Option<String> {
    if !(profile.attach_connects && attaching(config)) {
        return None;
    }
    let connect = config.extra.get("connect")?;
    let host = connect
        .get("host")
        .and_then(Json::as_str)
        .unwrap_or("127.0.0.1");
    let port: u16 = connect.get("port").and_then(whole_number)?;
    Some(format!("{host}:{port}")).filter(|_| is_loopback(host))
}

fn is_loopback(host: &str) -> bool {
    matches!(host, "127.0.0.1" | "localhost" | "::1" | "[::1]")
}

/// `HOST:PORT` of a line like Delve's `DAP server listening at: 127.0.0.1:43817`,
/// loopback only.
fn listening_address(line: &str) -> Option<String> {
    let address = line.split("listening at:").nth(1)?.trim();
    let (host, port) = address.rsplit_once(':')?;
    (is_loopback(host) && port.parse::<u16>().is_ok()).then(|| address.to_string())
}

/// Whether a console line is `profile`'s own talk ([`AdapterProfile::console_chatter`]).
pub fn is_chatter(profile: &AdapterProfile, line: &str) -> bool {
    profile
        .console_chatter
        .iter()
        .any(|(start, inside)| line.starts_with(start) && line.contains(inside))
}

/// The exit status in a console line after `marker` (`... has exited with status 2`).
pub fn exit_status_in(line: &str, marker: &str) -> Option<i32> {
    let rest = &line[line.find(marker)? + marker.len()..];
    let digits: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '-')
        .collect();
    digits.parse().ok()
}

/// Whether a configuration attaches to a program started elsewhere.
pub fn attaching(config: &LaunchConfig) -> bool {
    config.request == "attach"
}

/// The process id an attach configuration names (`field`: a number, or digits).
pub fn process_id(config: &LaunchConfig, field: &str) -> Option<u32> {
    config.extra.get(field).and_then(whole_number)
}

/// A launch.json number as written: a JSON number, or digits in a string (as
/// `${env:PORT}` substitutes); `None` when it does not fit `T`.
fn whole_number<T: TryFrom<u64> + std::str::FromStr>(value: &Json) -> Option<T> {
    match value {
        Json::Number(n) => n.as_u64().and_then(|n| T::try_from(n).ok()),
        Json::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// An attach configuration's problem when it names no process (`what` it needs).
fn attach_target(what: &str, present: bool) -> Vec<String> {
    match present {
        true => vec![],
        false => vec![format!("an attach configuration needs {what}")],
    }
}

/// A Python launch runs tests when it runs pytest or unittest as a module, or a test
/// file (`test_*.py`, `*_test.py`: one that calls `unittest.main()`, say).
fn python_runs_tests(config: &LaunchConfig) -> bool {
    let module = config.module.as_deref().unwrap_or_default();
    let module = module.split('.').next().unwrap_or_default();
    let file_name = config
        .program
        .as_deref()
        .and_then(Path::file_name)
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    matches!(module, "pytest" | "unittest") || crate::file_launch::is_python_test(&file_name)
}

fn python_check(config: &LaunchConfig) -> Vec<String> {
    if attaching(config) {
        if config.extra.contains_key("connect") && listening_adapter(&DEBUGPY, config).is_none() {
            return vec![
                "\"connect\" needs a \"port\" and a host on this machine (127.0.0.1, localhost)"
                    .into(),
            ];
        }
        return attach_target(
            "\"connect\": {\"host\", \"port\"} (debugpy --listen) or \"processId\"",
            config.extra.contains_key("connect") || process_id(config, "processId").is_some(),
        );
    }
    match (&config.program, &config.module) {
        (None, None) => vec!["it names neither \"program\" nor \"module\"".into()],
        (Some(_), Some(_)) => vec!["it names both \"program\" and \"module\"".into()],
        _ => vec![],
    }
}

/// lldb-dap launch fields passed through from an `lldb-dap` entry as written.
const LLDB_PASSED_THROUGH: &[&str] = &[
    "initCommands",
    "preRunCommands",
    "postRunCommands",
    "stopCommands",
    "exitCommands",
    "terminateCommands",
    "sourceMap",
    "sourcePath",
    "debuggerRoot",
    "shellExpandArguments",
    "disableASLR",
    "disableSTDIO",
];

fn lldb_check(config: &LaunchConfig) -> Vec<String> {
    if attaching(config) {
        return attach_target("\"pid\"", process_id(config, "pid").is_some());
    }
    let mut problems = Vec::new();
    if config.program.is_none() {
        problems.push("it names no \"program\" (the built binary)".to_string());
    }
    if config.type_name == "lldb" && config.extra.contains_key("cargo") {
        problems.push(
            "CodeLLDB's \"cargo\" build is not run here: build first and name the binary in \"program\""
                .to_string(),
        );
    }
    problems
}

fn lldb_launch_arguments(request: &LaunchRequest<'_>) -> Json {
    let config = request.config;
    if attaching(config) {
        return json!({ "name": config.name, "pid": process_id(config, "pid") });
    }
    let mut args = Map::new();
    if config.type_name == "lldb-dap" {
        for key in LLDB_PASSED_THROUGH {
            if let Some(value) = config.extra.get(*key) {
                args.insert(key.to_string(), value.clone());
            }
        }
    }
    let env: Vec<String> = config.env.iter().map(|(k, v)| format!("{k}={v}")).collect();
    args.extend(
        json!({
            "name": config.name,
            "program": config.program,
            "args": config.args,
            "cwd": config.cwd,
            "env": env,
            "stopOnEntry": config.stop_on_entry && request.mode == LaunchMode::Debug,
            "noDebug": request.mode == LaunchMode::Run,
        })
        .as_object()
        .cloned()
        .unwrap_or_default(),
    );
    Json::Object(args)
}

fn delve_mode(config: &LaunchConfig) -> &str {
    config
        .extra
        .get("mode")
        .and_then(Json::as_str)
        .unwrap_or("debug")
}

fn delve_check(config: &LaunchConfig) -> Vec<String> {
    if attaching(config) {
        return attach_target(
            "\"processId\" (Delve attaches to a local process)",
            process_id(config, "processId").is_some(),
        );
    }
    let mut problems = Vec::new();
    if config.program.is_none() {
        problems.push(
            "it names no \"program\" (a package directory, a .go file, or a binary for mode exec)"
                .to_string(),
        );
    }
    match delve_mode(config) {
        "debug" | "test" | "exec" | "auto" => {}
        other => problems.push(format!(
            "mode \"{other}\" is not supported (debug, test, exec)"
        )),
    }
    problems
}

fn delve_launch_arguments(request: &LaunchRequest<'_>) -> Json {
    let config = request.config;
    if attaching(config) {
        return json!({
            "name": config.name,
            "mode": "local",
            "processId": process_id(config, "processId"),
        });
    }
    let mut args = json!({
        "name": config.name,
        "mode": delve_mode(config),
        "program": config.program,
        "args": config.args,
        "cwd": config.cwd,
        "env": config.env,
        "stopOnEntry": config.stop_on_entry && request.mode == LaunchMode::Debug,
        "noDebug": request.mode == LaunchMode::Run,
    });
    if delve_mode(config) != "exec" {
        // The built binary goes to the temporary directory, not into the project.
        let output = std::env::temp_dir().join(format!(
            "jetbrains-debugger-{}-{}",
            std::process::id(),
            request.session_id
        ));
        args["output"] = json!(output);
    }
    for key in ["buildFlags", "showGlobalVariables", "substitutePath"] {
        if let Some(value) = config.extra.get(key) {
            args[key] = value.clone();
        }
    }
    args
}

/// Where the adapter process runs: the launch's `cwd`, or the program's directory
/// for an adapter that builds the program (Delve: `go build` finds `go.mod` there).
pub fn adapter_cwd(profile: &AdapterProfile, config: &LaunchConfig, project: &Path) -> PathBuf {
    let program_dir = config.program.as_ref().map(|p| {
        if p.is_dir() {
            p.clone()
        } else {
            p.parent().map(Path::to_path_buf).unwrap_or_default()
        }
    });
    let wanted = match profile.runs_in_program_dir {
        true => program_dir.unwrap_or_else(|| config.cwd.clone()),
        false => config.cwd.clone(),
    };
    if wanted.is_dir() {
        wanted
    } else {
        project.to_path_buf()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::launch_json::parse_launch_json;

    fn configs(entries: &str) -> Vec<LaunchConfig> {
        parse_launch_json(
            &format!("{{\"configurations\": [{entries}]}}"),
            Path::new("/home/ada/shop"),
            &|_| None,
            "launch.json",
        )
        .unwrap()
    }

    fn one(entry: &str) -> LaunchConfig {
        configs(entry).remove(0)
    }

    /// A PATH holding executables named `names`.
    fn path_with(names: &[&str]) -> (tempfile::TempDir, std::ffi::OsString) {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        for name in names {
            let file = dir.path().join(name);
            std::fs::write(&file, "#!/bin/sh\n").unwrap();
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        let path = dir.path().as_os_str().to_owned();
        (dir, path)
    }

    #[test]
    fn each_type_finds_its_profile() {
        for (ty, name) in [
            ("debugpy", "debugpy"),
            ("python", "debugpy"),
            ("lldb-dap", "lldb-dap"),
            ("lldb", "lldb-dap"),
            ("go", "Delve"),
        ] {
            assert_eq!(profile_for(ty).map(|p| p.name), Some(name), "{ty}");
        }
        assert!(profile_for("node").is_none());
    }

    #[test]
    fn unsupported_names_the_type_the_field_or_the_package() {
        let (_dir, empty) = path_with(&[]);
        let node = one(r#"{"name": "n", "type": "node", "request": "launch", "program": "a.js"}"#);
        let why = unsupported(&node, Some(&empty)).unwrap();
        assert!(why.contains("type \"node\" is not supported"), "{why}");
        assert!(
            why.contains("lldb-dap / lldb") && why.contains("go"),
            "{why}"
        );

        let c = one(
            r#"{"name": "c", "type": "lldb-dap", "request": "launch", "program": "build/app"}"#,
        );
        let why = unsupported(&c, Some(&empty)).unwrap();
        assert!(why.contains("apt-get install lldb-19"), "{why}");
        let (_dir, with_lldb) = path_with(&["lldb-dap-19"]);
        assert_eq!(unsupported(&c, Some(&with_lldb)), None);

        let go = one(
            r#"{"name": "g", "type": "go", "request": "launch", "mode": "core", "program": "."}"#,
        );
        let (_dir, with_dlv) = path_with(&["dlv"]);
        let why = unsupported(&go, Some(&with_dlv)).unwrap();
        assert!(why.contains("mode \"core\""), "{why}");
        let why = unsupported(&go, Some(&empty)).unwrap();
        assert!(why.contains("apt-get install delve"), "{why}");

        let cargo = one(
            r#"{"name": "r", "type": "lldb", "request": "launch", "program": "target/debug/app", "cargo": {"args": ["build"]}}"#,
        );
        let why = unsupported(&cargo, Some(&with_lldb)).unwrap();
        assert!(why.contains("\"cargo\""), "{why}");
    }

    #[test]
    fn python_needs_a_program_or_a_module() {
        let (_dir, path) = path_with(&[]);
        let list = configs(
            r#"{"name": "none", "type": "debugpy", "request": "launch"},
               {"name": "both", "type": "debugpy", "request": "launch", "program": "a.py", "module": "a"},
               {"name": "fine", "type": "python", "request": "launch", "module": "a"}"#,
        );
        let why =
            |name: &str| unsupported(list.iter().find(|c| c.name == name).unwrap(), Some(&path));
        assert!(why("none").unwrap().contains("neither"));
        assert!(why("both").unwrap().contains("both"));
        assert_eq!(why("fine"), None);
    }

    #[test]
    fn lldb_launch_takes_env_as_assignments_and_passes_its_own_fields() {
        let c = one(
            r#"{"name": "c", "type": "lldb-dap", "request": "launch", "program": "app", "args": ["-v"],
                "env": {"A": "1"}, "initCommands": ["settings set x y"], "python": "nope"}"#,
        );
        let request = |mode| LaunchRequest {
            config: &c,
            mode,
            session_id: "dap-1",
            python: None,
            shim: None,
        };
        let args = lldb_launch_arguments(&request(LaunchMode::Debug));
        assert_eq!(args["program"], json!("/home/ada/shop/app"));
        assert_eq!(args["env"], json!(["A=1"]));
        assert_eq!(args["initCommands"], json!(["settings set x y"]));
        assert_eq!(args["noDebug"], json!(false));
        assert!(args.get("python").is_none());
        assert_eq!(
            lldb_launch_arguments(&request(LaunchMode::Run))["noDebug"],
            json!(true)
        );
    }

    #[test]
    fn delve_builds_outside_the_project_and_runs_in_the_program_dir() {
        let c = one(
            r#"{"name": "g", "type": "go", "request": "launch", "mode": "test", "program": "pkg", "buildFlags": "-tags=x"}"#,
        );
        let args = delve_launch_arguments(&LaunchRequest {
            config: &c,
            mode: LaunchMode::Debug,
            session_id: "dap-7",
            python: None,
            shim: None,
        });
        assert_eq!(args["mode"], json!("test"));
        assert_eq!(args["buildFlags"], json!("-tags=x"));
        let output = args["output"].as_str().unwrap();
        assert!(
            !output.starts_with("/home/ada/shop") && output.ends_with("-dap-7"),
            "{output}"
        );
        let dir = tempfile::tempdir().unwrap();
        let pkg = dir.path().join("pkg");
        std::fs::create_dir(&pkg).unwrap();
        let mut local = c.clone();
        local.program = Some(pkg.clone());
        assert_eq!(adapter_cwd(&DELVE, &local, dir.path()), pkg);
        local.program = Some(pkg.join("main.go"));
        assert_eq!(adapter_cwd(&DELVE, &local, dir.path()), pkg);
        assert_eq!(adapter_cwd(&LLDB_DAP, &local, dir.path()), dir.path());
    }

    #[test]
    fn delve_announces_a_loopback_port_and_its_exit_status() {
        assert_eq!(
            listening_address("DAP server listening at: 127.0.0.1:35489").as_deref(),
            Some("127.0.0.1:35489")
        );
        assert_eq!(
            listening_address("DAP server listening at: 10.0.0.1:35489"),
            None
        );
        assert_eq!(listening_address("Type 'dlv help'"), None);
        let marker = DELVE.exit_status_after.unwrap();
        assert_eq!(
            exit_status_in("Process 18916 has exited with status 2\n", marker),
            Some(2)
        );
        assert_eq!(
            exit_status_in("Process 1 has exited with status -1", marker),
            Some(-1)
        );
        assert_eq!(exit_status_in("Detaching", marker), None);
        assert!(is_chatter(
            &DELVE,
            "Type 'dlv help' for list of commands.\n"
        ));
        assert!(is_chatter(
            &LLDB_DAP,
            "Process 42 exited with status = 0 (0x00000000)\n"
        ));
        assert!(
            !is_chatter(&LLDB_DAP, "Process total=3\n"),
            "a logpoint's text"
        );
        assert!(!is_chatter(&DEBUGPY, "Process 42 exited with status = 0\n"));
    }
}
