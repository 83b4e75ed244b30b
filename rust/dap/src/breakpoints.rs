//! The project breakpoint store: every project's breakpoints, with or without a
//! session, persisted in the state directory on every change, plus the pure logic
//! that turns breakpoints into a FULL DAP list (a [`List`]: one file's
//! `setBreakpoints`, or the project's `setFunctionBreakpoints`; DAP replaces the
//! whole list on each request) and decides which exception stops the user asked for.
//!
//! Ids are `bp-N`, unique across projects, restarts and servers sharing the state
//! directory (drawn from its shared counter). Every change is a read-modify-write of
//! the project's file under the state directory's lock: another server's changes
//! are merged in, never overwritten; a change that cannot be saved is not made.

use crate::adapter::debugpy::{self, BreakpointCode};
use debugger_core::error::ToolResult;
use debugger_core::eval_guard::{classify_python, Classification};
use debugger_core::journal::{Change, Document, Durability, Journaled};
use debugger_core::line_anchor::LineAnchor;
use debugger_core::model::{Breakpoint, BreakpointKind, BreakpointSpec, SuspendPolicy};
use debugger_core::state::StateDir;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// What one project's state file holds.
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
struct ProjectBreakpoints {
    /// Kept for files written before the shared counter; read as a floor.
    #[serde(default)]
    next_id: u64,
    breakpoints: Vec<Breakpoint>,
    /// The highest `bp-N` held (so a new id's floor costs nothing to find).
    #[serde(skip)]
    highest: u64,
}

impl ProjectBreakpoints {
    fn number(id: &str) -> Option<u64> {
        id.strip_prefix("bp-")?.parse().ok()
    }

    /// The lowest id number not yet used in this file.
    fn id_floor(&self) -> u64 {
        self.next_id.max(self.highest + 1)
    }

    fn position(&self, id: &str) -> Option<usize> {
        self.breakpoints.iter().position(|b| b.id == id)
    }
}

impl Document for ProjectBreakpoints {
    type Item = Breakpoint;

    fn items(&self) -> &Vec<Breakpoint> {
        &self.breakpoints
    }

    fn items_mut(&mut self) -> &mut Vec<Breakpoint> {
        &mut self.breakpoints
    }

    fn key(item: &Breakpoint) -> &str {
        &item.id
    }

    /// What a live debugger said of a breakpoint is this server's to keep (it is never
    /// a change of the file).
    fn put(&mut self, mut bp: Breakpoint) {
        self.highest = self.highest.max(Self::number(&bp.id).unwrap_or(0));
        match self.position(&bp.id) {
            Some(at) => {
                bp.verified = self.breakpoints[at].verified;
                bp.message = self.breakpoints[at].message.take();
                self.breakpoints[at] = bp;
            }
            None => self.breakpoints.push(bp),
        }
    }
}

/// All projects' breakpoints.
pub struct BreakpointStore {
    state: StateDir,
    projects: HashMap<PathBuf, Journaled<ProjectBreakpoints>>,
}

/// The effect of stops on the store.
#[derive(Debug, Default, PartialEq)]
pub struct HitOutcome {
    /// Breakpoints whose hit count changed (still present).
    pub changed: Vec<Breakpoint>,
    /// Temporary breakpoints removed by their hit.
    pub removed: Vec<Breakpoint>,
}

/// The changes a plan makes of the held breakpoints, and what it answers.
type Plan<R> = ToolResult<(Vec<Change<Breakpoint>>, R)>;

impl BreakpointStore {
    /// A store over `state`, with the given projects loaded now (others load on first use).
    pub fn new(state: StateDir, projects: &[PathBuf]) -> Self {
        let mut store = Self {
            state,
            projects: HashMap::new(),
        };
        for p in projects {
            store.project(p);
        }
        store
    }

    /// The project's breakpoints, brought up to its files first (a `stat` or two when
    /// nobody else changed them, the new journal lines when someone did).
    fn project(&mut self, project: &Path) -> &mut ProjectBreakpoints {
        self.refresh(project);
        &mut self.held(project).document
    }

    fn held(&mut self, project: &Path) -> &mut Journaled<ProjectBreakpoints> {
        self.projects.entry(project.to_path_buf()).or_default()
    }

    /// Read what changed in the project's files; a full read keeps what only this
    /// server knows (the live debugger's verified flag and message).
    fn refresh(&mut self, project: &Path) {
        let file = self.state.project_file(project, "breakpoints");
        let state = self.state.clone();
        self.held(project).refresh(&state, &file, |known, fresh| {
            let known: HashMap<&str, &Breakpoint> = known
                .breakpoints
                .iter()
                .map(|k| (k.id.as_str(), k))
                .collect();
            for bp in &mut fresh.breakpoints {
                if let Some(mine) = known.get(bp.id.as_str()) {
                    bp.verified = mine.verified;
                    bp.message.clone_from(&mine.message);
                }
            }
            fresh.highest = fresh
                .breakpoints
                .iter()
                .filter_map(|b| ProjectBreakpoints::number(&b.id))
                .max()
                .unwrap_or(0);
        });
    }

