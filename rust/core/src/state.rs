//! Where user-configured state survives server restarts: the user state directory
//! (`$JETBRAINS_DEBUGGER_STATE_DIR`, else `$XDG_STATE_HOME/jetbrains-debugger`, else
//! `~/.local/state/jetbrains-debugger`), one JSON document per project keyed by a
//! hash of the project path, plus the history export.
//!
//! The rules every state file keeps (ARCHITECTURE.md, "State files"):
//! - one writer, [`write_private`]: a temporary file (mode 0600) renamed into place,
//!   in a directory created 0700, so a crash never leaves half a file and no other
//!   user can read it;
//! - a file that cannot be read or parsed is moved aside to
//!   `<name>.corrupt-<unix millis>` before anything is written over it, and a warning
//!   naming the kept copy is recorded ([`StateDir::warnings`]) for the answers to carry;
//! - servers sharing the directory serialize their read-modify-write cycles on the
//!   lock file `<root>/state.lock` ([`StateDir::locked`]) and draw ids from one
//!   counter file ([`StateDir::next_id`]), so ids never collide and no write is lost;
//! - a write that fails is a `state_not_writable` error, never a silent success.

use crate::error::{ErrorCode, ToolError, ToolResult};
use crate::lock;
use serde::{de::DeserializeOwned, Serialize};
use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// The longest a state operation waits for another server to release the lock.
const LOCK_WAIT: Duration = Duration::from_secs(5);

/// The state directory in use. Clones share their warnings.
#[derive(Debug, Clone)]
pub struct StateDir {
    root: PathBuf,
    warnings: Arc<Mutex<Vec<String>>>,
}

impl StateDir {
    /// The directory from the environment (see the module doc).
    pub fn from_env() -> Self {
        let root = if let Some(dir) = std::env::var_os("JETBRAINS_DEBUGGER_STATE_DIR") {
            PathBuf::from(dir)
        } else if let Some(dir) = std::env::var_os("XDG_STATE_HOME") {
            PathBuf::from(dir).join("jetbrains-debugger")
        } else {
            let home = std::env::var_os("HOME")
                .map(PathBuf::from)
                .unwrap_or_else(std::env::temp_dir);
            home.join(".local/state/jetbrains-debugger")
        };
        Self::at(root)
    }

    pub fn at(root: impl Into<PathBuf>) -> Self {
        Self {
            root: root.into(),
            warnings: Arc::default(),
        }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The file holding one kind of state (`what`, e.g. `breakpoints`) of a project.
    pub fn project_file(&self, project: &Path, what: &str) -> PathBuf {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        project.hash(&mut hasher);
        let base = project
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "root".into());
        let safe: String = base
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        self.root
            .join("projects")
            .join(format!("{safe}-{:016x}", hasher.finish()))
            .join(format!("{what}.json"))
    }

    /// What went wrong with state files so far (files set aside), for the answers.
    pub fn warnings(&self) -> Vec<String> {
        lock(&self.warnings).clone()
    }

    fn warn(&self, warning: String) {
        tracing::warn!("{warning}");
        let mut warnings = lock(&self.warnings);
        if !warnings.contains(&warning) {
            warnings.push(warning);
        }
    }

    /// Read a document. A missing file gives `None`; a file that cannot be read or
    /// parsed is moved aside (kept) and gives `None`, with a warning naming the copy.
    pub fn load<T: DeserializeOwned>(&self, file: &Path) -> Option<T> {
        let problem = match std::fs::read(file) {
            Ok(bytes) => match serde_json::from_slice(&bytes) {
                Ok(value) => return Some(value),
                Err(err) => format!("it is not valid JSON ({err})"),
            },
            // Missing (or under a path that is not a directory): nothing to keep.
            Err(_) if !file.exists() => return None,
            Err(err) => format!("it cannot be read ({err})"),
        };
        let aside = corrupt_name(file);
        match std::fs::rename(file, &aside) {
            Ok(()) => self.warn(format!(
                "The state file {} was set aside as {} because {problem}; its contents are \
                 kept there and no longer used. Restore or delete it by hand.",
                file.display(),
                aside.display()
            )),
            Err(err) => self.warn(format!(
                "The state file {} is ignored because {problem}, and it could not be set \
                 aside ({err}).",
                file.display()
            )),
        }
        None
    }

