//! [`Redacting`]: the backend the tools see. It forwards every call to the real backend and
//! masks what comes back, and relays the real backend's events masked. Each model type
//! is taken apart field by field (no `..`), each event by an exhaustive `match`, so that a
//! field or an event added to the model must be given its redaction here to compile.
//! Ids, handles, paths and numbers are kept as they are: the tools act on the real
//! values through them.

use super::{Reason, Secrets};
use crate::log_message;
use crate::pump::Pump;
use debugger_core::model::*;
use debugger_core::{Backend, BackendEvent, ToolError, ToolResult};
use std::path::Path;
use std::sync::Arc;
use tokio::sync::broadcast;

/// Events kept for a subscriber that falls behind (as the backends keep them).
const EVENT_BACKLOG: usize = 1024;

/// A backend whose answers and events carry no secret (unless the user turned masking off).
pub struct Redacting {
    inner: Arc<dyn Backend>,
    secrets: Arc<Secrets>,
    events: broadcast::Sender<BackendEvent>,
    /// The relay of the inner backend's events ([`Redacting::relayed`]).
    pump: Pump,
}

impl Redacting {
    /// Wrap `inner`; from now on each of its events is masked and handed to `deliver`
    /// (the app's tracker, notices and resource changes: on the relay's own task, so
    /// that a stop reaches a waiting call with no further hand-off), then relayed to the
    /// subscribers of [`Backend::events`].
    pub fn new(
        inner: Arc<dyn Backend>,
        secrets: Arc<Secrets>,
        mut deliver: impl FnMut(&BackendEvent) + Send + 'static,
    ) -> Arc<Self> {
        let events = broadcast::channel(EVENT_BACKLOG).0;
        let relay = events.clone();
        let relay_secrets = secrets.clone();
        let pump = Pump::start(
            inner.events(),
            move |event| {
                let masked = event_redacted(&relay_secrets, event);
                deliver(&masked);
                let _ = relay.send(masked);
            },
            "the redaction relay",
        );
        Arc::new(Self {
            inner,
            secrets,
            events,
            pump,
        })
    }

    /// Once every event the inner backend sent before this call is delivered and
    /// relayed; at most `bound`.
    pub async fn relayed(&self, bound: std::time::Duration) {
        self.pump.caught_up(bound).await;
    }

    /// A value listed under `container` (a frame's variables when `None`): masked as a
    /// whole when its name says so or its container was, else its text.
    fn listed(&self, session: &str, container: Option<&str>, value: Value) -> Value {
        let inherited = container.is_some_and(|c| self.secrets.children_masked(session, c));
        let whole = if inherited {
            Some(Reason::Part)
        } else if self
            .secrets
            .is_secret_named_value(&value.name, &value.value)
        {
            Some(Reason::Name)
        } else {
            None
        };
        self.value(session, value, whole)
    }

    /// The values of one listing (a frame's variables, a container's children), masked.
    /// A value masked here is also masked where an earlier one of the listing holds it
    /// (`sorted(config.values())` listed before `config`).
    /// A pair's `second` is masked when its `first` names a secret (a C++
    /// `std::pair("password", ...)`, which a debugger shows with no text of its own).
    fn listing(&self, session: &str, container: Option<&str>, values: Vec<Value>) -> Vec<Value> {
        let before = self.secrets.learned();
        let secret_pair = values
            .iter()
            .any(|v| v.name == "first" && self.secrets.is_secret_name(super::unquoted(&v.value)));
        let mut listed: Vec<Value> = values
            .into_iter()
            .map(|v| match v.name.as_str() {
                "second" if secret_pair => self.value(session, v, Some(Reason::Name)),
                _ => self.listed(session, container, v),
            })
            .collect();
        if self.secrets.learned() != before {
            for v in &mut listed {
                v.value = self.secrets.text(std::mem::take(&mut v.value));
            }
        }
        listed
    }

