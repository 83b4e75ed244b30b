//! A list kept in the state directory as a snapshot plus a journal of the changes made
//! since, so that a change costs what it touches, not the whole list: each change is one
//! line appended to `<name>.journal` (and synced); the snapshot `<name>.json` is written
//! anew (atomically, [`StateDir::save`]) only when there is none or the journal has grown
//! past it, and the journal is then emptied.
//!
//! Servers sharing the directory make their changes under its lock, after
//! [`Journaled::refresh`]: a holder reads only the journal lines added since it last
//! looked while the snapshot is the one it read, and everything again otherwise (another
//! server compacted, or a server that knows no journal rewrote the snapshot). Changes
//! are idempotent (an item put replaces the one with its key; a removal of what is gone
//! is nothing), so replaying a journal over a snapshot that already holds it is harmless
//! (a crash between a compaction's two steps). A line cut short by a crash is ignored.

use crate::error::{ToolError, ToolResult};
use crate::state::{create_private_dir, not_writable, Fingerprint, StateDir};
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::collections::HashSet;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The journal never shrinks below this before a compaction (small lists are rewritten
/// rarely too).
const JOURNAL_FLOOR: u64 = 64 * 1024;

/// A document holding a list of keyed items.
pub trait Document: Serialize + DeserializeOwned + Default {
    type Item: Serialize + DeserializeOwned + Clone;

    fn items(&self) -> &Vec<Self::Item>;
    fn items_mut(&mut self) -> &mut Vec<Self::Item>;
    fn key(item: &Self::Item) -> &str;

    /// Put `item` in place of the one with its key, else at the end.
    fn put(&mut self, item: Self::Item) {
        let key = Self::key(&item).to_string();
        let items = self.items_mut();
        match items.iter().position(|held| Self::key(held) == key) {
            Some(at) => items[at] = item,
            None => items.push(item),
        }
    }
}

/// One change of a list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Change<T> {
    /// Added, or put in place of the item with the same key.
    Put(T),
    /// The items with these keys are gone.
    Remove(Vec<String>),
}

impl<T> Change<T> {
    fn apply<D: Document<Item = T>>(self, document: &mut D) {
        match self {
            Change::Put(item) => document.put(item),
            Change::Remove(keys) => {
                let gone: HashSet<&str> = keys.iter().map(String::as_str).collect();
                document
                    .items_mut()
                    .retain(|held| !gone.contains(D::key(held)));
            }
        }
    }
}

/// Whether a change is on the disk when [`Journaled::record`] returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Durability {
    /// Synced: it survives a crash of the machine. What a user set up.
    Synced,
    /// Written, not synced: other processes read it at once and the system writes it
    /// out in its own time. For a tally (a breakpoint's hit count), whose loss in a
    /// machine's crash costs nothing and whose sync would be paid at every stop.
    Written,
}

/// Where the files stood when this holder last read or wrote them.
#[derive(Debug, Clone, PartialEq)]
struct Mark {
    snapshot: Option<Fingerprint>,
    journal: Option<Fingerprint>,
    /// Bytes of the journal applied.
    read: u64,
}

/// A journaled document as one process holds it.
#[derive(Debug, Default)]
pub struct Journaled<D> {
    pub document: D,
    mark: Option<Mark>,
}

fn journal_of(snapshot: &Path) -> PathBuf {
    snapshot.with_extension("journal")
}

impl<D: Document> Journaled<D> {
    /// Bring the document up to its files; whether anything was read. `reloaded` is
    /// called with the document held before a full read and the one read, to carry over
    /// what only this process knows.
    pub fn refresh(
        &mut self,
        state: &StateDir,
        snapshot: &Path,
        reloaded: impl FnOnce(&D, &mut D),
    ) -> bool {
        let journal = journal_of(snapshot);
        let (snapshot_now, journal_now) = (Fingerprint::of(snapshot), Fingerprint::of(&journal));
        if let Some(mark) = &self.mark {
            let same_files = mark.snapshot == snapshot_now
                && journal_now.as_ref().map(Fingerprint::inode)
                    == mark.journal.as_ref().map(Fingerprint::inode);
            let journal_len = journal_now.as_ref().map_or(0, Fingerprint::bytes);
            if same_files && journal_len >= mark.read {
                if journal_len == mark.read {
                    return false;
                }
                let read = mark.read;
                self.replay(&journal, read);
                return true;
            }
        }
        let mut fresh: D = state.load(snapshot).unwrap_or_default();
        reloaded(&self.document, &mut fresh);
        self.document = fresh;
        self.mark = Some(Mark {
            snapshot: snapshot_now,
            journal: journal_now,
            read: 0,
        });
        self.replay(&journal, 0);
        true
    }

