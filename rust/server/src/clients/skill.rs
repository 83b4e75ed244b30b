//! The companion agent skill: `skills/jetbrains-debugger/SKILL.md` of the repository,
//! embedded in the binary, written to `<client's skills folder>/jetbrains-debugger/`
//! for the clients that read skills (the folder is the catalogue's). Private like the
//! rest of our state (folders created 0700, the file 0600, written atomically).
//! Idempotent: the same text is left as it is; a different `SKILL.md` there (the
//! user's edit, or an older version's text) is kept as `SKILL.md.bak` (`.bak.1`, ...
//! when that is taken) before ours replaces it, so nothing the user wrote is lost.

use super::catalogue::ClientId;
use debugger_core::state::write_private;
use std::ffi::OsString;
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The skill's name: its folder and its front matter's `name`.
pub const NAME: &str = "jetbrains-debugger";
/// The skill, as the repository holds it.
pub const TEXT: &str = include_str!("../../../../skills/jetbrains-debugger/SKILL.md");
/// The file every skill folder holds.
const FILE: &str = "SKILL.md";
/// The most backups kept side by side before we refuse to add another.
const MAX_BACKUPS: usize = 100;

/// Why the skill was not written.
#[derive(Debug, thiserror::Error)]
pub enum SkillError {
    #[error(
        "the agent skill is installed for {} only, not for {}",
        ClientId::with_skills(),
        client.name()
    )]
    Unsupported { client: ClientId },
    #[error(
        "cannot tell where {} keeps its skills: the home directory is not set",
        client.name()
    )]
    NoHome { client: ClientId },
    #[error("could not write the skill to {}: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "{} differs from this version's skill and {MAX_BACKUPS} backups of it exist already; \
         remove some and install again",
        path.display()
    )]
    TooManyBackups { path: PathBuf },
}

/// What writing the skill did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Written {
    Created,
    /// The file already held this text: nothing was written.
    Unchanged,
    /// A different file was there; it was kept at `backup`.
    Replaced {
        backup: PathBuf,
    },
}

/// Where the skill is and what writing it did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkillOutcome {
    pub client: ClientId,
    pub path: PathBuf,
    pub written: Written,
}

impl fmt::Display for SkillOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (client, path) = (self.client.name(), self.path.display());
        match &self.written {
            Written::Created => write!(f, "The {NAME} skill for {client} is at {path}."),
            Written::Unchanged => {
                write!(f, "The {NAME} skill for {client} at {path} is up to date.")
            }
            Written::Replaced { backup } => write!(
                f,
                "The {NAME} skill for {client} is at {path}; the different file that was \
                 there is kept as {}.",
                backup.display()
            ),
        }
    }
}

/// Refuse a client whose skills folder we do not know, before anything is done for it.
pub fn check(client: ClientId) -> Result<(), SkillError> {
    if client.has_skills() {
        Ok(())
    } else {
        Err(SkillError::Unsupported { client })
    }
}

/// The file [`install`] writes for `client`, the environment read through `env`;
/// `None` when the client has no skills folder we know (or no home is set).
pub fn location(client: ClientId, env: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    Some(client.skills_dir(env)?.join(NAME).join(FILE))
}

/// Write the skill where `client` reads it, the environment read through `env`.
pub fn install(
    client: ClientId,
    env: impl Fn(&str) -> Option<OsString>,
) -> Result<SkillOutcome, SkillError> {
    check(client)?;
    let path = location(client, env).ok_or(SkillError::NoHome { client })?;
    let dir = path.parent().expect("the skill file is in its folder");
    let failed = |source| SkillError::Write {
        path: path.clone(),
        source,
    };
    let written = match std::fs::read(&path) {
        Ok(existing) if existing == TEXT.as_bytes() => Written::Unchanged,
        Ok(existing) => Written::Replaced {
            backup: back_up(dir, &existing)?,
        },
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => Written::Created,
        Err(err) => return Err(failed(err)),
    };
    if written != Written::Unchanged {
        write_private(&path, TEXT.as_bytes()).map_err(failed)?;
    }
    Ok(SkillOutcome {
        client,
        path,
        written,
    })
}