    fn value(&self, session: &str, value: Value, whole: Option<Reason>) -> Value {
        let Value {
            name,
            value,
            type_name,
            children_ref,
            target,
            evaluate_name,
        } = value;
        let secrets = &self.secrets;
        let value = match &whole {
            Some(reason) if secrets.hiding() && !super::text::is_trivial(&value) => {
                if let Some(handle) = &children_ref {
                    secrets.hold_children(session, handle);
                }
                secrets.whole(&value, reason)
            }
            _ => {
                let shown = secrets.text(value);
                // A string a debugger expands one character per child (`char[32]`,
                // `std::string`) is one value: its characters would spell what was masked.
                if let Some(handle) = &children_ref {
                    if shown.contains("<redacted: ")
                        && type_name.as_deref().is_some_and(is_text_type)
                    {
                        secrets.hold_children(session, handle);
                    }
                }
                shown
            }
        };
        Value {
            name: secrets.text(name),
            value,
            type_name,
            children_ref,
            target,
            evaluate_name,
        }
    }
}

/// Whether a debugger's type names text held as characters or bytes: C's `char[N]` and
/// `char *`, C++'s `std::string`, Go's `string`, `[]byte` and `[]uint8`.
fn is_text_type(type_name: &str) -> bool {
    let t = type_name.trim();
    t.starts_with("char [")
        || t.starts_with("char[")
        || t.starts_with("const char")
        || t.starts_with("char *")
        || t.contains("string")
        || t.starts_with("[]uint8")
        || t.starts_with("[]byte")
}

/// How a model type is masked: every text field through [`Secrets::text`], identities
/// (ids, handles, paths, numbers) kept.
trait Redact {
    fn redact(self, s: &Secrets) -> Self;
}

impl<T: Redact> Redact for Vec<T> {
    fn redact(self, s: &Secrets) -> Self {
        self.into_iter().map(|t| t.redact(s)).collect()
    }
}

impl<T: Redact> Redact for Option<T> {
    fn redact(self, s: &Secrets) -> Self {
        self.map(|t| t.redact(s))
    }
}

impl Redact for String {
    fn redact(self, s: &Secrets) -> Self {
        s.text(self)
    }
}

impl Redact for ToolError {
    fn redact(self, s: &Secrets) -> Self {
        s.error(self, None)
    }
}

impl Redact for Project {
    fn redact(self, _: &Secrets) -> Self {
        // Both are the project's identity, which every call names.
        let Project { name, path } = self;
        Project { name, path }
    }
}

impl Redact for RunConfiguration {
    fn redact(self, s: &Secrets) -> Self {
        let RunConfiguration {
            name,
            type_name,
            type_id,
            is_temporary,
            can_run,
            can_debug,
            folder,
            description,
            unavailable_reason,
        } = self;
        RunConfiguration {
            // The name is how the agent launches it.
            name,
            type_name,
            type_id,
            is_temporary,
            can_run,
            can_debug,
            folder,
            description: description.redact(s),
            unavailable_reason: unavailable_reason.redact(s),
        }
    }
}

impl Redact for LaunchTarget {
    fn redact(self, s: &Secrets) -> Self {
        let LaunchTarget {
            type_name,
            program,
            args,
            cwd,
            env,
        } = self;
        // A flag that names a secret (`--db-password V`) masks the argument after it, and
        // so does the password flag of a program known to take one (`mysql -p V`).
        let args = args.map(|args| {
            let passwords = super::argv::password_args(program.as_deref(), &args);
            let mut secret_flag = false;
            args.into_iter()
                .zip(passwords)
                .map(|(arg, password)| {
                    let shown = match password {
                        _ if secret_flag => s.whole(&arg, &Reason::Name),
                        Some((from, to)) => format!(
                            "{}{}",
                            &arg[..from],
                            s.whole(&arg[from..to], &Reason::Format(super::argv::WHAT))
                        ),
                        None => s.text(arg.clone()),
                    };
                    secret_flag = arg.starts_with('-')
                        && !arg.contains('=')
                        && s.is_secret_name(arg.trim_start_matches('-'));
                    shown
                })
                .collect()
        });
        let env = env
            .into_iter()
            .map(|(name, value)| {
                let value = if s.is_secret_named_value(&name, &value) {
                    s.whole(&value, &Reason::Name)
                } else {
                    s.text(value)
                };
                (name, value)
            })
            .collect();
        LaunchTarget {
            type_name,
            program: program.redact(s),
            args,
            cwd,
            env,
        }
    }
}

