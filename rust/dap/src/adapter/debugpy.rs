//! debugpy (`debugpy`, `python`): Python. Everything specific to it: its profile
//! ([`DEBUGPY`]) with the hooks the session asks (exceptions of classes, frames as
//! modules, the parameters' and test runner's expressions read through pydevd, the
//! shim's guard), which interpreter runs it, whether debugpy is importable there, the
//! shim (`sitecustomize.py`: the runtime side-effect guard, and TCP_NODELAY, without
//! which pydevd's messages wait ~40 ms on Nagle's algorithm), and the `launch`
//! arguments.

use super::process::{find_on_path, listening_adapter};
use super::profile::{
    attach_target, attaching, process_id, Activity, AdapterProfile, AdapterProgram,
    ClassExceptions, CodeStop, ConditionFailure, Evaluation, Exceptions, Frames, Guard, Returned,
    Shim, Transport,
};
use crate::launch_json::LaunchConfig;
use crate::test_runs::{FailureStop, TestSupport};
use debugger_core::error::{ErrorCode, ToolError, ToolResult, OVER_BUDGET};
use debugger_core::eval_guard::split_trailing_expression;
use debugger_core::model::LaunchMode;
use serde_json::{json, Value};
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;
use tokio::process::Command;

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
        true => attach_arguments(request.config),
        false => launch_arguments(
            request.config,
            request.mode,
            request.session_id,
            request.python.unwrap_or(Path::new("python3")),
            request.shim,
            std::env::var_os("PYTHONPATH"),
        ),
    },
    evaluation: Evaluation {
        guard: Guard::Shim(&Shim {
            guarded: guarded_call,
            runs_no_code: debugger_core::eval_guard::is_bare_name,
            refusal: guard_refusal,
            split_statements: split_trailing_expression,
            create_activity,
            read_activity,
        }),
        statements_context: "repl",
    },
    exceptions: Exceptions::Classes(ClassExceptions {
        classes: "' '.join(c.__module__ + '.' + c.__qualname__ for c in __exception__[0].__mro__)",
        uncaught_modes: &["unhandled", "userUnhandled"],
    }),
    frames: Frames {
        name: without_pydevd_note,
        class: Some(module_name),
        parameter_names: Some(PARAMETER_NAMES),
        hidden_variables: (SYNTHETIC, &[PYTEST_REWRITE, RETURN_VALUE]),
        returned: Returned::LocalsPrefix {
            prefix: RETURN_VALUE,
            dict: RETURNED_DICT,
        },
    },
    not_installed: |python, stderr| {
        let missing = "No module named debugpy";
        stderr
            .contains(missing)
            .then(|| missing_debugpy(python, missing))
    },
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
        failure: FailureStop::LeavingTestCode {
            verdict: TEST_RUNNER_VERDICT,
            paused_frame_mark: PAUSED_FRAME_MARK,
        },
    }),
    no_watchpoints_because: "debugpy cannot watch a value for writes (Python has no data \
        breakpoints); set a breakpoint with a condition where it is assigned instead",
};

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

/// The shim, embedded in the binary deflated (see build.rs).
const SITECUSTOMIZE_DEFLATED: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/sitecustomize.py.deflate"));

/// The function the shim puts in `builtins` to run one expression under its
/// runtime side-effect guard, and the exception it raises on a refusal.
const GUARD_FUNCTION: &str = "__jbd_guarded__";
const GUARD_REFUSAL: &str = "SideEffectsNotAllowed";
/// How the shim's refusals for its time and memory budgets begin: those stop an
/// expression after it ran for a while, unlike every other refusal, made before.
const BUDGET_REFUSALS: [&str; 2] = ["ran longer than", "grew the program's memory"];

/// Whether the shim's refusal `what` stopped an expression over its budget (it ran).
fn is_over_budget(what: &str) -> bool {
    BUDGET_REFUSALS
        .iter()
        .any(|budget| what.starts_with(budget))
}

/// `text` as a Python string literal that no text in it can escape. `@` is escaped
/// because pydevd turns `@LINE@` into a line break in the text it is sent, braces
/// because pydevd finds a log message's `{...}` parts by counting them.
pub fn python_literal(text: &str) -> String {
    serde_json::to_string(text)
        .unwrap_or_else(|_| "''".into())
        .replace('@', "\\u0040")
        .replace('{', "\\u007b")
        .replace('}', "\\u007d")
}

