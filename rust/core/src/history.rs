//! The command history: every tool call
//! with its timestamp, parameters (secrets masked), status, duration, result or
//! error and affected files. Bounded (oldest dropped first), observable live through
//! [`History::subscribe`], filterable, exportable as JSON and CSV. In memory only.
//!
//! Every entry is bounded too, whatever a call read: strings longer than
//! [`VALUE_CAP_CHARS`] are cut, parameters hold at most [`PARAMETERS_CAP_BYTES`] and
//! the result or error at most [`OUTCOME_CAP_BYTES`] of JSON (so an entry stays under
//! about 16 KB), and a cut entry says `truncated: true`. An export holds the newest
//! entries that fit in [`EXPORT_CAP_BYTES`].

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::VecDeque;
use std::sync::Mutex;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::broadcast;

/// History size when the user has not set one (the IDE's settings can change it).
pub const DEFAULT_CAPACITY: usize = 100;

/// Longest string kept in a recorded value, in characters (the answers' value cap).
pub const VALUE_CAP_CHARS: usize = 1_000;
/// Most JSON bytes kept of a call's parameters.
pub const PARAMETERS_CAP_BYTES: usize = 4 * 1024;
/// Most JSON bytes kept of a call's result or error.
pub const OUTCOME_CAP_BYTES: usize = 12 * 1024;
/// Most bytes of one export (`history.json`, `history.csv`): the newest entries that fit.
pub const EXPORT_CAP_BYTES: usize = 8 * 1024 * 1024;

/// Substrings of parameter names whose values are never stored (case-insensitive).
const SECRET_KEY_PARTS: &[&str] = &["token", "password", "secret", "authorization"];
/// Parameters that hold environment variables (a launch's `overrides.env`): every
/// value is masked, whatever its name, since `DATABASE_URL` or `PGPASS` carry secrets
/// no name rule catches; the names stay, to show what was set.
const ENVIRONMENT_KEYS: &[&str] = &["env"];

/// Outcome of a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Status {
    Success,
    Error,
    Pending,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Success => "SUCCESS",
            Status::Error => "ERROR",
            Status::Pending => "PENDING",
        }
    }
}

/// One recorded tool call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HistoryEntry {
    pub id: u64,
    /// Start of the call, RFC 3339 UTC with milliseconds (`2024-05-01T14:32:15.042Z`).
    pub timestamp: String,
    pub tool: String,
    /// Arguments as given, with secret-looking values replaced by `***`.
    pub parameters: Value,
    pub status: Status,
    /// 0 while pending.
    pub duration_ms: u64,
    pub result: Option<Value>,
    /// The error body (`{ "error": code, "message": ... }`).
    pub error: Option<Value>,
    pub affected_files: Vec<String>,
    /// Parameters, result or error were cut to the history's caps.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
}

impl HistoryEntry {
    /// The tool window's filter: every given criterion must
    /// hold; `search` looks, case-insensitively, in the tool name, the parameters,
    /// the result and the error.
    pub fn matches(
        &self,
        tool: Option<&str>,
        status: Option<Status>,
        search: Option<&str>,
    ) -> bool {
        if tool.is_some_and(|t| t != self.tool) || status.is_some_and(|s| s != self.status) {
            return false;
        }
        let Some(needle) = search.map(str::trim).filter(|s| !s.is_empty()) else {
            return true;
        };
        let needle = needle.to_lowercase();
        std::iter::once(self.tool.clone())
            .chain(std::iter::once(self.parameters.to_string()))
            .chain(self.result.iter().map(Value::to_string))
            .chain(self.error.iter().map(Value::to_string))
            .any(|text| text.to_lowercase().contains(&needle))
    }
}

/// A change pushed to subscribers (the tool window).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum HistoryChange {
    /// A call started (status PENDING).
    Added { entry: HistoryEntry },
    /// A call finished.
    Updated { entry: HistoryEntry },
    /// Entries dropped to respect the capacity, oldest first.
    Removed { ids: Vec<u64> },
    /// Everything was cleared.
    Cleared,
}

/// The history of one server. Cheap to share (`&self` methods, internally locked).
#[derive(Debug)]
pub struct History {
    inner: Mutex<Inner>,
    changes: broadcast::Sender<HistoryChange>,
}

#[derive(Debug)]
struct Inner {
    capacity: usize,
    next_id: u64,
    /// Oldest first.
    entries: VecDeque<HistoryEntry>,
}