impl Redact for SessionDescriptor {
    fn redact(self, s: &Secrets) -> Self {
        let SessionDescriptor {
            id,
            name,
            run_configuration,
            mode,
            project,
            process_id,
            attached,
        } = self;
        SessionDescriptor {
            id,
            name: name.redact(s),
            run_configuration,
            mode,
            project,
            process_id,
            attached,
        }
    }
}

impl Redact for BreakpointSpec {
    fn redact(self, s: &Secrets) -> Self {
        let BreakpointSpec {
            kind,
            enabled,
            condition,
            log_message,
            suspend_policy,
            temporary,
        } = self;
        BreakpointSpec {
            // A file and line, an exception class or a function name: the place itself.
            kind,
            enabled,
            condition: condition.redact(s),
            log_message: log_message.redact(s),
            suspend_policy,
            temporary,
        }
    }
}

impl Redact for Breakpoint {
    fn redact(self, s: &Secrets) -> Self {
        let Breakpoint {
            id,
            spec,
            hit_count,
            verified,
            message,
            anchor,
        } = self;
        // The anchor is the line's text, kept for following edits and never shown.
        Breakpoint {
            id,
            spec: spec.redact(s),
            hit_count,
            verified,
            message: message.redact(s),
            anchor,
        }
    }
}

impl Redact for ThreadInfo {
    fn redact(self, s: &Secrets) -> Self {
        let ThreadInfo { id, name } = self;
        ThreadInfo {
            id,
            name: name.redact(s),
        }
    }
}

impl Redact for StackFrame {
    fn redact(self, s: &Secrets) -> Self {
        let StackFrame {
            frame_ref,
            file,
            line,
            class,
            method,
            is_library,
        } = self;
        StackFrame {
            frame_ref,
            file,
            line,
            class: class.redact(s),
            method: method.redact(s),
            is_library,
        }
    }
}

impl Redact for LoadedModule {
    fn redact(self, s: &Secrets) -> Self {
        let LoadedModule {
            name,
            path,
            symbols,
        } = self;
        LoadedModule {
            name: name.redact(s),
            path,
            symbols,
        }
    }
}

impl Redact for LoadedCode {
    fn redact(self, s: &Secrets) -> Self {
        let LoadedCode {
            modules,
            sources,
            omitted,
            unsupported,
        } = self;
        LoadedCode {
            modules: modules.redact(s),
            sources,
            omitted,
            unsupported,
        }
    }
}

impl Redact for ExceptionInfo {
    fn redact(self, s: &Secrets) -> Self {
        let ExceptionInfo {
            type_name,
            message,
            uncaught,
        } = self;
        ExceptionInfo {
            type_name,
            message: message.redact(s),
            uncaught,
        }
    }
}

impl Redact for StopDetail {
    fn redact(self, s: &Secrets) -> Self {
        match self {
            StopDetail::FailedTest(FailedTest {
                name,
                message,
                frame,
            }) => StopDetail::FailedTest(FailedTest {
                name: name.redact(s),
                message: message.redact(s),
                frame,
            }),
            StopDetail::ValueChanged(changes) => {
                StopDetail::ValueChanged(changes.into_iter().map(|c| c.redact(s)).collect())
            }
        }
    }
}

impl Redact for ValueChange {
    /// A watch on a secret-named value (`password`, `acc.api_key`) shows neither value.
    fn redact(self, s: &Secrets) -> Self {
        let ValueChange {
            watch,
            old,
            new,
            breakpoint_id,
            written_at,
        } = self;
        let (old, new) = match s.secret_read_by(&watch) {
            Some(read) => {
                let reason = Reason::Reads(read);
                (s.whole(&old, &reason), s.whole(&new, &reason))
            }
            None => (s.text(old), s.text(new)),
        };
        ValueChange {
            watch: watch.redact(s),
            old,
            new,
            breakpoint_id,
            written_at,
        }
    }
}