    /// Change a project's breakpoints: under the state lock, bring them up to the files
    /// (other servers' changes included), let `plan` say the changes, record them (one
    /// journal line each, as durable as `durability`); nothing changes unless they were
    /// written.
    fn change<R>(
        &mut self,
        project: &Path,
        durability: Durability,
        plan: impl FnOnce(&ProjectBreakpoints, &mut dyn FnMut() -> ToolResult<String>) -> Plan<R>,
    ) -> ToolResult<R> {
        let state = self.state.clone();
        let file = state.project_file(project, "breakpoints");
        state.locked(|| {
            self.refresh(project);
            let held = self.held(project);
            let floor = held.document.id_floor();
            let mut new_id = || state.next_id("bp", floor).map(|n| format!("bp-{n}"));
            let (changes, outcome) = plan(&held.document, &mut new_id)?;
            held.record(&state, &file, changes, durability)?;
            Ok(outcome)
        })
    }

    /// The state directory's warnings (files set aside), for the answers.
    pub fn warnings(&self) -> Vec<String> {
        self.state.warnings()
    }

    /// All breakpoints of a project, in creation order, as on disk now (another
    /// server's additions included).
    pub fn list(&mut self, project: &Path) -> Vec<Breakpoint> {
        self.project(project).breakpoints.clone()
    }

    /// One breakpoint.
    pub fn get(&mut self, project: &Path, id: &str) -> Option<Breakpoint> {
        let held = self.project(project);
        held.position(id).map(|at| held.breakpoints[at].clone())
    }

    /// Add a breakpoint. A line breakpoint at an existing (file, line), or an
    /// exception breakpoint for an existing class, returns the existing one
    /// (`false` = not created). The location is validated by the caller (the tools
    /// read the line through the bounded reader, once); `anchor` is a line
    /// breakpoint's line text, to follow edits of its file.
    pub fn add(
        &mut self,
        project: &Path,
        spec: BreakpointSpec,
        anchor: Option<LineAnchor>,
    ) -> ToolResult<(Breakpoint, bool)> {
        self.change(project, Durability::Synced, |current, new_id| {
            if let Some(existing) = current
                .breakpoints
                .iter()
                .find(|b| same_target(&b.spec.kind, &spec.kind))
            {
                return Ok((Vec::new(), (existing.clone(), false)));
            }
            let bp = Breakpoint {
                id: new_id()?,
                spec,
                hit_count: 0,
                verified: None,
                message: None,
                anchor,
            };
            Ok((vec![Change::Put(bp.clone())], (bp, true)))
        })
    }

    /// Put line breakpoints where their edited files now have their lines: each
    /// `(id, line, enabled, anchor)` as given (a breakpoint gone meanwhile is skipped);
    /// those changed.
    pub fn follow(
        &mut self,
        project: &Path,
        placed: Vec<(String, u32, bool, LineAnchor)>,
    ) -> ToolResult<Vec<Breakpoint>> {
        self.change(project, Durability::Synced, |current, _| {
            let mut changed = Vec::new();
            for (id, to, enabled, anchor) in placed {
                let Some(at) = current.position(&id) else {
                    continue;
                };
                let mut bp = current.breakpoints[at].clone();
                if let BreakpointKind::Line { line, .. } = &mut bp.spec.kind {
                    *line = to;
                    bp.spec.enabled = enabled;
                    bp.anchor = Some(anchor);
                    changed.push(bp);
                }
            }
            Ok((changed.iter().cloned().map(Change::Put).collect(), changed))
        })
    }

    /// A new id for a breakpoint kept outside the store (a session's data
    /// breakpoint), drawn from the same counter so that ids never collide.
    pub fn fresh_id(&mut self, project: &Path) -> ToolResult<String> {
        self.change(project, Durability::Synced, |_, new_id| {
            Ok((Vec::new(), new_id()?))
        })
    }

    /// Remove breakpoints, in one change however many; those that existed, in the
    /// project's order.
    pub fn remove(&mut self, project: &Path, ids: &[String]) -> ToolResult<Vec<Breakpoint>> {
        let wanted: HashSet<&str> = ids.iter().map(String::as_str).collect();
        self.change(project, Durability::Synced, |current, _| {
            let gone: Vec<Breakpoint> = current
                .breakpoints
                .iter()
                .filter(|b| wanted.contains(b.id.as_str()))
                .cloned()
                .collect();
            let changes = match gone.is_empty() {
                true => Vec::new(),
                false => vec![Change::Remove(gone.iter().map(|b| b.id.clone()).collect())],
            };
            Ok((changes, gone))
        })
    }

    /// Enabled breakpoints of one list, in creation order.
    pub fn list_breakpoints(&mut self, project: &Path, list: &List) -> Vec<Breakpoint> {
        self.project(project)
            .breakpoints
            .iter()
            .filter(|b| b.spec.enabled && List::of(&b.spec.kind).as_ref() == Some(list))
            .cloned()
            .collect()
    }

    /// The lists that have breakpoints (enabled or not), sorted: files, then functions.
    pub fn lists(&mut self, project: &Path) -> Vec<List> {
        let mut lists: Vec<List> = self
            .project(project)
            .breakpoints
            .iter()
            .filter_map(|b| List::of(&b.spec.kind))
            .collect();
        lists.sort();
        lists.dedup();
        lists
    }

