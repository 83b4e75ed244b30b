//! Starting and ending a session: reaching the adapter (started here, started ahead,
//! or already listening in the program), the `initialize` and launch handshake with
//! the breakpoints in place before `configurationDone`, what a failed launch says,
//! and the end: `disconnect`, then the adapter's and the program's processes killed.
//!
//! - **Why it failed.** A launch request that fails is coded by its cause: the
//!   adapter said no (`adapter_failed`), did not answer in time (`timeout`), or went
//!   away (`adapter_crashed`, its exit status waited for at most [`EXIT_STATUS_WAIT`]);
//!   the adapter's output ending unasked mid-session is `adapter_crashed` too, carried
//!   by `Terminated`. Each such error has the [`Diagnostics`] snapshot as its
//!   `diagnostics` detail; a request that times out or finds the adapter gone later
//!   gets it as well.

use super::Hub;
use super::{
    ending_suffix, lock, Phase, Session, SessionSpec, State, EXIT_GRACE, EXIT_STATUS_WAIT,
};
use crate::adapter::{self, AdapterProfile};
use crate::breakpoints::CodeRoute;
use crate::client::{Client, ClientError};
use crate::diagnostics::{Diagnostics, Ending};
use crate::tree;
use debugger_core::error::{ErrorCode, ToolError, ToolResult};
use debugger_core::model::*;
use debugger_core::BackendEvent;
use serde_json::{json, Value as Json};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::Child;
use tokio::sync::{mpsc, watch};

/// How often a session checks whether its debuggee process is still there.
const REAP_POLL: Duration = Duration::from_millis(250);

/// The adapter a session talks to, as reached: the process started for it (none
/// when it was already listening in the program), the connection, its stderr.
struct Reached {
    child: Option<Child>,
    connection: adapter::Connection,
    diagnostics: Arc<Diagnostics>,
    /// Lines of the adapter's stderr that are the program's (Delve).
    program_stderr_lines: Option<mpsc::UnboundedReceiver<String>>,
}

/// An error that says why in words and in data: the message with the adapter's
/// stderr tail, and the `diagnostics` detail (the record and the pending requests).
fn diagnosed(
    adapter: &AdapterProfile,
    record: &Diagnostics,
    pending: &[(String, Duration)],
    code: ErrorCode,
    message: &str,
) -> ToolError {
    ToolError::new(
        code,
        format!("{message}{}", tail_suffix(adapter, &record.stderr_tail())),
    )
    .with_detail("diagnostics", record.snapshot(pending))
}

/// What a failed request during the launch means: the adapter refused it, never
/// answered, or went away.
fn launch_cause(e: &ClientError) -> ErrorCode {
    match e {
        ClientError::Failed { .. } => ErrorCode::AdapterFailed,
        ClientError::Timeout { .. } => ErrorCode::Timeout,
        ClientError::Closed { .. } => ErrorCode::AdapterCrashed,
    }
}

/// The launch saw the session end (its adapter gone) before it was ready.
fn ended_during_launch() -> ClientError {
    ClientError::Closed {
        command: "launch".into(),
        reason: "the session ended".into(),
    }
}

