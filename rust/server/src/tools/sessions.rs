//! Session tools: list, start, stop, and the one-call status.

use super::breakpoints::{self, SetBreakpoint};
use super::execution::{summarize, ExecutionResult};
use super::frame_values::{self, WatchValue};
use super::frames;
use super::question;
use super::resolve::{self, Target};
use super::source_lines;
use super::views::{Location, VariableView};
use super::waiting;
use crate::app::Call;
use crate::consent::ConfirmRequest;
use crate::lenient;
use crate::tracker::{is_run_only, SessionRecord, WaitOutcome};
use crate::watches::Watch;
use debugger_core::model::{
    BreakpointKind, ExceptionInfo, FailedTest, FollowedBreakpoint, LaunchMode, LaunchOptions,
    LaunchOverrides, Project, SessionState, StopDetail, StopReason, ValueChange,
};
use debugger_core::source_file;
use debugger_core::{ErrorCode, ToolError, ToolResult};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListSessions {
    #[serde(rename = "projectPath", default)]
    pub project_path: Option<String>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct SessionSummary {
    pub id: String,
    pub name: String,
    pub state: SessionState,
    pub is_current: bool,
    pub run_configuration: String,
    pub process_id: Option<u32>,
    /// `debug`, or `run` for run_configuration sessions.
    pub mode: LaunchMode,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exit_code: Option<i32>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct SessionList {
    pub sessions: Vec<SessionSummary>,
}

pub async fn list_debug_sessions(call: &Call<'_>, p: ListSessions) -> ToolResult<SessionList> {
    let project = resolve::project(call, p.project_path.as_deref()).await?;
    let tracker = &call.app.tracker;
    let current = tracker.current(&project.path).map(|r| r.descriptor.id);
    let sessions = tracker
        .sessions_of(&project.path)
        .into_iter()
        .map(|r| SessionSummary {
            is_current: current.as_deref() == Some(r.descriptor.id.as_str()),
            id: r.descriptor.id,
            name: r.descriptor.name,
            state: r.state,
            run_configuration: r.descriptor.run_configuration,
            process_id: r.descriptor.process_id,
            mode: r.descriptor.mode,
            exit_code: r.exit_code,
        })
        .collect();
    Ok(SessionList { sessions })
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct StartSession {
    #[serde(rename = "projectPath", default)]
    pub project_path: Option<String>,
    /// From list_run_configurations.
    #[serde(default)]
    pub configuration_name: Option<String>,
    // Instead of a configuration: a file, launched as the IDE's gutter "Debug" does (a
    // script, or pytest for a test file); `line` stops there through a temporary
    // breakpoint of the agent's. The tool description says so, once.
    #[serde(default)]
    pub file_path: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_u32")]
    pub line: Option<u32>,
    // With file_path: run one test only (the tool description says how it is named);
    // a pytest id in file_path (`test_cart.py::test_total`) says the same.
    #[serde(default)]
    pub test: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_bool")]
    #[schemars(extend("default" = true))]
    pub wait_for_pause: Option<bool>,
    #[serde(default, deserialize_with = "lenient::opt_timeout")]
    pub timeout: Option<f64>,
    // As the execution tools' (`execution::ResumeParams`), for the first stop.
    #[serde(default, deserialize_with = "lenient::opt_bool")]
    #[schemars(extend("default" = false))]
    pub include_variables: Option<bool>,
    // Stop where an uncaught exception would end the program. Default: the server's
    // setting (on unless `--no-break-on-uncaught`); the tool description says it.
    #[serde(default, deserialize_with = "lenient::opt_bool")]
    pub break_on_uncaught: Option<bool>,
    #[serde(default)]
    #[schemars(schema_with = "super::schema::object")]
    pub overrides: Option<Overrides>,
    // Stop the project's current live session first (breakpoints and watches belong to
    // the project and stay); the tool description says it.
    #[serde(default, deserialize_with = "lenient::opt_bool")]
    pub restart: Option<bool>,
}

/// Launch overrides as the agent gives them (start_debug_session, run_configuration).
/// Advertised as a bare object whose one shared description names the fields
/// ([`super::schema::object`]): decoding still checks every type.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Overrides {
    #[serde(default)]
    pub args: Option<Vec<String>>,
    #[serde(default)]
    pub cwd: Option<String>,
    #[serde(default)]
    pub env: Option<BTreeMap<String, String>>,
}

/// Longest variable name of `overrides.env`.
const MAX_ENV_NAME: usize = 1024;
/// Longest argument or variable value: Linux refuses longer ones at exec (128 KiB).
const MAX_LAUNCH_STRING: usize = 32 * 1024;
/// All arguments and variables given together: well within the system's limit on
/// a command line and its environment (2 MiB on Linux), which the inherited
/// environment shares.
const MAX_LAUNCH_TOTAL: usize = 256 * 1024;

/// The overrides of one launch, checked before anything is confirmed or launched:
/// the working directory must be a directory inside the project, variable names
/// must be usable, and the backend must be able to apply them at all.
pub fn launch_overrides(
    call: &Call<'_>,
    project: &Project,
    given: Option<Overrides>,
) -> ToolResult<LaunchOverrides> {
    let Some(given) = given else {
        return Ok(LaunchOverrides::default());
    };
    let env = given.env.unwrap_or_default();
    if let Some(bad) = env
        .keys()
        .find(|name| name.is_empty() || name.len() > MAX_ENV_NAME || name.contains(['=', '\0']))
    {
        return Err(ToolError::invalid_params(format!(
            "overrides.env: '{}' is not a variable name (at most {MAX_ENV_NAME} bytes, \
             without '=')",
            bad.chars().take(60).collect::<String>()
        )));
    }
    let strings = env
        .iter()
        .flat_map(|(n, v)| [n, v])
        .chain(given.args.iter().flatten());
    let (longest, total) = strings.fold((0, 0), |(longest, total), s| {
        (s.len().max(longest), total + s.len() + 1)
    });
    if longest > MAX_LAUNCH_STRING || total > MAX_LAUNCH_TOTAL {
        return Err(ToolError::invalid_params(format!(
            "overrides: each argument or variable at most {MAX_LAUNCH_STRING} bytes and all \
             of them {MAX_LAUNCH_TOTAL} bytes (the system's limits on a command line); got \
             {longest} and {total}."
        )));
    }
    let cwd = given
        .cwd
        .map(|cwd| debugger_core::project::resolve_dir(project, &cwd, "overrides.cwd"))
        .transpose()?;
    let overrides = LaunchOverrides {
        args: given.args,
        cwd,
        env,
    };
    if !overrides.is_empty() && !call.app.backend.launch_overrides() {
        return Err(ToolError::new(
            ErrorCode::NotSupported,
            "overrides: this backend launches its configurations as they are; edit the \
             configuration instead.",
        ));
    }
    Ok(overrides)
}

/// Live sessions (debug or run) one project may have: each holds a debuggee and its
/// debugger, and starts that pile up unnoticed exhaust the machine.
pub const MAX_LIVE_SESSIONS: usize = 8;

/// Refuse a launch that would pass [`MAX_LIVE_SESSIONS`], naming the sessions to stop
/// (or `restart`, which replaces the current one). `replacing`: the launch stops one first.
pub fn room_for_a_session(call: &Call<'_>, project: &Project, replacing: bool) -> ToolResult<()> {
    let live: Vec<SessionRecord> = call
        .app
        .tracker
        .sessions_of(&project.path)
        .into_iter()
        .filter(SessionRecord::is_live)
        .collect();
    if replacing || live.len() < MAX_LIVE_SESSIONS {
        return Ok(());
    }
    let current = call
        .app
        .tracker
        .current(&project.path)
        .map(|r| r.descriptor.id)
        .unwrap_or_default();
    let ids: Vec<&str> = live.iter().map(|r| r.descriptor.id.as_str()).collect();
    Err(ToolError::invalid_params(format!(
        "{} already has {} live sessions, the most it may have. Stop one first \
         (stop_debug_session, e.g. session_id '{current}'), or pass restart: true to replace \
         the current one ({current}).",
        project.name,
        live.len()
    ))
    .with_detail("live_sessions", serde_json::json!(ids)))
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct StartedSession {
    pub session_id: String,
    /// `started` (not waiting), `paused` (stopped within the wait), `running` (no
    /// stop within the wait) or `stopped` (the program already ended).
    pub status: String,
    /// Whether an uncaught exception stops this session (paused_reason `exception`)
    /// instead of ending it.
    pub break_on_uncaught: bool,
    pub message: String,
    /// Where execution stands, when the call waited.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub execution: Option<ExecutionResult>,
    /// The session `restart` stopped first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub restarted: Option<String>,
    /// Line breakpoints whose files were edited since they were set or last launched:
    /// moved with their line's text (`from` → `to`), or not placed (`reason`; disabled).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub breakpoints_followed: Vec<FollowedBreakpoint>,
}

fn find_configuration<'a>(
    configurations: &'a [debugger_core::model::RunConfiguration],
    name: &str,
) -> ToolResult<&'a debugger_core::model::RunConfiguration> {
    configurations
        .iter()
        .find(|c| c.name == name)
        .ok_or_else(|| {
            let names: Vec<&str> = configurations.iter().map(|c| c.name.as_str()).collect();
            ToolError::new(
                ErrorCode::ConfigurationNotFound,
                format!("No run configuration named '{name}'."),
            )
            .with_detail("available_configurations", serde_json::json!(names))
        })
}

/// Look a configuration up and check it can be launched in `mode`.
pub async fn launchable(
    call: &Call<'_>,
    project: &debugger_core::model::Project,
    name: &str,
    mode: LaunchMode,
) -> ToolResult<()> {
    if name.trim().is_empty() {
        return Err(ToolError::invalid_params(
            "'configuration_name' must not be empty.",
        ));
    }
    let configurations = call.app.backend.run_configurations(project).await?;
    let configuration = find_configuration(&configurations, name)?;
    let (possible, code, verb) = match mode {
        LaunchMode::Debug => (configuration.can_debug, ErrorCode::CannotDebug, "debugged"),
        LaunchMode::Run => (configuration.can_run, ErrorCode::CannotRun, "run"),
    };
    if !possible {
        let reason = configuration
            .unavailable_reason
            .clone()
            .unwrap_or_else(|| "this backend has no runner for it".into());
        return Err(ToolError::new(
            code,
            format!("Run configuration '{name}' cannot be {verb}: {reason}"),
        ));
    }
    Ok(())
}

/// What a debug launch does with uncaught exceptions: the agent's choice, else the
/// server's setting. Where the backend cannot break on them for one launch (its own
/// exception breakpoints decide), asking for it is `not_supported`, and the default
/// comes with a note for the answer.
fn uncaught_behaviour(
    call: &Call<'_>,
    asked: Option<bool>,
) -> ToolResult<(LaunchOptions, Option<&'static str>)> {
    let (break_on_uncaught, note) = match (call.app.backend.break_on_uncaught_default(), asked) {
        (Some(default), asked) => (asked.unwrap_or(default), None),
        (None, Some(true)) => {
            return Err(ToolError::new(
                ErrorCode::NotSupported,
                "break_on_uncaught: this backend cannot break on uncaught exceptions for one \
                 launch; its exception breakpoints decide (set_exception_breakpoint).",
            ))
        }
        (None, Some(false)) => (false, None),
        (None, None) => (false, Some(UNCAUGHT_BY_BREAKPOINTS)),
    };
    let options = LaunchOptions {
        break_on_uncaught,
        ..LaunchOptions::default()
    };
    Ok((options, note))
}

/// The start answer's note where the default break on uncaught is not applied.
const UNCAUGHT_BY_BREAKPOINTS: &str = "Uncaught exceptions stop only where the project's \
    exception breakpoints say (list_breakpoints).";

/// The start answer's note where the backend could not break on uncaught exceptions for
/// this session's language.
const UNCAUGHT_NOT_APPLIED: &str = "This session's language has no exception breakpoint \
    the IDE can set for one launch: uncaught exceptions stop only where the project's \
    exception breakpoints say (list_breakpoints).";

/// What a debug launch starts: a configuration, or one file with a temporary one
/// (and maybe one test of it).
enum DebugTarget {
    Configuration(String),
    File {
        path: PathBuf,
        stop_at: Option<u32>,
        test: Option<String>,
    },
}

impl DebugTarget {
    /// How the confirmation and the answer name it: the configuration's name, or
    /// the file's path in the project.
    fn label(&self, project: &Project) -> String {
        match self {
            Self::Configuration(name) => name.clone(),
            Self::File { path, test, .. } => {
                let file = path.strip_prefix(&project.path).unwrap_or(path).display();
                match test {
                    Some(test) => format!("{file}::{test}"),
                    None => file.to_string(),
                }
            }
        }
    }
}

/// The longest `test` taken (a pytest node id with parameters, a -k expression).
const MAX_TEST: usize = 1_000;

/// A file launch's file and test: a pytest id (`tests/test_cart.py::test_total`) in
/// `file_path` names both; `test` names the test (once, one line, bounded).
fn test_of(file_path: &str, test: Option<&str>) -> ToolResult<(String, Option<String>)> {
    let (file, from_id) = match file_path.split_once("::") {
        Some((file, id)) if !file.is_empty() => (file.to_string(), Some(id.to_string())),
        _ => (file_path.to_string(), None),
    };
    let test = match (from_id, test) {
        (Some(_), Some(_)) => {
            return Err(ToolError::invalid_params(
                "The test is named twice: in file_path (path::name) and in 'test'; give one.",
            ))
        }
        (from_id, given) => from_id.or(given.map(str::to_string)),
    };
    if let Some(test) = &test {
        let test = test.trim();
        if test.is_empty() || test.len() > MAX_TEST || test.chars().any(char::is_control) {
            return Err(ToolError::invalid_params(format!(
                "'test' must be one line of at most {MAX_TEST} bytes naming a test (test_total, \
                 TestCart::test_total), a pytest -k expression, or Go's -run pattern."
            )));
        }
    }
    Ok((file, test.map(|t| t.trim().to_string())))
}

/// The launch a start names, checked before anything is asked or changed: exactly one
/// of a launchable configuration or a file of the project (with a code line to stop at).
async fn debug_target(
    call: &Call<'_>,
    project: &Project,
    p: &StartSession,
) -> ToolResult<DebugTarget> {
    match (&p.configuration_name, &p.file_path) {
        (Some(name), None) => {
            if p.line.is_some() || p.test.is_some() {
                return Err(ToolError::invalid_params(
                    "'line' and 'test' go with file_path; with a configuration, set a breakpoint \
                     instead (or give the configuration the test's arguments).",
                ));
            }
            launchable(call, project, name, LaunchMode::Debug).await?;
            Ok(DebugTarget::Configuration(name.clone()))
        }
        (None, Some(file_path)) => {
            let (file_path, test) = test_of(file_path, p.test.as_deref())?;
            let path = resolve::file_in(project, &file_path)?;
            match p.line {
                Some(line) => source_lines::check_code_line(&path, line).await?,
                None => {
                    source_file::read_lines(&path, 1, 1).await?;
                }
            }
            Ok(DebugTarget::File {
                path,
                stop_at: p.line,
                test,
            })
        }
        _ => Err(ToolError::invalid_params(
            "Give either 'configuration_name' (from list_run_configurations) or 'file_path'.",
        )),
    }
}

pub async fn start_debug_session(call: &Call<'_>, p: StartSession) -> ToolResult<StartedSession> {
    let project = resolve::project(call, p.project_path.as_deref()).await?;
    let target = debug_target(call, &project, &p).await?;
    let (mut options, note) = uncaught_behaviour(call, p.break_on_uncaught)?;
    options.overrides = launch_overrides(call, &project, p.overrides)?;
    let note = note.map(|n| format!(" {n}")).unwrap_or_default();
    let label = target.label(&project);
    let replaced = match p.restart.unwrap_or(false) {
        true => call
            .app
            .tracker
            .current(&project.path)
            .filter(|r| r.is_live()),
        false => None,
    };
    room_for_a_session(call, &project, replaced.is_some())?;
    let verb = match &replaced {
        Some(old) => format!(
            "Restart the debug session {}",
            question::quoted("named", &old.descriptor.name)
        ),
        None => "Start a debug session".into(),
    };
    let runs = match &target {
        DebugTarget::Configuration(name) => {
            let launched = call
                .app
                .backend
                .launch_target(&project, name, &options)
                .await?;
            question::launch("configuration", name, Some(&launched), &options.overrides)
        }
        DebugTarget::File { .. } => question::launch("file", &label, None, &options.overrides),
    };
    let scope = call
        .confirm(ConfirmRequest {
            action: format!(
                "{verb} in project {}? It runs {runs}.",
                question::escaped(&project.name, question::SHOWN)
            ),
            project: project.name.clone(),
            subject: question::escaped(&label, question::SHOWN),
            session_id: None,
            stop: None,
        })
        .await?;
    if let Some(old) = &replaced {
        stop_debug_session(
            call,
            SessionOnly {
                target: Target {
                    project_path: Some(project.path.display().to_string()),
                    session_id: Some(old.descriptor.id.clone()),
                },
            },
        )
        .await?;
    }
    let restarted = replaced.map(|old| old.descriptor.id);
    let breakpoints_followed = call.app.backend.follow_edits(&project).await?;
    let (launched, stop_at) = match &target {
        DebugTarget::Configuration(name) => (
            call.app
                .backend
                .launch(&project, name, LaunchMode::Debug, &options)
                .await,
            None,
        ),
        DebugTarget::File {
            path,
            stop_at,
            test,
        } => {
            let stop_at = match stop_at {
                Some(line) => place_stop(call, &project, path, *line).await?,
                None => None,
            };
            options.test = test.clone();
            let launched = call.app.backend.launch_file(&project, path, &options).await;
            (launched, stop_at)
        }
    };
    let descriptor = match launched {
        Ok(descriptor) => descriptor,
        Err(err) => {
            remove_stop(call, &project, stop_at).await;
            return Err(err);
        }
    };
    let id = descriptor.id.clone();
    let break_on_uncaught = options.break_on_uncaught && call.app.backend.breaks_on_uncaught(&id);
    let note = match options.break_on_uncaught && !break_on_uncaught {
        true => format!(" {UNCAUGHT_NOT_APPLIED}"),
        false => note,
    };
    call.app.remember_approval(scope, &id);
    call.app.tracker.register(descriptor);
    if !p.wait_for_pause.unwrap_or(true) {
        return Ok(StartedSession {
            session_id: id,
            status: "started".into(),
            break_on_uncaught,
            message: format!("Debug session started for {label}.{note}"),
            execution: None,
            restarted,
            breakpoints_followed,
        });
    }
    let outcome = super::waiting::wait(call, &id, 0, waiting::wait_time(p.timeout)).await?;
    if outcome == WaitOutcome::Ended {
        // The program ended before reaching the line: its breakpoint is of no use now.
        remove_stop(call, &project, stop_at).await;
    }
    let include_variables = p.include_variables.unwrap_or(false);
    let ended = outcome == WaitOutcome::Ended;
    let execution = summarize(call, &id, outcome, false, include_variables).await?;
    let message = match ended {
        true => {
            // A start that died is the error of its cause (adapter_crashed, timeout...),
            // told apart from a program that simply ended before any stop.
            if let Some(error) = call.app.tracker.get(&id)?.termination_error {
                return Err(error.with_detail("session_id", id));
            }
            ended_before_any_stop(&label, &execution)
        }
        false => format!("Debug session started for {label}. {}", execution.message),
    };
    Ok(StartedSession {
        session_id: id,
        status: execution.status.clone(),
        break_on_uncaught,
        message: format!("{message}{note}"),
        execution: Some(execution),
        restarted,
        breakpoints_followed,
    })
}

/// Characters of the program's last output line quoted by a start whose program
/// ended before any stop (the whole tail is in `execution.output`).
const LAST_LINE_QUOTED: usize = 200;

/// What a start says when its program ended before any stop: a success (the program
/// ran), but not the pause the agent waited for.
fn ended_before_any_stop(label: &str, execution: &ExecutionResult) -> String {
    let exit = execution
        .exit_code
        .map(|code| format!(" with exit code {code}"))
        .unwrap_or_default();
    let last_line = execution
        .output
        .as_deref()
        .and_then(|o| o.lines().rev().find(|l| !l.trim().is_empty()))
        .map(|l| {
            let quoted: String = l.chars().take(LAST_LINE_QUOTED).collect();
            format!(" Its last output line: {quoted:?} (all of it in execution.output).")
        })
        .unwrap_or_default();
    format!(
        "Debug session started for {label}, but the program ended{exit} before any stop: \
         no breakpoint was hit.{last_line}"
    )
}

/// The temporary breakpoint that stops a file launch at `line`: the id, when this
/// call set it (a breakpoint already there is the user's to keep).
async fn place_stop(
    call: &Call<'_>,
    project: &Project,
    file: &Path,
    line: u32,
) -> ToolResult<Option<String>> {
    let set = breakpoints::set_breakpoint(
        call,
        SetBreakpoint {
            project_path: Some(project.path.display().to_string()),
            file_path: Some(file.display().to_string()),
            line: Some(line),
            function: None,
            watch: None,
            condition: None,
            log_message: None,
            suspend_policy: None,
            enabled: None,
            temporary: Some(true),
        },
    )
    .await?;
    Ok((set.status == "set").then_some(set.breakpoint_id))
}

/// Remove the stop breakpoint this call set, where the launch will never reach it.
async fn remove_stop(call: &Call<'_>, project: &Project, stop_at: Option<String>) {
    let Some(id) = stop_at else {
        return;
    };
    if let Err(err) = call.app.backend.remove_breakpoint(project, &id).await {
        tracing::warn!(%id, %err, "could not remove the stop breakpoint of a file launch");
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct SessionOnly {
    #[serde(flatten)]
    pub target: Target,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct StoppedSession {
    pub session_id: String,
    /// `stopped`, or `detached` for a session attached to a program started elsewhere
    /// (that program goes on running).
    pub status: String,
    pub message: String,
}

/// How long a stop may take before it is reported as not confirmed.
const STOP_WAIT: Duration = Duration::from_secs(10);

pub async fn stop_debug_session(call: &Call<'_>, p: SessionOnly) -> ToolResult<StoppedSession> {
    let project =
        resolve::project_of(call, p.target.project_path.as_deref(), p.target.named()).await?;
    let record = call
        .app
        .tracker
        .resolve(&project.path, p.target.session_id.as_deref())?;
    let id = record.descriptor.id.clone();
    if !record.is_live() {
        return Ok(StoppedSession {
            session_id: id,
            status: "stopped".into(),
            message: "The session had already ended.".into(),
        });
    }
    call.app.backend.stop(&id).await?;
    let outcome = call
        .app
        .tracker
        .wait_for_stop(&id, u64::MAX, STOP_WAIT)
        .await;
    if outcome != WaitOutcome::Ended {
        return Err(ToolError::new(
            ErrorCode::Timeout,
            format!("Session '{id}' was told to stop but has not ended after {STOP_WAIT:?}."),
        ));
    }
    if record.descriptor.attached {
        return Ok(StoppedSession {
            session_id: id,
            status: "detached".into(),
            message: format!(
                "Detached from '{}'; the program it attached to goes on running.",
                record.descriptor.name
            ),
        });
    }
    Ok(StoppedSession {
        session_id: id,
        status: "stopped".into(),
        message: format!("Debug session '{}' stopped.", record.descriptor.name),
    })
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct StatusParams {
    #[serde(flatten)]
    pub target: Target,
    #[serde(default, deserialize_with = "lenient::opt_bool")]
    #[schemars(extend("default" = true))]
    pub include_variables: Option<bool>,
    #[serde(default, deserialize_with = "lenient::opt_bool")]
    #[schemars(extend("default" = true))]
    pub include_source_context: Option<bool>,
    /// Lines above and below.
    #[serde(default, deserialize_with = "lenient::opt_u32")]
    #[schemars(extend("default" = 5))]
    pub source_context_lines: Option<u32>,
    #[serde(default, deserialize_with = "lenient::opt_usize")]
    #[schemars(extend("default" = 5))]
    pub max_stack_frames: Option<usize>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct BreakpointHit {
    pub id: String,
    pub condition: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub condition_result: Option<bool>,
    pub hit_count: u64,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct FrameSummary {
    pub index: usize,
    pub file: Option<String>,
    pub line: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class: Option<String>,
    pub method: String,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub is_current: bool,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct ThreadSummary {
    pub id: String,
    pub name: String,
    pub state: SessionState,
}

/// A status's `state`: its session's, or `no_session` when the project has none yet (an
/// answer, not an error: it is where a debugging conversation starts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum StatusState {
    Running,
    Paused,
    Stopped,
    NoSession,
}

impl From<SessionState> for StatusState {
    fn from(state: SessionState) -> Self {
        match state {
            SessionState::Running => StatusState::Running,
            SessionState::Paused => StatusState::Paused,
            SessionState::Stopped => StatusState::Stopped,
        }
    }
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct SessionStatus {
    /// Absent with `state: no_session`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub session_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub state: StatusState,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paused_reason: Option<StopReason>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_location: Option<Location>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exception: Option<ExceptionInfo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failed_test: Option<FailedTest>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub value_changes: Vec<ValueChange>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub breakpoint_hit: Option<BreakpointHit>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stack_summary: Vec<FrameSummary>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_stack_depth: Option<usize>,
    /// Index of the frame the variables belong to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub selected_frame: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variables: Option<Vec<VariableView>>,
    /// Variables left out by the cap.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variables_omitted: Option<usize>,
    pub watches: Vec<WatchValue>,
    /// Watches left out by the cap (20 shown).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub watches_omitted: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_context: Option<super::source::StatusSource>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_thread: Option<ThreadSummary>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thread_count: Option<usize>,
    /// Program output since execution last resumed (tail, capped).
    pub output: String,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub output_truncated: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exit_code: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// What the program is doing while it cannot answer (stuck in breakpoint code,
    /// an evaluation or C code): "evaluating the condition of bp-3 for 12 s".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub busy: Option<String>,
    /// Why an ended session ended abnormally, as an error code: `adapter_crashed`,
    /// `adapter_failed`, `timeout`... (absent for a normal end).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ended_because: Option<String>,
    /// What the debugger kept of an abnormal end: `stderr_tail`, `last_events`,
    /// `pending_requests`, `exit_code`, `adapter_exit_code` or `adapter_signal`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "super::schema::object")]
    pub diagnostics: Option<serde_json::Value>,
}

pub async fn get_debug_session_status(
    call: &Call<'_>,
    p: StatusParams,
) -> ToolResult<SessionStatus> {
    let project =
        resolve::project_of(call, p.target.project_path.as_deref(), p.target.named()).await?;
    let watches = call.app.watches.list(&project.path);
    let tracker = &call.app.tracker;
    if p.target.session_id.is_none() && tracker.current(&project.path).is_none() {
        return Ok(no_session_status(watches));
    }
    let record = tracker.resolve(&project.path, p.target.session_id.as_deref())?;
    let mut status = base_status(&record);
    if let Some(doing) = call.app.backend.busy(&record.descriptor.id) {
        status.message = Some(format!(
            "Busy: the program is {doing}; frames, variables and watches are available when \
             that ends. pause (it takes effect then) and stop_debug_session work."
        ));
        status.watches = watches
            .into_iter()
            .map(|w| WatchValue::unavailable(w, "the program is busy".into()))
            .collect();
        status.busy = Some(doing);
        return Ok(status);
    }
    if record.state != SessionState::Paused {
        let why = if is_run_only(&record) {
            "it was started without the debugger"
        } else {
            "the program is not paused"
        };
        status.message = Some(match record.state {
            SessionState::Stopped => resolve::ended_error(&record).message,
            _ => format!(
                "Running: {why}; frames, variables and watches are available when it pauses."
            ),
        });
        let (watches, omitted) = frame_values::capped(watches);
        status.watches = watches
            .into_iter()
            .map(|w| WatchValue::unavailable(w, "not paused".into()))
            .collect();
        status.watches_omitted = omitted;
        return Ok(status);
    }

    match paused_details(call, &p, &project, &record, watches, status).await {
        // The program ended while it was being read (the user stopped it in the IDE, it was
        // killed): the backend knows before the event reaches the tracker. Say it stopped,
        // and why, once the end's event arrived (it follows, bounded).
        Err(e) if e.code == ErrorCode::SessionEnded => {
            let id = &record.descriptor.id;
            let tracker = &call.app.tracker;
            let ended = tracker.wait_for_stop(id, u64::MAX, END_EVENT_WAIT).await;
            let record = tracker.get(id)?;
            let message = match ended {
                WaitOutcome::Ended => resolve::ended_error(&record).message,
                _ => e.message,
            };
            Ok(SessionStatus {
                state: StatusState::Stopped,
                message: Some(message),
                ..base_status(&record)
            })
        }
        other => other,
    }
}

/// How long a status that found its session gone waits for the end's event (the DAP
/// backend reads the adapter's exit status first, for at most a second).
const END_EVENT_WAIT: Duration = Duration::from_secs(2);

/// The status of a project with no session: how to start one, and its watches.
fn no_session_status(watches: Vec<Watch>) -> SessionStatus {
    let (watches, omitted) = frame_values::capped(watches);
    SessionStatus {
        session_id: None,
        name: None,
        state: StatusState::NoSession,
        message: Some(
            "No debug session in this project yet. Set breakpoints (set_breakpoint), then \
             start_debug_session with a configuration_name (list_run_configurations) or a \
             file_path."
                .into(),
        ),
        watches: watches
            .into_iter()
            .map(|w| WatchValue::unavailable(w, "no session".into()))
            .collect(),
        watches_omitted: omitted,
        ..empty_status()
    }
}

/// What the status says of any session, paused or not.
fn base_status(record: &SessionRecord) -> SessionStatus {
    let ended = record.termination_error.as_ref();
    SessionStatus {
        session_id: Some(record.descriptor.id.clone()),
        name: Some(record.descriptor.name.clone()),
        state: record.state.into(),
        output: record.output_since_resume.text().to_string(),
        output_truncated: record.output_since_resume.dropped() > 0,
        exit_code: record.exit_code,
        ended_because: ended.map(|e| e.code.as_str().to_string()),
        diagnostics: ended.and_then(|e| e.details.get("diagnostics").cloned()),
        ..empty_status()
    }
}

/// A status with nothing in it but its state, for the two above to fill.
fn empty_status() -> SessionStatus {
    SessionStatus {
        session_id: None,
        name: None,
        state: StatusState::NoSession,
        paused_reason: None,
        current_location: None,
        exception: None,
        failed_test: None,
        value_changes: Vec::new(),
        breakpoint_hit: None,
        stack_summary: Vec::new(),
        total_stack_depth: None,
        selected_frame: None,
        variables: None,
        variables_omitted: None,
        watches: Vec::new(),
        watches_omitted: None,
        source_context: None,
        current_thread: None,
        thread_count: None,
        output: String::new(),
        output_truncated: false,
        exit_code: None,
        message: None,
        busy: None,
        ended_because: None,
        diagnostics: None,
    }
}

/// The paused part of the status: thread, frames, variables, watches and source.
async fn paused_details(
    call: &Call<'_>,
    p: &StatusParams,
    project: &Project,
    record: &SessionRecord,
    watches: Vec<Watch>,
    mut status: SessionStatus,
) -> ToolResult<SessionStatus> {
    let id = record.descriptor.id.clone();
    let backend = &call.app.backend;
    let thread = frames::current_thread(call, record).await?;
    let max_frames = p
        .max_stack_frames
        .unwrap_or(5)
        .min(super::stack::MAX_FRAMES)
        .max(record.selected_frame + 1);
    let (threads, stack, breakpoints) = tokio::join!(
        frames::threads(call, record),
        frames::stack(call, record, &thread, max_frames),
        backend.breakpoints(project)
    );
    let (frames, total) = stack?;
    let threads = threads?;
    let stop = record.last_stop.clone();
    status.paused_reason = stop.as_ref().map(|s| s.reason);
    status.exception = stop.as_ref().and_then(|s| s.exception.clone());
    match stop.as_ref().and_then(|s| s.detail.clone()) {
        Some(StopDetail::FailedTest(test)) => status.failed_test = Some(test),
        Some(StopDetail::ValueChanged(changes)) => status.value_changes = changes,
        None => {}
    }
    // A breakpoint stop's own words: why its condition did not decide (the guard refused it).
    let refused = stop
        .as_ref()
        .filter(|s| s.reason == StopReason::Breakpoint)
        .and_then(|s| s.description.clone());
    if let (Some(stop), Ok(breakpoints)) = (&stop, &breakpoints) {
        status.breakpoint_hit = stop.hit_breakpoints.iter().find_map(|hit| {
            breakpoints
                .iter()
                .find(|b| &b.id == hit)
                .map(|b| BreakpointHit {
                    id: b.id.clone(),
                    condition: b.spec.condition.clone(),
                    condition_result: b
                        .spec
                        .condition
                        .as_ref()
                        .filter(|_| refused.is_none())
                        .map(|_| true),
                    hit_count: b.hit_count,
                })
        });
    }
    status.current_thread = threads
        .iter()
        .find(|t| t.id == thread)
        .map(|t| ThreadSummary {
            id: t.id.clone(),
            name: t.name.clone(),
            state: SessionState::Paused,
        });
    status.thread_count = Some(threads.len());
    let selected = record.selected_frame.min(frames.len().saturating_sub(1));
    status.stack_summary = frames
        .iter()
        .take(
            p.max_stack_frames
                .unwrap_or(5)
                .min(super::stack::MAX_FRAMES),
        )
        .enumerate()
        .map(|(index, f)| FrameSummary {
            index,
            file: f.file.as_ref().map(|f| f.display().to_string()),
            line: f.line,
            class: f.class.clone(),
            method: f.method.clone(),
            is_current: index == selected,
        })
        .collect();
    status.total_stack_depth = Some(total);
    let Some(frame) = frames.get(selected) else {
        status.message = Some("The paused thread has no frames.".into());
        return Ok(status);
    };
    status.selected_frame = Some(selected);
    status.current_location = Some(Location::of(frame));

    let values = frame_values::read(
        call,
        &project.path,
        &id,
        &frame.frame_ref,
        watches,
        p.include_variables.unwrap_or(true),
    )
    .await;
    if let Some(variables) = values.variables? {
        status.variables = Some(variables.shown);
        status.variables_omitted = variables.omitted;
    }
    status.watches = values.watches;
    status.watches_omitted = values.watches_omitted;
    if p.include_source_context.unwrap_or(true) {
        if let (Some(file), Some(line)) = (&frame.file, frame.line) {
            let breakpoints = breakpoints.unwrap_or_default();
            let lines_with_breakpoints: Vec<u32> = breakpoints
                .iter()
                .filter_map(|b| match &b.spec.kind {
                    BreakpointKind::Line { file: f, line } if f == file => Some(*line),
                    _ => None,
                })
                .collect();
            status.source_context = super::source::status_source(
                file,
                line,
                p.source_context_lines.unwrap_or(5),
                &lines_with_breakpoints,
                &call.app.secrets,
            )
            .await
            .ok();
        }
    }
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_test_is_named_once_in_file_path_or_test() {
        assert_eq!(
            test_of("tests/test_cart.py::TestCart::test_total", None).unwrap(),
            (
                "tests/test_cart.py".to_string(),
                Some("TestCart::test_total".to_string())
            )
        );
        assert_eq!(
            test_of("cart_test.go", Some(" ^TestTotal$ ")).unwrap(),
            ("cart_test.go".to_string(), Some("^TestTotal$".to_string()))
        );
        assert_eq!(
            test_of("main.py", None).unwrap(),
            ("main.py".to_string(), None)
        );
        for (file, test) in [
            ("test_cart.py::a", Some("b")),
            ("test_cart.py", Some("")),
            ("test_cart.py", Some("a\nb")),
        ] {
            let err = test_of(file, test).unwrap_err();
            assert_eq!(err.code, ErrorCode::InvalidParams, "{file} {test:?}");
        }
        let long = "t".repeat(MAX_TEST + 1);
        assert!(test_of("test_cart.py", Some(&long)).is_err());
    }
}
