//! Drives REAL debugpy (the interpreter in `JBD_PYTHON`) through `DapBackend` on the
//! small programs in `tests/programs/`. Synchronization is by events with
//! timeouts, never by sleeping.

use debugger_core::model::*;
use debugger_core::state::StateDir;
use debugger_core::{Backend, BackendEvent, ErrorCode, ToolError};
use debugger_dap::{DapBackend, DapConfig};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

const WAIT: Duration = Duration::from_secs(20);

fn python() -> PathBuf {
    match std::env::var_os("JBD_PYTHON") {
        Some(p) if !p.is_empty() => PathBuf::from(p),
        _ => panic!(
            "set JBD_PYTHON to a Python interpreter with debugpy installed \
             (e.g. `python3 -m venv /tmp/venv && /tmp/venv/bin/pip install debugpy`, then JBD_PYTHON=/tmp/venv/bin/python)"
        ),
    }
}

struct Fixture {
    dir: PathBuf,
    project: Project,
    backend: Arc<DapBackend>,
    events: Events,
}

struct Events {
    rx: broadcast::Receiver<BackendEvent>,
    seen: Vec<BackendEvent>,
}

struct Stop {
    thread: String,
    reason: StopReason,
    hits: Vec<String>,
    exception: Option<ExceptionInfo>,
    description: Option<String>,
}

impl Events {
    /// The next event (after those already consumed) that matches.
    async fn wait_for(&mut self, what: &str, pred: impl Fn(&BackendEvent) -> bool) -> BackendEvent {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            match tokio::time::timeout_at(deadline, self.rx.recv()).await {
                Ok(Ok(ev)) => {
                    self.seen.push(ev.clone());
                    if pred(&ev) {
                        return ev;
                    }
                }
                Ok(Err(broadcast::error::RecvError::Lagged(n))) => {
                    panic!("lagged {n} events waiting for {what}")
                }
                Ok(Err(e)) => panic!("event stream closed waiting for {what}: {e}"),
                Err(_) => panic!(
                    "timed out waiting for {what}; events so far: {:#?}",
                    self.seen
                ),
            }
        }
    }

    async fn stop(&mut self, session: &str) -> Stop {
        let ev = self
            .wait_for("a stop", |e| {
                matches!(e, BackendEvent::Stopped { session: s, .. } if s == session)
                    || matches!(e, BackendEvent::Terminated { session: s, .. } if s == session)
            })
            .await;
        match ev {
            BackendEvent::Stopped {
                thread_id,
                reason,
                hit_breakpoints,
                exception,
                description,
                ..
            } => Stop {
                thread: thread_id.expect("stop has a thread"),
                reason,
                hits: hit_breakpoints,
                exception,
                description,
            },
            other => panic!(
                "session ended instead of stopping: {other:?}; seen {:#?}",
                self.seen
            ),
        }
    }

    async fn terminated(&mut self, session: &str) -> Option<ToolError> {
        match self
            .wait_for(
                "termination",
                |e| matches!(e, BackendEvent::Terminated { session: s, .. } if s == session),
            )
            .await
        {
            BackendEvent::Terminated { error, .. } => error,
            _ => unreachable!(),
        }
    }

    fn output(&self, session: &str) -> String {
        self.seen
            .iter()
            .filter_map(|e| match e {
                BackendEvent::Output {
                    session: s, text, ..
                } if s == session => Some(text.as_str()),
                _ => None,
            })
            .collect()
    }
}

impl Fixture {
    fn new(tag: &str) -> Fixture {
        Self::with_shim(tag, true)
    }

    fn with_shim(tag: &str, shim: bool) -> Fixture {
        Self::configured(tag, |config| config.tcp_nodelay_shim = shim)
    }

