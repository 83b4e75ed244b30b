//! Discovery files: how a `stdio` server finds a running IDE. Every `serve` process
//! that the IDE plugin launched publishes one file, `<state dir>/instances/<pid>.json`
//! (readable by the user only), saying where its MCP endpoint is, which IDE is
//! connected and which projects are open. `stdio` picks the instance whose projects
//! contain its working directory (or `--project`); only when told to use the IDE
//! (`--backend ide`) does it settle for another instance (the newest).
//!
//! The files hold no secret: the bridge token never leaves the plugin and the binary
//! it launched. A process that exits normally removes its file; the file of one that
//! was killed is removed by the next reader that finds its process gone (Unix), and a
//! `stdio` server that cannot reach an endpoint falls back to the standalone backend.

use debugger_core::model::Project;
use debugger_core::state::{write_private, StateDir};
use debugger_core::Backend;
use debugger_ide::IdeBackend;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// How often the published projects are compared with the IDE's (they change when
/// the user opens or closes a project).
const REFRESH: Duration = Duration::from_secs(5);

/// What one `serve` process publishes about itself.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Instance {
    pub pid: u32,
    /// `http://127.0.0.1:<port>/mcp`.
    pub mcp_url: String,
    /// The connected IDE (`IntelliJ IDEA IC-252.26830.84`), or null while none is.
    pub ide: Option<String>,
    pub projects: Vec<Project>,
    /// Unix time of the last update, in milliseconds.
    pub updated_ms: u64,
}

impl Instance {
    /// Whether `dir` lies in one of the instance's projects.
    fn serves(&self, dir: &Path) -> bool {
        self.projects.iter().any(|p| dir.starts_with(&p.path))
    }
}

fn instances_dir(state: &StateDir) -> PathBuf {
    state.root().join("instances")
}

fn file_of(state: &StateDir, pid: u32) -> PathBuf {
    instances_dir(state).join(format!("{pid}.json"))
}

/// Write (or rewrite) this process's discovery file, atomically, mode 0600.
pub fn publish(state: &StateDir, instance: &Instance) -> std::io::Result<()> {
    write_private(
        &file_of(state, instance.pid),
        &serde_json::to_vec_pretty(instance)?,
    )
}

/// Keep this process's discovery file true while it runs: rewritten whenever the
/// IDE connects, disconnects or its projects change. Runs until dropped; call
/// [`withdraw`] on exit.
pub async fn keep_published(state: StateDir, ide: Arc<IdeBackend>, mcp_url: String) {
    let mut connection = ide.connection();
    let mut last: Option<(Option<String>, Vec<Project>)> = None;
    loop {
        let described = ide
            .ide()
            .map(|c| format!("{} {}", c.ide.product, c.ide.build));
        let projects = match described {
            Some(_) => ide.projects().await.unwrap_or_default(),
            None => Vec::new(),
        };
        let now = (described, projects);
        if last.as_ref() != Some(&now) {
            let instance = Instance {
                pid: std::process::id(),
                mcp_url: mcp_url.clone(),
                ide: now.0.clone(),
                projects: now.1.clone(),
                updated_ms: now_ms(),
            };
            match publish(&state, &instance) {
                Ok(()) => last = Some(now),
                Err(err) => tracing::warn!(%err, "cannot write the discovery file"),
            }
        }
        tokio::select! {
            changed = connection.changed() => if changed.is_err() { return },
            _ = tokio::time::sleep(REFRESH) => {}
        }
    }
}

/// Remove this process's discovery file (on exit).
pub fn withdraw(state: &StateDir, pid: u32) {
    let _ = std::fs::remove_file(file_of(state, pid));
}

/// Every readable instance file of a live process, newest first.
pub fn instances(state: &StateDir) -> Vec<Instance> {
    let Ok(entries) = std::fs::read_dir(instances_dir(state)) else {
        return Vec::new();
    };
    let mut found: Vec<Instance> = entries
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
        .filter_map(|e| std::fs::read(e.path()).ok())
        .filter_map(|bytes| serde_json::from_slice::<Instance>(&bytes).ok())
        .filter(|instance| {
            let alive = process_alive(instance.pid);
            if !alive {
                withdraw(state, instance.pid);
            }
            alive
        })
        .collect();
    found.sort_by_key(|i| std::cmp::Reverse(i.updated_ms));
    found
}

/// Which instances a `stdio` server may attach to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Preference {
    /// Only one that has the directory's project open (`--backend auto`: otherwise the
    /// standalone backend serves the directory).
    Serving,
    /// That one if any, else the newest (`--backend ide`).
    AnyIde,
}