    /// Enabled exception breakpoints.
    pub fn exception_breakpoints(&mut self, project: &Path) -> Vec<ExceptionRequest> {
        self.project(project)
            .breakpoints
            .iter()
            .filter(|b| b.spec.enabled)
            .filter_map(|b| match &b.spec.kind {
                BreakpointKind::Exception {
                    exception_class,
                    caught,
                    uncaught,
                } => Some(ExceptionRequest {
                    id: b.id.clone(),
                    class: exception_class.clone(),
                    caught: *caught,
                    uncaught: *uncaught,
                    condition: b.spec.condition.clone(),
                }),
                BreakpointKind::Line { .. }
                | BreakpointKind::Function { .. }
                | BreakpointKind::Data { .. } => None,
            })
            .collect()
    }

    /// Ids of enabled line breakpoints at `file:line`.
    pub fn ids_at(&mut self, project: &Path, file: &Path, line: u32) -> Vec<String> {
        self.list_breakpoints(project, &List::File(file.to_path_buf()))
            .into_iter()
            .filter(|b| matches!(b.spec.kind, BreakpointKind::Line { line: l, .. } if l == line))
            .map(|b| b.id)
            .collect()
    }

    /// Record what a live debugger says about breakpoints (id, verified, message); the
    /// breakpoints that changed.
    pub fn set_statuses(
        &mut self,
        project: &Path,
        statuses: Vec<(String, bool, Option<String>)>,
    ) -> Vec<Breakpoint> {
        let held = &mut self.project(project).breakpoints;
        let at: HashMap<String, usize> = held
            .iter()
            .enumerate()
            .map(|(i, b)| (b.id.clone(), i))
            .collect();
        let mut changed = Vec::new();
        for (id, verified, message) in statuses {
            let Some(bp) = at.get(&id).map(|&i| &mut held[i]) else {
                continue;
            };
            if bp.verified != Some(verified) || bp.message != message {
                bp.verified = Some(verified);
                bp.message = message;
                changed.push(bp.clone());
            }
        }
        changed
    }

    /// Count one stop for each of `ids`; temporary breakpoints go away. Persisted
    /// (when the state directory cannot be written, counted in memory only: a stop
    /// must not fail because of it).
    pub fn record_hits(&mut self, project: &Path, ids: &[String]) -> HitOutcome {
        if ids.is_empty() {
            return HitOutcome::default();
        }
        let count = |current: &ProjectBreakpoints| {
            let (mut changes, mut outcome) = (Vec::new(), HitOutcome::default());
            for id in ids {
                let Some(at) = current.position(id) else {
                    continue;
                };
                let mut bp = current.breakpoints[at].clone();
                bp.hit_count += 1;
                if bp.spec.temporary {
                    changes.push(Change::Remove(vec![bp.id.clone()]));
                    outcome.removed.push(bp);
                } else {
                    changes.push(Change::Put(bp.clone()));
                    outcome.changed.push(bp);
                }
            }
            (changes, outcome)
        };
        // A count is a tally, not worth a sync at every stop; a temporary breakpoint's
        // removal is synced (ids are never reused, so the one held tells).
        let held = &self.held(project).document;
        let tallies = ids.iter().all(|id| {
            held.position(id)
                .is_some_and(|at| !held.breakpoints[at].spec.temporary)
        });
        let durability = match tallies {
            true => Durability::Written,
            false => Durability::Synced,
        };
        match self.change(project, durability, |current, _| Ok(count(current))) {
            Ok(outcome) => outcome,
            Err(e) => {
                tracing::warn!(%e, "could not persist breakpoint hit counts");
                let current = self.project(project);
                let (changes, outcome) = count(current);
                for change in changes {
                    match change {
                        Change::Put(bp) => current.put(bp),
                        Change::Remove(gone) => {
                            current.breakpoints.retain(|b| !gone.contains(&b.id))
                        }
                    }
                }
                outcome
            }
        }
    }
}

fn same_target(a: &BreakpointKind, b: &BreakpointKind) -> bool {
    match (a, b) {
        (
            BreakpointKind::Line { file: f1, line: l1 },
            BreakpointKind::Line { file: f2, line: l2 },
        ) => f1 == f2 && l1 == l2,
        (
            BreakpointKind::Exception {
                exception_class: c1,
                ..
            },
            BreakpointKind::Exception {
                exception_class: c2,
                ..
            },
        ) => c1 == c2,
        (BreakpointKind::Function { name: n1 }, BreakpointKind::Function { name: n2 }) => n1 == n2,
        _ => false,
    }
}

/// One list DAP replaces as a whole: a source file's line breakpoints
/// (`setBreakpoints`) or the project's function breakpoints (`setFunctionBreakpoints`).
/// Exception breakpoints are no list of this kind: they are sent with the launch's
/// own option (`exception_arguments`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum List {
    File(PathBuf),
    Functions,
}

impl List {
    /// The list a breakpoint of this kind is sent in.
    pub fn of(kind: &BreakpointKind) -> Option<List> {
        match kind {
            BreakpointKind::Line { file, .. } => Some(List::File(file.clone())),
            BreakpointKind::Function { .. } => Some(List::Functions),
            // Exceptions have their own request; data breakpoints live in their session.
            BreakpointKind::Exception { .. } | BreakpointKind::Data { .. } => None,
        }
    }
}

/// Who one entry of a list belongs to.
#[derive(Debug, Clone, PartialEq)]
pub enum Owner {
    Project(String),
    /// The one-shot target of `run_to_line`.
    RunTo,
    /// The session's own stop at a failing test (a test framework's failure call).
    TestFailure,
}

