//! Where a call's time goes, for `bench --breakdown`: a process-wide recorder of
//! timed marks (each DAP request from sending to its answer, the arrival of the
//! adapter events a call waits for, the tool's own span) and the arithmetic that
//! splits a call into parts that add up to its whole. Off unless [`enable`]d; then
//! [`record`] costs one relaxed atomic load.
//!
//! The marks of calls running at the same time are not told apart: the benchmark
//! makes one call at a time.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The environment variable that turns recording on in a server (`1`), which then
/// hands each tool call's marks back in its answer.
pub const ENV: &str = "JETBRAINS_DEBUGGER_PROFILE_CALLS";

static ON: AtomicBool = AtomicBool::new(false);
static MARKS: Mutex<Vec<(String, Instant, Instant)>> = Mutex::new(Vec::new());

/// A DAP request, from sending it to its answer: `dap:<command>`.
pub const REQUEST: &str = "dap:";
/// An adapter event a call may wait for, at its arrival (`from == to`): `event:<name>`.
pub const EVENT: &str = "event:";
/// The adapter's output ending (its exit), as an event.
pub const STREAM_END: &str = "event:end of stream";
/// The adapter events that end a wait (others are not recorded).
pub const AWAITED_EVENTS: [&str; 4] = ["initialized", "stopped", "terminated", "exited"];

/// Start recording, for the rest of the process.
pub fn enable() {
    ON.store(true, Ordering::Relaxed);
}

/// Whether marks are recorded.
pub fn enabled() -> bool {
    ON.load(Ordering::Relaxed)
}

fn marks() -> std::sync::MutexGuard<'static, Vec<(String, Instant, Instant)>> {
    MARKS.lock().unwrap_or_else(|p| p.into_inner())
}

/// Record that `name` ran from `from` to now (when recording).
pub fn record(name: impl FnOnce() -> String, from: Instant) {
    if enabled() {
        let to = Instant::now();
        marks().push((name(), from, to));
    }
}

/// Record an instant (when recording).
pub fn mark(name: impl FnOnce() -> String) {
    if enabled() {
        let now = Instant::now();
        marks().push((name(), now, now));
    }
}

/// Forget what was recorded (what ran between calls is no call's).
pub fn clear() {
    if enabled() {
        marks().clear();
    }
}

/// One recorded mark, in microseconds from the start of the window it was taken for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mark {
    pub name: String,
    pub from_us: i64,
    pub to_us: i64,
}

fn offset_us(at: Instant, origin: Instant) -> i64 {
    match at.checked_duration_since(origin) {
        Some(after) => after.as_micros() as i64,
        None => -(origin.duration_since(at).as_micros() as i64),
    }
}

/// The marks recorded so far, relative to `origin`, oldest first; the recorder is
/// emptied.
pub fn take_since(origin: Instant) -> Vec<Mark> {
    std::mem::take(&mut *marks())
        .into_iter()
        .map(|(name, from, to)| Mark {
            name,
            from_us: offset_us(from, origin),
            to_us: offset_us(to, origin),
        })
        .collect()
}

/// One call split into parts that add up to `total`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Breakdown {
    /// The adapter's time: the union of the window's DAP requests (sent to answered)
    /// and of its waits for an awaited event (the last answer before it to its arrival).
    pub adapter: Duration,
    /// The rest of the window.
    pub outside: Duration,
    /// Per request `dap:<command>` and per wait `wait:<event>`: summed time and count,
    /// by name (these may overlap one another; [`Self::adapter`] counts overlaps once).
    pub parts: Vec<(String, Duration, usize)>,
}