impl Default for History {
    fn default() -> Self {
        Self::new(DEFAULT_CAPACITY)
    }
}

impl History {
    /// A history keeping at most `capacity` entries (at least one).
    pub fn new(capacity: usize) -> Self {
        Self {
            inner: Mutex::new(Inner {
                capacity: capacity.max(1),
                next_id: 1,
                entries: VecDeque::new(),
            }),
            changes: broadcast::channel(256).0,
        }
    }

    /// Record the start of a call; returns its id for [`History::finish`].
    pub fn begin(&self, tool: &str, parameters: &Value) -> u64 {
        let (parameters, truncated) = bounded(mask_secrets(parameters), PARAMETERS_CAP_BYTES);
        let mut inner = self.lock();
        let id = inner.next_id;
        inner.next_id += 1;
        let entry = HistoryEntry {
            id,
            timestamp: rfc3339_utc(SystemTime::now()),
            tool: cut(tool).0,
            parameters,
            status: Status::Pending,
            duration_ms: 0,
            result: None,
            error: None,
            affected_files: Vec::new(),
            truncated,
        };
        inner.entries.push_back(entry.clone());
        self.notify(HistoryChange::Added { entry });
        self.trim(&mut inner);
        id
    }

    /// Record how a call ended: `Ok(result)` or `Err(error body)`. Unknown ids
    /// (already dropped from the history) are ignored.
    pub fn finish(
        &self,
        id: u64,
        outcome: Result<Value, Value>,
        affected_files: Vec<String>,
        duration: Duration,
    ) {
        let (files, files_cut): (Vec<String>, Vec<bool>) = affected_files
            .iter()
            .take(MAX_AFFECTED_FILES)
            .map(|f| cut(f))
            .unzip();
        let files_cut = files_cut.contains(&true) || affected_files.len() > MAX_AFFECTED_FILES;
        let (status, outcome) = match outcome {
            Ok(result) => (Status::Success, result),
            Err(error) => (Status::Error, error),
        };
        let (outcome, outcome_cut) = bounded(outcome, OUTCOME_CAP_BYTES);
        let mut inner = self.lock();
        let Some(entry) = inner.entries.iter_mut().find(|e| e.id == id) else {
            return;
        };
        entry.duration_ms = u64::try_from(duration.as_millis()).unwrap_or(u64::MAX);
        entry.affected_files = files;
        entry.truncated |= files_cut || outcome_cut;
        entry.status = status;
        match status {
            Status::Error => entry.error = Some(outcome),
            _ => entry.result = Some(outcome),
        }
        let entry = entry.clone();
        self.notify(HistoryChange::Updated { entry });
    }

    /// All entries, newest first.
    pub fn entries(&self) -> Vec<HistoryEntry> {
        self.lock().entries.iter().rev().cloned().collect()
    }

    pub fn clear(&self) {
        self.lock().entries.clear();
        self.notify(HistoryChange::Cleared);
    }

    pub fn capacity(&self) -> usize {
        self.lock().capacity
    }

    /// Change the maximum size (at least one); the oldest entries beyond it go.
    pub fn set_capacity(&self, capacity: usize) {
        let mut inner = self.lock();
        inner.capacity = capacity.max(1);
        self.trim(&mut inner);
    }

    /// Live changes from now on. A subscriber that falls behind gets
    /// `RecvError::Lagged` and should reload [`History::entries`].
    pub fn subscribe(&self) -> broadcast::Receiver<HistoryChange> {
        self.changes.subscribe()
    }

    /// The newest entries whose export fits in [`EXPORT_CAP_BYTES`], newest first.
    fn exportable(&self, size: impl Fn(&HistoryEntry) -> usize) -> Vec<HistoryEntry> {
        let mut total = 0;
        self.entries()
            .into_iter()
            .take_while(|e| {
                total += size(e);
                total <= EXPORT_CAP_BYTES
            })
            .collect()
    }

    /// The entries, newest first, as a JSON array, one entry per line.
    pub fn export_json(&self) -> String {
        let lines: Vec<String> = self
            .exportable(|e| compact(e).len() + 4)
            .iter()
            .map(compact)
            .collect();
        if lines.is_empty() {
            return "[]".into();
        }
        format!("[\n  {}\n]", lines.join(",\n  "))
    }