/// The instance a `stdio` server started in `dir` should attach to, if any.
pub fn pick(state: &StateDir, dir: &Path, preference: Preference) -> Option<Instance> {
    choose(instances(state), dir, preference)
}

/// `candidates` come newest first.
fn choose(candidates: Vec<Instance>, dir: &Path, preference: Preference) -> Option<Instance> {
    if let Some(serving) = candidates.iter().find(|i| i.serves(dir)) {
        return Some(serving.clone());
    }
    match preference {
        Preference::Serving => None,
        Preference::AnyIde => candidates.into_iter().next(),
    }
}

pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or_default()
}

/// Whether a process with this id exists (Unix: signal 0; elsewhere: assumed).
#[cfg(unix)]
fn process_alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    // SAFETY: kill with signal 0 only checks that the process exists and may be signalled.
    let result = unsafe { libc::kill(pid, 0) };
    result == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

#[cfg(not(unix))]
fn process_alive(_pid: u32) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh state directory, removed with the guard when the test ends.
    fn scratch(test: &str) -> (tempfile::TempDir, StateDir) {
        let dir = tempfile::Builder::new()
            .prefix(&format!("jbd-discovery-{test}-"))
            .tempdir()
            .unwrap();
        let state = StateDir::at(dir.path().to_path_buf());
        (dir, state)
    }

    fn instance(pid: u32, project: &str, updated_ms: u64) -> Instance {
        Instance {
            pid,
            mcp_url: format!("http://127.0.0.1:{pid}/mcp"),
            ide: Some("IntelliJ IDEA IC-252.1".into()),
            projects: vec![Project {
                name: project.rsplit('/').next().unwrap().into(),
                path: PathBuf::from(project),
            }],
            updated_ms,
        }
    }

    /// Ids of processes that exist while the test runs: this one and its parent.
    #[cfg(unix)]
    fn live_pids() -> (u32, u32) {
        (std::process::id(), std::os::unix::process::parent_id())
    }

    #[cfg(unix)]
    #[test]
    fn publish_read_withdraw_round_trip() {
        let (_dir, state) = scratch("round-trip");
        let (older, newer) = live_pids();
        publish(&state, &instance(older, "/w/shop", 1)).unwrap();
        publish(&state, &instance(newer, "/w/blog", 2)).unwrap();
        let found = instances(&state);
        assert_eq!(
            found.iter().map(|i| i.pid).collect::<Vec<_>>(),
            vec![newer, older],
            "newest first"
        );
        withdraw(&state, newer);
        assert_eq!(instances(&state), vec![instance(older, "/w/shop", 1)]);
    }

    #[cfg(unix)]
    #[test]
    fn files_of_dead_processes_are_removed() {
        let (_dir, state) = scratch("dead");
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let dead = child.id();
        child.wait().unwrap();
        publish(&state, &instance(dead, "/w/shop", 1)).unwrap();
        assert_eq!(instances(&state), vec![]);
        assert!(!file_of(&state, dead).exists());
    }

    #[cfg(unix)]
    #[test]
    fn files_are_private() {
        use std::os::unix::fs::PermissionsExt;
        let (_dir, state) = scratch("private");
        publish(&state, &instance(10, "/w/shop", 1)).unwrap();
        let mode = |p: PathBuf| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(file_of(&state, 10)), 0o600);
        assert_eq!(mode(instances_dir(&state)), 0o700);
    }

    #[test]
    fn pick_prefers_the_instance_serving_the_directory() {
        let newest_elsewhere = instance(2, "/w/blog", 9);
        let serving = instance(1, "/w/shop", 1);
        let candidates = vec![newest_elsewhere.clone(), serving.clone()];
        for preference in [Preference::Serving, Preference::AnyIde] {
            assert_eq!(
                choose(candidates.clone(), Path::new("/w/shop/src"), preference),
                Some(serving.clone())
            );
            assert_eq!(choose(Vec::new(), Path::new("/w"), preference), None);
        }
        assert_eq!(
            choose(candidates.clone(), Path::new("/tmp"), Preference::AnyIde),
            Some(newest_elsewhere),
            "no project matches: the newest"
        );
        assert_eq!(
            choose(candidates, Path::new("/tmp"), Preference::Serving),
            None,
            "no project matches: the standalone backend serves /tmp"
        );
    }

    #[cfg(unix)]
    #[test]
    fn unreadable_files_are_skipped() {
        let (_dir, state) = scratch("unreadable");
        publish(&state, &instance(live_pids().0, "/w/shop", 1)).unwrap();
        std::fs::write(instances_dir(&state).join("99.json"), b"{ not json").unwrap();
        assert_eq!(instances(&state).len(), 1);
    }
}
