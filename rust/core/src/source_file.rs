//! The one reader of project files (sources, `launch.json`, `envFile`), so that no
//! file can hurt the server.
//!
//! A project can hold anything: a 300 MB file with no newline, one 20 MB line, a
//! FIFO whose `open` never returns, a device that never ends. So a read here:
//! - refuses what is not a regular file before opening it (metadata first), then
//!   opens with `O_NONBLOCK` on Unix and checks the opened file again, so a file
//!   swapped for a FIFO in between cannot block either;
//! - reads at most a stated number of bytes: [`read_lines`] streams the file and keeps
//!   only the lines asked for, each cut at [`LINE_CAP`] characters, and stops after
//!   [`SCAN_LIMIT`] bytes (either cut is reported: `truncated`); [`read_capped`] takes
//!   a whole file of at most the caller's cap, and refuses a longer one;
//! - runs on tokio's blocking pool, bounded by [`READ_TIMEOUT`], so a slow disk
//!   never holds an async worker (and with it unrelated calls).

use crate::{ErrorCode, ToolError, ToolResult};
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::time::Duration;

/// Characters kept of one source line.
pub const LINE_CAP: usize = 1000;
/// Bytes of a file scanned at most to find the lines asked for.
pub const SCAN_LIMIT: u64 = 32 * 1024 * 1024;
/// Longest a read may take before the call answers `timeout`.
pub const READ_TIMEOUT: Duration = Duration::from_secs(10);
/// Bytes of a line kept before decoding (a character is at most 4 bytes).
const LINE_BYTES: usize = LINE_CAP * 4;

/// Lines of a file, as far as they were read.
#[derive(Debug, Default, PartialEq)]
pub struct SourceLines {
    /// The lines asked for that exist, numbered from 1, each at most [`LINE_CAP`]
    /// characters.
    pub lines: Vec<(u32, String)>,
    /// A line was cut, or the scan stopped at [`SCAN_LIMIT`] before the last line
    /// asked for.
    pub truncated: bool,
    /// How many lines the file has, when the read reached its end.
    pub line_count: Option<u32>,
}

/// Lines `first..=last` (1-based) of `file`, clipped to the file; see the module doc.
pub async fn read_lines(file: &Path, first: u32, last: u32) -> ToolResult<SourceLines> {
    off_the_workers(file, move |path| read_lines_blocking(path, first, last)).await
}

/// The whole of `file`, which must be a regular file of at most `cap` bytes.
pub async fn read_capped(file: &Path, cap: u64) -> ToolResult<Vec<u8>> {
    off_the_workers(file, move |path| read_capped_blocking(path, cap)).await
}

fn read_capped_blocking(file: &Path, cap: u64) -> ToolResult<Vec<u8>> {
    let mut bytes = Vec::new();
    open_regular(file)?
        .take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| cannot_read(file, e))?;
    if bytes.len() as u64 > cap {
        return Err(ToolError::invalid_params(format!(
            "{} is larger than {cap} bytes, the most read of such a file.",
            file.display()
        )));
    }
    Ok(bytes)
}

/// Run `read` on `file` on the blocking pool, at most [`READ_TIMEOUT`].
async fn off_the_workers<T: Send + 'static>(
    file: &Path,
    read: impl FnOnce(&Path) -> ToolResult<T> + Send + 'static,
) -> ToolResult<T> {
    let path = file.to_path_buf();
    let task = tokio::task::spawn_blocking(move || read(&path));
    match tokio::time::timeout(READ_TIMEOUT, task).await {
        Ok(Ok(result)) => result,
        Ok(Err(join)) => Err(ToolError::internal(format!(
            "reading {}: {join}",
            file.display()
        ))),
        Err(_) => Err(ToolError::new(
            ErrorCode::Timeout,
            format!(
                "Reading {} took more than {} s; the file system does not answer.",
                file.display(),
                READ_TIMEOUT.as_secs()
            ),
        )),
    }
}