    fn configured(tag: &str, tweak: impl FnOnce(&mut DapConfig)) -> Fixture {
        let python = python();
        let base = std::env::temp_dir().join(format!("jbd-dap-it-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        let dir = base.join("project");
        std::fs::create_dir_all(dir.join(".vscode")).unwrap();
        let dir = dir.canonicalize().unwrap();
        let programs = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs");
        let mut configs = Vec::new();
        for entry in std::fs::read_dir(&programs).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            std::fs::copy(&path, dir.join(&name)).unwrap();
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            configs.push(serde_json::json!({
                "name": stem, "type": "debugpy", "request": "launch",
                "program": dir.join(&name), "cwd": dir, "python": python, "justMyCode": true,
            }));
        }
        configs.push(serde_json::json!({
            "name": "no-debugpy", "type": "debugpy", "request": "launch",
            "program": dir.join("basic.py"), "python": "/usr/bin/python3",
        }));
        configs.push(serde_json::json!({
            "name": "bad-program", "type": "debugpy", "request": "launch",
            "program": dir.join("does_not_exist.py"), "python": python,
        }));
        let launch = serde_json::json!({ "version": "0.2.0", "configurations": configs });
        std::fs::write(
            dir.join(".vscode/launch.json"),
            serde_json::to_string_pretty(&launch).unwrap(),
        )
        .unwrap();
        let project = Project {
            name: "project".into(),
            path: dir.clone(),
        };
        let mut config = DapConfig::new(vec![project.clone()], StateDir::at(base.join("state")));
        tweak(&mut config);
        let backend = DapBackend::new(config);
        let events = Events {
            rx: backend.events(),
            seen: Vec::new(),
        };
        Fixture {
            dir,
            project,
            backend,
            events,
        }
    }

    fn file(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    fn line(&self, name: &str, mark: &str) -> u32 {
        let text = std::fs::read_to_string(self.file(name)).unwrap();
        let needle = format!("# MARK:{mark}");
        let idx = text
            .lines()
            .position(|l| l.trim_end().ends_with(&needle))
            .unwrap_or_else(|| panic!("no {needle}"));
        u32::try_from(idx + 1).unwrap()
    }

    fn line_spec(&self, name: &str, mark: &str) -> BreakpointSpec {
        BreakpointSpec {
            kind: BreakpointKind::Line {
                file: self.file(name),
                line: self.line(name, mark),
            },
            enabled: true,
            condition: None,
            log_message: None,
            suspend_policy: SuspendPolicy::All,
            temporary: false,
        }
    }

    async fn bp(&self, name: &str, mark: &str) -> Breakpoint {
        self.backend
            .add_breakpoint(&self.project, self.line_spec(name, mark))
            .await
            .unwrap()
            .0
    }

    /// Launch without the break on uncaught exceptions (the tests that want it say so).
    async fn launch(&self, config: &str, mode: LaunchMode) -> String {
        self.launch_with(config, mode, LaunchOptions::default())
            .await
    }

    async fn launch_with(&self, config: &str, mode: LaunchMode, options: LaunchOptions) -> String {
        self.backend
            .launch(&self.project, config, mode, &options)
            .await
            .unwrap_or_else(|e| panic!("launch {config}: {e}"))
            .id
    }

    async fn top(&self, session: &str, thread: &str) -> StackFrame {
        let (frames, total) = self.backend.stack(session, thread, 20).await.unwrap();
        assert!(total >= frames.len());
        frames.into_iter().next().expect("a frame")
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        if let Some(base) = self.dir.parent() {
            let _ = std::fs::remove_dir_all(base);
        }
    }
}

fn find<'a>(values: &'a [Value], name: &str) -> &'a Value {
    values
        .iter()
        .find(|v| v.name == name)
        .unwrap_or_else(|| panic!("no {name} in {values:#?}"))
}

