//! The log of one debug session, as Markdown, for the user to read what the agent did:
//! the calls that concerned the session, where each stop was, and the values the agent
//! saw, read from the command history. Served as the resource `debugger://session/log`
//! and, through the bridge, to the tool window's export.
//!
//! A call belongs to session S when it names S (`session_id` in its parameters or its
//! answer) or, naming no session, was made while S was the session the agent worked
//! on: from the `start_debug_session` that answered S until a later start answered
//! another session.

use debugger_core::history::{HistoryEntry, Status};
use serde_json::Value;
use std::fmt::Write;

/// Values shown per call (the rest are counted).
const VALUES_SHOWN: usize = 12;
/// Longest value or message shown, in characters.
const TEXT_CAP: usize = 200;

/// The session a call names, in its parameters or its answer.
fn named_session(entry: &HistoryEntry) -> Option<&str> {
    fn of(value: &Value) -> Option<&str> {
        value.get("session_id").and_then(Value::as_str)
    }
    of(&entry.parameters).or_else(|| entry.result.as_ref().and_then(of))
}

/// The calls of `session`, oldest first, from `entries` (newest first, as the history
/// keeps them).
pub fn calls_of<'a>(entries: &'a [HistoryEntry], session: &str) -> Vec<&'a HistoryEntry> {
    let mut current: Option<&str> = None;
    let mut calls = vec![];
    for entry in entries.iter().rev() {
        let named = named_session(entry);
        if entry.tool == "start_debug_session" || entry.tool == "run_configuration" {
            if let Some(started) = named {
                current = Some(started);
            }
        }
        if named.or(current) == Some(session) {
            calls.push(entry);
        }
    }
    calls
}

/// The most recent session the history mentions.
pub fn latest_session(entries: &[HistoryEntry]) -> Option<String> {
    entries.iter().find_map(named_session).map(str::to_string)
}

fn cap(text: &str) -> String {
    match text.char_indices().nth(TEXT_CAP) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}…", &text[..cut]),
    }
}

