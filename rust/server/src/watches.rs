//! Watch expressions. They belong to a project (not to a session), are evaluated at
//! every status (and in execution answers asked with `include_variables`), and are
//! kept across server restarts in the user state directory.
//! Like breakpoints, every change is a read-modify-write of the project's file under
//! the state directory's lock, with ids from its shared counter: two servers on one
//! directory never hand out the same id nor lose each other's watches, and a change
//! that cannot be saved is refused (`state_not_writable`), not reported done.
//! A watch whose evaluation ran past its budget is marked (kept with the watch, so a
//! later session does not run it again either) and is not evaluated again until the
//! agent adds it again.

use debugger_core::state::StateDir;
use debugger_core::{ErrorCode, ToolError, ToolResult};
use serde::{Deserialize, Serialize};
use std::path::Path;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Watch {
    pub id: String,
    pub expression: String,
    /// When and why its last evaluation was stopped for its budget: it is not evaluated
    /// again until added again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct ProjectWatches {
    /// Kept for files written before the shared counter; read as a floor.
    #[serde(default)]
    next_id: u64,
    watches: Vec<Watch>,
}

/// All projects' watches, read from the state directory on use (small files).
pub struct WatchStore {
    state: StateDir,
}

impl WatchStore {
    pub fn new(state: StateDir) -> Self {
        Self { state }
    }

    /// The state directory the watches live in (its warnings reach the answers).
    pub fn state(&self) -> &StateDir {
        &self.state
    }

    fn read(&self, project: &Path) -> ProjectWatches {
        self.state
            .load(&self.state.project_file(project, "watches"))
            .unwrap_or_default()
    }

    /// Re-read, change and save a project's watches under the state lock.
    fn update<R>(
        &self,
        project: &Path,
        change: impl FnOnce(&mut ProjectWatches, &mut dyn FnMut() -> ToolResult<String>) -> R,
    ) -> ToolResult<R> {
        let file = self.state.project_file(project, "watches");
        self.state.locked(|| {
            let mut current = self.read(project);
            let floor = current.next_id.saturating_add(1);
            let mut new_id = || {
                self.state
                    .next_id("watch", floor)
                    .map(|n| format!("watch-{n}"))
            };
            let outcome = change(&mut current, &mut new_id);
            self.state.save(&file, &current)?;
            Ok(outcome)
        })
    }

    pub fn list(&self, project: &Path) -> Vec<Watch> {
        self.read(project).watches
    }

    /// Add a watch; an expression already watched returns the existing watch, no longer
    /// marked as stopped (adding it again is how the agent asks to run it again).
    pub fn add(&self, project: &Path, expression: &str) -> ToolResult<(Watch, bool)> {
        let expression = expression.trim();
        if expression.is_empty() {
            return Err(ToolError::invalid_params("'expression' must not be empty."));
        }
        self.update(project, |p, new_id| {
            if let Some(existing) = p.watches.iter_mut().find(|w| w.expression == expression) {
                existing.stopped = None;
                return Ok((existing.clone(), false));
            }
            let watch = Watch {
                id: new_id()?,
                expression: expression.to_string(),
                stopped: None,
            };
            p.watches.push(watch.clone());
            Ok((watch, true))
        })?
    }

    /// Mark a watch as stopped for its budget (`why` says when and how), so that it is
    /// not evaluated again until added again.
    pub fn mark_stopped(&self, project: &Path, id: &str, why: &str) -> ToolResult<()> {
        self.update(project, |p, _| {
            for watch in p.watches.iter_mut().filter(|w| w.id == id) {
                watch.stopped = Some(why.to_string());
            }
        })
    }

    /// Remove a watch; `Ok(false)` if there was none with that id.
    pub fn remove(&self, project: &Path, id: &str) -> ToolResult<bool> {
        if id.trim().is_empty() {
            return Err(ToolError::new(
                ErrorCode::InvalidParams,
                "'watch_id' must not be empty.",
            ));
        }
        self.update(project, |p, _| {
            let before = p.watches.len();
            p.watches.retain(|w| w.id != id);
            p.watches.len() != before
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn watches_persist_per_project_and_dedupe() {
        let dir = std::env::temp_dir().join(format!("jbd-watch-test-{}", std::process::id()));
        let project = Path::new("/tmp/some-project");
        {
            let store = WatchStore::new(StateDir::at(&dir));
            let (a, new_a) = store.add(project, "order.total").unwrap();
            let (b, new_b) = store.add(project, " order.total ").unwrap();
            assert!(new_a && !new_b);
            assert_eq!(a, b);
            store.add(project, "len(items)").unwrap();
            assert!(store.add(project, "  ").is_err());
        }
        let store = WatchStore::new(StateDir::at(&dir));
        let listed = store.list(project);
        assert_eq!(listed.len(), 2, "reloaded from disk");
        assert!(store.remove(project, &listed[0].id).unwrap());
        assert!(!store.remove(project, &listed[0].id).unwrap(), "idempotent");
        assert!(store.list(Path::new("/elsewhere")).is_empty());
        let (third, _) = store.add(project, "x").unwrap();
        assert_eq!(third.id, "watch-3", "ids are never reused");
        store.mark_stopped(project, &third.id, "timed out").unwrap();
        let reloaded = WatchStore::new(StateDir::at(&dir)).list(project);
        assert_eq!(reloaded[1].stopped.as_deref(), Some("timed out"), "kept");
        let (again, added) = store.add(project, "x").unwrap();
        assert!(
            !added && again.stopped.is_none(),
            "adding it again clears the mark"
        );
        assert!(store.list(project)[1].stopped.is_none());
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn two_stores_on_one_directory_merge_and_never_share_an_id() {
        let dir = std::env::temp_dir().join(format!("jbd-watch-two-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let project = Path::new("/tmp/shared-project");
        let (one, two) = (
            WatchStore::new(StateDir::at(&dir)),
            WatchStore::new(StateDir::at(&dir)),
        );
        let (a, _) = one.add(project, "a").unwrap();
        let (b, _) = two.add(project, "b").unwrap();
        let (c, _) = one.add(project, "c").unwrap();
        assert_ne!(a.id, b.id);
        assert_ne!(b.id, c.id);
        let listed: Vec<String> = two
            .list(project)
            .into_iter()
            .map(|w| w.expression)
            .collect();
        assert_eq!(listed, ["a", "b", "c"], "no write lost");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn an_unwritable_state_directory_refuses_the_change() {
        let file = std::env::temp_dir().join(format!("jbd-watch-ro-{}", std::process::id()));
        std::fs::write(&file, b"not a directory").unwrap();
        let store = WatchStore::new(StateDir::at(file.join("state")));
        let err = store.add(Path::new("/tmp/p"), "x").unwrap_err();
        assert_eq!(err.code, ErrorCode::StateNotWritable);
        assert!(store.list(Path::new("/tmp/p")).is_empty(), "nothing kept");
        std::fs::remove_file(file).unwrap();
    }
}