    /// Apply the journal's complete lines from byte `from` on.
    fn replay(&mut self, journal: &Path, from: u64) {
        let mut bytes = Vec::new();
        let opened = std::fs::File::open(journal).and_then(|mut file| {
            file.seek(SeekFrom::Start(from))?;
            file.read_to_end(&mut bytes)
        });
        if opened.is_err() {
            return;
        }
        let complete = bytes
            .iter()
            .rposition(|b| *b == b'\n')
            .map_or(0, |at| at + 1);
        for line in bytes[..complete]
            .split(|b| *b == b'\n')
            .filter(|l| !l.is_empty())
        {
            match serde_json::from_slice::<Change<D::Item>>(line) {
                Ok(change) => change.apply(&mut self.document),
                Err(err) => {
                    tracing::warn!(%err, file = %journal.display(), "skipping a journal line")
                }
            }
        }
        if let Some(mark) = &mut self.mark {
            mark.read = from + complete as u64;
            mark.journal = Fingerprint::of(journal);
        }
    }

    /// Record `changes` (under the state lock, after [`Self::refresh`]): appended to the
    /// journal (synced as `durability` says), then applied to the document; the
    /// snapshot is rewritten (synced) once the journal outgrows it. Nothing changes
    /// when they cannot be written.
    pub fn record(
        &mut self,
        state: &StateDir,
        snapshot: &Path,
        changes: Vec<Change<D::Item>>,
        durability: Durability,
    ) -> ToolResult<()> {
        if changes.is_empty() {
            return Ok(());
        }
        let journal = journal_of(snapshot);
        let mut lines = Vec::new();
        for change in &changes {
            serde_json::to_writer(&mut lines, change).map_err(|e| {
                ToolError::internal(format!("encoding a change of {}: {e}", snapshot.display()))
            })?;
            lines.push(b'\n');
        }
        append(&journal, &lines, durability).map_err(|e| not_writable(&journal, &e))?;
        for change in changes {
            change.apply(&mut self.document);
        }
        let journal_now = Fingerprint::of(&journal);
        let journal_len = journal_now.as_ref().map_or(0, Fingerprint::bytes);
        match Fingerprint::of(snapshot) {
            Some(held) if journal_len <= held.bytes().max(JOURNAL_FLOOR) => {}
            // Outgrown, or no snapshot yet (the first change, or it was set aside).
            _ => return self.compact(state, snapshot, &journal),
        }
        let mark = self.mark.get_or_insert(Mark {
            snapshot: Fingerprint::of(snapshot),
            journal: None,
            read: 0,
        });
        mark.read = journal_len;
        mark.journal = journal_now;
        Ok(())
    }

    /// Write the snapshot anew, then empty the journal.
    fn compact(&mut self, state: &StateDir, snapshot: &Path, journal: &Path) -> ToolResult<()> {
        state.save(snapshot, &self.document)?;
        std::fs::OpenOptions::new()
            .write(true)
            .open(journal)
            .and_then(|file| file.set_len(0))
            .map_err(|e| not_writable(journal, &e))?;
        self.mark = Some(Mark {
            snapshot: Fingerprint::of(snapshot),
            journal: Fingerprint::of(journal),
            read: 0,
        });
        Ok(())
    }
}

