//! The backend-wide state sessions share ([`Shared`]): the event channel, the breakpoint
//! store, the session registry, and the sweeps of ended sessions' process trees.

use crate::breakpoints::{BreakpointStore, ExceptionRequest, List};
use crate::session::{Hub, Session};
use crate::tree;
use debugger_core::error::ToolResult;
use debugger_core::lock;
use debugger_core::model::*;
use debugger_core::BackendEvent;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::broadcast;

/// Breakpoints changed at once beyond which one `BreakpointsChanged` is announced
/// instead of an event each.
pub(crate) const EVENTS_EACH: usize = 32;

/// Backend-wide state that sessions use.
pub struct Shared {
    pub(crate) events: broadcast::Sender<BackendEvent>,
    pub(crate) store: Mutex<BreakpointStore>,
    pub(crate) sessions: Mutex<HashMap<String, Arc<Session>>>,
    pub(crate) roots: Vec<PathBuf>,
    pub(crate) request_timeout: Duration,
    pub(crate) launch_timeout: Duration,
    /// Prefix of this backend's session tags (`tree`).
    pub(crate) tree_owner: String,
    /// Ended sessions' sweeps for processes that left their groups, run after
    /// the stop is answered and awaited before the next launch ([`Shared::swept`]).
    pub(crate) sweeps: Mutex<Vec<tokio::task::JoinHandle<()>>>,
}

impl Shared {
    /// Once every sweep started so far is done: before a launch, so that no process
    /// of an ended session outlives the start of the next one (each sweep is bounded,
    /// `tree::kill_tagged`).
    pub(crate) async fn swept(&self) {
        let pending = std::mem::take(&mut *lock(&self.sweeps));
        for task in pending {
            let _ = task.await;
        }
    }

    pub(crate) fn fresh_id(&self, project: &Path) -> ToolResult<String> {
        lock(&self.store).fresh_id(project)
    }

    pub(crate) fn live_sessions(&self, project: &Path) -> Vec<Arc<Session>> {
        lock(&self.sessions)
            .values()
            .filter(|s| s.project() == project && !s.is_ended())
            .cloned()
            .collect()
    }

    /// Send the affected list (a file's or the functions' full list, or the exception
    /// breakpoints) to every live session of the project.
    pub(crate) async fn resend(&self, project: &Path, kind: &BreakpointKind) {
        let list = List::of(kind);
        for session in self.live_sessions(project) {
            let result = match &list {
                Some(list) => session.sync_list(list).await,
                None => session.sync_exceptions().await,
            };
            if let Err(e) = result {
                tracing::warn!(session = %session.id, %e, "could not update breakpoints");
            }
        }
    }
}

#[async_trait::async_trait]
impl Hub for Shared {
    fn emit(&self, event: BackendEvent) {
        // No subscriber is fine.
        let _ = self.events.send(event);
    }

    /// Add a session; ended ones are dropped here (the server's tracker keeps what
    /// an agent may still read about them), so the map does not grow with every
    /// session ever started.
    fn register(&self, session: Arc<Session>) {
        let mut sessions = lock(&self.sessions);
        sessions.retain(|_, s| !s.is_ended());
        sessions.insert(session.id.clone(), session);
    }

    /// Kill, off the caller's path, what an ended session left outside its process
    /// groups (a `setsid` descendant): every process carrying `tag`.
    fn sweep(&self, session: &str, tag: String) {
        let session = session.to_string();
        let task = tokio::task::spawn_blocking(move || {
            let killed = tree::kill_tagged(&tag);
            if killed > 0 {
                tracing::debug!(%session, killed, "killed the rest of the tree");
            }
        });
        let mut sweeps = lock(&self.sweeps);
        sweeps.retain(|task| !task.is_finished());
        sweeps.push(task);
    }

    fn project_roots(&self) -> Vec<PathBuf> {
        self.roots.clone()
    }

    fn store_lists(&self, project: &Path) -> Vec<List> {
        lock(&self.store).lists(project)
    }

    fn list_breakpoints(&self, project: &Path, list: &List) -> Vec<Breakpoint> {
        lock(&self.store).list_breakpoints(project, list)
    }

    fn exception_requests(&self, project: &Path) -> Vec<ExceptionRequest> {
        lock(&self.store).exception_breakpoints(project)
    }

    fn ids_at(&self, project: &Path, file: &Path, line: u32) -> Vec<String> {
        lock(&self.store).ids_at(project, file, line)
    }

    /// Record what a debugger says of breakpoints (id, verified, message) and announce
    /// the ones that changed.
    fn report_statuses(&self, project: &Path, statuses: Vec<(String, bool, Option<String>)>) {
        let changed = lock(&self.store).set_statuses(project, statuses);
        if changed.len() > EVENTS_EACH {
            return self.emit(BackendEvent::BreakpointsChanged {
                project: project.to_path_buf(),
            });
        }
        for breakpoint in changed {
            self.emit(BackendEvent::BreakpointChanged {
                project: project.to_path_buf(),
                breakpoint,
            });
        }
    }

    /// Count stops; temporary breakpoints are removed and their lists resent.
    async fn record_hits(&self, project: &Path, ids: &[String]) {
        let outcome = lock(&self.store).record_hits(project, ids);
        for bp in outcome.changed {
            self.emit(BackendEvent::BreakpointChanged {
                project: project.to_path_buf(),
                breakpoint: bp,
            });
        }
        for bp in outcome.removed {
            self.emit(BackendEvent::BreakpointRemoved {
                project: project.to_path_buf(),
                id: bp.id.clone(),
            });
            self.resend(project, &bp.spec.kind).await;
        }
    }

    fn request_timeout(&self) -> Duration {
        self.request_timeout
    }

    fn launch_timeout(&self) -> Duration {
        self.launch_timeout
    }

    fn tree_owner(&self) -> &str {
        &self.tree_owner
    }
}
