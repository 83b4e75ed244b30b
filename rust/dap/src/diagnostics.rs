//! What one DAP session keeps so that its failure or death can say why: the last
//! protocol events (name, a short summary, when), the adapter's stderr tail, the
//! debuggee's exit code, and the adapter process's own exit status (code or signal:
//! we are its parent). The debuggee's signal is not told: debugpy reports a killed
//! program's status as `code & 0xFF` and lldb-dap 19 as the signal's number, neither
//! told apart from an exit code, so only the code is reported, as the adapter said it. [`Diagnostics::snapshot`] turns it, with
//! the client's pending requests, into the compact JSON that an error's
//! `diagnostics` detail and an ended session's status carry. Everything is bounded:
//! agents pay per token, so a snapshot stays within a few KB.

use serde_json::{json, Map, Value as Json};
use std::collections::VecDeque;
use std::process::ExitStatus;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Protocol events remembered (the latest win).
const EVENTS_KEPT: usize = 20;
/// Characters of one event's summary.
const SUMMARY_CAP: usize = 80;
/// Bytes of the adapter's stderr kept (for error messages too).
const STDERR_KEPT: usize = 4096;
/// Bytes of the stderr tail in a snapshot (the message may quote more).
const STDERR_SHOWN: usize = 1024;
/// Pending requests listed in a snapshot (the oldest: they tell what hangs).
const PENDING_SHOWN: usize = 10;

/// How a process ended, as far as it is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    Code(i64),
    Signal(i32),
}

impl Ending {
    /// An adapter process's status, read by us as its parent: exact.
    pub fn of_status(status: ExitStatus) -> Option<Ending> {
        #[cfg(unix)]
        let signal = std::os::unix::process::ExitStatusExt::signal(&status);
        #[cfg(not(unix))]
        let signal = None;
        match (status.code(), signal) {
            (Some(code), _) => Some(Ending::Code(code.into())),
            (None, Some(signal)) => Some(Ending::Signal(signal)),
            (None, None) => None,
        }
    }

    /// The text an error message uses: `exit code 3`, `signal SIGKILL`.
    pub fn describe(self) -> String {
        match self {
            Ending::Code(code) => format!("exit code {code}"),
            Ending::Signal(signal) => format!("signal {}", signal_name(signal)),
        }
    }
}

/// A signal's name (`SIGKILL`), or its number for one without a common name.
pub fn signal_name(signal: i32) -> String {
    let name = match signal {
        #[cfg(unix)]
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        #[cfg(unix)]
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        #[cfg(unix)]
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGABRT => "SIGABRT",
        #[cfg(unix)]
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        #[cfg(unix)]
        libc::SIGKILL => "SIGKILL",
        libc::SIGSEGV => "SIGSEGV",
        #[cfg(unix)]
        libc::SIGPIPE => "SIGPIPE",
        #[cfg(unix)]
        libc::SIGALRM => "SIGALRM",
        libc::SIGTERM => "SIGTERM",
        _ => return signal.to_string(),
    };
    name.to_string()
}

struct Note {
    name: String,
    summary: String,
    at: Instant,
}

#[derive(Default)]
struct Record {
    events: VecDeque<Note>,
    stderr: String,
    program: Option<i64>,
    adapter: Option<Ending>,
}

/// One session's diagnostics record (shared by its reader tasks).
#[derive(Default)]
pub struct Diagnostics {
    record: Mutex<Record>,
    /// The adapter's stderr reached its end: every line it wrote is in the record.
    stderr_closed: tokio::sync::watch::Sender<bool>,
}

impl Diagnostics {
    fn record(&self) -> std::sync::MutexGuard<'_, Record> {
        self.record.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A protocol event arrived.
    pub fn event(&self, name: &str, body: &Json) {
        let mut record = self.record();
        if record.events.len() == EVENTS_KEPT {
            record.events.pop_front();
        }
        record.events.push_back(Note {
            name: name.to_string(),
            summary: summary(body),
            at: Instant::now(),
        });
    }

    /// A line the adapter wrote to its stderr.
    pub fn stderr_line(&self, line: &str) {
        let mut record = self.record();
        record.stderr.push_str(line);
        keep_tail(&mut record.stderr, STDERR_KEPT);
    }

    /// The adapter's stderr reached its end (or could not be read further).
    pub fn stderr_closed(&self) {
        self.stderr_closed.send_replace(true);
    }

    /// Wait, at most `limit`, until the adapter's stderr has been read to its end, so an
    /// error about an adapter that ended quotes its last words: its exit is seen on
    /// another task, which can win the race against the last lines' reader.
    pub async fn stderr_read_to_end(&self, limit: std::time::Duration) {
        let mut closed = self.stderr_closed.subscribe();
        let _ = tokio::time::timeout(limit, closed.wait_for(|c| *c)).await;
    }

    /// The adapter's stderr tail (at most 4 KB).
    pub fn stderr_tail(&self) -> String {
        self.record().stderr.clone()
    }

    /// The debuggee's exit code, as its adapter told it.
    pub fn program_exited(&self, code: i64) {
        self.record().program = Some(code);
    }