impl Session {
    /// Spawn the adapter, run the launch handshake (breakpoints in place before
    /// `configurationDone`) and return once the launch is acknowledged.
    pub async fn start(shared: Arc<dyn Hub>, mut spec: SessionSpec) -> ToolResult<Arc<Session>> {
        let profile = spec.adapter;
        let ready = spec.ready_adapter.take();
        let Reached {
            mut child,
            connection,
            diagnostics,
            program_stderr_lines,
        } = Self::reach_adapter(shared.as_ref(), &spec, ready).await?;
        let adapter_pgid = child.as_ref().and_then(Child::id);
        let (client, events) = Client::start(connection.reader, connection.writer);

        let init_args = json!({
            "clientID": "jetbrains-debugger", "clientName": "jetbrains-debugger",
            "adapterID": profile.adapter_id, "locale": "en-US",
            "linesStartAt1": true, "columnsStartAt1": true, "pathFormat": "path",
            "supportsVariableType": true, "supportsVariablePaging": false,
            "supportsRunInTerminalRequest": false, "supportsStartDebuggingRequest": false,
            "supportsProgressReporting": false, "supportsInvalidatedEvent": false,
        });
        let capabilities = match client
            .request("initialize", init_args, shared.launch_timeout())
            .await
        {
            Ok(capabilities) => capabilities,
            Err(e) => {
                // Taken before the adapter is told to go: what it left unanswered.
                let pending = client.pending();
                client.close_input().await;
                if let Some(child) = child.as_mut() {
                    // Let the adapter finish writing its error, but never wait long.
                    if let Ok(Ok(status)) = tokio::time::timeout(EXIT_GRACE, child.wait()).await {
                        diagnostics.adapter_ended(status);
                        diagnostics.stderr_read_to_end(EXIT_STATUS_WAIT).await;
                    }
                    let _ = child.kill().await;
                }
                if let Some(missing) =
                    (profile.not_installed)(&spec.command.program, &diagnostics.stderr_tail())
                {
                    return Err(missing);
                }
                let ended = match e {
                    ClientError::Closed { .. } => ending_suffix(diagnostics.adapter_ending()),
                    _ => String::new(),
                };
                return Err(diagnosed(
                    profile,
                    &diagnostics,
                    &pending,
                    launch_cause(&e),
                    &format!(
                        "the {} adapter did not initialize: {e}{ended}",
                        profile.name
                    ),
                ));
            }
        };

        let descriptor = SessionDescriptor {
            id: spec.id.clone(),
            name: spec.config.name.clone(),
            run_configuration: spec.config.name.clone(),
            mode: spec.mode,
            project: spec.project.clone(),
            process_id: None,
            attached: spec.config.request == "attach",
        };
        let session = Arc::new(Session {
            id: spec.id.clone(),
            adapter: profile,
            capabilities,
            project: spec.project.clone(),
            program: spec.config.program.clone(),
            mode: spec.mode,
            break_on_uncaught: spec.break_on_uncaught,
            test_failures: profile
                .tests
                .as_ref()
                .filter(|_| spec.test_failures)
                .map(|t| &t.failure),
            watchpoints: Mutex::new(Vec::new()),
            descriptor: Mutex::new(descriptor.clone()),
            client: client.clone(),
            shared: shared.clone(),
            state: Mutex::new(State {
                phase: Phase::Starting,
                stopped_thread: None,
                debuggee_pid: None,
                dap_ids: HashMap::new(),
                suppressed: false,
                run_to: None,
                stopping: false,
                resumed_at: SystemTime::now(),
                failures_told: HashMap::new(),
            }),
            cleaned: tokio::sync::Mutex::new(false),
            bp_lock: tokio::sync::Mutex::new(()),
            child: tokio::sync::Mutex::new(child),
            adapter_pgid,
            diagnostics,
            initialized: watch::channel(false).0,
            exited: watch::channel(false).0,
            ended: watch::channel(false).0,
            runtime_guard: spec.runtime_guard,
            hung_evaluation: Arc::new(Mutex::new(None)),
            activity: spec.activity.clone().and_then(|path| {
                let file = (profile.shim()?.create_activity)(&path)
                    .map_err(
                        |e| tracing::warn!(%e, "no activity file: a busy program is seen later"),
                    )
                    .ok()?;
                Some((path, file))
            }),
            cpu: Mutex::new(super::busy::CpuWatch::default()),
            code_route: spec.code_route,
            shim_values: crate::values::Reads::for_session(
                spec.code_route == CodeRoute::PythonShim,
                spec.values_without_code,
                spec.runtime_guard,
            ),
        });
        shared.register(session.clone());
        shared.emit(BackendEvent::SessionStarted(descriptor.clone()));
        tokio::spawn(session.clone().event_loop(events));
        if let Some(lines) = connection.adapter_stdout {
            tokio::spawn(session.clone().read_adapter_stdout(lines));
        }
        if let Some(mut lines) = program_stderr_lines {
            let session = session.clone();
            tokio::spawn(async move {
                while let Some(line) = lines.recv().await {
                    session.on_output(&json!({ "category": "stderr", "output": line }));
                }
            });
        }

        match session.handshake(&spec).await {
            Ok(()) => {
                let mut st = lock(&session.state);
                if st.phase == Phase::Starting {
                    st.phase = Phase::Running;
                }
                drop(st);
                Ok(session)
            }
            Err(e) => {
                session.finish(Some(e.clone())).await;
                Err(e)
            }
        }
    }