/// The expression to send to debugpy so that `expression` runs under the shim's
/// runtime guard.
pub fn guarded_call(expression: &str) -> String {
    format!("{GUARD_FUNCTION}({})", python_literal(expression))
}

/// What a piece of breakpoint code computes, in the shim (inside its guard, so that
/// no `__bool__` or `__str__` of the program runs after it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BreakpointCode {
    /// A condition's truth.
    Condition,
    /// A log message part's text (a refused part is logged as what was refused).
    LogMessage,
}

/// The code to send to debugpy for one condition or log message part of breakpoint
/// `id`: run by the shim under its runtime guard, or as written when `guarded` is
/// false (the user agreed to its side effects), and either way reported as busy
/// while it runs.
pub fn breakpoint_code(
    expression: &str,
    purpose: BreakpointCode,
    id: &str,
    guarded: bool,
) -> String {
    let (purpose, what) = match purpose {
        BreakpointCode::Condition => ("condition", "condition"),
        BreakpointCode::LogMessage => ("log", "log message"),
    };
    format!(
        "{GUARD_FUNCTION}({}, '{purpose}', {}, {})",
        python_literal(expression),
        python_literal(&format!("the {what} of {id}")),
        if guarded { "True" } else { "False" }
    )
}

/// A log message with each `{expression}` part replaced by `code(expression)`,
/// found as pydevd finds them (nested braces count; unbalanced text is left as is).
pub fn rewrite_log_message(message: &str, code: impl Fn(&str) -> String) -> String {
    let mut out = String::with_capacity(message.len());
    let mut chars = message.char_indices();
    while let Some((start, c)) = chars.next() {
        if c != '{' {
            out.push(c);
            continue;
        }
        let mut depth = 1;
        let end = chars.by_ref().find_map(|(i, c)| {
            depth += match c {
                '{' => 1,
                '}' => -1,
                _ => 0,
            };
            (depth == 0).then_some(i)
        });
        let Some(end) = end else {
            out.push_str(&message[start..]);
            break;
        };
        let expression = message[start + 1..end].trim();
        if !expression.is_empty() {
            out.push('{');
            out.push_str(&code(expression));
            out.push('}');
        }
    }
    out
}

/// The environment variable naming the session's activity file to the shim.
const ACTIVITY_VARIABLE: &str = "JBD_ACTIVITY";
/// The activity file's size and where its second record starts (the shim's layout).
const ACTIVITY_SIZE: usize = 8192;
const REFUSAL_AT: usize = 512;
const FAILURES_AT: usize = 4096;

/// Where a session's shim says what its breakpoint code is doing.
pub fn activity_path(shim: &Path, session: &str) -> PathBuf {
    shim.join(format!("activity-{session}"))
}

/// Make the session's activity file: zeroed, private, the size the shim maps; open for
/// reading.
pub fn create_activity(path: &Path) -> std::io::Result<std::fs::File> {
    std::fs::write(path, vec![0u8; ACTIVITY_SIZE])?;
    std::fs::File::open(path)
}

/// Read `buffer` from the start of `file`, wherever another reader left its position.
fn read_from_start(file: &std::fs::File, buffer: &mut [u8]) -> std::io::Result<usize> {
    #[cfg(unix)]
    {
        std::os::unix::fs::FileExt::read_at(file, buffer, 0)
    }
    #[cfg(windows)]
    {
        std::os::windows::fs::FileExt::seek_read(file, buffer, 0)
    }
}