/// Keep `existing` in the first free `SKILL.md.bak[.N]` of `dir` (never over another).
fn back_up(dir: &Path, existing: &[u8]) -> Result<PathBuf, SkillError> {
    for n in 0..MAX_BACKUPS {
        let backup = match n {
            0 => dir.join(format!("{FILE}.bak")),
            n => dir.join(format!("{FILE}.bak.{n}")),
        };
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let failed = |source| SkillError::Write {
            path: backup.clone(),
            source,
        };
        match options.open(&backup) {
            Ok(mut out) => {
                out.write_all(existing).map_err(failed)?;
                return Ok(backup);
            }
            Err(err) if err.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(err) => return Err(failed(err)),
        }
    }
    Err(SkillError::TooManyBackups {
        path: dir.join(FILE),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clients::catalogue::HOME_VAR;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "jbd-skill-{name}-{}-{}",
            std::process::id(),
            crate::relay::discovery::now_ms()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn home_is(home: &Path) -> impl Fn(&str) -> Option<OsString> + '_ {
        move |var| (var == HOME_VAR).then(|| home.as_os_str().to_owned())
    }

    #[cfg(unix)]
    fn mode(path: &Path) -> u32 {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn the_embedded_skill_has_the_front_matter_both_clients_read() {
        let front = TEXT
            .strip_prefix("---\n")
            .and_then(|rest| rest.split_once("\n---\n"))
            .map(|(front, _)| front)
            .expect("YAML front matter between --- lines");
        let field = |key: &str| {
            front
                .lines()
                .find_map(|line| line.strip_prefix(&format!("{key}: ")))
                .unwrap_or_else(|| panic!("no {key}"))
        };
        assert_eq!(field("name"), NAME);
        let description = field("description");
        // Agent Skills: at most 1,024 characters; older Codex versions: 500, one line.
        assert!(
            (100..=500).contains(&description.chars().count()),
            "{description}"
        );
        assert!(description.contains("Use when"));
        for tool in [
            "get_debug_session_status",
            "set_breakpoint",
            "start_debug_session",
            "step_over",
            "evaluate",
            "stop_debug_session",
        ] {
            assert!(TEXT.contains(&format!("`{tool}")), "the skill names {tool}");
        }
    }

    #[test]
    fn writes_privately_then_leaves_the_same_text_alone() {
        let home = scratch("fresh");
        let first = install(ClientId::Codex, home_is(&home)).unwrap();
        let path = home.join(".codex/skills/jetbrains-debugger/SKILL.md");
        assert_eq!(first.path, path);
        assert_eq!(first.written, Written::Created);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), TEXT);
        #[cfg(unix)]
        {
            assert_eq!(mode(&path), 0o600);
            for dir in [
                ".codex",
                ".codex/skills",
                ".codex/skills/jetbrains-debugger",
            ] {
                assert_eq!(mode(&home.join(dir)), 0o700, "{dir}");
            }
        }
        let again = install(ClientId::Codex, home_is(&home)).unwrap();
        assert_eq!(again.written, Written::Unchanged);
        assert!(again.to_string().contains("is up to date"), "{again}");
        let entries = std::fs::read_dir(path.parent().unwrap()).unwrap().count();
        assert_eq!(entries, 1, "no backup, no temporary file left");
        std::fs::remove_dir_all(home).unwrap();
    }

    #[test]
    fn a_different_file_is_kept_as_a_backup_never_over_another() {
        let home = scratch("edited");
        let dir = home.join(".claude/skills/jetbrains-debugger");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("SKILL.md"), "my own notes").unwrap();
        std::fs::write(dir.join("SKILL.md.bak"), "older notes").unwrap();
        let outcome = install(ClientId::ClaudeCode, home_is(&home)).unwrap();
        let backup = dir.join("SKILL.md.bak.1");
        assert_eq!(
            outcome.written,
            Written::Replaced {
                backup: backup.clone()
            }
        );
        assert!(outcome.to_string().contains("SKILL.md.bak.1"), "{outcome}");
        assert_eq!(std::fs::read_to_string(&backup).unwrap(), "my own notes");
        assert_eq!(
            std::fs::read_to_string(dir.join("SKILL.md.bak")).unwrap(),
            "older notes"
        );
        assert_eq!(std::fs::read_to_string(dir.join("SKILL.md")).unwrap(), TEXT);
        #[cfg(unix)]
        assert_eq!(mode(&backup), 0o600);
        std::fs::remove_dir_all(home).unwrap();
    }

    #[test]
    fn clients_without_skills_and_unknown_homes_are_refused_writing_nothing() {
        let home = scratch("refused");
        let err = install(ClientId::Cursor, home_is(&home)).unwrap_err();
        assert!(matches!(err, SkillError::Unsupported { .. }));
        assert_eq!(
            err.to_string(),
            "the agent skill is installed for claude-code, codex, gemini only, not for Cursor"
        );
        let err = install(ClientId::ClaudeCode, |_: &str| None).unwrap_err();
        assert!(matches!(err, SkillError::NoHome { .. }), "{err}");
        assert_eq!(std::fs::read_dir(&home).unwrap().count(), 0);
        std::fs::remove_dir_all(home).unwrap();
    }

    #[test]
    fn an_unwritable_place_is_an_error_naming_the_file() {
        let home = scratch("blocked");
        // A file where the skills folder should be.
        std::fs::create_dir_all(home.join(".codex")).unwrap();
        std::fs::write(home.join(".codex/skills"), "").unwrap();
        let err = install(ClientId::Codex, home_is(&home)).unwrap_err();
        assert!(
            matches!(err, SkillError::Write { .. })
                && err.to_string().contains("jetbrains-debugger/SKILL.md"),
            "{err}"
        );
        std::fs::remove_dir_all(home).unwrap();
    }
}