    /// Start the adapter (or take the one started ahead, `ready`) and connect to it,
    /// or (an attach to `debugpy --listen`) connect to the one already listening in
    /// the program.
    async fn reach_adapter(
        shared: &dyn Hub,
        spec: &SessionSpec,
        ready: Option<Child>,
    ) -> ToolResult<Reached> {
        let profile = spec.adapter;
        let diagnostics = Arc::new(Diagnostics::default());
        if let Some(address) = adapter::listening_adapter(profile, &spec.config) {
            return Ok(Reached {
                child: None,
                connection: adapter::connect_to(&address).await?,
                diagnostics,
                program_stderr_lines: None,
            });
        }
        let mut child = match ready {
            Some(child) => child,
            None => adapter::spawn(
                &spec.command,
                &adapter::adapter_cwd(profile, &spec.config, &spec.project),
                &tree::tag_for(shared.tree_owner(), &spec.id),
            )?,
        };
        let Some(stderr) = child.stderr.take() else {
            return Err(ToolError::internal("adapter spawned without piped stdio"));
        };
        let (program_stderr, program_stderr_lines) = match profile.program_on_adapter_stdio {
            true => {
                let (tx, rx) = mpsc::unbounded_channel();
                (Some(tx), Some(rx))
            }
            false => (None, None),
        };
        tokio::spawn(collect_stderr(
            BufReader::new(stderr),
            diagnostics.clone(),
            profile.name,
            program_stderr,
        ));
        match adapter::connect(profile.transport, &mut child, shared.launch_timeout()).await {
            Ok(connection) => Ok(Reached {
                child: Some(child),
                connection,
                diagnostics,
                program_stderr_lines,
            }),
            Err(e) => {
                let _ = child.kill().await;
                if let Ok(Some(status)) = child.try_wait() {
                    diagnostics.adapter_ended(status);
                }
                Err(diagnosed(profile, &diagnostics, &[], e.code, &e.message))
            }
        }
    }

    async fn handshake(&self, spec: &SessionSpec) -> ToolResult<()> {
        let t = self.shared.launch_timeout();
        let args = spec.launch_args.clone();
        // `launch` or `attach`, as the configuration asks.
        let launch = match self.client.send(&spec.config.request, args).await {
            Ok(launch) => launch,
            Err(e) => return Err(self.launch_error(&e).await),
        };
        let launch_fut = launch.wait(t);
        tokio::pin!(launch_fut);
        let mut init = self.initialized.subscribe();
        let mut early = None;
        let mut ended = false;
        tokio::select! {
            r = &mut launch_fut => early = Some(r),
            r = init.wait_for(|v| *v) => ended = r.is_err(),
            _ = tokio::time::sleep(t) => {
                return Err(self.diagnosed(ErrorCode::Timeout, &format!(
                    "{} did not get ready within {} s", self.adapter.name, t.as_secs())));
            }
        }
        if ended {
            return Err(self.launch_error(&ended_during_launch()).await);
        }
        if let Some(Err(e)) = &early {
            return Err(self.launch_error(e).await);
        }
        if early.is_some() && self.mode == LaunchMode::Run && !self.adapter.run_mode_configures {
            // debugpy and Delve answer a `noDebug` launch at once and send no
            // `initialized`: there is nothing to configure.
            return Ok(());
        }
        if early.is_some() {
            // Answered before `initialized` (other adapters do that): still wait for it.
            let initialized = tokio::time::timeout(t, init.wait_for(|v| *v))
                .await
                .map(|r| r.is_ok());
            match initialized {
                Ok(true) => {}
                Ok(false) => return Err(self.launch_error(&ended_during_launch()).await),
                Err(_) => {
                    return Err(self.diagnosed(
                        ErrorCode::Timeout,
                        &format!("no 'initialized' event from {}", self.adapter.name),
                    ))
                }
            }
        }
        if self.mode == LaunchMode::Debug {
            let _guard = self.bp_lock.lock().await;
            for list in self.lists_with(None) {
                if let Err(e) = self.sync_list_locked(&list).await {
                    if self.client.is_closed() {
                        let closed = ClientError::Closed {
                            command: "setBreakpoints".into(),
                            reason: e.message,
                        };
                        return Err(self.launch_error(&closed).await);
                    }
                    tracing::warn!(?list, %e, "could not set breakpoints");
                }
            }
            if let Err(e) = self.sync_exceptions_locked().await {
                tracing::warn!(%e, "could not set exception breakpoints");
            }
        }
        let done = self
            .client
            .request(
                "configurationDone",
                json!({}),
                self.shared.request_timeout(),
            )
            .await;
        let launched = match (done, early) {
            (Err(e), _) => Err(e),
            (Ok(_), Some(_)) => Ok(()),
            (Ok(_), None) => launch_fut.await.map(|_| ()),
        };
        match launched {
            Ok(()) => Ok(()),
            Err(e) => Err(self.launch_error(&e).await),
        }
    }