/// Read a session's activity file (a torn or unreadable record reads as none).
pub fn read_activity(file: &std::fs::File) -> Activity {
    let mut buffer = [0u8; ACTIVITY_SIZE];
    let Ok(read) = read_from_start(file, &mut buffer) else {
        return Activity::default();
    };
    let bytes = &buffer[..read];
    let text = |range: &[u8]| {
        let end = range.iter().position(|&b| b == 0).unwrap_or(range.len());
        String::from_utf8_lossy(&range[..end]).into_owned()
    };
    let at = |seconds: &str| {
        let seconds: f64 = seconds
            .parse()
            .ok()
            .filter(|s: &f64| s.is_finite() && *s >= 0.0)?;
        Some(std::time::UNIX_EPOCH + Duration::from_secs_f64(seconds))
    };
    let split = REFUSAL_AT.min(bytes.len());
    let failures_at = FAILURES_AT.min(bytes.len());
    let running = text(&bytes[..split]);
    let refused = text(&bytes[split..failures_at]);
    let failing = text(&bytes[failures_at..]);
    Activity {
        running: running.strip_prefix("busy ").and_then(|rest| {
            let (when, label) = rest.split_once(' ')?;
            Some((label.to_string(), at(when)?))
        }),
        refused: refused.split_once(' ').and_then(|(kind, rest)| {
            let (when, rest) = rest.split_once(' ')?;
            let (label, reason) = rest.split_once('\t')?;
            let why = match kind {
                "refused" if is_over_budget(reason) => CodeStop::OverBudget(reason.to_string()),
                "refused" => CodeStop::Refused(reason.to_string()),
                "overtime" => CodeStop::OutOfTime(reason.to_string()),
                "failed" => CodeStop::Failed(reason.to_string()),
                _ => return None,
            };
            Some((at(when)?, label.to_string(), why))
        }),
        // A line the shim's region cut short has no newline: not read.
        failing: failing
            .split_inclusive('\n')
            .filter_map(|line| line.strip_suffix('\n'))
            .filter_map(|line| {
                let (label, rest) = line.split_once('\t')?;
                let (hits, error) = rest.split_once('\t')?;
                Some(ConditionFailure {
                    label: label.to_string(),
                    hits: hits.parse().ok()?,
                    error: error.to_string(),
                })
            })
            .collect(),
    }
}

/// The error for a guarded evaluation that failed: the guard's refusal becomes
/// `side_effects_not_allowed` with what was tried; a debuggee without the guard
/// (started with `python -S` or `-I`) is said so; other failures pass through.
pub fn guard_refusal(err: ToolError) -> ToolError {
    if err.code != ErrorCode::EvaluationFailed {
        return err;
    }
    if let Some(at) = err.message.find(GUARD_REFUSAL) {
        let what = err.message[at + GUARD_REFUSAL.len()..]
            .trim_start_matches(':')
            .lines()
            .next()
            .unwrap_or_default()
            .trim();
        // A budget stops an expression that was running: what it ran was reads the guard
        // had cleared, and what it made is freed, but it did run.
        let over_budget = is_over_budget(what);
        let ran = if over_budget {
            "What it ran until then was reads the guard had cleared; what it made has been \
             freed."
        } else {
            "Nothing it tried was run."
        };
        let refusal = ToolError::new(
            ErrorCode::SideEffectsNotAllowed,
            format!(
                "Stopped by the runtime guard: the expression {what}. {ran} Pass \
                 allow_side_effects: true to run it (it may change the program's state)."
            ),
        )
        .with_detail("guard", "runtime");
        // Callers that run an expression again by themselves (watches) stop doing so.
        return if over_budget {
            refusal.with_detail(OVER_BUDGET, true)
        } else {
            refusal
        };
    }
    if err.message.contains(GUARD_FUNCTION) {
        return ToolError::new(
            ErrorCode::SideEffectsNotAllowed,
            "Not evaluated: the program did not load the runtime side-effect guard (was it \
             started with python -S or -I?).",
        );
    }
    err
}

/// What pydevd appends to the name of the frame it is paused in, at an exception stop
/// that shows the exception's traceback below that frame.
pub const PAUSED_FRAME_MARK: &str = " (Current frame)";

/// The frame a pydevd evaluation is for, found from inside it: pydevd evaluates with
/// a merged globals+locals dict, so the frame cannot be found by its locals, but its
/// `evaluate_expression(py_db, frame, ...)` holds it.
macro_rules! paused_frame {
    () => {
        "next((f.f_locals['frame'] for f, _ in __import__('traceback').walk_stack(__import__('sys')._getframe()) if f.f_code.co_name == 'evaluate_expression' and 'frame' in f.f_locals), None)"
    };
}

/// The names of the paused frame's parameters, in order, comma-separated (`None` at
/// module level).
pub const PARAMETER_NAMES: &str = concat!(
    "(lambda F: None if F is None else ','.join(F.f_code.co_varnames[:F.f_code.co_argcount + F.f_code.co_kwonlyargcount + bool(F.f_code.co_flags & 4) + bool(F.f_code.co_flags & 8)]))(",
    paused_frame!(),
    ")"
);