/// An event as the tools may see it.
fn event_redacted(s: &Secrets, event: BackendEvent) -> BackendEvent {
    match event {
        BackendEvent::SessionStarted(descriptor) => {
            BackendEvent::SessionStarted(descriptor.redact(s))
        }
        BackendEvent::ProcessStarted {
            session,
            process_id,
        } => BackendEvent::ProcessStarted {
            session,
            process_id,
        },
        BackendEvent::Stopped {
            session,
            thread_id,
            reason,
            hit_breakpoints,
            exception,
            description,
            detail,
        } => {
            s.forget_stop(&session);
            BackendEvent::Stopped {
                session,
                thread_id,
                reason,
                hit_breakpoints,
                exception: exception.redact(s),
                description: description.redact(s),
                detail: detail.redact(s),
            }
        }
        BackendEvent::Continued { session } => {
            s.forget_stop(&session);
            BackendEvent::Continued { session }
        }
        BackendEvent::Output {
            session,
            category,
            text,
        } => {
            let text = logpoint_output(s, text, category);
            BackendEvent::Output {
                session,
                category,
                text: text.redact(s),
            }
        }
        BackendEvent::Exited { session, exit_code } => BackendEvent::Exited { session, exit_code },
        BackendEvent::Terminated { session, error } => {
            s.forget_stop(&session);
            BackendEvent::Terminated {
                session,
                error: error.redact(s),
            }
        }
        BackendEvent::BreakpointChanged {
            project,
            breakpoint,
        } => {
            learn_logpoint(s, &breakpoint);
            BackendEvent::BreakpointChanged {
                project,
                breakpoint: breakpoint.redact(s),
            }
        }
        BackendEvent::BreakpointRemoved { project, id } => {
            s.logpoints
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .remove(&id);
            BackendEvent::BreakpointRemoved { project, id }
        }
        BackendEvent::BreakpointsChanged { project } => {
            BackendEvent::BreakpointsChanged { project }
        }
    }
}

fn learn_logpoint(s: &Secrets, breakpoint: &Breakpoint) {
    let template = breakpoint
        .spec
        .log_message
        .as_deref()
        .and_then(|m| LogTemplate::reading_secrets(m, s));
    let mut logpoints = s.logpoints.lock().unwrap_or_else(|p| p.into_inner());
    match template {
        Some(template) => logpoints.insert(breakpoint.id.clone(), template),
        None => logpoints.remove(&breakpoint.id),
    };
}

/// One part of a log message: text as written, or a `{placeholder}` (with the secret it
/// reads, if it reads one).
#[derive(Debug, Clone, PartialEq)]
enum Piece {
    Text(String),
    Field(Option<String>),
}

/// A log message whose placeholders read secrets, to find its lines in the output.
#[derive(Debug, Clone, PartialEq)]
pub struct LogTemplate {
    pieces: Vec<Piece>,
}

impl LogTemplate {
    /// The template of `message` when one of its placeholders reads a secret; placeholders
    /// with nothing between them cannot be told apart in the output, so they are one.
    fn reading_secrets(message: &str, s: &Secrets) -> Option<Self> {
        let mut pieces: Vec<Piece> = Vec::new();
        for piece in log_message::pieces(message) {
            match (piece, pieces.last_mut()) {
                (log_message::Piece::Text(text), _) => pieces.push(Piece::Text(text.to_string())),
                (log_message::Piece::Placeholder(expression), Some(Piece::Field(before))) => {
                    *before = before.take().or(s.secret_read_by(expression));
                }
                (log_message::Piece::Placeholder(expression), _) => {
                    pieces.push(Piece::Field(s.secret_read_by(expression)))
                }
            }
        }
        pieces
            .iter()
            .any(|p| matches!(p, Piece::Field(Some(_))))
            .then_some(Self { pieces })
    }

    fn has_text(&self) -> bool {
        self.pieces.iter().any(|p| matches!(p, Piece::Text(_)))
    }

