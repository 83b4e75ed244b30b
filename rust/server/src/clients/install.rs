//! Running a coding client's own installer (`claude mcp add ...`) the way a
//! GUI-launched IDE must: the executable is looked up on the user's login-shell PATH
//! (an IDE started from the dock or a desktop file does not have the terminal's
//! PATH), plus the current PATH and the folders npm, Homebrew, nvm and the native
//! installers use; the command runs with that PATH, stdin closed, output captured
//! (tail kept), every step bounded. Installing is idempotent: the earlier entry is
//! removed first (a failure there means "there was none"), then added.
//!
//! Windows: `claude.cmd` (npm) runs through `cmd /c`, `claude.exe` directly; there
//! is no login shell to ask.

use super::catalogue::{ClientId, Installer};
use debugger_ide::wire::ClientInstallResult;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

/// The longest one CLI step may take.
pub const STEP_TIMEOUT: Duration = Duration::from_secs(60);
/// The longest a whole install may take: below the bridge's 90 s for
/// `clients/install`, so the IDE hears the outcome rather than a timeout.
pub const INSTALL_BUDGET: Duration = Duration::from_secs(80);
/// The longest the login shell may take to print its PATH.
const LOGIN_SHELL_TIMEOUT: Duration = Duration::from_secs(5);
/// How much of a CLI's output is kept (the tail).
const OUTPUT_TAIL: usize = 4000;
/// How much of a CLI's error text goes into a notification (the tail).
const MESSAGE_TAIL: usize = 600;

/// A client that has no command-line installer (its snippet is the way).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "{} has no command-line installer: use its configuration snippet (COPY CONFIGURATION, \
     or `jetbrains-debugger-mcp config {client}`).",
    client.name()
)]
pub struct NoInstaller {
    pub client: ClientId,
}

/// Why running a client's installer did not configure it.
#[derive(Debug, thiserror::Error)]
pub enum InstallError {
    #[error(
        "the `{program}` command was not found (looked in the login shell's PATH and the usual \
         folders). {how_to_get}"
    )]
    NotFound {
        program: &'static str,
        how_to_get: &'static str,
    },
    #[error("could not start `{command}`: {source}")]
    Spawn {
        command: String,
        source: std::io::Error,
    },
    #[error("`{command}` did not finish within {} s", timeout.as_secs())]
    TimedOut {
        command: String,
        timeout: Duration,
        output: String,
    },
    #[error("`{command}` failed ({status}): {error_text}")]
    Failed {
        command: String,
        status: String,
        /// The CLI's own words (the tail of stderr, else of stdout).
        error_text: String,
        output: String,
    },
}

impl InstallError {
    /// The captured output, where a process ran.
    fn output(&self) -> &str {
        match self {
            InstallError::TimedOut { output, .. } | InstallError::Failed { output, .. } => output,
            _ => "",
        }
    }
}

/// The folders searched for a client's executable, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchPath {
    dirs: Vec<PathBuf>,
}

impl SearchPath {
    pub fn new(dirs: impl IntoIterator<Item = PathBuf>) -> Self {
        let mut unique: Vec<PathBuf> = Vec::new();
        for dir in dirs {
            if !dir.as_os_str().is_empty() && !unique.contains(&dir) {
                unique.push(dir);
            }
        }
        Self { dirs: unique }
    }

    /// The login shell's PATH, then this process's PATH, then the usual folders.
    pub async fn discover() -> Self {
        let login = match std::env::var_os("SHELL").filter(|s| !s.is_empty()) {
            Some(shell) if !cfg!(windows) => login_shell_path(&shell).await.unwrap_or_default(),
            _ => OsString::new(),
        };
        let current = std::env::var_os("PATH").unwrap_or_default();
        let home = home_dir();
        Self::new(
            std::env::split_paths(&login)
                .chain(std::env::split_paths(&current))
                .chain(usual_folders(home.as_deref())),
        )
    }

    /// The executable `program` in the first folder that has it.
    pub fn find(&self, program: &str) -> Option<PathBuf> {
        let names: Vec<String> = if cfg!(windows) {
            [".exe", ".cmd", ".bat", ""]
                .iter()
                .map(|ext| format!("{program}{ext}"))
                .collect()
        } else {
            vec![program.to_string()]
        };
        self.dirs
            .iter()
            .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
            .find(|candidate| is_executable(candidate))
    }