/// One entry of the list sent.
#[derive(Debug, Clone, PartialEq)]
pub struct Planned {
    pub owner: Owner,
    /// The DAP `SourceBreakpoint` (with `line`) or `FunctionBreakpoint` (with `name`).
    pub wire: Value,
}

/// How a session hands breakpoint code (conditions, log message parts) to its debugger.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeRoute {
    /// As written: consent was asked for anything the static guard could not prove
    /// free of side effects (no runtime guard is configured for the language).
    AsWritten,
    /// Through debugpy's shim: under the runtime guard, unless the static guard names
    /// a side effect in it (the user agreed to it: it runs as written, stopped at its
    /// time budget); the shim reports it as busy while it runs either way.
    PythonShim,
    /// The shim is configured but not in this program (attached to): what needed the
    /// runtime guard goes to it all the same, and fails there rather than running
    /// unguarded; the rest runs as written.
    PythonShimMissing,
}

/// The code to send for `expression` of breakpoint `id` on `route`.
pub(crate) fn routed(
    route: CodeRoute,
    expression: &str,
    purpose: BreakpointCode,
    id: &str,
) -> String {
    let classification = classify_python(expression);
    let agreed = matches!(
        classification,
        Classification::MayHaveSideEffects { .. } | Classification::CodeFragment
    );
    match route {
        CodeRoute::AsWritten => expression.to_string(),
        CodeRoute::PythonShim => debugpy::breakpoint_code(expression, purpose, id, !agreed),
        CodeRoute::PythonShimMissing => match classification {
            Classification::NeedsRuntimeGuard { .. } => {
                debugpy::breakpoint_code(expression, purpose, id, true)
            }
            _ => expression.to_string(),
        },
    }
}

/// The code to send for the condition of exception breakpoint `id` on `route`: its
/// truth, read by the session in the raising frame.
pub(crate) fn exception_condition(route: CodeRoute, condition: &str, id: &str) -> String {
    match route {
        CodeRoute::AsWritten => format!("bool({condition}\n)"),
        route => routed(route, condition, BreakpointCode::Condition, id),
    }
}

/// The full list to send for one [`List`], from its breakpoints.
/// - `suppressed`: breakpoints are being ignored (a step or run-to-line with
///   `ignore_breakpoints`): only the run-to target, if any.
/// - `run_to`: a one-shot, unconditional target line merged into a file's list; it
///   replaces a user breakpoint on the same line for the time it is set.
/// - `route`: how conditions and log message parts reach the debugger.
pub fn plan(
    breakpoints: &[Breakpoint],
    suppressed: bool,
    run_to: Option<u32>,
    route: CodeRoute,
) -> Vec<Planned> {
    let mut out = Vec::new();
    if !suppressed {
        for bp in breakpoints {
            let (mut wire, place) = match &bp.spec.kind {
                BreakpointKind::Line { line, .. } if Some(*line) == run_to => continue,
                BreakpointKind::Line { file, line } => (
                    json!({ "line": line }),
                    format!("{}:{line}", file.display()),
                ),
                BreakpointKind::Function { name } => (json!({ "name": name }), name.clone()),
                BreakpointKind::Exception { .. } | BreakpointKind::Data { .. } => continue,
            };
            if !bp.spec.enabled {
                continue;
            }
            if let Some(c) = bp
                .spec
                .condition
                .as_deref()
                .filter(|c| !c.trim().is_empty())
            {
                wire["condition"] = json!(routed(route, c, BreakpointCode::Condition, &bp.id));
            }
            if let Some(m) = bp.spec.log_message.as_deref().filter(|m| !m.is_empty()) {
                let message = match route {
                    CodeRoute::AsWritten => m.to_string(),
                    _ => debugpy::rewrite_log_message(m, |part| {
                        routed(route, part, BreakpointCode::LogMessage, &bp.id)
                    }),
                };
                wire["logMessage"] = json!(message);
            } else if bp.spec.suspend_policy == SuspendPolicy::None {
                wire["logMessage"] = json!(format!("Breakpoint {} hit at {place}", bp.id));
            }
            out.push(Planned {
                owner: Owner::Project(bp.id.clone()),
                wire,
            });
        }
    }
    if let Some(line) = run_to {
        out.push(Planned {
            owner: Owner::RunTo,
            wire: json!({ "line": line }),
        });
    }
    out
}

/// An enabled exception breakpoint.
#[derive(Debug, Clone, PartialEq)]
pub struct ExceptionRequest {
    pub id: String,
    pub class: String,
    pub caught: bool,
    pub uncaught: bool,
    /// Stop only when this expression is true in the raising frame (checked by the
    /// session at the stop: debugpy's exception options take no condition).
    pub condition: Option<String>,
}