    /// `line` with the secret placeholders' values masked, if it is this message.
    fn mask_line(&self, s: &Secrets, line: &str) -> Option<String> {
        let mut out = String::new();
        let mut rest = line;
        let mut pending: Option<&Option<String>> = None;
        for piece in &self.pieces {
            match piece {
                Piece::Text(text) => {
                    let at = match pending {
                        // A placeholder's value runs to the next literal text.
                        Some(_) => rest.find(text.as_str())?,
                        None if rest.starts_with(text.as_str()) => 0,
                        None => return None,
                    };
                    if let Some(field) = pending.take() {
                        out.push_str(&field_value(s, field, &rest[..at]));
                    }
                    out.push_str(text);
                    rest = &rest[at + text.len()..];
                }
                Piece::Field(read) => pending = Some(read),
            }
        }
        match pending {
            Some(field) => out.push_str(&field_value(s, field, rest)),
            None if rest.is_empty() => {}
            None => return None,
        }
        Some(out)
    }
}

/// Whether a value masked for `reason` is a directory instead: what `pwd` reads when it is
/// the working directory.
fn holds_a_directory(reason: &Reason, value: &str) -> bool {
    matches!(reason, Reason::Reads(name) if super::names::holds_a_directory(name, super::unquoted(value)))
}

fn field_value(s: &Secrets, read: &Option<String>, value: &str) -> String {
    match read {
        Some(name)
            if !super::text::is_trivial(value) && !super::names::holds_a_directory(name, value) =>
        {
            s.whole(value, &Reason::Reads(name.clone()))
        }
        _ => value.to_string(),
    }
}

/// Output lines that are a secret-reading logpoint's message, with its secrets masked.
/// Debuggers print logpoints in any category (debugpy: stdout); a message that is only
/// placeholders would match every line, so it is looked for in the debugger's own
/// messages only.
fn logpoint_output(s: &Secrets, text: String, category: OutputCategory) -> String {
    let templates: Vec<LogTemplate> = {
        let logpoints = s.logpoints.lock().unwrap_or_else(|p| p.into_inner());
        if logpoints.is_empty() || !s.hiding() {
            return text;
        }
        logpoints
            .values()
            .filter(|t| category == OutputCategory::Console || t.has_text())
            .cloned()
            .collect()
    };
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let (body, end) = match line.strip_suffix('\n') {
            Some(body) => (body, "\n"),
            None => (line, ""),
        };
        let masked = templates.iter().find_map(|t| t.mask_line(s, body));
        out.push_str(masked.as_deref().unwrap_or(body));
        out.push_str(end);
    }
    out
}

#[async_trait::async_trait]
impl Backend for Redacting {
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    fn events(&self) -> broadcast::Receiver<BackendEvent> {
        self.events.subscribe()
    }

    async fn projects(&self) -> ToolResult<Vec<Project>> {
        let s = &*self.secrets;
        self.inner.projects().await.redact(s)
    }

    async fn run_configurations(&self, project: &Project) -> ToolResult<Vec<RunConfiguration>> {
        let s = &*self.secrets;
        self.inner.run_configurations(project).await.redact(s)
    }

    async fn launch(
        &self,
        project: &Project,
        configuration: &str,
        mode: LaunchMode,
        options: &LaunchOptions,
    ) -> ToolResult<SessionDescriptor> {
        let s = &*self.secrets;
        if s.hiding() {
            // What the program will find in its environment under a secret name is masked
            // wherever it shows up, whatever the variable it is read into.
            if let Ok(target) = self
                .inner
                .launch_target(project, configuration, options)
                .await
            {
                s.learn_environment(target.env);
            }
        }
        self.inner
            .launch(project, configuration, mode, options)
            .await
            .redact(s)
    }

    async fn launch_file(
        &self,
        project: &Project,
        file: &Path,
        options: &LaunchOptions,
    ) -> ToolResult<SessionDescriptor> {
        let s = &*self.secrets;
        self.inner
            .launch_file(project, file, options)
            .await
            .redact(s)
    }

    fn break_on_uncaught_default(&self) -> Option<bool> {
        self.inner.break_on_uncaught_default()
    }

    fn breaks_on_uncaught(&self, session: &str) -> bool {
        self.inner.breaks_on_uncaught(session)
    }

    fn launch_overrides(&self) -> bool {
        self.inner.launch_overrides()
    }

    async fn stop(&self, session: &str) -> ToolResult<()> {
        let s = &*self.secrets;
        self.inner.stop(session).await.redact(s)
    }

