//! Watch expressions. They belong to a project (not to a session), are evaluated at
//! every status, and are kept across server restarts in the user state directory.

use debugger_core::state::StateDir;
use debugger_core::{ErrorCode, ToolError, ToolResult};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Watch {
    pub id: String,
    pub expression: String,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct ProjectWatches {
    next_id: u64,
    watches: Vec<Watch>,
}

/// All projects' watches.
pub struct WatchStore {
    state: StateDir,
    projects: Mutex<HashMap<PathBuf, ProjectWatches>>,
}

impl WatchStore {
    pub fn new(state: StateDir) -> Self {
        Self {
            state,
            projects: Mutex::new(HashMap::new()),
        }
    }

    fn with_project<R>(&self, project: &Path, f: impl FnOnce(&mut ProjectWatches) -> R) -> R {
        let mut projects = self.projects.lock().expect("watch lock poisoned");
        let entry = projects.entry(project.to_path_buf()).or_insert_with(|| {
            self.state
                .load(&self.state.project_file(project, "watches"))
                .unwrap_or_default()
        });
        f(entry)
    }

    fn persist(&self, project: &Path, watches: &ProjectWatches) {
        let file = self.state.project_file(project, "watches");
        if let Err(err) = self.state.save(&file, watches) {
            tracing::warn!(file = %file.display(), %err, "could not save watches");
        }
    }

    pub fn list(&self, project: &Path) -> Vec<Watch> {
        self.with_project(project, |p| p.watches.clone())
    }

    /// Add a watch; an expression already watched returns the existing watch.
    pub fn add(&self, project: &Path, expression: &str) -> ToolResult<(Watch, bool)> {
        let expression = expression.trim();
        if expression.is_empty() {
            return Err(ToolError::invalid_params("'expression' must not be empty."));
        }
        self.with_project(project, |p| {
            if let Some(existing) = p.watches.iter().find(|w| w.expression == expression) {
                return Ok((existing.clone(), false));
            }
            p.next_id += 1;
            let watch = Watch {
                id: format!("watch-{}", p.next_id),
                expression: expression.to_string(),
            };
            p.watches.push(watch.clone());
            self.persist(project, p);
            Ok((watch, true))
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
        self.with_project(project, |p| {
            let before = p.watches.len();
            p.watches.retain(|w| w.id != id);
            let removed = p.watches.len() != before;
            if removed {
                self.persist(project, p);
            }
            Ok(removed)
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
        std::fs::remove_dir_all(dir).unwrap();
    }
}