/// Split the window `[0, window_us]` of `marks` (see [`Mark`]).
pub fn breakdown(window_us: i64, marks: &[Mark]) -> Breakdown {
    let clip = |us: i64| us.clamp(0, window_us);
    let requests: Vec<&Mark> = marks
        .iter()
        .filter(|m| m.name.starts_with(REQUEST))
        .collect();
    let mut spans: Vec<(String, i64, i64)> = requests
        .iter()
        .map(|m| (m.name.clone(), m.from_us, m.to_us))
        .collect();
    for event in marks.iter().filter(|m| m.name.starts_with(EVENT)) {
        let last_answer = requests
            .iter()
            .map(|r| r.to_us)
            .filter(|answered| *answered <= event.from_us)
            .max();
        if let Some(from) = last_answer {
            let what = event.name.trim_start_matches(EVENT);
            spans.push((format!("wait:{what}"), from, event.from_us));
        }
    }
    let mut clipped: Vec<(i64, i64)> = spans
        .iter()
        .map(|(_, from, to)| (clip(*from), clip(*to)))
        .filter(|(from, to)| to > from)
        .collect();
    clipped.sort_unstable();
    let (mut adapter_us, mut reach) = (0, 0);
    for (from, to) in clipped {
        let from = from.max(reach);
        if to > from {
            adapter_us += to - from;
            reach = to;
        }
    }
    let mut parts: Vec<(String, Duration, usize)> = Vec::new();
    for (name, from, to) in spans {
        let took = Duration::from_micros((clip(to) - clip(from)).max(0) as u64);
        match parts.iter_mut().find(|(n, ..)| *n == name) {
            Some((_, sum, count)) => {
                *sum += took;
                *count += 1;
            }
            None => parts.push((name, took, 1)),
        }
    }
    let us = |v: i64| Duration::from_micros(v.max(0) as u64);
    Breakdown {
        adapter: us(adapter_us),
        outside: us(window_us - adapter_us),
        parts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(name: &str, from_us: i64, to_us: i64) -> Mark {
        Mark {
            name: name.into(),
            from_us,
            to_us,
        }
    }

    #[test]
    fn marks_are_recorded_only_when_enabled_and_taken_relative_to_the_origin() {
        // The one test that touches the process-wide recorder (tests run in parallel).
        let origin = Instant::now();
        record(|| "dap:off".into(), origin);
        assert!(take_since(origin).is_empty(), "recorded while off");
        enable();
        let sent = Instant::now();
        std::thread::sleep(Duration::from_millis(2));
        record(|| "dap:next".into(), sent);
        mark(|| "event:stopped".into());
        let marks = take_since(origin);
        assert_eq!(marks.len(), 2, "{marks:?}");
        assert_eq!(marks[0].name, "dap:next");
        assert!(marks[0].to_us - marks[0].from_us >= 2_000, "{marks:?}");
        assert!(marks[0].from_us >= 0 && marks[1].from_us >= marks[0].to_us);
        assert_eq!(marks[1].from_us, marks[1].to_us);
        assert!(take_since(origin).is_empty(), "taking empties the recorder");
        let later = Instant::now() + Duration::from_millis(5);
        mark(|| "event:exited".into());
        assert!(
            take_since(later)[0].from_us < 0,
            "before the origin is negative"
        );
        clear();
    }

    #[test]
    fn the_parts_add_up_and_overlaps_count_once() {
        // A step: `next` answered at 3 ms, the stop arrives at 9 ms, two requests
        // overlap after it; the window is 12 ms.
        let marks = [
            at("dap:next", 1_000, 3_000),
            at("event:stopped", 9_000, 9_000),
            at("dap:threads", 9_500, 10_500),
            at("dap:stackTrace", 10_000, 11_000),
        ];
        let b = breakdown(12_000, &marks);
        // next 2 + wait 6 + [9.5, 11] 1.5 = 9.5 ms.
        assert_eq!(b.adapter, Duration::from_micros(9_500));
        assert_eq!(b.adapter + b.outside, Duration::from_millis(12));
        let part = |name: &str| b.parts.iter().find(|(n, ..)| n == name).cloned();
        assert_eq!(
            part("wait:stopped"),
            Some(("wait:stopped".into(), Duration::from_millis(6), 1))
        );
        assert_eq!(
            part("dap:threads"),
            Some(("dap:threads".into(), Duration::from_millis(1), 1))
        );
    }

    #[test]
    fn marks_outside_the_window_are_clipped_and_a_wait_needs_an_answer_before_it() {
        let marks = [
            // Answered before the window: only its last millisecond falls inside.
            at("dap:evaluate", -4_000, 1_000),
            at("dap:evaluate", 2_000, 3_000),
            at("dap:disconnect", 4_000, 20_000),
            // No request answered before it: no wait.
            at("event:initialized", -5_000, -5_000),
        ];
        let b = breakdown(10_000, &marks);
        assert_eq!(b.adapter, Duration::from_millis(1 + 1 + 6));
        assert_eq!(b.outside, Duration::from_millis(2));
        assert!(b.parts.iter().all(|(n, ..)| !n.starts_with("wait:")));
        let evaluates = b.parts.iter().find(|(n, ..)| n == "dap:evaluate").unwrap();
        assert_eq!((evaluates.1, evaluates.2), (Duration::from_millis(2), 2));
        assert_eq!(breakdown(5_000, &[]).outside, Duration::from_millis(5));
    }
}