    /// The folders as a PATH value, for the child.
    pub fn joined(&self) -> OsString {
        std::env::join_paths(&self.dirs).unwrap_or_default()
    }
}

fn home_dir() -> Option<PathBuf> {
    let var = if cfg!(windows) { "USERPROFILE" } else { "HOME" };
    std::env::var_os(var)
        .filter(|h| !h.is_empty())
        .map(PathBuf::from)
}

/// Where npm, Homebrew, nvm and the clients' native installers put executables.
fn usual_folders(home: Option<&Path>) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if cfg!(windows) {
        if let Some(app_data) = std::env::var_os("APPDATA") {
            dirs.push(PathBuf::from(app_data).join("npm"));
        }
        if let Some(home) = home {
            dirs.push(home.join(".local").join("bin"));
        }
        return dirs;
    }
    if let Some(nvm_bin) = std::env::var_os("NVM_BIN") {
        dirs.push(PathBuf::from(nvm_bin));
    }
    if let Some(home) = home {
        for relative in [
            ".local/bin",
            ".npm-global/bin",
            ".claude/local",
            ".nvm/current/bin",
            ".volta/bin",
            ".bun/bin",
        ] {
            dirs.push(home.join(relative));
        }
        dirs.extend(newest_nvm_node(home));
    }
    dirs.push(PathBuf::from("/opt/homebrew/bin"));
    dirs.push(PathBuf::from("/usr/local/bin"));
    dirs
}

/// `~/.nvm/versions/node/<newest>/bin`, where nvm keeps its Node versions.
fn newest_nvm_node(home: &Path) -> Option<PathBuf> {
    let versions = std::fs::read_dir(home.join(".nvm/versions/node")).ok()?;
    let number = |name: &str| -> Vec<u64> {
        name.trim_start_matches('v')
            .split('.')
            .map(|part| part.parse().unwrap_or(0))
            .collect()
    };
    versions
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .max_by_key(|name| number(name))
        .map(|newest| home.join(".nvm/versions/node").join(newest).join("bin"))
}

fn is_executable(path: &Path) -> bool {
    let Ok(metadata) = std::fs::metadata(path) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        metadata.is_file() && metadata.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    {
        metadata.is_file()
    }
}

const PATH_START: &str = "__JBD_PATH_START__";
const PATH_END: &str = "__JBD_PATH_END__";

/// The PATH of the user's login shell (`$SHELL -ilc`, interactive too because nvm and
/// friends are set up in the rc files), or `None` when it cannot be started or does not
/// answer in time. Markers separate the PATH from whatever the rc files print.
async fn login_shell_path(shell: &OsStr) -> Option<OsString> {
    let print_path = if Path::new(&shell).file_name() == Some(OsStr::new("fish")) {
        format!("printf '%s' '{PATH_START}'(string join : $PATH)'{PATH_END}'")
    } else {
        format!("printf '%s' \"{PATH_START}${{PATH}}{PATH_END}\"")
    };
    let mut command = tokio::process::Command::new(shell);
    command
        .args(["-ilc", &print_path])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    let child = match detached(&mut command).spawn() {
        Ok(child) => child,
        Err(err) => {
            tracing::debug!(%err, "cannot start the login shell");
            return None;
        }
    };
    let pid = child.id();
    let output = match tokio::time::timeout(LOGIN_SHELL_TIMEOUT, child.wait_with_output()).await {
        Ok(Ok(output)) => output,
        Ok(Err(err)) => {
            tracing::debug!(%err, "cannot ask the login shell for its PATH");
            return None;
        }
        Err(_) => {
            kill_group(pid);
            tracing::debug!("the login shell did not print its PATH in time");
            return None;
        }
    };
    let text = String::from_utf8_lossy(&output.stdout);
    let start = text.rfind(PATH_START)? + PATH_START.len();
    let end = start + text[start..].find(PATH_END)?;
    Some(OsString::from(&text[start..end]))
}

