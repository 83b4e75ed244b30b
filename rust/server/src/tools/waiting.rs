//! A call that waits (for a stop, for the end of a run) while the client watches: it
//! reports progress at least once a second to a client that asked for it (a request
//! with a `progressToken`: elapsed time, the session's state, the hits so far, the last
//! line of output), and it ends at once, leaving the session as it is, when the client
//! cancels the call. The MCP layer says how progress reaches the client
//! ([`crate::app::Progress`]) and when the call is cancelled; every wait of the tools
//! goes through [`wait`], for at most [`wait_time`].

use crate::app::Call;
use crate::tracker::WaitOutcome;
use debugger_core::ToolResult;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// Default wait of execution-control tools.
pub const DEFAULT_WAIT: Duration = Duration::from_secs(30);
/// Longest wait a caller may ask for.
pub const MAX_WAIT: Duration = Duration::from_secs(600);

/// The wait a call asked for, clamped to [`MAX_WAIT`]. Clamped before it becomes a
/// `Duration`: `Duration::from_secs_f64` panics above `u64::MAX` seconds (2e19), and
/// the task that panicked never answered.
pub fn wait_time(timeout: Option<f64>) -> Duration {
    match timeout {
        Some(seconds) if seconds.is_finite() && seconds > 0.0 => {
            Duration::from_secs_f64(seconds.min(MAX_WAIT.as_secs_f64()))
        }
        Some(_) => MAX_WAIT,
        None => DEFAULT_WAIT,
    }
}

/// Wait for the stop after a resume-like request; the request is sent by `send`.
pub async fn resume_and_wait<F, Fut>(
    call: &Call<'_>,
    session: &str,
    timeout: Duration,
    send: F,
) -> ToolResult<WaitOutcome>
where
    F: FnOnce() -> Fut,
    Fut: std::future::Future<Output = ToolResult<()>>,
{
    let tracker = &call.app.tracker;
    let generation = tracker.begin_resume(session)?;
    if let Err(err) = send().await {
        tracker.abort_resume(session, generation);
        return Err(err);
    }
    wait_unless_busy(call, session, generation, timeout).await
}

/// How often a waiting call reports.
pub const PROGRESS_EVERY: Duration = Duration::from_secs(1);
/// The longest output line a report quotes.
const OUTPUT_LINE_CAP: usize = 200;

/// How often a wait after a resume asks whether the program is busy.
const BUSY_POLL: Duration = Duration::from_millis(250);

/// Wait as [`crate::tracker::Tracker::wait_for_stop`] does, reporting progress every
/// [`PROGRESS_EVERY`] to a client that asked, and ending with `cancelled` as soon as the
/// client cancels the call.
pub async fn wait(
    call: &Call<'_>,
    session: &str,
    after: u64,
    timeout: Duration,
) -> ToolResult<WaitOutcome> {
    wait_polling(call, session, after, timeout, false).await
}

/// [`wait`], but a program stuck where it cannot stop (breakpoint code, C code) is
/// answered for at once (`TimedOut`, the backend knows it is busy) rather than waited for.
pub async fn wait_unless_busy(
    call: &Call<'_>,
    session: &str,
    after: u64,
    timeout: Duration,
) -> ToolResult<WaitOutcome> {
    wait_polling(call, session, after, timeout, true).await
}

async fn wait_polling(
    call: &Call<'_>,
    session: &str,
    after: u64,
    timeout: Duration,
    until_busy: bool,
) -> ToolResult<WaitOutcome> {
    let waiting = call.waiting;
    if waiting.cancelled.is_cancelled() {
        return Err(waiting.cancelled_error(session));
    }
    let outcome = call.app.tracker.wait_for_stop(session, after, timeout);
    tokio::pin!(outcome);
    let mut ticks =
        tokio::time::interval_at(tokio::time::Instant::now() + PROGRESS_EVERY, PROGRESS_EVERY);
    let mut busy_checks =
        tokio::time::interval_at(tokio::time::Instant::now() + BUSY_POLL, BUSY_POLL);
    let mut sending: Option<std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send + '_>>> =
        None;
    loop {
        tokio::select! {
            outcome = &mut outcome => return Ok(outcome),
            () = waiting.cancelled.cancelled() => return Err(waiting.cancelled_error(session)),
            // A report the transport holds up (a stream the client closed) never holds
            // up the wait: the next tick replaces it.
            () = async { sending.as_mut().expect("guarded").await }, if sending.is_some() => {
                sending = None;
            }
            _ = busy_checks.tick(), if until_busy => {
                if call.app.backend.busy(session).is_some() {
                    return Ok(WaitOutcome::TimedOut);
                }
            }
            _ = ticks.tick(), if waiting.progress.is_some() => {
                if let Some(progress) = &waiting.progress {
                    let elapsed = waiting.started.elapsed().as_secs_f64();
                    sending = Some(progress.report(elapsed, report(call, session, elapsed)));
                }
            }
        }
    }
}

/// A report's text: elapsed time, state, hits, the last line of output.
fn report(call: &Call<'_>, session: &str, elapsed: f64) -> String {
    let hits = call.waiting.hits.load(Ordering::Relaxed);
    let Ok(record) = call.app.tracker.get(session) else {
        return format!("{elapsed:.0} s waited; session '{session}'; {hits} hits");
    };
    let state = serde_json::to_value(record.state)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default();
    let mut text = format!("{elapsed:.0} s waited; session '{session}' {state}; {hits} hits");
    let output = record.output_total.text();
    if let Some(line) = output.lines().rev().find(|line| !line.trim().is_empty()) {
        let line: String = line.chars().take(OUTPUT_LINE_CAP).collect();
        text.push_str(&format!("; last output: {line}"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_wait_is_bounded_whatever_the_caller_asked() {
        assert_eq!(wait_time(None), DEFAULT_WAIT);
        assert_eq!(wait_time(Some(1.5)), Duration::from_millis(1500));
        for huge in [601.0, 2e19, 1e308, 18446744073709551616.0, f64::MAX] {
            assert_eq!(wait_time(Some(huge)), MAX_WAIT, "{huge}");
        }
        for odd in [f64::NAN, f64::INFINITY, -1.0, 0.0] {
            assert!(wait_time(Some(odd)) <= MAX_WAIT, "{odd}");
        }
    }
}