    /// The entries, newest first, as RFC 4180 CSV (CRLF line ends, header row;
    /// JSON columns compact; affected files joined with `; `).
    pub fn export_csv(&self) -> String {
        let mut out = String::from(
            "timestamp,tool,status,duration_ms,parameters,result,error,affected_files\r\n",
        );
        for e in self.exportable(|e| csv_row(e).len()) {
            out.push_str(&csv_row(&e));
        }
        out
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic while holding the lock leaves the data consistent enough to show.
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn trim(&self, inner: &mut Inner) {
        let excess = inner.entries.len().saturating_sub(inner.capacity);
        if excess > 0 {
            let ids = inner.entries.drain(..excess).map(|e| e.id).collect();
            self.notify(HistoryChange::Removed { ids });
        }
    }

    fn notify(&self, change: HistoryChange) {
        // No subscriber is fine.
        let _ = self.changes.send(change);
    }
}

/// Most affected files recorded per call.
const MAX_AFFECTED_FILES: usize = 20;

/// One entry as one line of compact JSON.
fn compact(entry: &HistoryEntry) -> String {
    serde_json::to_string(entry).expect("history entries serialize")
}

/// One entry as one CSV row (CRLF included).
fn csv_row(e: &HistoryEntry) -> String {
    let json = |v: &Option<Value>| v.as_ref().map(Value::to_string).unwrap_or_default();
    let row = [
        e.timestamp.clone(),
        e.tool.clone(),
        e.status.as_str().to_owned(),
        e.duration_ms.to_string(),
        e.parameters.to_string(),
        json(&e.result),
        json(&e.error),
        e.affected_files.join("; "),
    ];
    let fields: Vec<String> = row.iter().map(|f| csv_field(f)).collect();
    format!("{}\r\n", fields.join(","))
}

/// `text` cut to [`VALUE_CAP_CHARS`] characters (`…` marks the cut); whether it was cut.
fn cut(text: &str) -> (String, bool) {
    match text.char_indices().nth(VALUE_CAP_CHARS) {
        Some((at, _)) => (format!("{}…", &text[..at]), true),
        None => (text.to_owned(), false),
    }
}

/// `value` with every string (keys included) cut to [`VALUE_CAP_CHARS`]; whether
/// anything was cut.
fn cut_strings(value: Value) -> (Value, bool) {
    match value {
        Value::String(text) => {
            let (text, was_cut) = cut(&text);
            (Value::String(text), was_cut)
        }
        Value::Array(items) => {
            let mut any = false;
            let items = items
                .into_iter()
                .map(|v| {
                    let (v, c) = cut_strings(v);
                    any |= c;
                    v
                })
                .collect();
            (Value::Array(items), any)
        }
        Value::Object(map) => {
            let mut any = false;
            let map = map
                .into_iter()
                .map(|(k, v)| {
                    let (k, kc) = cut(&k);
                    let (v, vc) = cut_strings(v);
                    any |= kc || vc;
                    (k, v)
                })
                .collect();
            (Value::Object(map), any)
        }
        other => (other, false),
    }
}

/// `value` bounded for the history: strings cut, then, if its JSON is still longer
/// than `cap_bytes`, replaced by the start of that JSON as a string (at most
/// `cap_bytes` once encoded: escaping at most doubles the bytes of JSON text).
fn bounded(value: Value, cap_bytes: usize) -> (Value, bool) {
    let (value, was_cut) = cut_strings(value);
    let text = value.to_string();
    if text.len() <= cap_bytes {
        return (value, was_cut);
    }
    let mut end = cap_bytes / 2 - 3;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    (Value::String(format!("{}…", &text[..end])), true)
}

/// `value` with the value of every secret-looking key, at any depth, replaced by `***`.
fn mask_secrets(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| {
                    let key = k.to_lowercase();
                    let masked = if SECRET_KEY_PARTS.iter().any(|part| key.contains(part)) {
                        Value::String("***".into())
                    } else if let (true, Value::Object(vars)) =
                        (ENVIRONMENT_KEYS.contains(&key.as_str()), v)
                    {
                        let masked = vars
                            .keys()
                            .map(|name| (name.clone(), Value::String("***".into())));
                        Value::Object(masked.collect())
                    } else {
                        mask_secrets(v)
                    };
                    (k.clone(), masked)
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(mask_secrets).collect()),
        other => other.clone(),
    }
}