    async fn breakpoints(&self, project: &Project) -> ToolResult<Vec<Breakpoint>> {
        let s = &*self.secrets;
        let listed = self.inner.breakpoints(project).await;
        if let Ok(breakpoints) = &listed {
            breakpoints.iter().for_each(|b| learn_logpoint(s, b));
        }
        listed.redact(s)
    }

    async fn launch_target(
        &self,
        project: &Project,
        configuration: &str,
        options: &LaunchOptions,
    ) -> ToolResult<LaunchTarget> {
        let s = &*self.secrets;
        self.inner
            .launch_target(project, configuration, options)
            .await
            .redact(s)
    }

    async fn follow_edits(&self, project: &Project) -> ToolResult<Vec<FollowedBreakpoint>> {
        self.inner.follow_edits(project).await
    }

    async fn add_breakpoint(
        &self,
        project: &Project,
        spec: BreakpointSpec,
    ) -> ToolResult<(Breakpoint, bool)> {
        let s = &*self.secrets;
        let (breakpoint, created) = self
            .inner
            .add_breakpoint(project, spec)
            .await
            .map_err(|e| e.redact(s))?;
        learn_logpoint(s, &breakpoint);
        Ok((breakpoint.redact(s), created))
    }

    async fn remove_breakpoint(&self, project: &Project, id: &str) -> ToolResult<bool> {
        let s = &*self.secrets;
        self.inner.remove_breakpoint(project, id).await.redact(s)
    }

    async fn remove_breakpoints(
        &self,
        project: &Project,
        ids: &[String],
    ) -> ToolResult<Vec<String>> {
        let s = &*self.secrets;
        // Ids are kept as they are (a String's redaction would scan them as text).
        self.inner
            .remove_breakpoints(project, ids)
            .await
            .map_err(|e| e.redact(s))
    }

    async fn add_data_breakpoint(
        &self,
        session: &str,
        frame_ref: &str,
        target: &ValueTarget,
        name: &str,
    ) -> ToolResult<Breakpoint> {
        let s = &*self.secrets;
        self.inner
            .add_data_breakpoint(session, frame_ref, target, name)
            .await
            .redact(s)
    }

    async fn resume(&self, session: &str) -> ToolResult<()> {
        let s = &*self.secrets;
        self.inner.resume(session).await.redact(s)
    }

    async fn pause(&self, session: &str) -> ToolResult<()> {
        let s = &*self.secrets;
        self.inner.pause(session).await.redact(s)
    }

    async fn step(
        &self,
        session: &str,
        thread_id: &str,
        kind: StepKind,
        ignore_breakpoints: bool,
    ) -> ToolResult<()> {
        let s = &*self.secrets;
        self.inner
            .step(session, thread_id, kind, ignore_breakpoints)
            .await
            .redact(s)
    }

    async fn run_to_line(
        &self,
        session: &str,
        thread_id: &str,
        file: &Path,
        line: u32,
        ignore_breakpoints: bool,
    ) -> ToolResult<()> {
        let s = &*self.secrets;
        self.inner
            .run_to_line(session, thread_id, file, line, ignore_breakpoints)
            .await
            .redact(s)
    }

    async fn can_jump(&self, session: &str) -> ToolResult<()> {
        let s = &*self.secrets;
        self.inner.can_jump(session).await.redact(s)
    }

    async fn jump_to_line(
        &self,
        session: &str,
        thread_id: &str,
        file: &Path,
        line: u32,
    ) -> ToolResult<()> {
        let s = &*self.secrets;
        self.inner
            .jump_to_line(session, thread_id, file, line)
            .await
            .redact(s)
    }

    async fn threads(&self, session: &str) -> ToolResult<Vec<ThreadInfo>> {
        let s = &*self.secrets;
        self.inner.threads(session).await.redact(s)
    }

    async fn loaded_code(&self, session: &str) -> ToolResult<LoadedCode> {
        let s = &*self.secrets;
        self.inner.loaded_code(session).await.redact(s)
    }

