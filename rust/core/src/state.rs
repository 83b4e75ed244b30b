//! Where user-configured state survives server restarts: the user state directory
//! (`$JETBRAINS_DEBUGGER_STATE_DIR`, else `$XDG_STATE_HOME/jetbrains-debugger`, else
//! `~/.local/state/jetbrains-debugger`), one JSON document per project keyed by a
//! hash of the project path. Writes go to a temporary file renamed into place, so a
//! crash never leaves half a file; the directory is created readable by the user only.

use serde::{de::DeserializeOwned, Serialize};
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

/// The state directory in use.
#[derive(Debug, Clone)]
pub struct StateDir {
    root: PathBuf,
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
        Self { root }
    }

    pub fn at(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
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

    /// Read a document; a missing or unreadable file gives `None` (logged, not fatal).
    pub fn load<T: DeserializeOwned>(&self, file: &Path) -> Option<T> {
        let text = std::fs::read_to_string(file).ok()?;
        match serde_json::from_str(&text) {
            Ok(value) => Some(value),
            Err(err) => {
                tracing::warn!(file = %file.display(), %err, "ignoring unreadable state file");
                None
            }
        }
    }

    /// Write a document atomically.
    pub fn save<T: Serialize>(&self, file: &Path, value: &T) -> std::io::Result<()> {
        let dir = file.parent().expect("state files live in a directory");
        create_private_dir(dir)?;
        let tmp = file.with_extension(format!("json.tmp{}", std::process::id()));
        std::fs::write(&tmp, serde_json::to_vec_pretty(value)?)?;
        std::fs::rename(&tmp, file)
    }
}

fn create_private_dir(dir: &Path) -> std::io::Result<()> {
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

    #[test]
    fn round_trips_and_keys_by_project() {
        let tmp = std::env::temp_dir().join(format!("jbd-state-test-{}", std::process::id()));
        let dir = StateDir::at(&tmp);
        let a = dir.project_file(Path::new("/p/one"), "breakpoints");
        let b = dir.project_file(Path::new("/q/one"), "breakpoints");
        assert_ne!(a, b, "same basename, different projects");
        dir.save(&a, &vec![1, 2, 3]).unwrap();
        assert_eq!(dir.load::<Vec<i32>>(&a), Some(vec![1, 2, 3]));
        assert_eq!(dir.load::<Vec<i32>>(&b), None);
        std::fs::remove_dir_all(tmp).unwrap();
    }
}