    /// A launch request that failed, told apart by its cause ([`launch_cause`]).
    async fn launch_error(&self, e: &ClientError) -> ToolError {
        let name = self.adapter.name;
        let message = match e {
            ClientError::Failed { command, message }
                if command == "launch" || command == "attach" =>
            {
                format!("{name} could not launch the program: {message}")
            }
            ClientError::Failed { .. } => format!("{name} could not launch the program: {e}"),
            ClientError::Timeout { .. } => format!("{name} did not answer during the launch: {e}"),
            ClientError::Closed { .. } => format!(
                "the {name} adapter exited during the launch{}: {e}",
                ending_suffix(self.adapter_ending().await)
            ),
        };
        self.diagnosed(launch_cause(e), &message)
    }

    /// [`diagnosed`] for this session.
    pub(super) fn diagnosed(&self, code: ErrorCode, message: &str) -> ToolError {
        diagnosed(
            self.adapter,
            &self.diagnostics,
            &self.client.pending(),
            code,
            message,
        )
    }

    /// The adapter process's end, waited for a little (its output closes first).
    pub(super) async fn adapter_ending(&self) -> Option<Ending> {
        if let Some(child) = self.child.lock().await.as_mut() {
            if let Ok(Ok(status)) = tokio::time::timeout(EXIT_STATUS_WAIT, child.wait()).await {
                self.diagnostics.adapter_ended(status);
                self.diagnostics.stderr_read_to_end(EXIT_STATUS_WAIT).await;
            }
        }
        self.diagnostics.adapter_ending()
    }

    /// Once the debuggee process is gone, kill what it left behind outside the
    /// adapter's process group (a daemon it started): such a process holds the
    /// debuggee's output pipe, and debugpy's launcher waits for that pipe to close
    /// before it reports the exit, so the session would never end.
    pub(super) async fn reap_after_exit(self: Arc<Self>, debuggee: u32) {
        while !self.is_ended() && tree::alive(debuggee) {
            tokio::time::sleep(REAP_POLL).await;
        }
        if self.is_ended() {
            return;
        }
        let (tag, keep) = (
            tree::tag_for(self.shared.tree_owner(), &self.id),
            self.adapter_pgid,
        );
        let killed =
            tokio::task::spawn_blocking(move || tree::kill_tagged_outside_group(&tag, keep)).await;
        if let Ok(n @ 1..) = killed {
            tracing::debug!(session = %self.id, killed = n, "killed what the debuggee left behind");
        }
    }

