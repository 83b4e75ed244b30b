//! The lines stops show, kept per session ([`StopLines`]), so that a step within a file
//! reads nothing again.

use debugger_core::source_file;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The text of one source line, if readable.
async fn source_line(file: &Path, line: u32) -> Option<String> {
    source_file::read_lines(file, line, line)
        .await
        .ok()?
        .lines
        .pop()
        .map(|(_, text)| text.trim_end().to_string())
}

/// Files whose lines [`StopLines`] keeps, the oldest forgotten first.
const KEPT_FILES: usize = 16;
/// Lines kept of a file (a stop further down reads its line alone).
const KEPT_LINES: u32 = 5_000;
/// Bytes of text kept of a file; the lines of a larger one are read stop by stop.
const KEPT_BYTES: usize = 512 * 1024;

/// The lines of the files stops were shown in, per session, so that a step within a file
/// reads nothing again (a read goes through the blocking pool). A session's program runs
/// the code it loaded: the text read at its first stop in a file is the text that runs
/// there, and an edit made since shows in `get_source`, not in the stop's line.
#[derive(Default)]
pub struct StopLines {
    files: Mutex<VecDeque<KeptFile>>,
}

struct KeptFile {
    session: String,
    file: PathBuf,
    lines: Arc<[String]>,
}

impl StopLines {
    /// The text of `line` of `file` where `session` stopped, if readable.
    pub async fn line(
        &self,
        session: &str,
        file: Option<&Path>,
        line: Option<u32>,
    ) -> Option<String> {
        let (file, line) = (file?, line?);
        let index = usize::try_from(line).ok()?.checked_sub(1)?;
        let lines = match self.kept(session, file) {
            Some(lines) => lines,
            None => self.keep(session, file).await?,
        };
        match lines.get(index) {
            Some(text) => Some(text.trim_end().to_string()),
            // Beyond the lines kept, or a file too large to keep.
            None if line > KEPT_LINES || lines.is_empty() => source_line(file, line).await,
            None => None,
        }
    }

    fn kept(&self, session: &str, file: &Path) -> Option<Arc<[String]>> {
        let files = self.files.lock().unwrap_or_else(|p| p.into_inner());
        files
            .iter()
            .find(|kept| kept.session == session && kept.file == file)
            .map(|kept| kept.lines.clone())
    }

    /// Read the first lines of `file` and keep them for `session`; none when they are
    /// too large to keep (each line is then read on its own).
    async fn keep(&self, session: &str, file: &Path) -> Option<Arc<[String]>> {
        let read = source_file::read_lines(file, 1, KEPT_LINES).await.ok()?;
        let bytes: usize = read.lines.iter().map(|(_, text)| text.len()).sum();
        let lines: Arc<[String]> = if bytes > KEPT_BYTES {
            Arc::from(Vec::new())
        } else {
            read.lines.into_iter().map(|(_, text)| text).collect()
        };
        let mut files = self.files.lock().unwrap_or_else(|p| p.into_inner());
        if files.len() == KEPT_FILES {
            files.pop_front();
        }
        files.push_back(KeptFile {
            session: session.to_string(),
            file: file.to_path_buf(),
            lines: lines.clone(),
        });
        Some(lines)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir() -> tempfile::TempDir {
        tempfile::Builder::new()
            .prefix("jbd-stop-lines-")
            .tempdir()
            .unwrap()
    }

    #[tokio::test]
    async fn a_session_shows_the_text_its_first_stop_in_a_file_read() {
        let dir = dir();
        let file = dir.path().join("a.py");
        std::fs::write(&file, "one\ntwo  \nthree\n").unwrap();
        let lines = StopLines::default();
        let line = |session, n| lines.line(session, Some(&file), Some(n));
        assert_eq!(line("s1", 2).await.as_deref(), Some("two"));
        std::fs::write(&file, "ONE\nTWO\nTHREE\nFOUR\n").unwrap();
        // The program of s1 runs the code it loaded.
        assert_eq!(line("s1", 3).await.as_deref(), Some("three"));
        assert_eq!(line("s1", 4).await, None);
        assert_eq!(line("s1", 0).await, None);
        // Another session reads the file as it is now.
        assert_eq!(line("s2", 4).await.as_deref(), Some("FOUR"));
        assert_eq!(lines.line("s1", None, Some(1)).await, None);
    }

    #[tokio::test]
    async fn the_oldest_file_is_forgotten_and_what_is_not_kept_is_read_at_each_stop() {
        let dir = dir();
        let lines = StopLines::default();
        let files: Vec<PathBuf> = (0..=KEPT_FILES)
            .map(|n| dir.path().join(format!("f{n}.py")))
            .collect();
        for file in &files {
            std::fs::write(file, "before\n").unwrap();
            lines.line("s", Some(file), Some(1)).await.unwrap();
            std::fs::write(file, "after\n").unwrap();
        }
        let first = lines.line("s", Some(&files[0]), Some(1)).await;
        assert_eq!(first.as_deref(), Some("after"), "forgotten, read again");
        let last = lines.line("s", Some(&files[KEPT_FILES]), Some(1)).await;
        assert_eq!(last.as_deref(), Some("before"), "kept");

        // A file too large to keep, and a line beyond the lines kept.
        let large = dir.path().join("large.py");
        let long_line = "x".repeat(1000);
        let mut text = format!("{long_line}\n").repeat(KEPT_BYTES / 1000 + 1);
        text.push_str("tail\n");
        std::fs::write(&large, &text).unwrap();
        let tail = KEPT_BYTES as u32 / 1000 + 2;
        assert_eq!(
            lines.line("s", Some(&large), Some(tail)).await.as_deref(),
            Some("tail")
        );
        std::fs::write(&large, text.replace("tail", "new tail")).unwrap();
        let now = lines.line("s", Some(&large), Some(tail)).await;
        assert_eq!(now.as_deref(), Some("new tail"));
        let many = dir.path().join("many.py");
        std::fs::write(&many, "x\n".repeat(KEPT_LINES as usize) + "beyond\n").unwrap();
        let beyond = lines.line("s", Some(&many), Some(KEPT_LINES + 1)).await;
        assert_eq!(beyond.as_deref(), Some("beyond"));
    }
}