/// Who called the paused code, at a stop where an exception leaves it: the test a
/// runner was running (pytest's node id, or unittest's `id()` from its
/// `_callTestMethod`), `~` (`test_runs::EXPECTED_FAILURE`) when the runner expects
/// that test to fail (`expectedFailure`; pytest's `xfail` as pytest evaluated it, in
/// the item's stash, or its marker before pytest 7), or '' when no runner called it.
pub const TEST_RUNNER_VERDICT: &str = concat!(
    "(lambda F: '' if F is None else next((r for r in ((((lambda i, k: '~' if (i.stash.get(k, None) if k is not None and hasattr(i, 'stash') else i.get_closest_marker('xfail')) else i.nodeid)(f.f_locals['pyfuncitem'], getattr(__import__('_pytest.skipping').skipping, 'xfailed_key', None))) if f.f_code.co_name == 'pytest_pyfunc_call' and 'pyfuncitem' in f.f_locals else ('~' if getattr(getattr(f.f_locals['self'], '_outcome', None), 'expecting_failure', False) else f.f_locals['self'].id()) if f.f_code.co_name == '_callTestMethod' and 'self' in f.f_locals else None) for f, _ in __import__('traceback').walk_stack(F.f_back)) if r is not None), ''))(",
    paused_frame!(),
    ")"
);

/// The prefix of the temporaries pytest's assertion rewriting adds to a test's
/// locals (`@py_assert1`): no name of the user's, and no expression can name them.
const PYTEST_REWRITE: &str = "@py_";

/// How pydevd names a function's returned value among the caller's locals (launched
/// with `showReturnValue`).
const RETURN_VALUE: &str = "(return) ";

/// Where pydevd keeps the returned values among the caller's locals (function name to
/// value), which the shim's listings would otherwise show.
const RETURNED_DICT: &str = "__pydevd_ret_val_dict";

/// debugpy's synthetic entries in variable listings: its groups, and its dict of
/// returned values.
const SYNTHETIC: &[&str] = &[
    RETURNED_DICT,
    "special variables",
    "function variables",
    "class variables",
    "protected variables",
];

/// A name without what pydevd appends at an exception stop in a frame below the
/// raise: `test_add (Current frame)`, `AssertionError       (note: full exception
/// trace is shown but execution is paused at: test_add)`.
fn without_pydevd_note(name: &str) -> &str {
    let name = name.strip_suffix(PAUSED_FRAME_MARK).unwrap_or(name);
    match name.find("(note: ") {
        Some(at) => name[..at].trim_end(),
        None => name,
    }
}

/// The Python module a file defines, when cheaply known: `__main__` for the
/// launched program, else the dotted path relative to the project root or to a
/// `site-packages` directory.
pub fn module_name(path: &Path, program: Option<&Path>, project: &Path) -> Option<String> {
    if program == Some(path) {
        return Some("__main__".into());
    }
    let text = path.to_string_lossy();
    let rel: PathBuf = if let Some((_, rest)) = text.split_once("/site-packages/") {
        PathBuf::from(rest)
    } else {
        path.strip_prefix(project).ok()?.to_path_buf()
    };
    if rel.extension()? != "py" {
        return None;
    }
    let mut parts: Vec<String> = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "__init__") {
        parts.pop();
    }
    if parts.is_empty()
        || parts
            .iter()
            .any(|p| p.is_empty() || p.contains(['.', '-', ' ']))
    {
        return None;
    }
    Some(parts.join("."))
}

/// The interpreter to use: the configuration's `python`, else the server's
/// `--python`, else `python3` on `PATH` (`path_var`). A name without a slash is
/// looked up on `PATH`; a path must exist.
pub fn choose_python(
    from_launch: Option<&Path>,
    from_server: Option<&Path>,
    path_var: Option<&OsStr>,
) -> ToolResult<PathBuf> {
    let wanted = from_launch.or(from_server).unwrap_or(Path::new("python3"));
    let found = find_on_path(wanted, path_var);
    found.ok_or_else(|| {
        ToolError::new(
            ErrorCode::DebuggerUnavailable,
            format!(
                "Python interpreter '{}' not found; set \"python\" in launch.json or start the server with --python",
                wanted.display()
            ),
        )
        .with_detail("python", wanted.display().to_string())
    })
}