/// Processes whose command line mentions `needle` (from `ps -eo pid,pgid,cmd`).
fn processes_with(needle: &str) -> Vec<String> {
    let out = std::process::Command::new("ps")
        .args(["-eo", "pid,pgid,cmd"])
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.contains(needle) && !l.contains(" ps -eo"))
        .map(str::to_owned)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn breakpoints_set_before_launch_stop_and_both_hit() {
    let mut f = Fixture::new("two-bps");
    let a = f.bp("basic.py", "total0").await;
    let b = f.bp("basic.py", "append").await;
    assert_eq!(a.verified, None, "no session yet");
    let again = f.bp("basic.py", "total0").await;
    assert_eq!(
        again.id, a.id,
        "same location returns the existing breakpoint"
    );

    let started = Instant::now();
    let s = f.launch("basic", LaunchMode::Debug).await;
    let stop = f.events.stop(&s).await;
    eprintln!("launch → first stop: {} ms", started.elapsed().as_millis());
    assert_eq!(stop.reason, StopReason::Breakpoint);
    assert_eq!(stop.hits, vec![a.id.clone()]);
    let top = f.top(&s, &stop.thread).await;
    assert_eq!(top.line, Some(f.line("basic.py", "total0")));
    assert_eq!(top.method, "compute");
    assert_eq!(top.class.as_deref(), Some("__main__"));
    assert!(!top.is_library);
    assert_eq!(top.file.as_deref(), Some(f.file("basic.py").as_path()));
    let threads = f.backend.threads(&s).await.unwrap();
    assert!(threads.iter().any(|t| t.id == stop.thread));
    assert_eq!(f.backend.language(&s).as_deref(), Some("python"));

    f.backend.resume(&s).await.unwrap();
    f.events
        .wait_for("continued", |e| matches!(e, BackendEvent::Continued { .. }))
        .await;
    let stop = f.events.stop(&s).await;
    assert_eq!(
        stop.hits,
        vec![b.id.clone()],
        "the second breakpoint of the same file is hit too"
    );

    // Removing both while live: the program then runs to its end.
    assert!(f
        .backend
        .remove_breakpoint(&f.project, &a.id)
        .await
        .unwrap());
    assert!(f
        .backend
        .remove_breakpoint(&f.project, &b.id)
        .await
        .unwrap());
    assert!(!f
        .backend
        .remove_breakpoint(&f.project, &b.id)
        .await
        .unwrap());
    f.backend.resume(&s).await.unwrap();
    f.events
        .wait_for("exit 0", |e| {
            matches!(e, BackendEvent::Exited { exit_code: 0, .. })
        })
        .await;
    assert_eq!(f.events.terminated(&s).await, None);
    assert!(f.events.output(&s).contains("results [6, 20, 42]"));
    let err = f.backend.resume(&s).await.unwrap_err();
    assert_eq!(err.code, ErrorCode::SessionEnded);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn steps_over_into_out_and_can_ignore_breakpoints() {
    let mut f = Fixture::new("steps");
    f.bp("basic.py", "call").await;
    let inner = f.bp("basic.py", "loop").await;
    let s = f.launch("basic", LaunchMode::Debug).await;
    let stop = f.events.stop(&s).await;
    assert_eq!(
        f.top(&s, &stop.thread).await.line,
        Some(f.line("basic.py", "call"))
    );

    // Over the call with breakpoints ignored: the one inside compute does not stop it.
    f.backend
        .step(&s, &stop.thread, StepKind::Over, true)
        .await
        .unwrap();
    let stop = f.events.stop(&s).await;
    assert_eq!(stop.reason, StopReason::Step);
    assert_eq!(
        f.top(&s, &stop.thread).await.line,
        Some(f.line("basic.py", "append"))
    );

    // Back at the call (the loop's next round), then into compute.
    f.backend
        .step(&s, &stop.thread, StepKind::Over, false)
        .await
        .unwrap();
    let stop = f.events.stop(&s).await;
    f.backend
        .step(&s, &stop.thread, StepKind::Over, false)
        .await
        .unwrap();
    let stop = f.events.stop(&s).await;
    assert_eq!(
        f.top(&s, &stop.thread).await.line,
        Some(f.line("basic.py", "call"))
    );
    f.backend
        .step(&s, &stop.thread, StepKind::Into { force: false }, false)
        .await
        .unwrap();
    let stop = f.events.stop(&s).await;
    assert_eq!(stop.reason, StopReason::Step);
    let top = f.top(&s, &stop.thread).await;
    assert_eq!(top.method, "compute");
    assert_eq!(top.line, Some(f.line("basic.py", "total0")));
    f.backend
        .step(&s, &stop.thread, StepKind::Over, false)
        .await
        .unwrap();
    let stop = f.events.stop(&s).await;
    assert_eq!(
        f.top(&s, &stop.thread).await.line,
        Some(f.line("basic.py", "total0") + 1)
    );
    f.backend
        .step(&s, &stop.thread, StepKind::Out, true)
        .await
        .unwrap();
    let stop = f.events.stop(&s).await;
    let top = f.top(&s, &stop.thread).await;
    assert_eq!(top.method, "main", "step out returns to the caller");

    // The ignored breakpoint is back in force afterwards.
    f.backend.resume(&s).await.unwrap();
    let stop = f.events.stop(&s).await;
    assert_eq!(stop.reason, StopReason::Breakpoint);
    let top = f.top(&s, &stop.thread).await;
    assert!(top.line == Some(f.line("basic.py", "call")) || stop.hits == vec![inner.id.clone()]);
    f.backend.stop(&s).await.unwrap();
    assert_eq!(f.events.terminated(&s).await, None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn variables_children_set_value_and_evaluate() {
    let mut f = Fixture::new("vars");
    f.bp("basic.py", "append").await;
    f.bp("basic.py", "greet").await;
    let s = f.launch("basic", LaunchMode::Debug).await;
    let stop = f.events.stop(&s).await;
    let top = f.top(&s, &stop.thread).await;
    let frame = top.frame_ref.clone();

    let locals = f
        .backend
        .variables(&s, &frame, VariableScope::Local)
        .await
        .unwrap();
    assert_eq!(find(&locals, "r").value, "6");
    assert_eq!(find(&locals, "n").value, "3");
    assert!(locals
        .iter()
        .all(|v| v.name != "special variables" && v.name != "function variables"));
    let all = f
        .backend
        .variables(&s, &frame, VariableScope::All)
        .await
        .unwrap();
    assert_eq!(all, locals, "All lists the locals");
    let globals = f
        .backend
        .variables(&s, &frame, VariableScope::Global)
        .await
        .unwrap();
    assert_eq!(find(&globals, "LIMIT").value, "10");
    assert!(
        globals.iter().all(|v| v.name != "compute"),
        "functions are in the dropped synthetic group"
    );
    let args = f
        .backend
        .variables(&s, &frame, VariableScope::Arguments)
        .await
        .unwrap();
    assert!(args.is_empty(), "main() takes no arguments: {args:?}");

    let config = find(&locals, "config");
    let children = f
        .backend
        .children(&s, config.children_ref.as_deref().unwrap())
        .await
        .unwrap();
    let mode = children
        .iter()
        .find(|v| v.name.contains("mode"))
        .expect("mode key");
    assert_eq!(mode.value, "'fast'");
    assert!(children.iter().all(|v| !v.name.ends_with("variables")));

    // set_value through the slot; re-read.
    let r = find(&locals, "r");
    let new = f
        .backend
        .set_value(&s, &frame, r.target.as_ref().unwrap(), "100")
        .await
        .unwrap();
    assert_eq!(new.value, "100");
    let v = f
        .backend
        .evaluate(&s, &frame, "r * 2", EvaluationKind::Expression)
        .await
        .unwrap();
    assert_eq!(v.value, "200");
    // set_value through an expression.
    let target = ValueTarget::Expression("config['limit']".into());
    let new = f.backend.set_value(&s, &frame, &target, "9").await.unwrap();
    assert_eq!(new.value, "9");
    // Errors carry debugpy's message.
    let err = f
        .backend
        .evaluate(&s, &frame, "no_such_name + 1", EvaluationKind::Expression)
        .await
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::EvaluationFailed);
    assert!(err.message.contains("no_such_name"), "{}", err.message);
    // Guarded evaluations: pure builtin methods run, anything else is refused by the
    // shim's runtime guard before it runs (`len(results)` below is still 0).
    let v = f
        .backend
        .evaluate(
            &s,
            &frame,
            "config['mode'].upper()",
            EvaluationKind::GuardedExpression,
        )
        .await
        .unwrap();
    assert_eq!(
        (v.value.as_str(), v.name.as_str()),
        ("'FAST'", "config['mode'].upper()")
    );
    for (hostile, tried) in [
        ("results.append(1)", "list.append"),
        ("(lambda: results.extend([1]))()", "list.extend"),
        ("__import__('os').getpid()", "__import__"),
    ] {
        let err = f
            .backend
            .evaluate(&s, &frame, hostile, EvaluationKind::GuardedExpression)
            .await
            .unwrap_err();
        assert_eq!(
            err.code,
            ErrorCode::SideEffectsNotAllowed,
            "{hostile}: {}",
            err.message
        );
        assert!(err.message.contains(tried), "{hostile}: {}", err.message);
    }
    let err = f
        .backend
        .evaluate(
            &s,
            &frame,
            "r # @LINE@ results.append(2)",
            EvaluationKind::GuardedExpression,
        )
        .await
        .unwrap();
    assert_eq!(err.value, "100", "`@LINE@` stays inside the comment");
    // A multi-line fragment gives the value of its last line.
    let v = f
        .backend
        .evaluate(
            &s,
            &frame,
            "acc = 0\nfor k in range(4):\n    acc += k\nacc * 10",
            EvaluationKind::CodeFragment,
        )
        .await
        .unwrap();
    assert_eq!(v.value, "60");
    let v = f
        .backend
        .evaluate(&s, &frame, "len(results)", EvaluationKind::CodeFragment)
        .await
        .unwrap();
    assert_eq!(v.value, "0");

    // The method frame: This and Arguments.
    f.backend.resume(&s).await.unwrap();
    loop {
        let stop = f.events.stop(&s).await;
        let top = f.top(&s, &stop.thread).await;
        if top.method == "greet" {
            let this = f
                .backend
                .variables(&s, &top.frame_ref, VariableScope::This)
                .await
                .unwrap();
            assert_eq!(this.len(), 1);
            assert_eq!(this[0].name, "self");
            assert!(this[0].children_ref.is_some());
            let args = f
                .backend
                .variables(&s, &top.frame_ref, VariableScope::Arguments)
                .await
                .unwrap();
            let names: Vec<&str> = args.iter().map(|v| v.name.as_str()).collect();
            assert_eq!(names, vec!["self", "punctuation", "times", "rest", "extra"]);
            break;
        }
        f.backend.resume(&s).await.unwrap();
    }
    f.backend.stop(&s).await.unwrap();
    f.events.terminated(&s).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn conditional_log_and_temporary_breakpoints() {
    let mut f = Fixture::new("kinds");
    let mut cond = f.line_spec("basic.py", "loop");
    cond.condition = Some("n == 5 and i == 3".into());
    let cond = f.backend.add_breakpoint(&f.project, cond).await.unwrap().0;
    let mut log = f.line_spec("basic.py", "return");
    log.log_message = Some("compute returns {total}".into());
    f.backend.add_breakpoint(&f.project, log).await.unwrap();
    let mut silent = f.line_spec("basic.py", "total0");
    silent.suspend_policy = SuspendPolicy::None;
    let silent = f
        .backend
        .add_breakpoint(&f.project, silent)
        .await
        .unwrap()
        .0;
    let mut temp = f.line_spec("basic.py", "append");
    temp.temporary = true;
    let temp = f.backend.add_breakpoint(&f.project, temp).await.unwrap().0;

    let s = f.launch("basic", LaunchMode::Debug).await;
    let stop = f.events.stop(&s).await;
    assert_eq!(
        stop.hits,
        vec![temp.id.clone()],
        "first stop: the temporary one after compute(3)"
    );
    assert!(
        f.events
            .seen
            .iter()
            .any(|e| matches!(e, BackendEvent::BreakpointRemoved { id, .. } if *id == temp.id)),
        "temporary breakpoint removed (announced before the stop)"
    );
    assert!(f
        .backend
        .breakpoints(&f.project)
        .await
        .unwrap()
        .iter()
        .all(|b| b.id != temp.id));
    f.backend.resume(&s).await.unwrap();
    let stop = f.events.stop(&s).await;
    assert_eq!(
        stop.hits,
        vec![cond.id.clone()],
        "conditional stops when true only"
    );
    let top = f.top(&s, &stop.thread).await;
    let locals = f
        .backend
        .variables(&s, &top.frame_ref, VariableScope::Local)
        .await
        .unwrap();
    assert_eq!(find(&locals, "i").value, "3");
    assert_eq!(find(&locals, "n").value, "5");
    f.backend.resume(&s).await.unwrap();
    f.events.terminated(&s).await;
    let out = f.events.output(&s);
    assert!(out.contains("compute returns 6"), "logpoint output: {out}");
    assert!(out.contains("compute returns 20"), "logpoint output: {out}");
    assert!(
        out.contains(&format!("Breakpoint {} hit", silent.id)),
        "no-suspend breakpoint logs: {out}"
    );
    let bps = f.backend.breakpoints(&f.project).await.unwrap();
    let cond_now = bps.iter().find(|b| b.id == cond.id).unwrap();
    assert_eq!(cond_now.hit_count, 1);
    assert_eq!(cond_now.verified, Some(true));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exception_breakpoints_builtin_and_user_defined() {
    let mut f = Fixture::new("exc");
    let spec = |class: &str| BreakpointSpec {
        kind: BreakpointKind::Exception {
            exception_class: class.into(),
            caught: true,
            uncaught: true,
        },
        enabled: true,
        condition: None,
        log_message: None,
        suspend_policy: SuspendPolicy::All,
        temporary: false,
    };
    let value = f
        .backend
        .add_breakpoint(&f.project, spec("ValueError"))
        .await
        .unwrap()
        .0;
    let user = f
        .backend
        .add_breakpoint(&f.project, spec("InventoryError"))
        .await
        .unwrap()
        .0;
    let s = f.launch("exceptions", LaunchMode::Debug).await;
    let stop = f.events.stop(&s).await;
    assert_eq!(stop.reason, StopReason::Exception);
    let exc = stop.exception.clone().expect("exception info");
    assert_eq!(exc.type_name, "builtins.ValueError");
    assert!(exc.message.contains("not a number"), "{exc:?}");
    assert_eq!(exc.uncaught, Some(false));
    assert_eq!(stop.hits, vec![value.id.clone()]);
    assert_eq!(
        f.top(&s, &stop.thread).await.line,
        Some(f.line("exceptions.py", "raise-value"))
    );

    // The KeyError before it and the ValueError's later frames do not stop; the user class (a subclass) does.
    f.backend.resume(&s).await.unwrap();
    let stop = f.events.stop(&s).await;
    let exc = stop.exception.clone().expect("exception info");
    assert_eq!(
        exc.type_name, "__main__.OutOfStock",
        "subclass of the requested user class"
    );
    assert_eq!(stop.hits, vec![user.id.clone()]);
    assert_eq!(
        f.top(&s, &stop.thread).await.line,
        Some(f.line("exceptions.py", "raise-user"))
    );
    // Resuming: further frames of the same exception may stop again; all are InventoryError.
    loop {
        f.backend.resume(&s).await.unwrap();
        let ev = f
            .events
            .wait_for("stop or end", |e| {
                matches!(
                    e,
                    BackendEvent::Stopped { .. } | BackendEvent::Terminated { .. }
                )
            })
            .await;
        match ev {
            BackendEvent::Stopped {
                exception: Some(e), ..
            } => assert_eq!(e.type_name, "__main__.OutOfStock"),
            BackendEvent::Terminated { error, .. } => {
                assert_eq!(error, None);
                break;
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    assert!(f.events.output(&s).contains("caught only 1 left"));
    let seen_key_error = f.events.seen.iter().any(|e| {
        matches!(e, BackendEvent::Stopped { exception: Some(x), .. } if x.type_name.contains("KeyError"))
    });
    assert!(!seen_key_error, "a KeyError was never asked for");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn run_to_line_keeps_user_breakpoints() {
    let mut f = Fixture::new("runto");
    let call = f.bp("basic.py", "call").await;
    let inner = f.bp("basic.py", "total0").await;
    let s = f.launch("basic", LaunchMode::Debug).await;
    let stop = f.events.stop(&s).await;
    assert_eq!(stop.hits, vec![call.id.clone()]);
    let print_line = f.line("basic.py", "print");
    // A user breakpoint on the way wins.
    f.backend
        .run_to_line(&s, &stop.thread, &f.file("basic.py"), print_line, false)
        .await
        .unwrap();
    let stop = f.events.stop(&s).await;
    assert_eq!(stop.reason, StopReason::Breakpoint);
    assert_eq!(stop.hits, vec![inner.id.clone()]);
    // The target is gone after that stop; the user's breakpoint in the same file still works.
    f.backend.resume(&s).await.unwrap();
    let stop = f.events.stop(&s).await;
    assert_eq!(stop.hits, vec![call.id.clone()]);
    // Ignoring breakpoints: straight to the target.
    f.backend
        .run_to_line(&s, &stop.thread, &f.file("basic.py"), print_line, true)
        .await
        .unwrap();
    let stop = f.events.stop(&s).await;
    assert_eq!(stop.reason, StopReason::Step);
    assert_eq!(stop.description.as_deref(), Some("run to line"));
    assert_eq!(f.top(&s, &stop.thread).await.line, Some(print_line));
    let bps = f.backend.breakpoints(&f.project).await.unwrap();
    assert_eq!(bps.len(), 2, "user breakpoints untouched");
    f.backend.stop(&s).await.unwrap();
    f.events.terminated(&s).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn run_mode_reports_output_and_exit_code() {
    let mut f = Fixture::new("run");
    f.bp("exit3.py", "never-stops").await;
    let s = f.launch("exit3", LaunchMode::Run).await;
    let ev = f
        .events
        .wait_for(
            "exit",
            |e| matches!(e, BackendEvent::Exited { session, .. } if *session == s),
        )
        .await;
    assert!(
        matches!(ev, BackendEvent::Exited { exit_code: 3, .. }),
        "{ev:?}"
    );
    assert_eq!(f.events.terminated(&s).await, None);
    assert!(!f
        .events
        .seen
        .iter()
        .any(|e| matches!(e, BackendEvent::Stopped { .. })));
    let stdout: String = f
        .events
        .seen
        .iter()
        .filter_map(|e| match e {
            BackendEvent::Output {
                category: OutputCategory::Stdout,
                text,
                ..
            } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert!(stdout.contains("run mode says hi"), "{stdout}");
    let stderr: String = f
        .events
        .seen
        .iter()
        .filter_map(|e| match e {
            BackendEvent::Output {
                category: OutputCategory::Stderr,
                text,
                ..
            } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert!(stderr.contains("to stderr"), "{stderr}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crashing_program_ends_the_session() {
    let mut f = Fixture::new("crash");
    let s = f.launch("crash", LaunchMode::Debug).await;
    let ev = f
        .events
        .wait_for(
            "exit",
            |e| matches!(e, BackendEvent::Exited { session, .. } if *session == s),
        )
        .await;
    assert!(
        matches!(ev, BackendEvent::Exited { exit_code: 1, .. }),
        "{ev:?}"
    );
    assert_eq!(f.events.terminated(&s).await, None);
    let out = f.events.output(&s);
    assert!(out.contains("about to crash"));
    assert!(out.contains("RuntimeError: boom"), "{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn break_on_uncaught_stops_a_crash_at_its_raise_and_nothing_else() {
    let mut f = Fixture::new("uncaught");
    assert_eq!(f.backend.break_on_uncaught_default(), Some(true));
    let on = LaunchOptions {
        break_on_uncaught: true,
        ..LaunchOptions::default()
    };
    let s = f.launch_with("crash", LaunchMode::Debug, on.clone()).await;
    let stop = f.events.stop(&s).await;
    assert_eq!(stop.reason, StopReason::Exception);
    let exc = stop.exception.clone().expect("exception info");
    assert_eq!(exc.type_name, "builtins.RuntimeError");
    assert_eq!(exc.message, "boom");
    assert_eq!(exc.uncaught, Some(true));
    assert!(
        stop.hits.is_empty(),
        "no breakpoint caused it: {:?}",
        stop.hits
    );
    let top = f.top(&s, &stop.thread).await;
    assert_eq!(top.line, Some(f.line("crash.py", "raise")));
    assert_eq!(top.method, "explode");
    assert!(
        f.backend.breakpoints(&f.project).await.unwrap().is_empty(),
        "a launch behaviour, not a breakpoint"
    );
    f.backend.resume(&s).await.unwrap();
    let ev = f
        .events
        .wait_for(
            "exit",
            |e| matches!(e, BackendEvent::Exited { session, .. } if *session == s),
        )
        .await;
    assert!(
        matches!(ev, BackendEvent::Exited { exit_code: 1, .. }),
        "{ev:?}"
    );

    // Caught exceptions (a built-in and a user class) do not stop, nor does sys.exit(3).
    for (config, code) in [("exceptions", 0), ("exit3", 3)] {
        let s = f.launch_with(config, LaunchMode::Debug, on.clone()).await;
        let ev = f
            .events
            .wait_for("a stop or the exit", |e| {
                matches!(e, BackendEvent::Stopped { session, .. } | BackendEvent::Exited { session, .. } if *session == s)
            })
            .await;
        match ev {
            BackendEvent::Exited { exit_code, .. } => assert_eq!(exit_code, code, "{config}"),
            other => panic!("{config} stopped: {other:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pause_then_stop_kills_the_process_tree_and_shutdown_too() {
    let mut f = Fixture::new("kill");
    let program = f.file("forever.py").display().to_string();
    let s = f.launch("forever", LaunchMode::Debug).await;
    let pid = match f
        .events
        .wait_for(
            "process",
            |e| matches!(e, BackendEvent::ProcessStarted { session, .. } if *session == s),
        )
        .await
    {
        BackendEvent::ProcessStarted { process_id, .. } => process_id,
        _ => unreachable!(),
    };
    assert!(!processes_with(&program).is_empty(), "debuggee runs");
    f.backend.pause(&s).await.unwrap();
    let stop = f.events.stop(&s).await;
    assert_eq!(stop.reason, StopReason::Pause);
    f.backend.stop(&s).await.unwrap();
    assert_eq!(f.events.terminated(&s).await, None);
    let left = processes_with(&program);
    assert!(left.is_empty(), "after stop, still running: {left:?}");
    assert!(!Path::new(&format!("/proc/{pid}")).exists());

    // shutdown() takes every session down.
    let s2 = f.launch("forever", LaunchMode::Debug).await;
    let s3 = f.launch("forever", LaunchMode::Run).await;
    for s in [&s2, &s3] {
        f.events
            .wait_for(
                "process",
                |e| matches!(e, BackendEvent::ProcessStarted { session, .. } if session == s),
            )
            .await;
    }
    assert!(processes_with(&program).len() >= 2);
    f.backend.shutdown().await;
    let left = processes_with(&program);
    assert!(left.is_empty(), "after shutdown, still running: {left:?}");
    let left = processes_with(&f.dir.display().to_string());
    assert!(left.is_empty(), "launcher or adapter left: {left:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn launch_failures_are_classified() {
    let f = Fixture::new("fail");
    // A Python without debugpy.
    let has_debugpy = std::process::Command::new("/usr/bin/python3")
        .args(["-c", "import debugpy"])
        .stderr(std::process::Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(true);
    assert!(
        !has_debugpy,
        "this test needs /usr/bin/python3 without debugpy"
    );
    let err = f
        .backend
        .launch(
            &f.project,
            "no-debugpy",
            LaunchMode::Debug,
            &LaunchOptions::default(),
        )
        .await
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::DebuggerUnavailable, "{err}");
    assert!(
        err.message
            .contains("/usr/bin/python3 -m pip install debugpy"),
        "{}",
        err.message
    );
    // A missing program.
    let err = f
        .backend
        .launch(
            &f.project,
            "bad-program",
            LaunchMode::Debug,
            &LaunchOptions::default(),
        )
        .await
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::AdapterFailed, "{err}");
    assert!(err.message.contains("does_not_exist.py"), "{}", err.message);
    // Unknown configuration.
    let err = f
        .backend
        .launch(
            &f.project,
            "nope",
            LaunchMode::Debug,
            &LaunchOptions::default(),
        )
        .await
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::ConfigurationNotFound);
    let configs = f.backend.run_configurations(&f.project).await.unwrap();
    assert!(configs.iter().any(|c| c.name == "basic"));
}

/// The TCP_NODELAY shim: median `threads` round trip with and without it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nodelay_shim_removes_the_per_request_floor() {
    async fn median_rtt(shim: bool) -> Duration {
        let mut f = Fixture::with_shim(if shim { "shim-on" } else { "shim-off" }, shim);
        f.bp("timing.py", "here").await;
        let s = f.launch("timing", LaunchMode::Debug).await;
        let stop = f.events.stop(&s).await;
        let mut times = Vec::new();
        for _ in 0..15 {
            let t = Instant::now();
            f.backend.stack(&s, &stop.thread, 5).await.unwrap();
            times.push(t.elapsed());
        }
        f.backend.stop(&s).await.unwrap();
        times.sort();
        times[times.len() / 2]
    }
    let with = median_rtt(true).await;
    let without = median_rtt(false).await;
    eprintln!("stackTrace median round trip: with shim {with:?}, without {without:?}");
    assert!(with < Duration::from_millis(20), "with the shim: {with:?}");
    assert!(
        with * 3 < without,
        "the shim should remove the ~40 ms floor: {with:?} vs {without:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hung_evaluation_leaves_the_session_usable() {
    let mut f = Fixture::configured("hung", |config| {
        config.request_timeout = Duration::from_secs(1)
    });
    f.bp("basic.py", "append").await;
    let s = f.launch("basic", LaunchMode::Debug).await;
    let stop = f.events.stop(&s).await;
    let frame = f.top(&s, &stop.thread).await.frame_ref;
    let eval = |expression: &'static str| {
        let (backend, s, frame) = (f.backend.clone(), s.clone(), frame.clone());
        async move {
            backend
                .evaluate(&s, &frame, expression, EvaluationKind::Expression)
                .await
        }
    };

    let slow = eval("__import__('time').sleep(4) or 'slept'")
        .await
        .unwrap_err();
    assert_eq!(slow.code, ErrorCode::Timeout, "{slow}");
    assert!(slow.message.contains("evaluation_running"), "{slow}");

    // While it runs: answers at once, naming it, instead of a timeout per call.
    let started = Instant::now();
    let busy = eval("1 + 1").await.unwrap_err();
    assert_eq!(busy.code, ErrorCode::EvaluationRunning, "{busy}");
    assert!(busy.message.contains("sleep(4)"), "{busy}");
    let stack = f.backend.stack(&s, &stop.thread, 5).await.unwrap_err();
    assert_eq!(stack.code, ErrorCode::EvaluationRunning);
    f.backend.pause(&s).await.expect("pause answers");
    assert!(
        started.elapsed() < Duration::from_millis(500),
        "{:?}",
        started.elapsed()
    );

    // Once it ends, the session is as before.
    let deadline = Instant::now() + WAIT;
    let value = loop {
        match eval("r * 2").await {
            Ok(value) => break value,
            Err(e) if e.code == ErrorCode::EvaluationRunning && Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(100)).await
            }
            Err(e) => panic!("after the slow evaluation: {e}"),
        }
    };
    assert_eq!(value.value, "12");

    // One that never ends: stop still takes the session down.
    let endless = eval("[0 for _ in iter(int, 1)]").await.unwrap_err();
    assert_eq!(endless.code, ErrorCode::Timeout);
    let started = Instant::now();
    f.backend.stop(&s).await.unwrap();
    assert_eq!(f.events.terminated(&s).await, None);
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
}