/// Python's built-in exception classes: the only names debugpy's
/// `exceptionOptions` can resolve (see the module doc of `session`).
const BUILTIN_EXCEPTIONS: &[&str] = &[
    "BaseException",
    "BaseExceptionGroup",
    "GeneratorExit",
    "KeyboardInterrupt",
    "SystemExit",
    "Exception",
    "ArithmeticError",
    "FloatingPointError",
    "OverflowError",
    "ZeroDivisionError",
    "AssertionError",
    "AttributeError",
    "BufferError",
    "EOFError",
    "ExceptionGroup",
    "ImportError",
    "ModuleNotFoundError",
    "LookupError",
    "IndexError",
    "KeyError",
    "MemoryError",
    "NameError",
    "UnboundLocalError",
    "OSError",
    "BlockingIOError",
    "ChildProcessError",
    "ConnectionError",
    "BrokenPipeError",
    "ConnectionAbortedError",
    "ConnectionRefusedError",
    "ConnectionResetError",
    "FileExistsError",
    "FileNotFoundError",
    "InterruptedError",
    "IsADirectoryError",
    "NotADirectoryError",
    "PermissionError",
    "ProcessLookupError",
    "TimeoutError",
    "ReferenceError",
    "RuntimeError",
    "NotImplementedError",
    "RecursionError",
    "StopAsyncIteration",
    "StopIteration",
    "SyntaxError",
    "IndentationError",
    "TabError",
    "SystemError",
    "TypeError",
    "ValueError",
    "UnicodeError",
    "UnicodeDecodeError",
    "UnicodeEncodeError",
    "UnicodeTranslateError",
    "EnvironmentError",
    "IOError",
    "Warning",
    "BytesWarning",
    "DeprecationWarning",
    "EncodingWarning",
    "FutureWarning",
    "ImportWarning",
    "PendingDeprecationWarning",
    "ResourceWarning",
    "RuntimeWarning",
    "SyntaxWarning",
    "UnicodeWarning",
    "UserWarning",
];

/// The built-in name of a class (`ValueError`, `builtins.ValueError`), if it is one.
pub fn builtin_name(class: &str) -> Option<&str> {
    let bare = class.strip_prefix("builtins.").unwrap_or(class);
    BUILTIN_EXCEPTIONS.contains(&bare).then_some(bare)
}

/// `setExceptionBreakpoints` arguments for the requested classes. Built-in classes
/// are named in `exceptionOptions`; a user-defined class cannot be (debugpy cannot
/// resolve it), so it is requested as `BaseException` and the stop is checked
/// against the class afterwards ([`exception_wanted`]). With `break_on_uncaught`
/// the launch's own option (every class, unhandled) comes last, so the adapter's
/// answers for the requests keep their positions.
/// Besides the project's requests: `break_on_uncaught` adds every class unhandled;
/// `test_failures` every class leaving the user's code (`userUnhandled`), which is
/// where a test runner catches a failing test's exception.
pub fn exception_arguments(
    requests: &[ExceptionRequest],
    break_on_uncaught: bool,
    test_failures: bool,
) -> Value {
    let mut options = Vec::new();
    for r in requests {
        let name = builtin_name(&r.class).unwrap_or("BaseException");
        for (wanted, mode) in [(r.caught, "always"), (r.uncaught, "unhandled")] {
            if wanted {
                options.push(json!({
                    "path": [{ "names": ["Python Exceptions"] }, { "names": [name] }],
                    "breakMode": mode,
                }));
            }
        }
    }
    for (wanted, mode) in [
        (break_on_uncaught, "unhandled"),
        (test_failures, "userUnhandled"),
    ] {
        if wanted {
            options.push(json!({
                "path": [{ "names": ["Python Exceptions"] }, { "names": ["BaseException"] }],
                "breakMode": mode,
            }));
        }
    }
    json!({ "filters": [], "exceptionOptions": options })
}

/// Whether a launch's own break on uncaught exceptions wants a stop: an uncaught
/// exception other than `SystemExit` (a program that exits on purpose with a
/// status is not crashing; debugpy itself already skips `sys.exit(0)`).
pub fn uncaught_default_wants(mro: &[String], uncaught: bool) -> bool {
    uncaught && !mro.iter().any(|name| class_matches("SystemExit", name))
}

/// Whether an exception stop is one the user asked for. `mro` lists the
/// exception's class and its bases as `module.qualname` (or just the stopped
/// type's name when the bases could not be read); `uncaught` tells whether the
/// stop is for an unhandled exception. Returns the ids of the matching requests.
pub fn exception_wanted(
    requests: &[ExceptionRequest],
    mro: &[String],
    uncaught: bool,
) -> Vec<String> {
    requests
        .iter()
        .filter(|r| if uncaught { r.uncaught } else { r.caught })
        .filter(|r| mro.iter().any(|name| class_matches(&r.class, name)))
        .map(|r| r.id.clone())
        .collect()
}

pub(crate) fn class_matches(requested: &str, actual: &str) -> bool {
    let norm = |s: &str| s.strip_prefix("builtins.").unwrap_or(s).to_string();
    let (requested, actual) = (norm(requested), norm(actual));
    if requested == actual {
        return true;
    }
    let unqualified = |s: &str| s.rsplit('.').next().unwrap_or(s).to_string();
    // `InventoryError` matches `__main__.InventoryError`; `__main__.X` matches a bare `X`.
    (!requested.contains('.') && unqualified(&actual) == requested)
        || (!actual.contains('.') && unqualified(&requested) == actual)
}

#[cfg(test)]
mod tests {
    use super::*;
    use debugger_core::model::SuspendPolicy;