    async fn stack(
        &self,
        session: &str,
        thread_id: &str,
        max: usize,
    ) -> ToolResult<(Vec<StackFrame>, usize)> {
        let s = &*self.secrets;
        match self.inner.stack(session, thread_id, max).await {
            Ok((frames, depth)) => Ok((frames.redact(s), depth)),
            Err(err) => Err(err.redact(s)),
        }
    }

    async fn select_frame(
        &self,
        session: &str,
        thread_id: &str,
        frame_ref: &str,
    ) -> ToolResult<()> {
        let s = &*self.secrets;
        self.inner
            .select_frame(session, thread_id, frame_ref)
            .await
            .redact(s)
    }

    async fn variables(
        &self,
        session: &str,
        frame_ref: &str,
        scope: VariableScope,
    ) -> ToolResult<Vec<Value>> {
        let values = self
            .inner
            .variables(session, frame_ref, scope)
            .await
            .map_err(|e| e.redact(&self.secrets))?;
        Ok(self.listing(session, None, values))
    }

    async fn returned_values(&self, session: &str, frame_ref: &str) -> ToolResult<Vec<Value>> {
        let values = self
            .inner
            .returned_values(session, frame_ref)
            .await
            .map_err(|e| e.redact(&self.secrets))?;
        Ok(self.listing(session, None, values))
    }

    async fn children(&self, session: &str, children_ref: &str) -> ToolResult<Vec<Value>> {
        let values = self
            .inner
            .children(session, children_ref)
            .await
            .map_err(|e| e.redact(&self.secrets))?;
        Ok(self.listing(session, Some(children_ref), values))
    }

    async fn set_value(
        &self,
        session: &str,
        frame_ref: &str,
        target: &ValueTarget,
        new_value: &str,
    ) -> ToolResult<Value> {
        let value = self
            .inner
            .set_value(session, frame_ref, target, new_value)
            .await
            .map_err(|e| e.redact(&self.secrets))?;
        let container = match target {
            ValueTarget::Slot { container, .. } => Some(container.as_str()),
            ValueTarget::Expression(_) => None,
        };
        Ok(self.listed(session, container, value))
    }

    async fn evaluate(
        &self,
        session: &str,
        frame_ref: &str,
        expression: &str,
        kind: EvaluationKind,
    ) -> ToolResult<Value> {
        let derived = self.secrets.secret_read_by(expression).map(Reason::Reads);
        match self
            .inner
            .evaluate(session, frame_ref, expression, kind)
            .await
        {
            Ok(value) => {
                let derived = derived.filter(|reason| !holds_a_directory(reason, &value.value));
                Ok(self.value(session, value, derived))
            }
            Err(err) => Err(self.secrets.error(err, derived.as_ref())),
        }
    }

    fn language(&self, session: &str) -> Option<String> {
        self.inner.language(session)
    }

    fn runtime_guard(&self, session: &str) -> bool {
        self.inner.runtime_guard(session)
    }

    fn values_note(&self, session: &str) -> Option<&'static str> {
        self.inner.values_note(session)
    }

    fn guards_breakpoint_code(&self, language: &str) -> bool {
        self.inner.guards_breakpoint_code(language)
    }

    fn busy(&self, session: &str) -> Option<String> {
        self.inner.busy(session).redact(&self.secrets)
    }
}

impl<T: Redact> Redact for ToolResult<T> {
    fn redact(self, s: &Secrets) -> Self {
        match self {
            Ok(value) => Ok(value.redact(s)),
            Err(err) => Err(err.redact(s)),
        }
    }
}

impl Redact for () {
    fn redact(self, _: &Secrets) -> Self {}
}