/// Append `bytes` to `file` (created 0600, in a directory created 0700), synced when
/// `durability` asks.
fn append(file: &Path, bytes: &[u8], durability: Durability) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.append(true).create(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    if let Some(dir) = file.parent() {
        create_private_dir(dir)?;
    }
    let mut out = options.open(file)?;
    out.write_all(bytes)?;
    match durability {
        Durability::Synced => out.sync_data(),
        Durability::Written => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Default, Serialize, Deserialize, PartialEq)]
    struct Names {
        breakpoints: Vec<(String, u32)>,
    }

    impl Document for Names {
        type Item = (String, u32);
        fn items(&self) -> &Vec<Self::Item> {
            &self.breakpoints
        }
        fn items_mut(&mut self) -> &mut Vec<Self::Item> {
            &mut self.breakpoints
        }
        fn key(item: &Self::Item) -> &str {
            &item.0
        }
    }

    fn put(key: &str, n: u32) -> Change<(String, u32)> {
        Change::Put((key.into(), n))
    }

    fn keys(held: &Journaled<Names>) -> Vec<(String, u32)> {
        held.document.breakpoints.clone()
    }

    #[test]
    fn changes_are_appended_and_two_holders_see_each_others() {
        let dir = tempfile::tempdir().unwrap();
        let state = StateDir::at(dir.path());
        let file = dir.path().join("p").join("breakpoints.json");
        let (mut one, mut two) = (Journaled::<Names>::default(), Journaled::<Names>::default());
        one.refresh(&state, &file, |_, _| {});
        one.record(
            &state,
            &file,
            vec![put("a", 1), put("b", 2)],
            Durability::Synced,
        )
        .unwrap();
        assert!(file.exists(), "the first change writes the snapshot");
        assert!(two.refresh(&state, &file, |_, _| {}));
        assert_eq!(keys(&two), [("a".into(), 1), ("b".into(), 2)]);
        let snapshot = Fingerprint::of(&file);
        // Written without a sync: read by the other holder all the same.
        two.record(
            &state,
            &file,
            vec![put("a", 5), Change::Remove(vec!["b".into()])],
            Durability::Written,
        )
        .unwrap();
        assert_eq!(Fingerprint::of(&file), snapshot, "later ones only append");
        assert!(
            one.refresh(&state, &file, |_, _| {}),
            "only the new lines are read"
        );
        assert_eq!(keys(&one), [("a".into(), 5)]);
        assert!(!one.refresh(&state, &file, |_, _| {}), "nothing new");
        // A line cut short by a crash is not applied.
        append(&journal_of(&file), b"{\"put\":[\"c\",", Durability::Synced).unwrap();
        assert!(two.refresh(&state, &file, |_, _| {}) || keys(&two) == keys(&one));
        assert_eq!(keys(&two), [("a".into(), 5)]);
    }

    #[test]
    fn a_grown_journal_becomes_the_snapshot_and_others_read_it_whole() {
        let dir = tempfile::tempdir().unwrap();
        let state = StateDir::at(dir.path());
        let file = dir.path().join("breakpoints.json");
        let (mut one, mut two) = (Journaled::<Names>::default(), Journaled::<Names>::default());
        two.refresh(&state, &file, |_, _| {});
        one.refresh(&state, &file, |_, _| {});
        let long = "k".repeat(200);
        for n in 0..400 {
            let change = vec![put(&format!("{long}{}", n % 50), n)];
            one.record(&state, &file, change, Durability::Written)
                .unwrap();
        }
        assert!(file.exists(), "compacted into the snapshot");
        let journal = std::fs::metadata(journal_of(&file)).unwrap().len();
        assert!(journal <= JOURNAL_FLOOR + 1024, "{journal}");
        let mut carried = false;
        assert!(two.refresh(&state, &file, |_, _| carried = true));
        assert!(carried, "the snapshot changed: read whole");
        assert_eq!(keys(&two), keys(&one));
        assert_eq!(keys(&one).len(), 50);
        // Replaying the journal over a snapshot that holds it changes nothing.
        let mut three = Journaled::<Names>::default();
        three.refresh(&state, &file, |_, _| {});
        assert_eq!(keys(&three), keys(&one));
    }
}