/// One CSV field, quoted when it holds a comma, quote, CR or LF (RFC 4180).
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// RFC 3339 UTC with milliseconds. Times before 1970 are clamped to the epoch.
pub fn rfc3339_utc(time: SystemTime) -> String {
    let millis = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis());
    let secs = u64::try_from(millis / 1000).unwrap_or(u64::MAX);
    let (days, secs_of_day) = (secs / 86_400, secs % 86_400);
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        secs_of_day / 3600,
        secs_of_day / 60 % 60,
        secs_of_day % 60,
        millis % 1000
    )
}

/// The proleptic Gregorian date `days` after 1970-01-01 (H. Hinnant's algorithm).
fn civil_from_days(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use tokio::sync::broadcast::error::TryRecvError;

    fn at(millis: u64) -> String {
        rfc3339_utc(UNIX_EPOCH + Duration::from_millis(millis))
    }

    #[test]
    fn timestamps_are_rfc3339_utc_with_millis() {
        assert_eq!(at(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(at(951_782_400_000), "2000-02-29T00:00:00.000Z");
        assert_eq!(at(1_709_251_199_999), "2024-02-29T23:59:59.999Z");
        assert_eq!(at(1_735_689_600_042), "2025-01-01T00:00:00.042Z");
        assert_eq!(at(4_107_542_400_000), "2100-03-01T00:00:00.000Z");
        assert_eq!(
            rfc3339_utc(UNIX_EPOCH - Duration::from_secs(5)),
            "1970-01-01T00:00:00.000Z"
        );
        let now = rfc3339_utc(SystemTime::now());
        assert_eq!(now.len(), 24);
        assert!(now.ends_with('Z') && now.as_bytes()[10] == b'T');
    }

    #[test]
    fn civil_from_days_round_trips_every_day_of_four_centuries() {
        let mut expected = (1970, 1, 1);
        for days in 0..146_097 {
            assert_eq!(civil_from_days(days), expected, "day {days}");
            let (y, m, d) = expected;
            let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
            let month_len = [
                31,
                if leap { 29 } else { 28 },
                31,
                30,
                31,
                30,
                31,
                31,
                30,
                31,
                30,
                31,
            ];
            expected = if d < month_len[m as usize - 1] {
                (y, m, d + 1)
            } else if m < 12 {
                (y, m + 1, 1)
            } else {
                (y + 1, 1, 1)
            };
        }
    }

    #[test]
    fn records_calls_from_pending_to_done() {
        let history = History::default();
        let a = history.begin("set_breakpoint", &json!({ "file_path": "a.py", "line": 3 }));
        let b = history.begin("evaluate", &json!({ "expression": "1/0" }));
        assert_ne!(a, b);
        let entries = history.entries();
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].id, b, "newest first");
        assert!(entries
            .iter()
            .all(|e| e.status == Status::Pending && e.duration_ms == 0));

        history.finish(
            a,
            Ok(json!({ "breakpoint_id": "bp-1" })),
            vec!["a.py".into()],
            Duration::from_millis(12),
        );
        history.finish(
            b,
            Err(json!({ "error": "evaluation_failed", "message": "ZeroDivisionError" })),
            vec![],
            Duration::from_micros(2500),
        );
        let entries = history.entries();
        let (eb, ea) = (&entries[0], &entries[1]);
        assert_eq!(ea.status, Status::Success);
        assert_eq!(ea.duration_ms, 12);
        assert_eq!(ea.result, Some(json!({ "breakpoint_id": "bp-1" })));
        assert_eq!(ea.error, None);
        assert_eq!(ea.affected_files, ["a.py"]);
        assert_eq!(eb.status, Status::Error);
        assert_eq!(eb.duration_ms, 2);
        assert_eq!(eb.result, None);
        assert_eq!(eb.error.as_ref().unwrap()["error"], "evaluation_failed");

        history.finish(999, Ok(json!(null)), vec![], Duration::ZERO);
        assert_eq!(history.entries().len(), 2);
        history.clear();
        assert!(history.entries().is_empty());
    }

    #[test]
    fn capacity_drops_the_oldest() {
        let history = History::new(3);
        let ids: Vec<u64> = (0..5)
            .map(|i| history.begin(&format!("t{i}"), &json!({})))
            .collect();
        let tools: Vec<_> = history.entries().into_iter().map(|e| e.tool).collect();
        assert_eq!(tools, ["t4", "t3", "t2"]);
        history.set_capacity(1);
        assert_eq!(history.entries()[0].id, ids[4]);
        assert_eq!(history.capacity(), 1);
        history.set_capacity(0);
        assert_eq!(history.capacity(), 1, "at least one");
        history.set_capacity(10);
        history.begin("t5", &json!({}));
        assert_eq!(history.entries().len(), 2);
        assert_eq!(History::default().capacity(), DEFAULT_CAPACITY);
    }

    #[test]
    fn subscribers_see_every_change() {
        let history = History::new(2);
        let mut rx = history.subscribe();
        let a = history.begin("list_threads", &json!({}));
        history.finish(a, Ok(json!([])), vec![], Duration::from_millis(1));
        history.begin("b", &json!({}));
        let c = history.begin("c", &json!({}));
        history.clear();

        let Ok(HistoryChange::Added { entry }) = rx.try_recv() else {
            panic!("added")
        };
        assert_eq!((entry.id, entry.status), (a, Status::Pending));
        let Ok(HistoryChange::Updated { entry }) = rx.try_recv() else {
            panic!("updated")
        };
        assert_eq!((entry.id, entry.status), (a, Status::Success));
        assert!(matches!(rx.try_recv(), Ok(HistoryChange::Added { .. })));
        let Ok(HistoryChange::Added { entry }) = rx.try_recv() else {
            panic!("added c")
        };
        assert_eq!(entry.id, c);
        assert_eq!(rx.try_recv(), Ok(HistoryChange::Removed { ids: vec![a] }));
        assert_eq!(rx.try_recv(), Ok(HistoryChange::Cleared));
        assert_eq!(rx.try_recv(), Err(TryRecvError::Empty));
        assert_eq!(
            serde_json::to_value(HistoryChange::Removed { ids: vec![1, 2] }).unwrap(),
            json!({ "kind": "removed", "ids": [1, 2] })
        );
    }

    #[test]
    fn secret_looking_parameters_are_masked_at_any_depth() {
        let history = History::default();
        history.begin(
            "start",
            &json!({
                "projectPath": "/p",
                "Auth_Token": "abc",
                "nested": { "dbPassword": 1, "list": [{ "client_secret": "s" }], "keep": "me" },
                "AUTHORIZATION": "Bearer x",
            }),
        );
        assert_eq!(
            history.entries()[0].parameters,
            json!({
                "projectPath": "/p",
                "Auth_Token": "***",
                "nested": { "dbPassword": "***", "list": [{ "client_secret": "***" }], "keep": "me" },
                "AUTHORIZATION": "***",
            })
        );
    }

    #[test]
    fn environment_values_are_masked_whatever_their_names() {
        let history = History::default();
        history.begin(
            "start_debug_session",
            &json!({
                "configuration_name": "App",
                "overrides": {
                    "args": ["--verbose"],
                    "cwd": "sub",
                    "env": { "DATABASE_URL": "postgres://u:hunter2@db", "MODE": "fast" },
                },
                "environment": "prod",
            }),
        );
        assert_eq!(
            history.entries()[0].parameters,
            json!({
                "configuration_name": "App",
                "overrides": {
                    "args": ["--verbose"],
                    "cwd": "sub",
                    "env": { "DATABASE_URL": "***", "MODE": "***" },
                },
                "environment": "prod",
            })
        );
    }

    fn entry(tool: &str, status: Status, parameters: Value, result: Option<Value>) -> HistoryEntry {
        HistoryEntry {
            id: 1,
            timestamp: at(0),
            tool: tool.into(),
            parameters,
            status,
            duration_ms: 0,
            result,
            error: None,
            affected_files: vec![],
            truncated: false,
        }
    }

    #[test]
    fn filters_combine_with_and_and_search_ignores_case() {
        let e = entry(
            "set_breakpoint",
            Status::Success,
            json!({ "file_path": "src/Calculator.py" }),
            Some(json!({ "breakpoint_id": "BP-7" })),
        );
        assert!(e.matches(None, None, None));
        assert!(e.matches(
            Some("set_breakpoint"),
            Some(Status::Success),
            Some("calculator")
        ));
        assert!(e.matches(None, None, Some("bp-7")), "search in result");
        assert!(
            e.matches(None, None, Some("SET_BREAK")),
            "search in tool name"
        );
        assert!(
            e.matches(None, None, Some("  ")),
            "blank search is no filter"
        );
        assert!(!e.matches(Some("resume"), None, None));
        assert!(!e.matches(None, Some(Status::Error), None));
        assert!(!e.matches(
            Some("set_breakpoint"),
            Some(Status::Success),
            Some("nothing")
        ));
        let mut failed = entry("evaluate", Status::Error, json!({}), None);
        failed.error = Some(json!({ "error": "not_paused" }));
        assert!(failed.matches(None, Some(Status::Error), Some("NOT_PAUSED")));
    }

    #[test]
    fn exports_json_and_csv() {
        let history = History::default();
        let a = history.begin("evaluate", &json!({ "expression": "a, \"b\"\nc" }));
        history.finish(
            a,
            Ok(json!({ "value": "1" })),
            vec!["x.py".into(), "y.py".into()],
            Duration::from_millis(5),
        );
        history.begin("resume", &json!({}));

        let exported: Value = serde_json::from_str(&history.export_json()).unwrap();
        assert_eq!(exported[0]["tool"], "resume");
        assert_eq!(exported[0]["status"], "PENDING");
        assert_eq!(exported[1]["status"], "SUCCESS");
        assert_eq!(exported[1]["result"], json!({ "value": "1" }));
        assert_eq!(exported[1]["affected_files"], json!(["x.py", "y.py"]));

        let csv = history.export_csv();
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert_eq!(
            lines[0],
            "timestamp,tool,status,duration_ms,parameters,result,error,affected_files"
        );
        assert!(
            lines[1].ends_with(",resume,PENDING,0,{},,,"),
            "{}",
            lines[1]
        );
        let ts = &history.entries()[1].timestamp;
        assert_eq!(
            csv.split_once("\r\n").unwrap().1.split_once("\r\n").unwrap().1,
            format!(
                "{ts},evaluate,SUCCESS,5,\"{{\"\"expression\"\":\"\"a, \\\"\"b\\\"\"\\nc\"\"}}\",\"{{\"\"value\"\":\"\"1\"\"}}\",,x.py; y.py\r\n"
            )
        );
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field("a\r\nb"), "\"a\r\nb\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
    }

    #[test]
    fn entries_stay_bounded_whatever_a_call_read() {
        let history = History::new(10);
        let huge = "x".repeat(5_000_000);
        let id = history.begin("evaluate", &json!({ "expression": huge.clone(), "n": 1 }));
        let many: Vec<String> = (0..10_000).map(|i| format!("item {i}")).collect();
        history.finish(
            id,
            Ok(json!({ "value": huge, "items": many })),
            vec!["f".repeat(3_000)],
            Duration::ZERO,
        );
        let small = history.begin("resume", &json!({}));
        history.finish(
            small,
            Ok(json!({ "state": "paused" })),
            vec![],
            Duration::ZERO,
        );

        let entries = history.entries();
        let (plain, cut) = (&entries[0], &entries[1]);
        assert!(!plain.truncated);
        assert!(!serde_json::to_string(plain).unwrap().contains("truncated"));
        assert!(cut.truncated);
        let size = serde_json::to_string(cut).unwrap().len();
        assert!(size <= 16 * 1024 + 1_200, "entry of {size} bytes");
        assert_eq!(cut.parameters["n"], 1, "small parameters survive the cut");
        assert!(cut.parameters["expression"]
            .as_str()
            .unwrap()
            .ends_with('…'));
        assert!(cut.affected_files[0].chars().count() <= VALUE_CAP_CHARS + 1);
    }

    #[test]
    fn exports_hold_the_newest_entries_that_fit() {
        let history = History::new(10_000);
        for i in 0..2_000 {
            let id = history.begin("get_variables", &json!({ "i": i }));
            let values: Vec<String> = (0..20).map(|_| "v".repeat(900)).collect();
            history.finish(id, Ok(json!({ "values": values })), vec![], Duration::ZERO);
        }
        let json_export = history.export_json();
        assert!(
            json_export.len() <= EXPORT_CAP_BYTES,
            "{}",
            json_export.len()
        );
        let parsed: Vec<Value> = serde_json::from_str(&json_export).unwrap();
        assert!(
            parsed.len() > 1_000 && parsed.len() < 2_000,
            "{}",
            parsed.len()
        );
        assert_eq!(parsed[0]["parameters"]["i"], 1_999, "newest first");
        assert!(history.export_csv().len() <= EXPORT_CAP_BYTES);
    }
}