impl Redact for bool {
    fn redact(self, _: &Secrets) -> Self {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::redact::SecretSettings;

    /// A logpoint's line: the placeholders that read a secret are masked (unless boolean),
    /// the rest reads as printed; other lines are not its.
    #[test]
    fn a_logpoint_line_is_masked_where_its_placeholders_read_secrets() {
        let s = Secrets::new(SecretSettings::default());
        let template =
            LogTemplate::reading_secrets("pw={password} n={count} ok={password == x}", &s).unwrap();
        assert_eq!(
            template
                .mask_line(&s, "pw=hunter22 n=3 ok=False")
                .as_deref(),
            Some("pw=<redacted: 8 chars, reads password> n=3 ok=False")
        );
        assert_eq!(template.mask_line(&s, "something else"), None);
        assert!(LogTemplate::reading_secrets("n={count}", &s).is_none());
        let glued = LogTemplate::reading_secrets("{user}{token}", &s).unwrap();
        assert_eq!(
            glued.mask_line(&s, "bobabc123").as_deref(),
            Some("<redacted: 9 chars, reads token>")
        );
        // Only the debugger's own messages are searched for a message of placeholders alone.
        s.logpoints.lock().unwrap().insert("1".into(), glued);
        let stdout = logpoint_output(&s, "printed\n".into(), OutputCategory::Stdout);
        assert_eq!(stdout, "printed\n");
        let console = logpoint_output(&s, "bobabc123\n".into(), OutputCategory::Console);
        assert_eq!(console, "<redacted: 9 chars, reads token>\n");
    }

    /// A data breakpoint's stop: a watch on a secret-named value shows neither its old nor
    /// its new value; an ordinary watch reads as written; a failing test's message is text.
    #[test]
    fn a_watched_secrets_change_and_a_failing_tests_message_are_masked() {
        let s = Secrets::new(SecretSettings::default());
        let change = |watch: &str, old: &str, new: &str| ValueChange {
            watch: watch.into(),
            old: old.into(),
            new: new.into(),
            breakpoint_id: "bp-1".into(),
            written_at: Some("app.c:12".into()),
        };
        let detail = StopDetail::ValueChanged(vec![
            change("acc.api_key", "\"k-old-value\"", "\"k-new-value\""),
            change("total", "3", "4"),
        ])
        .redact(&s);
        let StopDetail::ValueChanged(changes) = detail else {
            panic!("still a value change")
        };
        assert_eq!(changes[0].old, "<redacted: 11 chars, reads api_key>");
        assert_eq!(changes[0].new, "<redacted: 11 chars, reads api_key>");
        assert_eq!(changes[0].written_at.as_deref(), Some("app.c:12"));
        assert_eq!(
            (changes[1].old.as_str(), changes[1].new.as_str()),
            ("3", "4")
        );

        let failed = StopDetail::FailedTest(FailedTest {
            name: "test_login".into(),
            message: "assert 'hunter2hunter2' == password, AKIAIOSFODNN7EXAMPLE".into(),
            frame: 1,
        })
        .redact(&s);
        let StopDetail::FailedTest(failed) = failed else {
            panic!("still a failed test")
        };
        assert!(
            !failed.message.contains("AKIAIOSFODNN7EXAMPLE"),
            "{}",
            failed.message
        );
        assert_eq!((failed.name.as_str(), failed.frame), ("test_login", 1));
    }
    /// A launch's arguments: a secret-named flag's argument, and the password flag of a
    /// program known to take one, are masked (and remembered, for the program's own
    /// echo of them); the same flag of another program reads as written.
    #[test]
    fn a_launchs_password_arguments_are_masked_for_the_programs_that_take_one() {
        let s = Secrets::new(SecretSettings::default());
        let launch = |program: &str, args: &[&str]| {
            LaunchTarget {
                type_name: "lldb-dap".into(),
                program: Some(program.into()),
                args: Some(args.iter().map(|a| a.to_string()).collect()),
                cwd: None,
                env: vec![],
            }
            .redact(&s)
            .args
            .unwrap()
        };
        assert_eq!(
            launch(
                "/srv/build/mysql",
                &["-u", "app", "-p", "cli-Mq7Zx2Vb9", "-pcli2-Xq8L"]
            ),
            [
                "-u",
                "app",
                "-p",
                "<redacted: 13 chars, looks like a password argument>",
                "-p<redacted: 9 chars, looks like a password argument>"
            ]
        );
        assert_eq!(launch("/srv/build/server", &["-p", "8080"]), ["-p", "8080"]);
        assert_eq!(
            s.text("printed cli-Mq7Zx2Vb9".into()),
            "printed <redacted: 13 chars, a secret value seen before>"
        );
    }
}
