//! Who set each breakpoint: the agent, through the tools, or the
//! user (in the IDE, or before; anything this file does not name). Written once above
//! the `Backend` trait: the server records, per project in the user state directory,
//! the breakpoints the agent's calls created, each by its id *and* its place (file and
//! line, or exception class). The place guards against ids an IDE hands out again
//! after a restart: a recycled id at another place is not the agent's. Entries whose
//! breakpoint is gone are dropped when the project's list is next read.

use debugger_core::journal::{Change, Document, Durability, Journaled};
use debugger_core::lock;
use debugger_core::model::{Breakpoint, BreakpointKind};
use debugger_core::state::StateDir;
use debugger_core::ToolResult;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Who set a breakpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Owner {
    Agent,
    User,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Entry {
    id: String,
    place: String,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct ProjectEntries {
    breakpoints: Vec<Entry>,
}

impl Document for ProjectEntries {
    type Item = Entry;

    fn items(&self) -> &Vec<Entry> {
        &self.breakpoints
    }

    fn items_mut(&mut self) -> &mut Vec<Entry> {
        &mut self.breakpoints
    }

    fn key(entry: &Entry) -> &str {
        &entry.id
    }
}

/// Where a breakpoint is, as one comparable string.
fn place(breakpoint: &Breakpoint) -> String {
    match &breakpoint.spec.kind {
        BreakpointKind::Line { file, line } => format!("line:{}:{line}", file.display()),
        BreakpointKind::Exception {
            exception_class, ..
        } => format!("exception:{exception_class}"),
        BreakpointKind::Function { name } => format!("function:{name}"),
        BreakpointKind::Data { expression } => format!("data:{expression}"),
    }
}

/// The agent's breakpoints of every project.
pub struct Owners {
    state: StateDir,
    /// Each project's entries, as last read or written here (a change is one journal
    /// line; another server's changes are read as they come).
    held: Mutex<HashMap<PathBuf, Journaled<ProjectEntries>>>,
}

impl Owners {
    pub fn new(state: StateDir) -> Self {
        Self {
            state,
            held: Mutex::default(),
        }
    }

    fn file(&self, project: &Path) -> PathBuf {
        self.state.project_file(project, "agent-breakpoints")
    }

    /// The project's entries, brought up to its files.
    fn entries<'a>(
        &self,
        held: &'a mut HashMap<PathBuf, Journaled<ProjectEntries>>,
        project: &Path,
    ) -> &'a mut Journaled<ProjectEntries> {
        let entries = held.entry(project.to_path_buf()).or_default();
        entries.refresh(&self.state, &self.file(project), |_, _| {});
        entries
    }

    fn change(&self, project: &Path, changes: Vec<Change<Entry>>) -> ToolResult<()> {
        let mut held = lock(&self.held);
        self.state.locked(|| {
            let entries = self.entries(&mut held, project);
            entries.record(
                &self.state,
                &self.file(project),
                changes,
                Durability::Synced,
            )
        })
    }

    /// The agent created `breakpoint`.
    pub fn record(&self, project: &Path, breakpoint: &Breakpoint) -> ToolResult<()> {
        let entry = Entry {
            id: breakpoint.id.clone(),
            place: place(breakpoint),
        };
        self.change(project, vec![Change::Put(entry)])
    }

    /// Who set each of `current` (the project's breakpoints as the backend lists them);
    /// entries of breakpoints no longer there are forgotten.
    pub fn of(&self, project: &Path, current: &[Breakpoint]) -> Vec<Owner> {
        let places: HashSet<(&str, String)> =
            current.iter().map(|b| (b.id.as_str(), place(b))).collect();
        let (owners, stale) = {
            let mut held = lock(&self.held);
            let entries = &self.entries(&mut held, project).document.breakpoints;
            let agents: HashSet<(&str, &str)> = entries
                .iter()
                .map(|e| (e.id.as_str(), e.place.as_str()))
                .collect();
            let owners = current
                .iter()
                .map(
                    |b| match agents.contains(&(b.id.as_str(), place(b).as_str())) {
                        true => Owner::Agent,
                        false => Owner::User,
                    },
                )
                .collect::<Vec<_>>();
            let stale: Vec<String> = entries
                .iter()
                .filter(|e| !places.contains(&(e.id.as_str(), e.place.clone())))
                .map(|e| e.id.clone())
                .collect();
            (owners, stale)
        };
        if !stale.is_empty() {
            if let Err(err) = self.change(project, vec![Change::Remove(stale)]) {
                tracing::debug!(%err, "could not forget removed agent breakpoints");
            }
        }
        owners
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use debugger_core::model::{BreakpointSpec, SuspendPolicy};

    fn line(id: &str, file: &str, line: u32) -> Breakpoint {
        Breakpoint {
            id: id.into(),
            spec: BreakpointSpec {
                kind: BreakpointKind::Line {
                    file: file.into(),
                    line,
                },
                enabled: true,
                condition: None,
                log_message: None,
                suspend_policy: SuspendPolicy::All,
                temporary: false,
            },
            hit_count: 0,
            verified: None,
            message: None,
            anchor: None,
        }
    }

    #[test]
    fn the_agents_breakpoints_are_known_by_id_and_place_and_survive_a_restart() {
        let dir = std::env::temp_dir().join(format!("jbd-owners-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let project = Path::new("/p/shop");
        let (mine, users) = (line("b1", "/p/shop/a.py", 3), line("b2", "/p/shop/a.py", 9));
        Owners::new(StateDir::at(&dir))
            .record(project, &mine)
            .unwrap();
        let owners = Owners::new(StateDir::at(&dir));
        assert_eq!(
            owners.of(project, &[mine.clone(), users.clone()]),
            [Owner::Agent, Owner::User]
        );
        // After an IDE restart `b1` names another breakpoint: it is not the agent's.
        let recycled = line("b1", "/p/shop/other.py", 3);
        assert_eq!(owners.of(project, &[recycled]), [Owner::User]);
        assert_eq!(
            owners.of(project, &[mine]),
            [Owner::User],
            "the stale entry was forgotten when the list no longer held it"
        );
        assert_eq!(owners.of(Path::new("/p/api"), &[users]), [Owner::User]);
        std::fs::remove_dir_all(dir).unwrap();
    }
}