    /// The adapter process ended (read with `wait`).
    pub fn adapter_ended(&self, status: ExitStatus) {
        if let Some(ending) = Ending::of_status(status) {
            self.record().adapter = Some(ending);
        }
    }

    /// The adapter process's ending, once known.
    pub fn adapter_ending(&self) -> Option<Ending> {
        self.record().adapter
    }

    /// The compact JSON of the record: `stderr_tail`, `last_events` (each `event`,
    /// `summary`, `ago_ms` before now), `pending_requests` (each `command`, `age_ms`),
    /// the program's `exit_code`, `adapter_exit_code` or `adapter_signal`; what is not
    /// known is left out.
    pub fn snapshot(&self, pending: &[(String, Duration)]) -> Json {
        let record = self.record();
        let now = Instant::now();
        let mut body = Map::new();
        let mut stderr = record.stderr.trim().to_string();
        keep_tail(&mut stderr, STDERR_SHOWN);
        if !stderr.is_empty() {
            body.insert("stderr_tail".into(), stderr.into());
        }
        if !record.events.is_empty() {
            let events: Vec<Json> = record
                .events
                .iter()
                .map(|n| {
                    json!({
                        "event": n.name,
                        "summary": n.summary,
                        "ago_ms": millis(now.duration_since(n.at)),
                    })
                })
                .collect();
            body.insert("last_events".into(), events.into());
        }
        if !pending.is_empty() {
            let requests: Vec<Json> = pending
                .iter()
                .take(PENDING_SHOWN)
                .map(|(command, age)| json!({ "command": command, "age_ms": millis(*age) }))
                .collect();
            body.insert("pending_requests".into(), requests.into());
        }
        if let Some(code) = record.program {
            body.insert("exit_code".into(), code.into());
        }
        match record.adapter {
            Some(Ending::Code(code)) => body.insert("adapter_exit_code".into(), code.into()),
            Some(Ending::Signal(signal)) => {
                body.insert("adapter_signal".into(), signal_name(signal).into())
            }
            None => None,
        };
        Json::Object(body)
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// An event body as compact JSON, cut at [`SUMMARY_CAP`] characters.
fn summary(body: &Json) -> String {
    let text = match body {
        Json::Null => String::new(),
        other => other.to_string(),
    };
    match text.char_indices().nth(SUMMARY_CAP) {
        None => text,
        Some((cut, _)) => format!("{}…", &text[..cut]),
    }
}

/// Drop the front of `text` so that at most `cap` bytes stay (on a char boundary).
fn keep_tail(text: &mut String, cap: usize) {
    if text.len() > cap {
        let mut cut = text.len() - cap;
        while !text.is_char_boundary(cut) {
            cut += 1;
        }
        text.drain(..cut);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snapshot_is_bounded_and_leaves_out_what_is_unknown() {
        let d = Diagnostics::default();
        assert_eq!(d.snapshot(&[]), json!({}));
        for i in 0..100 {
            d.event(
                "output",
                &json!({ "category": "stdout", "output": "x".repeat(1000), "i": i }),
            );
        }
        for _ in 0..100 {
            d.stderr_line(&format!("{}\n", "é".repeat(100)));
        }
        let pending: Vec<(String, Duration)> = (0..50)
            .map(|i| (format!("cmd{i}"), Duration::from_millis(1500)))
            .collect();
        let snap = d.snapshot(&pending);
        let events = snap["last_events"].as_array().unwrap();
        assert_eq!(events.len(), EVENTS_KEPT);
        assert!(events[EVENTS_KEPT - 1]["summary"]
            .as_str()
            .unwrap()
            .ends_with('…'));
        assert_eq!(
            snap["pending_requests"].as_array().unwrap().len(),
            PENDING_SHOWN
        );
        assert_eq!(
            snap["pending_requests"][0],
            json!({"command": "cmd0", "age_ms": 1500})
        );
        assert!(snap["stderr_tail"].as_str().unwrap().len() <= STDERR_SHOWN);
        assert!(d.stderr_tail().len() <= STDERR_KEPT);
        assert!(snap.get("exit_code").is_none() && snap.get("adapter_signal").is_none());
        assert!(
            snap.to_string().len() < 6 * 1024,
            "{}",
            snap.to_string().len()
        );
    }

    #[test]
    fn endings_of_the_program_and_the_adapter() {
        use std::os::unix::process::ExitStatusExt;
        let d = Diagnostics::default();
        d.program_exited(3);
        d.adapter_ended(ExitStatus::from_raw(libc::SIGKILL));
        let snap = d.snapshot(&[]);
        assert_eq!(snap["exit_code"], 3);
        assert_eq!(snap["adapter_signal"], "SIGKILL");
        assert_eq!(d.adapter_ending().unwrap().describe(), "signal SIGKILL");
        d.adapter_ended(ExitStatus::from_raw(1 << 8));
        let snap = d.snapshot(&[]);
        assert_eq!(snap["adapter_exit_code"], 1);
        assert!(snap.get("adapter_signal").is_none());
        assert_eq!(signal_name(64), "64");
    }
}