/// Start the child in a session of its own (Unix): without a controlling terminal an
/// interactive login shell cannot take over the user's terminal (bash `-i` would open
/// `/dev/tty` for job control) and a CLI cannot stop to prompt on it; and on a timeout
/// the whole process group goes ([`kill_group`]). The child is also killed when the
/// future waiting for it is dropped.
fn detached(command: &mut tokio::process::Command) -> &mut tokio::process::Command {
    command.kill_on_drop(true);
    #[cfg(unix)]
    // SAFETY: the closure only calls the async-signal-safe setsid(2) between fork and exec.
    unsafe {
        command.pre_exec(|| {
            if libc::setsid() == -1 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    command
}

/// Kill the process group a [`detached`] child leads (its pid is the group's id).
fn kill_group(pid: Option<u32>) {
    #[cfg(unix)]
    if let Some(pid) = pid.and_then(|p| libc::pid_t::try_from(p).ok()) {
        // SAFETY: kill(2) with a negative pid signals that process group only.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
    #[cfg(not(unix))]
    let _ = pid;
}

/// How to start `executable` with `args`: batch files (npm's `claude.cmd`) through
/// `cmd /c`, everything else directly.
fn invocation(executable: &Path, args: &[String]) -> (OsString, Vec<OsString>) {
    let batch = executable
        .extension()
        .map(|e| e.eq_ignore_ascii_case("cmd") || e.eq_ignore_ascii_case("bat"))
        .unwrap_or(false);
    let args = args.iter().map(OsString::from);
    if batch {
        let mut wrapped = vec![OsString::from("/c"), executable.as_os_str().to_owned()];
        wrapped.extend(args);
        (OsString::from("cmd"), wrapped)
    } else {
        (executable.as_os_str().to_owned(), args.collect())
    }
}

/// What a finished step printed.
struct StepOutput {
    success: bool,
    status: String,
    stdout: String,
    stderr: String,
}

/// Run one step, at most `timeout`.
async fn run_step(
    executable: &Path,
    args: &[String],
    path: &OsStr,
    command: &str,
    timeout: Duration,
) -> Result<StepOutput, InstallError> {
    let (program, args) = invocation(executable, args);
    let mut step = tokio::process::Command::new(program);
    step.args(args)
        .env("PATH", path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let child = detached(&mut step)
        .spawn()
        .map_err(|source| InstallError::Spawn {
            command: command.to_string(),
            source,
        })?;
    let pid = child.id();
    match tokio::time::timeout(timeout, child.wait_with_output()).await {
        Ok(Ok(output)) => Ok(StepOutput {
            success: output.status.success(),
            status: output.status.to_string(),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        }),
        Ok(Err(source)) => Err(InstallError::Spawn {
            command: command.to_string(),
            source,
        }),
        Err(_) => {
            kill_group(pid);
            Err(InstallError::TimedOut {
                command: command.to_string(),
                timeout,
                output: String::new(),
            })
        }
    }
}

/// The last `limit` characters of `text`, cut at a character boundary.
fn tail(text: &str, limit: usize) -> String {
    let count = text.chars().count();
    if count <= limit {
        return text.to_string();
    }
    let skipped: String = text.chars().skip(count - limit).collect();
    format!("…{skipped}")
}

/// Run `installer` (remove, then add) with the executables of `search`. Returns the
/// captured output on success.
pub async fn run(installer: &Installer, search: &SearchPath) -> Result<String, InstallError> {
    let executable = search
        .find(installer.program)
        .ok_or(InstallError::NotFound {
            program: installer.program,
            how_to_get: installer.how_to_get,
        })?;
    let path = search.joined();
    let deadline = Instant::now() + INSTALL_BUDGET;
    let budget = || STEP_TIMEOUT.min(deadline.saturating_duration_since(Instant::now()));
    let mut output = String::new();

    let remove_command = installer.remove_command();
    let removed = run_step(
        &executable,
        &installer.remove,
        &path,
        &remove_command,
        budget(),
    )
    .await?;
    // A failed remove means there was nothing to remove; the add below reports real trouble.
    output.push_str(&removed.stdout);
    output.push_str(&removed.stderr);

    let add_command = installer.add_command();
    let added = match run_step(&executable, &installer.add, &path, &add_command, budget()).await {
        Err(InstallError::TimedOut {
            command, timeout, ..
        }) => {
            return Err(InstallError::TimedOut {
                command,
                timeout,
                output: tail(&output, OUTPUT_TAIL),
            })
        }
        other => other?,
    };
    output.push_str(&added.stdout);
    output.push_str(&added.stderr);
    let output = tail(&output, OUTPUT_TAIL);
    if added.success {
        return Ok(output);
    }
    let own_words = if added.stderr.trim().is_empty() {
        &added.stdout
    } else {
        &added.stderr
    };
    Err(InstallError::Failed {
        command: add_command,
        status: added.status,
        error_text: tail(own_words.trim(), MESSAGE_TAIL),
        output,
    })
}

/// Install `client` for `url` (its entry carrying `token`, when given) and describe the
/// outcome, success or failure, for a notification.
pub async fn install(
    client: ClientId,
    url: &str,
    token: Option<&str>,
    search: &SearchPath,
) -> Result<ClientInstallResult, NoInstaller> {
    let installer = client.installer(url, token).ok_or(NoInstaller { client })?;
    let outcome = run(&installer, search).await;
    let command = installer.add_command();
    Ok(match outcome {
        Ok(output) => ClientInstallResult {
            client: client.id().into(),
            ok: true,
            command,
            message: format!(
                "{} is configured: {} → {url}. Sessions started from now on have the \
                 debugger tools.",
                client.name(),
                crate::mcp::SERVER_NAME,
            ),
            output,
        },
        Err(error) => ClientInstallResult {
            client: client.id().into(),
            ok: false,
            command,
            output: error.output().to_string(),
            message: format!("{}: {error}", client.name()),
        },
    })
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    /// A fake CLI: a shell script that logs its arguments and acts on them.
    fn fake_cli(dir: &Path, name: &str, body: &str) {
        let path = dir.join(name);
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "jbd-install-{name}-{}-{}",
            std::process::id(),
            crate::relay::discovery::now_ms()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    const URL: &str = "http://127.0.0.1:47823/mcp";

    #[tokio::test]
    async fn installs_by_removing_then_adding_with_the_search_path() {
        let dir = scratch("ok");
        let log = dir.join("calls.log");
        fake_cli(
            &dir,
            "claude",
            &format!(
                "echo \"$@\" >> {log}\ncase \"$2\" in remove) echo 'No MCP server named x' >&2; exit 1;; esac\necho \"Added; PATH=$PATH\"",
                log = log.display()
            ),
        );
        let search = SearchPath::new([dir.clone()]);
        let outcome = install(ClientId::ClaudeCode, URL, Some("t0k"), &search)
            .await
            .unwrap();
        assert!(outcome.ok, "{outcome:?}");
        assert_eq!(
            outcome.command,
            format!(
                "claude mcp add --transport http --scope user jetbrains-debugger {URL} \
                 --header 'Authorization: Bearer <token>'"
            )
        );
        assert!(outcome
            .message
            .starts_with("Claude Code (CLI) is configured"));
        assert!(outcome
            .output
            .contains(&format!("Added; PATH={}", dir.display())));
        let calls = std::fs::read_to_string(&log).unwrap();
        assert_eq!(
            calls,
            format!(
                "mcp remove --scope user jetbrains-debugger\nmcp add --transport http --scope user jetbrains-debugger {URL} --header Authorization: Bearer t0k\n"
            )
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[tokio::test]
    async fn a_failing_cli_is_reported_in_its_own_words() {
        let dir = scratch("fails");
        fake_cli(
            &dir,
            "codex",
            "[ \"$2\" = add ] && { echo 'Error: config.toml: invalid table' >&2; exit 3; }\nexit 0",
        );
        let outcome = install(ClientId::Codex, URL, None, &SearchPath::new([dir.clone()]))
            .await
            .unwrap();
        assert!(!outcome.ok);
        assert!(
            outcome.message.contains("exit status: 3")
                && outcome
                    .message
                    .ends_with("Error: config.toml: invalid table"),
            "{}",
            outcome.message
        );
        assert!(outcome.output.contains("invalid table"));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[tokio::test]
    async fn a_missing_cli_says_how_to_get_it_and_clients_without_one_are_refused() {
        let empty = scratch("empty");
        let outcome = install(
            ClientId::Gemini,
            URL,
            None,
            &SearchPath::new([empty.clone()]),
        )
        .await
        .unwrap();
        assert!(!outcome.ok);
        assert!(
            outcome.message.contains("`gemini` command was not found")
                && outcome
                    .message
                    .contains("npm install -g @google/gemini-cli")
                && outcome.message.contains("COPY CONFIGURATION"),
            "{}",
            outcome.message
        );
        let refused = install(
            ClientId::Cursor,
            URL,
            None,
            &SearchPath::new([empty.clone()]),
        )
        .await
        .unwrap_err();
        assert_eq!(
            refused,
            NoInstaller {
                client: ClientId::Cursor
            }
        );
        assert!(refused
            .to_string()
            .contains("jetbrains-debugger-mcp config cursor"));
        std::fs::remove_dir_all(empty).unwrap();
    }

    /// Whether `pid` runs (a zombie does not).
    fn running(pid: &str) -> bool {
        std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .map(|stat| !stat.contains(") Z "))
            .unwrap_or(false)
    }

    #[tokio::test]
    async fn a_hanging_step_is_cut_off_with_its_children() {
        let dir = scratch("hangs");
        let pid_file = dir.join("grandchild.pid");
        fake_cli(
            &dir,
            "claude",
            &format!("/bin/sleep 30 &\necho $! > {}\nwait", pid_file.display()),
        );
        let started = Instant::now();
        let err = run_step(
            &dir.join("claude"),
            &[],
            &SearchPath::new([dir.clone()]).joined(),
            "claude",
            Duration::from_millis(300),
        )
        .await
        .err()
        .unwrap();
        assert!(matches!(err, InstallError::TimedOut { .. }), "{err}");
        assert!(started.elapsed() < Duration::from_secs(5));
        let grandchild = std::fs::read_to_string(&pid_file).unwrap();
        let deadline = Instant::now() + Duration::from_secs(5);
        while running(grandchild.trim()) && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(!running(grandchild.trim()), "the CLI's own children go too");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[tokio::test]
    async fn the_login_shell_path_is_read_between_the_markers() {
        let dir = scratch("shell");
        fake_cli(
            &dir,
            "noisy-shell",
            &format!(
                "echo 'Welcome!'\nprintf 'motd {PATH_START}/opt/x/bin:/usr/bin{PATH_END} bye'"
            ),
        );
        let path = login_shell_path(dir.join("noisy-shell").as_os_str()).await;
        assert_eq!(path, Some(OsString::from("/opt/x/bin:/usr/bin")));
        fake_cli(&dir, "silent-shell", "exit 0");
        assert_eq!(
            login_shell_path(dir.join("silent-shell").as_os_str()).await,
            None
        );
        assert_eq!(login_shell_path(OsStr::new("/no/such/shell")).await, None);
        if Path::new("/bin/bash").exists() {
            let real = login_shell_path(OsStr::new("/bin/bash")).await.unwrap();
            assert!(
                std::env::split_paths(&real).any(|d| d == Path::new("/usr/bin")),
                "{real:?}"
            );
        }
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn batch_files_run_through_cmd_and_the_search_path_is_deduplicated() {
        let (program, args) = invocation(Path::new(r"C:\npm\claude.cmd"), &["mcp".into()]);
        assert_eq!(program, "cmd");
        assert_eq!(args, vec!["/c", r"C:\npm\claude.cmd", "mcp"]);
        let (program, args) = invocation(Path::new("/usr/bin/claude"), &["mcp".into()]);
        assert_eq!(
            (program.as_os_str(), args.len()),
            (OsStr::new("/usr/bin/claude"), 1)
        );
        let search = SearchPath::new(["/a".into(), "".into(), "/b".into(), "/a".into()]);
        assert_eq!(search.joined(), "/a:/b");
        assert_eq!(tail("abcdef", 3), "…def");
    }
}