fn cannot_read(file: &Path, why: impl std::fmt::Display) -> ToolError {
    ToolError::new(
        ErrorCode::FileNotFound,
        format!("Cannot read {}: {why}", file.display()),
    )
}

/// What kind of file this is, in words, when it is not a regular file.
fn not_regular(meta: &std::fs::Metadata) -> Option<&'static str> {
    if meta.is_file() {
        return None;
    }
    if meta.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = meta.file_type();
        if kind.is_fifo() {
            return Some("a FIFO (named pipe)");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
        if kind.is_char_device() || kind.is_block_device() {
            return Some("a device");
        }
    }
    Some("not a regular file")
}

fn refuse_special(file: &Path, meta: &std::fs::Metadata) -> ToolResult<()> {
    match not_regular(meta) {
        None => Ok(()),
        Some(kind) => Err(cannot_read(
            file,
            format!("it is {kind}; only regular files are read"),
        )),
    }
}

fn open_regular(file: &Path) -> ToolResult<File> {
    let meta = std::fs::metadata(file).map_err(|e| cannot_read(file, e))?;
    refuse_special(file, &meta)?;
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let opened = options.open(file).map_err(|e| cannot_read(file, e))?;
    refuse_special(file, &opened.metadata().map_err(|e| cannot_read(file, e))?)?;
    Ok(opened)
}

/// Record line `number` (its first bytes `kept`, `line_bytes` long in all) if it is
/// one of those asked for; `cut` when the line did not end where it was read.
fn keep_line(
    result: &mut SourceLines,
    number: u32,
    kept: &mut Vec<u8>,
    line_bytes: u64,
    cut: bool,
) {
    let cut = cut || line_bytes > kept.len() as u64;
    if !cut && kept.last() == Some(&b'\r') {
        kept.pop();
    }
    let text = String::from_utf8_lossy(kept);
    let cut = cut || text.chars().count() > LINE_CAP;
    let mut text: String = text.chars().take(LINE_CAP).collect();
    if cut {
        text.push('…');
    }
    result.truncated |= cut;
    result.lines.push((number, text));
    kept.clear();
}