/// Check that `python` can import debugpy; its version on success.
pub async fn probe(python: &Path, timeout: Duration) -> ToolResult<String> {
    let mut cmd = Command::new(python);
    cmd.args([
        "-c",
        "import debugpy, sys; sys.stdout.write(debugpy.__version__)",
    ])
    .stdin(Stdio::null())
    .kill_on_drop(true);
    let output = tokio::time::timeout(timeout, cmd.output())
        .await
        .map_err(|_| {
            ToolError::new(
                ErrorCode::DebuggerUnavailable,
                format!(
                    "'{}' did not answer within {} s when checking for debugpy",
                    python.display(),
                    timeout.as_secs()
                ),
            )
        })?
        .map_err(|e| {
            ToolError::new(
                ErrorCode::DebuggerUnavailable,
                format!("cannot run '{}': {e}", python.display()),
            )
        })?;
    if output.status.success() {
        return Ok(String::from_utf8_lossy(&output.stdout).trim().to_string());
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    Err(missing_debugpy(
        python,
        stderr.lines().last().unwrap_or("import failed"),
    ))
}

/// The error for an interpreter without debugpy.
pub fn missing_debugpy(python: &Path, detail: &str) -> ToolError {
    ToolError::new(
        ErrorCode::DebuggerUnavailable,
        format!(
            "debugpy is not installed for {0} ({detail}); install it with: {0} -m pip install debugpy",
            python.display()
        ),
    )
    .with_detail("python", python.display().to_string())
    .with_detail("install", format!("{} -m pip install debugpy", python.display()))
}

/// A private directory holding the shim; removed on drop.
#[derive(Debug)]
pub struct ShimDir {
    dir: PathBuf,
}

impl ShimDir {
    /// Write the shim to a fresh private temporary directory, after removing the
    /// ones servers that are gone left behind (a killed server drops nothing).
    pub fn create() -> std::io::Result<ShimDir> {
        Self::remove_orphans(&std::env::temp_dir());
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let dir =
            std::env::temp_dir().join(format!("jbd-nodelay-{}-{nanos:x}", std::process::id()));
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut std::fs::DirBuilder::new(), 0o700)
            .create(&dir)?;
        // A Windows user's temporary directory is private already.
        #[cfg(not(unix))]
        std::fs::create_dir(&dir)?;
        let shim = miniz_oxide::inflate::decompress_to_vec(SITECUSTOMIZE_DEFLATED)
            .expect("deflated by build.rs");
        std::fs::write(dir.join("sitecustomize.py"), shim)?;
        Ok(ShimDir { dir })
    }

    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Remove `jbd-nodelay-<pid>-*` folders in `temp` whose server process is gone.
    /// Only where `/proc` says which processes live; elsewhere they are left.
    fn remove_orphans(temp: &Path) {
        if !cfg!(target_os = "linux") {
            return;
        }
        let Ok(entries) = std::fs::read_dir(temp) else {
            return;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let owner = name
                .to_str()
                .and_then(|n| n.strip_prefix("jbd-nodelay-"))
                .and_then(|rest| rest.split_once('-'))
                .and_then(|(pid, _)| pid.parse::<u32>().ok());
            if owner.is_some_and(|pid| !crate::tree::alive(pid)) {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
    }
}

impl Drop for ShimDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The `launch` request arguments for a configuration.
/// `inherited_pythonpath` is the server's own `PYTHONPATH` (the debuggee inherits
/// the environment and the launch `env` overrides it, so it must be kept).
pub fn launch_arguments(
    config: &LaunchConfig,
    mode: LaunchMode,
    session_id: &str,
    python: &Path,
    shim: Option<&Path>,
    inherited_pythonpath: Option<OsString>,
) -> Value {
    let mut env: serde_json::Map<String, Value> = config
        .env
        .iter()
        .map(|(k, v)| (k.clone(), Value::String(v.clone())))
        .collect();
    if let Some(shim) = shim {
        env.insert(
            ACTIVITY_VARIABLE.into(),
            Value::String(activity_path(shim, session_id).display().to_string()),
        );
        let user = config
            .env
            .get("PYTHONPATH")
            .map(OsString::from)
            .or(inherited_pythonpath);
        let mut parts = vec![shim.to_path_buf()];
        if let Some(user) = user.filter(|u| !u.is_empty()) {
            parts.extend(std::env::split_paths(&user));
        }
        let joined = std::env::join_paths(parts)
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_else(|_| shim.display().to_string());
        env.insert("PYTHONPATH".into(), Value::String(joined));
    }
    let mut args = json!({
        "name": config.name,
        "type": "debugpy",
        "request": "launch",
        "args": config.args,
        "cwd": config.cwd,
        "env": env,
        "justMyCode": config.just_my_code,
        "stopOnEntry": config.stop_on_entry && mode == LaunchMode::Debug,
        "python": [python],
        "console": "internalConsole",
        "subProcess": false,
        "redirectOutput": true,
        // What a function returned, among its caller's locals after the step that left it.
        "showReturnValue": true,
    });
    if let Some(program) = &config.program {
        args["program"] = json!(program);
    } else if let Some(module) = &config.module {
        args["module"] = json!(module);
    }
    if mode == LaunchMode::Run {
        args["noDebug"] = json!(true);
    }
    args
}

/// The `attach` arguments: to a program started with `debugpy --listen` (`connect`),
/// or by process id (debugpy injects itself). The shim is not in such a program, so
/// its sessions have no runtime guard.
pub fn attach_arguments(config: &LaunchConfig) -> Value {
    let mut args = json!({
        "name": config.name,
        "type": "debugpy",
        "request": "attach",
        "justMyCode": config.just_my_code,
        "subProcess": false,
    });
    for key in ["connect", "processId", "pathMappings"] {
        if let Some(value) = config.extra.get(key) {
            args[key] = value.clone();
        }
    }
    args
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn tmpdir(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("jbd-dap-py-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn fake_exe(dir: &Path, name: &str) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let p = dir.join(name);
        std::fs::write(&p, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
        p
    }

    #[test]
    fn a_refusal_says_nothing_ran_only_when_it_was_made_before_running() {
        let refused = |reason: &str| {
            guard_refusal(ToolError::new(
                ErrorCode::EvaluationFailed,
                format!("Traceback...\nSideEffectsNotAllowed: {reason}\n"),
            ))
        };
        let before = refused("calls os.replace, which is not an allow-listed builtin");
        assert_eq!(before.code, ErrorCode::SideEffectsNotAllowed);
        assert!(
            before.message.contains("Nothing it tried was run."),
            "{}",
            before.message
        );
        for budget in [
            "ran longer than 2 s (guarded evaluations have a time budget)",
            "grew the program's memory by more than 256 MB (guarded evaluations have a memory \
             budget)",
        ] {
            let stopped = refused(budget);
            assert!(stopped.message.contains(budget), "{}", stopped.message);
            assert_eq!(stopped.details.get(OVER_BUDGET), Some(&true.into()));
            assert!(!stopped.message.contains("Nothing"), "{}", stopped.message);
            assert!(stopped.message.contains("What it ran until then"));
        }
    }

    #[test]
    fn interpreter_choice_order() {
        let d = tmpdir("choice");
        let bin = d.join("bin");
        std::fs::create_dir_all(&bin).unwrap();
        let on_path = fake_exe(&bin, "python3");
        let launch = fake_exe(&d, "launch-python");
        let server = fake_exe(&d, "server-python");
        let path_var = std::env::join_paths([d.join("empty"), bin.clone()]).unwrap();
        let pv = Some(path_var.as_os_str());
        assert_eq!(
            choose_python(Some(&launch), Some(&server), pv).unwrap(),
            launch
        );
        assert_eq!(choose_python(None, Some(&server), pv).unwrap(), server);
        assert_eq!(choose_python(None, None, pv).unwrap(), on_path);
        // Bare names go through PATH.
        assert_eq!(
            choose_python(Some(Path::new("python3")), None, pv).unwrap(),
            on_path
        );
        let missing = choose_python(Some(&d.join("nope")), None, pv).unwrap_err();
        assert_eq!(missing.code, ErrorCode::DebuggerUnavailable);
        let none = choose_python(None, None, Some(OsStr::new("/definitely/not/here"))).unwrap_err();
        assert_eq!(none.code, ErrorCode::DebuggerUnavailable);
        assert!(none.message.contains("python3"));
        std::fs::remove_dir_all(d).unwrap();
    }

    #[test]
    fn launch_arguments_carry_the_shim_first_and_keep_user_pythonpath() {
        let mut env = BTreeMap::new();
        env.insert("PYTHONPATH".to_string(), "/user/lib".to_string());
        env.insert("FOO".to_string(), "1".to_string());
        let mut config = LaunchConfig {
            program: Some("/p/main.py".into()),
            args: vec!["a".into()],
            env,
            ..LaunchConfig::launch("main", "debugpy", "/p".into())
        };
        let a = launch_arguments(
            &config,
            LaunchMode::Debug,
            "dap-7",
            Path::new("/py"),
            Some(Path::new("/shim")),
            None,
        );
        assert_eq!(a["env"]["PYTHONPATH"], "/shim:/user/lib");
        assert_eq!(a["env"]["JBD_ACTIVITY"], "/shim/activity-dap-7");
        assert_eq!(a["env"]["FOO"], "1");
        assert_eq!(a["program"], "/p/main.py");
        assert_eq!(a["console"], "internalConsole");
        assert_eq!(a["subProcess"], false);
        assert!(a.get("noDebug").is_none());
        config.env.remove("PYTHONPATH");
        config.program = None;
        config.module = Some("pkg.app".into());
        let a = launch_arguments(
            &config,
            LaunchMode::Run,
            "dap-7",
            Path::new("/py"),
            Some(Path::new("/shim")),
            Some("/inherited".into()),
        );
        assert_eq!(a["env"]["PYTHONPATH"], "/shim:/inherited");
        assert_eq!(a["module"], "pkg.app");
        assert_eq!(a["noDebug"], true);
        let a = launch_arguments(
            &config,
            LaunchMode::Run,
            "dap-7",
            Path::new("/py"),
            None,
            Some("/inherited".into()),
        );
        assert!(
            a["env"].get("PYTHONPATH").is_none() && a["env"].get("JBD_ACTIVITY").is_none(),
            "no shim: environment untouched"
        );
    }

    #[test]
    fn breakpoint_code_travels_as_literals() {
        let code = breakpoint_code("d['}'] @LINE@ x", BreakpointCode::Condition, "bp-3", true);
        assert_eq!(
            code,
            "__jbd_guarded__(\"d['\\u007d'] \\u0040LINE\\u0040 x\", 'condition', \
             \"the condition of bp-3\", True)"
        );
        let code = breakpoint_code("items.pop()", BreakpointCode::LogMessage, "bp-4", false);
        assert!(
            code.ends_with("'log', \"the log message of bp-4\", False)"),
            "{code}"
        );
        let rewritten = rewrite_log_message("n={n} d={ {'a': 1}['a'] } {} end {unbalanced", |e| {
            format!("<{e}>")
        });
        assert_eq!(rewritten, "n={<n>} d={<{'a': 1}['a']>}  end {unbalanced");
    }

    #[test]
    fn activity_records() {
        let dir = std::env::temp_dir().join(format!("jbd-activity-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = activity_path(&dir, "dap-1");
        let file = create_activity(&path).unwrap();
        assert_eq!(read_activity(&file), Activity::default());
        let mut bytes = vec![0u8; ACTIVITY_SIZE];
        let busy = b"busy 1700000000.250 the condition of bp-3";
        bytes[..busy.len()].copy_from_slice(busy);
        let refused = b"refused 1700000001.000 the log message of bp-4\tcalls list.pop";
        bytes[REFUSAL_AT..REFUSAL_AT + refused.len()].copy_from_slice(refused);
        std::fs::write(&path, &bytes).unwrap();
        let activity = read_activity(&file);
        let (label, since) = activity.running.unwrap();
        assert_eq!(label, "the condition of bp-3");
        assert_eq!(
            since.duration_since(std::time::UNIX_EPOCH).unwrap(),
            Duration::from_millis(1_700_000_000_250)
        );
        let (_, label, reason) = activity.refused.unwrap();
        assert_eq!(
            (label.as_str(), reason),
            (
                "the log message of bp-4",
                CodeStop::Refused("calls list.pop".into())
            )
        );
        let failed = b"failed 1700000002.000 the condition of bp-5\tIndexError: tuple index\0";
        bytes[REFUSAL_AT..REFUSAL_AT + failed.len()].copy_from_slice(failed);
        std::fs::write(&path, &bytes).unwrap();
        let (_, label, reason) = read_activity(&file).refused.unwrap();
        assert_eq!(
            (label.as_str(), reason),
            (
                "the condition of bp-5",
                CodeStop::Failed("IndexError: tuple index".into())
            )
        );
        let stopped = b"refused 1700000003.000 the condition of bp-6\tran longer than 1 s (guarded evaluations have a time budget)\0";
        bytes[REFUSAL_AT..REFUSAL_AT + stopped.len()].copy_from_slice(stopped);
        std::fs::write(&path, &bytes).unwrap();
        let (_, _, reason) = read_activity(&file).refused.unwrap();
        assert_eq!(
            reason,
            CodeStop::OverBudget(
                "ran longer than 1 s (guarded evaluations have a time budget)".into()
            )
        );
        let overtime = b"overtime 1700000004.000 the condition of bp-7\tran longer than 1 s (breakpoint code has a time budget, also when agreed to)\0";
        bytes[REFUSAL_AT..REFUSAL_AT + overtime.len()].copy_from_slice(overtime);
        std::fs::write(&path, &bytes).unwrap();
        let (_, _, reason) = read_activity(&file).refused.unwrap();
        assert_eq!(
            reason,
            CodeStop::OutOfTime(
                "ran longer than 1 s (breakpoint code has a time budget, also when agreed to)"
                    .into()
            )
        );
        let failing = b"the condition of bp-5\t3\tIndexError: tuple index\nthe condition of bp-8\t1\tKeyError: 'a'\nthe condition of bp-9\t1\0";
        bytes[FAILURES_AT..FAILURES_AT + failing.len()].copy_from_slice(failing);
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(
            read_activity(&file).failing,
            vec![
                ConditionFailure {
                    label: "the condition of bp-5".into(),
                    hits: 3,
                    error: "IndexError: tuple index".into()
                },
                ConditionFailure {
                    label: "the condition of bp-8".into(),
                    hits: 1,
                    error: "KeyError: 'a'".into()
                }
            ]
        );
        bytes[..4].copy_from_slice(b"bus\0");
        std::fs::write(&path, &bytes).unwrap();
        assert!(
            read_activity(&file).running.is_none(),
            "a torn record reads as none"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn shim_dirs_of_servers_that_are_gone_are_removed() {
        let temp = tempfile::tempdir().unwrap();
        let mut ended = std::process::Command::new("true").spawn().unwrap();
        ended.wait().unwrap();
        let orphan = temp.path().join(format!("jbd-nodelay-{}-1f", ended.id()));
        let live = temp
            .path()
            .join(format!("jbd-nodelay-{}-2e", std::process::id()));
        let unrelated = temp.path().join("jbd-nodelay-notes");
        for dir in [&orphan, &live, &unrelated] {
            std::fs::create_dir(dir).unwrap();
            std::fs::write(dir.join("sitecustomize.py"), "").unwrap();
        }
        ShimDir::remove_orphans(temp.path());
        assert!(!orphan.exists(), "a gone server's folder is removed");
        assert!(live.exists(), "a live server's folder stays");
        assert!(unrelated.exists(), "a folder not named by a pid stays");
    }

    #[test]
    fn shim_dir_is_private_and_removed() {
        use std::os::unix::fs::PermissionsExt;
        let shim = ShimDir::create().unwrap();
        let path = shim.path().to_path_buf();
        let text = std::fs::read_to_string(path.join("sitecustomize.py")).unwrap();
        assert!(text.contains("TCP_NODELAY"));
        assert_eq!(
            std::fs::metadata(&path).unwrap().permissions().mode() & 0o777,
            0o700
        );
        drop(shim);
        assert!(!path.exists());
    }

    #[test]
    fn pydevd_notes_are_not_part_of_names() {
        assert_eq!(without_pydevd_note("test_add (Current frame)"), "test_add");
        assert_eq!(
            without_pydevd_note(
                "AssertionError       (note: full exception trace is shown but execution is \
                 paused at: test_add)"
            ),
            "AssertionError"
        );
        assert_eq!(without_pydevd_note("explode"), "explode");
    }

    #[test]
    fn module_names() {
        let project = Path::new("/proj");
        assert_eq!(
            module_name(
                Path::new("/proj/main.py"),
                Some(Path::new("/proj/main.py")),
                project
            )
            .as_deref(),
            Some("__main__")
        );
        assert_eq!(
            module_name(Path::new("/proj/pkg/util.py"), None, project).as_deref(),
            Some("pkg.util")
        );
        assert_eq!(
            module_name(Path::new("/proj/pkg/__init__.py"), None, project).as_deref(),
            Some("pkg")
        );
        assert_eq!(
            module_name(
                Path::new("/v/lib/python3.11/site-packages/requests/api.py"),
                None,
                project
            )
            .as_deref(),
            Some("requests.api")
        );
        assert_eq!(module_name(Path::new("/other/x.py"), None, project), None);
    }
}