    /// Mark the session ended (once): emit `Terminated`, then clean up.
    pub(super) async fn finish(&self, error: Option<ToolError>) {
        let first = {
            let mut st = lock(&self.state);
            let first = st.phase != Phase::Ended;
            st.phase = Phase::Ended;
            first
        };
        if first {
            self.drop_watchpoints();
            self.shared.emit(BackendEvent::Terminated {
                session: self.id.clone(),
                error,
            });
        }
        self.cleanup().await;
        self.ended.send_replace(true);
    }

    /// Disconnect, close the adapter's stdin, wait a little, then kill the adapter's
    /// and the debuggee's process groups, and leave the rest to a sweep
    /// ([`Hub::sweep`]). Idempotent.
    async fn cleanup(&self) {
        let mut cleaned = self.cleaned.lock().await;
        if std::mem::replace(&mut *cleaned, true) {
            return;
        }
        // A busy program answers no goodbye: its processes are killed at once.
        let grace = match self.doing() {
            Some(_) => Duration::from_millis(100),
            None => EXIT_GRACE,
        };
        if !self.client.is_closed() {
            let t = self.shared.request_timeout().min(grace);
            let _ = self
                .client
                .request("disconnect", self.disconnect_arguments(), t)
                .await;
        }
        self.client.close_input().await;
        if let Some(mut child) = self.child.lock().await.take() {
            match tokio::time::timeout(grace, child.wait()).await {
                Ok(Ok(status)) => self.diagnostics.adapter_ended(status),
                Ok(Err(_)) => {}
                Err(_) => {
                    tracing::debug!(session = %self.id, "adapter did not exit on EOF; killing it")
                }
            }
            if let Some(pgid) = self.adapter_pgid {
                tree::kill_group(pgid);
            }
            let _ = child.kill().await;
        }
        // The launcher puts the debuggee in a process group of its own; a program
        // attached to was started elsewhere and is left running.
        let pid = lock(&self.state)
            .debuggee_pid
            .filter(|_| !self.descriptor().attached);
        if let Some(pid) = pid {
            if tree::group_of(pid) == Some(pid) {
                tree::kill_group(pid);
            }
        }
        if let Some((path, _)) = &self.activity {
            let _ = std::fs::remove_file(path);
        }
        // Descendants that left both groups (setsid, double fork) carry the tag. The
        // sweep takes two scans of every process 10 ms apart: it runs after the answer.
        self.shared
            .sweep(&self.id, tree::tag_for(self.shared.tree_owner(), &self.id));
    }

    /// `disconnect`'s arguments: a launched program ends with its session, one
    /// attached to goes on (the debugger detaches).
    pub(super) fn disconnect_arguments(&self) -> Json {
        json!({ "terminateDebuggee": !self.descriptor().attached })
    }

    /// Terminate the session and its processes; returns once it has ended (bounded).
    pub async fn stop(&self) {
        lock(&self.state).stopping = true;
        let mut ended = self.ended.subscribe();
        if *ended.borrow() {
            return;
        }
        self.finish(None).await;
        let _ = tokio::time::timeout(EXIT_GRACE, ended.wait_for(|v| *v)).await;
    }
}

fn tail_suffix(adapter: &AdapterProfile, tail: &str) -> String {
    let tail = tail.trim();
    if tail.is_empty() {
        String::new()
    } else {
        format!("\n--- {} stderr (tail) ---\n{tail}", adapter.name)
    }
}

/// Keep the tail of the adapter's stderr in the diagnostics; where the program
/// writes there too, hand each line on as its output (`program`).
async fn collect_stderr(
    mut reader: BufReader<tokio::process::ChildStderr>,
    diagnostics: Arc<Diagnostics>,
    adapter: &'static str,
    program: Option<mpsc::UnboundedSender<String>>,
) {
    let mut line = String::new();
    loop {
        line.clear();
        match reader.read_line(&mut line).await {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                tracing::debug!(target: "adapter", adapter, "{}", line.trim_end());
                if let Some(program) = &program {
                    let _ = program.send(line.clone());
                }
                diagnostics.stderr_line(&line);
            }
        }
    }
    diagnostics.stderr_closed();
}