    /// Write a document atomically and privately; `state_not_writable` on failure.
    pub fn save<T: Serialize>(&self, file: &Path, value: &T) -> ToolResult<()> {
        let bytes = serde_json::to_vec(value)
            .map_err(|e| ToolError::internal(format!("encoding {}: {e}", file.display())))?;
        if file.exists() && !readable(file) {
            // Never replace what could not be read: keep it first.
            self.load::<serde_json::Value>(file);
        }
        write_private(file, &bytes).map_err(|e| not_writable(file, &e))
    }

    /// Run `f` holding the state directory's lock (exclusive across processes),
    /// waiting at most [`LOCK_WAIT`] for another server.
    pub fn locked<R>(&self, f: impl FnOnce() -> ToolResult<R>) -> ToolResult<R> {
        let path = self.root.join("state.lock");
        let file = create_private_dir(&self.root)
            .and_then(|()| {
                let mut options = std::fs::OpenOptions::new();
                options.create(true).truncate(false).write(true);
                #[cfg(unix)]
                {
                    use std::os::unix::fs::OpenOptionsExt;
                    options.mode(0o600);
                }
                options.open(&path)
            })
            .map_err(|e| not_writable(&path, &e))?;
        let deadline = Instant::now() + LOCK_WAIT;
        loop {
            match file.try_lock() {
                Ok(()) => break,
                Err(std::fs::TryLockError::WouldBlock) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10));
                }
                Err(std::fs::TryLockError::WouldBlock) => {
                    return Err(ToolError::new(
                        ErrorCode::StateNotWritable,
                        format!(
                            "Another process held the state lock {} for over {} s; nothing \
                             was changed.",
                            path.display(),
                            LOCK_WAIT.as_secs()
                        ),
                    ))
                }
                Err(std::fs::TryLockError::Error(e)) => return Err(not_writable(&path, &e)),
            }
        }
        let outcome = f();
        let _ = file.unlock();
        outcome
    }

    /// The next number of the id counter `counter` (`bp`, `watch`), above `floor`,
    /// shared by every server on this directory. Call it inside [`StateDir::locked`].
    pub fn next_id(&self, counter: &str, floor: u64) -> ToolResult<u64> {
        let file = self.root.join("counters.json");
        let mut counters: BTreeMap<String, u64> = self.load(&file).unwrap_or_default();
        let next = counters
            .get(counter)
            .copied()
            .unwrap_or(1)
            .max(floor)
            .max(1);
        counters.insert(counter.to_string(), next + 1);
        self.save(&file, &counters)?;
        Ok(next)
    }
}

/// What a state file looked like when this process last read or wrote it: while it
/// still looks so, no other server changed it, and it need not be read again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fingerprint {
    len: u64,
    modified: Option<std::time::SystemTime>,
    #[cfg(unix)]
    inode: u64,
}

impl Fingerprint {
    pub fn bytes(&self) -> u64 {
        self.len
    }

    /// The file's identity (Unix: its inode; a file replaced by a rename is another).
    pub fn inode(&self) -> Option<u64> {
        #[cfg(unix)]
        return Some(self.inode);
        #[cfg(not(unix))]
        None
    }

    pub fn of(file: &Path) -> Option<Self> {
        let meta = std::fs::metadata(file).ok()?;
        Some(Self {
            len: meta.len(),
            modified: meta.modified().ok(),
            #[cfg(unix)]
            inode: std::os::unix::fs::MetadataExt::ino(&meta),
        })
    }
}

fn readable(file: &Path) -> bool {
    std::fs::File::open(file).is_ok()
}

pub(crate) fn not_writable(file: &Path, err: &std::io::Error) -> ToolError {
    ToolError::new(
        ErrorCode::StateNotWritable,
        format!(
            "The state directory cannot be written ({}: {err}); nothing was saved. Make it \
             writable, or point JETBRAINS_DEBUGGER_STATE_DIR elsewhere.",
            file.display()
        ),
    )
    .with_detail("path", file.display().to_string())
}

/// `<name>.corrupt-<unix millis>` next to `file`.
fn corrupt_name(file: &Path) -> PathBuf {
    let millis = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis())
        .unwrap_or(0);
    let name = file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    file.with_file_name(format!("{name}.corrupt-{millis}"))
}