    fn temp_state(tag: &str) -> (StateDir, PathBuf) {
        let dir = std::env::temp_dir().join(format!("jbd-dap-bp-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        (StateDir::at(&dir), dir)
    }

    fn line_spec(file: &str, line: u32) -> BreakpointSpec {
        BreakpointSpec {
            kind: BreakpointKind::Line {
                file: file.into(),
                line,
            },
            enabled: true,
            condition: None,
            log_message: None,
            suspend_policy: SuspendPolicy::All,
            temporary: false,
        }
    }

    #[test]
    fn persists_and_keeps_ids_unique_across_restarts_and_projects() {
        let (state, dir) = temp_state("persist");
        let p = Path::new("/proj/a");
        let q = Path::new("/proj/b");
        {
            let mut store = BreakpointStore::new(state.clone(), &[p.to_path_buf()]);
            let (a, created) = store.add(p, line_spec("/proj/a/x.py", 3), None).unwrap();
            assert!(created);
            assert_eq!(a.id, "bp-1");
            let (again, created) = store.add(p, line_spec("/proj/a/x.py", 3), None).unwrap();
            assert!(!created);
            assert_eq!(again.id, "bp-1");
            let (b, _) = store.add(p, line_spec("/proj/a/x.py", 5), None).unwrap();
            assert_eq!(b.id, "bp-2");
            assert_eq!(store.remove(p, &["bp-2".into()]).unwrap().len(), 1);
            assert!(store.remove(p, &["bp-2".into()]).unwrap().is_empty());
            store.record_hits(p, &["bp-1".into()]);
        }
        let mut store = BreakpointStore::new(state.clone(), &[p.to_path_buf()]);
        let list = store.list(p);
        assert_eq!(list.len(), 1);
        assert_eq!(list[0].hit_count, 1);
        // bp-2 was used before the restart: never reused, not even by another project.
        let (c, _) = store.add(q, line_spec("/proj/b/y.py", 1), None).unwrap();
        assert_eq!(c.id, "bp-3");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn two_servers_on_one_directory_merge_and_never_share_an_id() {
        let (state, dir) = temp_state("two");
        let p = Path::new("/proj/shared");
        let mut one = BreakpointStore::new(state.clone(), &[p.to_path_buf()]);
        let mut two = BreakpointStore::new(StateDir::at(&dir), &[p.to_path_buf()]);
        let (a, _) = one.add(p, line_spec("/proj/shared/m.py", 1), None).unwrap();
        let (b, _) = two.add(p, line_spec("/proj/shared/m.py", 2), None).unwrap();
        let (c, _) = one.add(p, line_spec("/proj/shared/m.py", 3), None).unwrap();
        assert_eq!([&a.id, &b.id, &c.id], ["bp-1", "bp-2", "bp-3"]);
        let lines = |store: &mut BreakpointStore| -> Vec<String> {
            store.list(p).into_iter().map(|b| b.id).collect()
        };
        assert_eq!(lines(&mut two), ["bp-1", "bp-2", "bp-3"], "no write lost");
        assert_eq!(two.remove(p, &["bp-1".into()]).unwrap().len(), 1);
        assert_eq!(lines(&mut one), ["bp-2", "bp-3"]);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_truncated_file_is_kept_aside_before_the_next_write() {
        let (state, dir) = temp_state("truncated");
        let p = Path::new("/proj/t");
        let file = state.project_file(p, "breakpoints");
        debugger_core::state::write_private(&file, b"{\"next_id\": 9, \"breakpoints\": [{\"id\"")
            .unwrap();
        let mut store = BreakpointStore::new(state.clone(), &[p.to_path_buf()]);
        assert!(store.list(p).is_empty());
        let warnings = store.warnings();
        assert_eq!(warnings.len(), 1);
        assert!(
            warnings[0].contains("breakpoints.json.corrupt-"),
            "{warnings:?}"
        );
        store.add(p, line_spec("/proj/t/m.py", 1), None).unwrap();
        let kept = std::fs::read_dir(file.parent().unwrap())
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .contains(".corrupt-")
            })
            .count();
        assert_eq!(kept, 1, "the unreadable file survives the write");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_full_file_list_is_sent_never_one_item() {
        let (state, dir) = temp_state("planned");
        let p = Path::new("/proj");
        let f = &List::File("/proj/m.py".into());
        let mut store = BreakpointStore::new(state, &[]);
        store.add(p, line_spec("/proj/m.py", 4), None).unwrap();
        let mut cond = line_spec("/proj/m.py", 9);
        cond.condition = Some("i == 2".into());
        store.add(p, cond, None).unwrap();
        let mut disabled = line_spec("/proj/m.py", 11);
        disabled.enabled = false;
        store.add(p, disabled, None).unwrap();
        let mut logging = line_spec("/proj/m.py", 12);
        logging.suspend_policy = SuspendPolicy::None;
        store.add(p, logging, None).unwrap();
        let mut logpoint = line_spec("/proj/m.py", 13);
        logpoint.log_message = Some("i={i}".into());
        store.add(p, logpoint, None).unwrap();
        store.add(p, line_spec("/proj/other.py", 1), None).unwrap();

        let planned = plan(
            &store.list_breakpoints(p, f),
            false,
            None,
            CodeRoute::AsWritten,
        );
        let lines: Vec<u64> = planned
            .iter()
            .map(|x| x.wire["line"].as_u64().unwrap())
            .collect();
        assert_eq!(
            lines,
            vec![4, 9, 12, 13],
            "all enabled ones of the file, disabled left out"
        );
        assert_eq!(planned[1].wire["condition"], "i == 2");
        assert!(planned[2].wire["logMessage"]
            .as_str()
            .unwrap()
            .contains("bp-4 hit"));
        assert_eq!(planned[3].wire["logMessage"], "i={i}");
        assert_eq!(planned[0].owner, Owner::Project("bp-1".into()));

        // Run to line: merged, the user's other lines stay; same line is replaced.
        let planned = plan(
            &store.list_breakpoints(p, f),
            false,
            Some(9),
            CodeRoute::AsWritten,
        );
        let lines: Vec<u64> = planned
            .iter()
            .map(|x| x.wire["line"].as_u64().unwrap())
            .collect();
        assert_eq!(lines, vec![4, 12, 13, 9]);
        assert_eq!(planned.last().unwrap().owner, Owner::RunTo);
        assert!(planned.last().unwrap().wire.get("condition").is_none());
        // Ignoring breakpoints: only the target.
        let planned = plan(
            &store.list_breakpoints(p, f),
            true,
            Some(7),
            CodeRoute::AsWritten,
        );
        assert_eq!(
            planned.iter().map(|x| &x.wire).collect::<Vec<_>>(),
            [&json!({ "line": 7 })]
        );
        assert!(plan(
            &store.list_breakpoints(p, f),
            true,
            None,
            CodeRoute::AsWritten
        )
        .is_empty());

        assert_eq!(
            store.lists(p),
            vec![
                List::File("/proj/m.py".into()),
                List::File("/proj/other.py".into())
            ]
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    fn function_spec(name: &str) -> BreakpointSpec {
        BreakpointSpec {
            kind: BreakpointKind::Function { name: name.into() },
            ..line_spec("", 1)
        }
    }

    #[test]
    fn breakpoint_code_goes_through_the_shim_unless_agreed() {
        let (state, dir) = temp_state("routed");
        let p = Path::new("/proj");
        let f = &List::File("/proj/m.py".into());
        let mut store = BreakpointStore::new(state, &[]);
        let mut cond = line_spec("/proj/m.py", 9);
        cond.condition = Some("i == 2".into());
        store.add(p, cond, None).unwrap();
        let mut logpoint = line_spec("/proj/m.py", 13);
        logpoint.log_message = Some("i={i}".into());
        store.add(p, logpoint, None).unwrap();
        let mut agreed = line_spec("/proj/m.py", 14);
        agreed.log_message = Some("popped {items.pop()} of {len(items)}".into());
        store.add(p, agreed, None).unwrap();
        let mut needs_guard = line_spec("/proj/m.py", 15);
        needs_guard.condition = Some("d.get(k)".into());
        store.add(p, needs_guard, None).unwrap();
        let bps = store.list_breakpoints(p, f);
        let planned = plan(&bps, false, None, CodeRoute::PythonShim);
        assert_eq!(
            planned[0].wire["condition"],
            "__jbd_guarded__(\"i == 2\", 'condition', \"the condition of bp-1\", True)"
        );
        assert_eq!(
            planned[1].wire["logMessage"],
            "i={__jbd_guarded__(\"i\", 'log', \"the log message of bp-2\", True)}"
        );
        let popped = planned[2].wire["logMessage"].as_str().unwrap();
        assert!(
            popped.starts_with("popped {__jbd_guarded__(\"items.pop()\", 'log', ")
                && popped.contains("False)} of {__jbd_guarded__(\"len(items)\"")
                && popped.ends_with("True)}"),
            "{popped}"
        );
        // Attached (no shim in the program): what needs the guard fails there; the
        // rest runs as written.
        let planned = plan(&bps, false, None, CodeRoute::PythonShimMissing);
        assert_eq!(planned[0].wire["condition"], "i == 2");
        assert_eq!(planned[1].wire["logMessage"], "i={i}");
        assert_eq!(
            planned[3].wire["condition"],
            "__jbd_guarded__(\"d.get(k)\", 'condition', \"the condition of bp-4\", True)"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }
    #[test]
    fn function_breakpoints_are_one_full_list_of_the_project() {
        let (state, dir) = temp_state("functions");
        let p = Path::new("/proj");
        let mut store = BreakpointStore::new(state.clone(), &[]);
        store.add(p, line_spec("/proj/m.go", 4), None).unwrap();
        let (a, _) = store
            .add(p, function_spec("main.subtotalOf"), None)
            .unwrap();
        let mut cond = function_spec("main.totalOf");
        cond.condition = Some("n > 2".into());
        store.add(p, cond, None).unwrap();
        let mut disabled = function_spec("main.main");
        disabled.enabled = false;
        store.add(p, disabled, None).unwrap();
        let (again, created) = store
            .add(p, function_spec("main.subtotalOf"), None)
            .unwrap();
        assert!(!created, "one breakpoint per function name");
        assert_eq!(again.id, a.id);

        assert_eq!(
            store.lists(p),
            vec![List::File("/proj/m.go".into()), List::Functions],
            "files first, then the functions' one list"
        );
        let functions = store.list_breakpoints(p, &List::Functions);
        let wires: Vec<Value> = plan(&functions, false, None, CodeRoute::AsWritten)
            .into_iter()
            .map(|x| x.wire)
            .collect();
        assert_eq!(
            wires,
            [
                json!({ "name": "main.subtotalOf" }),
                json!({ "name": "main.totalOf", "condition": "n > 2" })
            ],
            "every enabled function breakpoint in each request, no line breakpoint"
        );
        assert!(
            plan(&functions, true, None, CodeRoute::AsWritten).is_empty(),
            "ignored while suppressed"
        );
        // Persisted with the project, kind and all.
        let mut reloaded = BreakpointStore::new(state, &[p.to_path_buf()]);
        assert_eq!(
            reloaded.get(p, &a.id).unwrap().spec.kind,
            function_spec("main.subtotalOf").kind
        );
        assert_eq!(
            reloaded
                .remove(p, std::slice::from_ref(&a.id))
                .unwrap()
                .len(),
            1
        );
        assert_eq!(reloaded.list_breakpoints(p, &List::Functions).len(), 1);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn hits_count_and_temporary_ones_go_away() {
        let (state, dir) = temp_state("hits");
        let p = Path::new("/proj");
        let mut store = BreakpointStore::new(state, &[]);
        store.add(p, line_spec("/proj/m.py", 4), None).unwrap();
        let mut temp = line_spec("/proj/m.py", 6);
        temp.temporary = true;
        store.add(p, temp, None).unwrap();
        assert_eq!(
            store.ids_at(p, Path::new("/proj/m.py"), 6),
            vec!["bp-2".to_string()]
        );
        let out = store.record_hits(p, &["bp-1".into(), "bp-2".into(), "bp-99".into()]);
        assert_eq!(out.changed.len(), 1);
        assert_eq!(out.changed[0].hit_count, 1);
        assert_eq!(out.removed.len(), 1);
        assert_eq!(out.removed[0].id, "bp-2");
        assert_eq!(store.list(p).len(), 1);
        // Status changes are reported once.
        let status = |verified, message: Option<&str>| {
            vec![("bp-1".to_string(), verified, message.map(str::to_string))]
        };
        assert_eq!(store.set_statuses(p, status(true, None)).len(), 1);
        assert!(store.set_statuses(p, status(true, None)).is_empty());
        assert_eq!(
            store.set_statuses(p, status(false, Some("no code"))).len(),
            1
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn exception_requests_and_matching() {
        let reqs = vec![
            ExceptionRequest {
                id: "bp-1".into(),
                class: "ValueError".into(),
                caught: true,
                uncaught: false,
                condition: None,
            },
            ExceptionRequest {
                id: "bp-2".into(),
                class: "InventoryError".into(),
                caught: false,
                uncaught: true,
                condition: None,
            },
        ];
        let args = exception_arguments(&reqs, false, false);
        let opts = args["exceptionOptions"].as_array().unwrap();
        assert_eq!(opts.len(), 2);
        assert_eq!(opts[0]["path"][1]["names"][0], "ValueError");
        assert_eq!(opts[0]["breakMode"], "always");
        assert_eq!(opts[1]["path"][1]["names"][0], "BaseException");
        assert_eq!(opts[1]["breakMode"], "unhandled");

        let user_mro: Vec<String> = [
            "__main__.InventoryError",
            "builtins.Exception",
            "builtins.BaseException",
            "builtins.object",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(
            exception_wanted(&reqs, &user_mro, true),
            vec!["bp-2".to_string()]
        );
        assert!(
            exception_wanted(&reqs, &user_mro, false).is_empty(),
            "caught not requested"
        );
        let sub_of_value: Vec<String> = vec!["app.BadQty".into(), "builtins.ValueError".into()];
        assert_eq!(
            exception_wanted(&reqs, &sub_of_value, false),
            vec!["bp-1".to_string()]
        );
        assert!(exception_wanted(&reqs, &["builtins.KeyError".to_string()], false).is_empty());
        assert!(class_matches("__main__.InventoryError", "InventoryError"));
        assert!(!class_matches(
            "other.InventoryError",
            "__main__.InventoryError"
        ));
        assert_eq!(builtin_name("builtins.KeyError"), Some("KeyError"));
        assert_eq!(builtin_name("InventoryError"), None);
    }

    #[test]
    fn the_launch_default_comes_last_and_skips_deliberate_exits() {
        let reqs = vec![ExceptionRequest {
            id: "bp-1".into(),
            class: "ValueError".into(),
            caught: true,
            uncaught: true,
            condition: None,
        }];
        let args = exception_arguments(&reqs, true, false);
        let opts = args["exceptionOptions"].as_array().unwrap();
        assert_eq!(opts.len(), 3, "the requests' two options, then the default");
        assert_eq!(opts[2]["path"][1]["names"][0], "BaseException");
        assert_eq!(opts[2]["breakMode"], "unhandled");
        let tests = exception_arguments(&reqs, true, true);
        let opts = tests["exceptionOptions"].as_array().unwrap();
        assert_eq!(
            opts.len(),
            4,
            "a test launch also stops where a test's code is left"
        );
        assert_eq!(opts[3]["path"][1]["names"][0], "BaseException");
        assert_eq!(opts[3]["breakMode"], "userUnhandled");
        assert_eq!(
            exception_arguments(&[], true, false)["exceptionOptions"]
                .as_array()
                .unwrap()
                .len(),
            1
        );

        let crash: Vec<String> = vec!["builtins.RuntimeError".into(), "builtins.Exception".into()];
        assert!(uncaught_default_wants(&crash, true));
        assert!(!uncaught_default_wants(&crash, false), "caught: no stop");
        let exit = vec![
            "builtins.SystemExit".to_string(),
            "builtins.BaseException".into(),
        ];
        assert!(!uncaught_default_wants(&exit, true));
        // Only the stopped type's name known (bases unreadable).
        assert!(!uncaught_default_wants(&["SystemExit".to_string()], true));
    }
}