/// `key=value` pairs of the parameters, the session id left out (it is the log's).
fn arguments(parameters: &Value) -> String {
    let Some(map) = parameters.as_object() else {
        return String::new();
    };
    map.iter()
        .filter(|(k, _)| k.as_str() != "session_id")
        .map(|(k, v)| match v {
            Value::String(s) => format!("{k}={}", cap(&format!("{s:?}"))),
            other => format!("{k}={}", cap(&other.to_string())),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Where an answer says execution is (execution answers, status, first stop).
fn location(answer: &Value) -> Option<String> {
    let at = answer
        .get("new_location")
        .or_else(|| answer.get("current_location"))
        .or_else(|| answer.pointer("/execution/new_location"))?;
    let file = at.get("file").and_then(Value::as_str).unwrap_or("?");
    let file = file.rsplit('/').next().unwrap_or(file);
    let line = at.get("line").and_then(Value::as_u64).unwrap_or(0);
    let method = at.get("method").and_then(Value::as_str).unwrap_or("?");
    Some(format!("{file}:{line} in {method}"))
}

/// The values an answer shows: variables, children, watches, an evaluation.
fn values(answer: &Value) -> Vec<String> {
    let mut shown = vec![];
    for key in ["variables", "children", "watches"] {
        let list = answer
            .get(key)
            .or_else(|| answer.pointer(&format!("/execution/{key}")));
        for item in list.and_then(Value::as_array).into_iter().flatten() {
            let name = item
                .get("name")
                .or_else(|| item.get("expression"))
                .and_then(Value::as_str)
                .unwrap_or("?");
            let value = item
                .get("value")
                .and_then(Value::as_str)
                .or_else(|| item.get("error").and_then(Value::as_str))
                .unwrap_or("?");
            shown.push(format!("`{}` = `{}`", cap(name), cap(value)));
        }
    }
    if let Some(result) = answer.get("result").and_then(|r| r.get("value")) {
        let expression = answer
            .get("expression")
            .and_then(Value::as_str)
            .unwrap_or("result");
        let value = result
            .as_str()
            .map_or_else(|| result.to_string(), str::to_string);
        shown.push(format!("`{}` = `{}`", cap(expression), cap(&value)));
    }
    shown
}

fn outcome(entry: &HistoryEntry, out: &mut String) {
    if entry.status == Status::Error {
        let error = entry.error.as_ref();
        let code = error
            .and_then(|e| e.get("error"))
            .and_then(Value::as_str)
            .unwrap_or("error");
        let message = error
            .and_then(|e| e.get("message"))
            .and_then(Value::as_str)
            .unwrap_or("");
        let _ = writeln!(out, "- **{code}**: {}", cap(message));
        return;
    }
    let Some(answer) = &entry.result else {
        let _ = writeln!(out, "- (no answer yet)");
        return;
    };
    let state = answer
        .get("status")
        .or_else(|| answer.get("state"))
        .and_then(Value::as_str);
    match (state, location(answer)) {
        (Some(state), Some(at)) => {
            let _ = writeln!(out, "- {state} at {at}");
        }
        (Some(state), None) => {
            let _ = writeln!(out, "- {state}");
        }
        (None, Some(at)) => {
            let _ = writeln!(out, "- at {at}");
        }
        (None, None) => {}
    }
    if let Some(exception) = answer.get("exception").filter(|e| !e.is_null()) {
        let _ = writeln!(
            out,
            "- exception `{}`: {}",
            exception.get("type").and_then(Value::as_str).unwrap_or("?"),
            cap(exception
                .get("message")
                .and_then(Value::as_str)
                .unwrap_or(""))
        );
    }
    let shown = values(answer);
    if !shown.is_empty() {
        let more = shown.len().saturating_sub(VALUES_SHOWN);
        let mut line = shown
            .into_iter()
            .take(VALUES_SHOWN)
            .collect::<Vec<_>>()
            .join(", ");
        if more > 0 {
            let _ = write!(line, ", … {more} more");
        }
        let _ = writeln!(out, "- {line}");
    }
    if let Some(code) = answer.get("exit_code").and_then(Value::as_i64) {
        let _ = writeln!(out, "- exit code {code}");
    }
}

/// The Markdown log of `session` from the history's `entries` (newest first).
pub fn render(entries: &[HistoryEntry], session: &str) -> String {
    let calls = calls_of(entries, session);
    let mut out = format!("# Debug session {session}\n\n");
    if calls.is_empty() {
        out.push_str(
            "No call of this session is in the history (it keeps the latest calls only).\n",
        );
        return out;
    }
    let errors = calls.iter().filter(|c| c.status == Status::Error).count();
    let _ = writeln!(
        out,
        "{} calls from {} to {}; {errors} failed.\n",
        calls.len(),
        calls[0].timestamp,
        calls[calls.len() - 1].timestamp
    );
    for call in calls {
        let time = call.timestamp.get(11..19).unwrap_or(&call.timestamp);
        let _ = writeln!(
            out,
            "## {time} `{}`({})\n",
            call.tool,
            arguments(&call.parameters)
        );
        outcome(call, &mut out);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn entry(id: u64, tool: &str, parameters: Value, result: Value) -> HistoryEntry {
        HistoryEntry {
            id,
            timestamp: format!("2026-11-25T04:00:{id:02}.000Z"),
            tool: tool.into(),
            parameters,
            status: Status::Success,
            duration_ms: 5,
            result: Some(result),
            error: None,
            affected_files: vec![],
            truncated: false,
        }
    }

    /// Newest first, as `History::entries` gives them.
    fn history() -> Vec<HistoryEntry> {
        let mut failed = entry(5, "evaluate", json!({"expression": "nope"}), json!(null));
        failed.status = Status::Error;
        failed.result = None;
        failed.error = Some(json!({"error": "evaluation_failed", "message": "NameError: nope"}));
        let mut entries = vec![
            entry(
                1,
                "set_breakpoint",
                json!({"file_path": "a.py", "line": 3}),
                json!({}),
            ),
            entry(
                2,
                "start_debug_session",
                json!({"configuration_name": "App"}),
                json!({"session_id": "s1", "status": "paused",
                       "execution": {"new_location": {"file": "/p/a.py", "line": 3, "method": "main"}}}),
            ),
            entry(
                3,
                "step_over",
                json!({"include_variables": true}),
                json!({"session_id": "s1", "status": "stepped",
                       "new_location": {"file": "/p/a.py", "line": 4, "method": "main"},
                       "variables": [{"name": "total", "value": "150.0"}],
                       "watches": [{"expression": "tax", "value": "0.0"}]}),
            ),
            entry(
                4,
                "evaluate",
                json!({"expression": "total * 2"}),
                json!({"expression": "total * 2", "result": {"value": "300.0"}}),
            ),
            failed,
            entry(
                6,
                "start_debug_session",
                json!({"configuration_name": "Other"}),
                json!({"session_id": "s2", "status": "running"}),
            ),
            entry(7, "list_threads", json!({}), json!({"threads": []})),
            entry(
                8,
                "stop_debug_session",
                json!({"session_id": "s1"}),
                json!({"session_id": "s1", "status": "stopped"}),
            ),
        ];
        entries.reverse();
        entries
    }

    #[test]
    fn a_call_belongs_to_the_session_it_names_or_the_one_being_worked_on() {
        let entries = history();
        let ids = |s| {
            calls_of(&entries, s)
                .iter()
                .map(|e| e.id)
                .collect::<Vec<_>>()
        };
        assert_eq!(ids("s1"), vec![2, 3, 4, 5, 8]);
        assert_eq!(ids("s2"), vec![6, 7]);
        assert_eq!(latest_session(&entries).as_deref(), Some("s1"));
    }

    #[test]
    fn the_log_shows_stops_values_and_failures() {
        let log = render(&history(), "s1");
        assert!(
            log.starts_with("# Debug session s1\n\n5 calls from 2026-11-25T04:00:02.000Z"),
            "{log}"
        );
        assert!(log.contains("## 04:00:02 `start_debug_session`(configuration_name=\"App\")\n\n- paused at a.py:3 in main"), "{log}");
        assert!(
            log.contains("- stepped at a.py:4 in main\n- `total` = `150.0`, `tax` = `0.0`"),
            "{log}"
        );
        assert!(log.contains("- `total * 2` = `300.0`"), "{log}");
        assert!(
            log.contains("- **evaluation_failed**: NameError: nope"),
            "{log}"
        );
        assert!(!log.contains("Other"), "another session's calls stay out");
        assert!(render(&history(), "s9").contains("No call of this session"));
    }
}