/// Write `bytes` to `file` atomically (a temporary file in the same directory, then
/// rename) with mode 0600, creating the directory (0700) if needed.
pub fn write_private(file: &Path, bytes: &[u8]) -> std::io::Result<()> {
    static SEQUENCE: AtomicU64 = AtomicU64::new(0);
    let dir = file
        .parent()
        .ok_or_else(|| std::io::Error::other("a state file needs a directory"))?;
    create_private_dir(dir)?;
    let name = file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(
        ".{name}.tmp-{}-{}",
        std::process::id(),
        SEQUENCE.fetch_add(1, Ordering::Relaxed)
    ));
    let written = (|| {
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let mut out = options.open(&tmp)?;
        out.write_all(bytes)?;
        out.sync_all()?;
        std::fs::rename(&tmp, file)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

pub(crate) fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("jbd-state-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn round_trips_and_keys_by_project() {
        let tmp = scratch("roundtrip");
        let dir = StateDir::at(&tmp);
        let a = dir.project_file(Path::new("/p/one"), "breakpoints");
        let b = dir.project_file(Path::new("/q/one"), "breakpoints");
        assert_ne!(a, b, "same basename, different projects");
        dir.save(&a, &vec![1, 2, 3]).unwrap();
        assert_eq!(dir.load::<Vec<i32>>(&a), Some(vec![1, 2, 3]));
        assert_eq!(dir.load::<Vec<i32>>(&b), None);
        assert!(dir.warnings().is_empty(), "a missing file is no problem");
        std::fs::remove_dir_all(tmp).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn files_are_private_and_leave_no_temporaries() {
        use std::os::unix::fs::PermissionsExt;
        let tmp = scratch("private");
        let dir = StateDir::at(&tmp);
        let file = dir.project_file(Path::new("/p/x"), "watches");
        dir.save(&file, &"v1").unwrap();
        dir.save(&file, &"v2").unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&file), 0o600);
        assert_eq!(mode(file.parent().unwrap()), 0o700);
        let names: Vec<_> = std::fs::read_dir(file.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, [std::ffi::OsString::from("watches.json")]);
        std::fs::remove_dir_all(tmp).unwrap();
    }

    #[test]
    fn a_corrupt_file_is_kept_aside_and_named_in_a_warning() {
        let tmp = scratch("corrupt");
        let dir = StateDir::at(&tmp);
        let file = dir.project_file(Path::new("/p/y"), "breakpoints");
        write_private(&file, b"{\"next_id\": 3, \"breakpoi").unwrap();
        assert_eq!(dir.load::<serde_json::Value>(&file), None);
        let warnings = dir.clone().warnings();
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        let kept: Vec<PathBuf> = std::fs::read_dir(file.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.to_string_lossy().contains("breakpoints.json.corrupt-"))
            .collect();
        assert_eq!(kept.len(), 1);
        assert_eq!(
            std::fs::read(&kept[0]).unwrap(),
            b"{\"next_id\": 3, \"breakpoi"
        );
        assert!(warnings[0].contains(&*kept[0].to_string_lossy()));
        dir.save(&file, &[1]).unwrap();
        assert_eq!(std::fs::read(&kept[0]).unwrap().len(), 24, "the copy stays");
        std::fs::remove_dir_all(tmp).unwrap();
    }

    #[test]
    fn counters_never_repeat_across_handles_on_one_directory() {
        let tmp = scratch("counters");
        let (one, two) = (StateDir::at(&tmp), StateDir::at(&tmp));
        let handles: Vec<_> = [one, two]
            .into_iter()
            .map(|dir| {
                std::thread::spawn(move || {
                    (0..50)
                        .map(|_| dir.locked(|| dir.next_id("bp", 1)).unwrap())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all: Vec<u64> = handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 100, "no id handed out twice");
        let dir = StateDir::at(&tmp);
        assert_eq!(dir.locked(|| dir.next_id("bp", 500)).unwrap(), 500);
        assert_eq!(dir.locked(|| dir.next_id("bp", 1)).unwrap(), 501);
        std::fs::remove_dir_all(tmp).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn an_unwritable_directory_is_state_not_writable() {
        let tmp = scratch("readonly");
        std::fs::write(&tmp, b"a file where the directory should be").unwrap();
        let dir = StateDir::at(tmp.join("sub"));
        let err = dir
            .save(&dir.project_file(Path::new("/p"), "watches"), &1)
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::StateNotWritable, "{err}");
        let err = dir.locked(|| Ok(())).unwrap_err();
        assert_eq!(err.code, ErrorCode::StateNotWritable);
        std::fs::remove_file(tmp).unwrap();
    }
}
