//! An adapter as a process: the command that starts it (a Python module, or an
//! executable found on `PATH`), where it runs, starting it as the leader of a process
//! group that dies with the server, and the DAP connection to it (stdio, or the
//! loopback port it announces; or one already listening in the program).

use super::profile::{
    attaching, whole_number, AdapterCommand, AdapterProfile, AdapterProgram, Transport,
};
use crate::launch_json::LaunchConfig;
use debugger_core::error::{ErrorCode, ToolError, ToolResult};
use serde_json::Value as Json;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, BufReader, Lines};
use tokio::process::{Child, ChildStdout, Command};

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
            env: &[],
        }),
        AdapterProgram::Executable { names, args, env } => names
            .iter()
            .find_map(|name| find_on_path(Path::new(name), path_var))
            .map(|program| AdapterCommand {
                program,
                args: args.iter().map(|a| a.to_string()).collect(),
                env,
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
        .envs(command.env.iter().copied())
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
pub(super) fn listening_address(line: &str) -> Option<String> {
    let address = line.split("listening at:").nth(1)?.trim();
    let (host, port) = address.rsplit_once(':')?;
    (is_loopback(host) && port.parse::<u16>().is_ok()).then(|| address.to_string())
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