fn read_lines_blocking(file: &Path, first: u32, last: u32) -> ToolResult<SourceLines> {
    let opened = open_regular(file)?;
    let mut reader = BufReader::with_capacity(64 * 1024, opened);
    let mut result = SourceLines::default();
    let wanted = first..=last;
    let mut number: u32 = 1;
    let mut kept: Vec<u8> = Vec::new();
    let mut line_bytes: u64 = 0;
    let mut scanned: u64 = 0;
    loop {
        let buf = reader.fill_buf().map_err(|e| cannot_read(file, e))?;
        if buf.is_empty() {
            if line_bytes > 0 && wanted.contains(&number) {
                keep_line(&mut result, number, &mut kept, line_bytes, false);
            }
            result.line_count = Some(if line_bytes > 0 { number } else { number - 1 });
            break;
        }
        let newline = buf.iter().position(|b| *b == b'\n');
        let chunk = &buf[..newline.unwrap_or(buf.len())];
        if wanted.contains(&number) && kept.len() < LINE_BYTES {
            let room = LINE_BYTES - kept.len();
            kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        }
        line_bytes += chunk.len() as u64;
        let consumed = chunk.len() + usize::from(newline.is_some());
        reader.consume(consumed);
        scanned += consumed as u64;
        if newline.is_some() {
            if wanted.contains(&number) {
                keep_line(&mut result, number, &mut kept, line_bytes, false);
            }
            line_bytes = 0;
            if number >= last {
                break;
            }
            number += 1;
        }
        if scanned >= SCAN_LIMIT {
            if line_bytes > 0 && wanted.contains(&number) {
                keep_line(&mut result, number, &mut kept, line_bytes, true);
            }
            result.truncated = true;
            break;
        }
    }
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::time::Instant;

    /// A directory removed when the test ends: the huge-file tests write 20 MB each.
    fn dir() -> tempfile::TempDir {
        tempfile::Builder::new()
            .prefix("jbd-source-file-")
            .tempdir()
            .unwrap()
    }

    #[tokio::test]
    async fn reads_the_lines_asked_for_and_counts_the_rest() {
        let dir = dir();
        let file = dir.path().join("a.py");
        std::fs::write(&file, "one\r\ntwo\nthree\n").unwrap();
        let read = read_lines(&file, 2, 9).await.unwrap();
        assert_eq!(read.lines, vec![(2, "two".into()), (3, "three".into())]);
        assert_eq!((read.truncated, read.line_count), (false, Some(3)));
        let first = read_lines(&file, 1, 1).await.unwrap();
        assert_eq!(first.lines, vec![(1, "one".into())]);
        std::fs::write(&file, "no newline at the end").unwrap();
        let read = read_lines(&file, 1, 5).await.unwrap();
        assert_eq!(read.line_count, Some(1));
        assert_eq!(read.lines[0].1, "no newline at the end");
    }

    #[tokio::test]
    async fn a_huge_line_is_cut_and_said_so() {
        let dir = dir();
        let file = dir.path().join("long.py");
        let mut f = File::create(&file).unwrap();
        f.write_all(b"x = 1\n").unwrap();
        f.write_all(&vec![b'y'; 20 * 1024 * 1024]).unwrap();
        f.write_all(b"\nz = 3\n").unwrap();
        drop(f);
        let read = read_lines(&file, 1, 3).await.unwrap();
        assert!(read.truncated);
        assert_eq!(read.lines.len(), 3);
        assert_eq!(read.lines[1].1.chars().count(), LINE_CAP + 1);
        assert_eq!(read.lines[2].1, "z = 3");
    }

    #[tokio::test]
    async fn a_huge_file_without_newline_stops_at_the_scan_limit() {
        let dir = dir();
        let file = dir.path().join("huge.py");
        let f = File::create(&file).unwrap();
        f.set_len(300 * 1024 * 1024).unwrap(); // sparse: no disk, reads as zeros
        drop(f);
        let started = Instant::now();
        let read = read_lines(&file, 1, 20).await.unwrap();
        assert!(read.truncated);
        assert_eq!(read.line_count, None);
        assert_eq!(read.lines.len(), 1);
        assert!(read.lines[0].1.chars().count() <= LINE_CAP + 1);
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{:?}",
            started.elapsed()
        );
    }

    #[tokio::test]
    async fn a_whole_file_is_read_up_to_its_cap() {
        let dir = dir();
        let file = dir.path().join("launch.json");
        std::fs::write(&file, b"{}").unwrap();
        assert_eq!(read_capped(&file, 2).await.unwrap(), b"{}");
        let err = read_capped(&file, 1).await.unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidParams);
        assert!(
            err.message.contains("larger than 1 bytes"),
            "{}",
            err.message
        );
        let missing = read_capped(&dir.path().join("none"), 9).await.unwrap_err();
        assert_eq!(missing.code, ErrorCode::FileNotFound);
    }

    #[cfg(unix)]
    #[tokio::test]
    async fn special_files_are_refused_before_they_are_opened() {
        let dir = dir();
        let fifo = dir.path().join("pipe.py");
        let c_path = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
        let started = Instant::now();
        let err = read_lines(&fifo, 1, 10).await.unwrap_err();
        assert_eq!(err.code, ErrorCode::FileNotFound);
        assert!(err.message.contains("FIFO"), "{}", err.message);
        let err = read_lines(Path::new("/dev/zero"), 1, 10).await.unwrap_err();
        assert!(err.message.contains("device"), "{}", err.message);
        for special in [
            fifo.as_path(),
            Path::new("/dev/zero"),
            Path::new("/dev/urandom"),
        ] {
            let err = read_capped(special, 1 << 20).await.unwrap_err();
            assert_eq!(err.code, ErrorCode::FileNotFound, "{}", err.message);
        }
        let err = read_lines(&std::env::temp_dir(), 1, 10).await.unwrap_err();
        assert!(err.message.contains("directory"), "{}", err.message);
        assert!(started.elapsed() < Duration::from_secs(1));
    }
}
