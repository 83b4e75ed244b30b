//! A session's program that cannot answer: what it is doing ([`Session::busy`], from
//! the shim's activity file, a hung evaluation, or requests it leaves unanswered while
//! it burns a CPU), the error requests get meanwhile, and why breakpoint code the
//! runtime guard refused did not decide a stop.

use super::{lock, Session, BUSY_AFTER, SILENT_AFTER, SPINNING};
use crate::adapter::profile::CodeStop;
use crate::tree;
use debugger_core::error::{ErrorCode, ToolError, ToolResult};
use std::time::{Duration, Instant, SystemTime};

/// The shortest time CPU use is measured over.
const SPIN_WINDOW: Duration = Duration::from_millis(400);
/// How long a verdict on CPU use stands without a new measure.
const VERDICT_LIFE: Duration = Duration::from_secs(2);

/// The debuggee's CPU as last seen: a sample (when, CPU time used) and the last
/// verdict on whether it spins (when, verdict).
#[derive(Default)]
pub(super) struct CpuWatch {
    sample: Option<(Instant, Duration)>,
    verdict: Option<(Instant, bool)>,
}

impl Session {
    /// What the program is doing while it cannot answer: an evaluation that outlived
    /// its timeout, breakpoint code running for [`BUSY_AFTER`] (the shim says which),
    /// or a request it left unanswered past its timeout, or for [`SILENT_AFTER`] while
    /// burning a CPU (C code holding the interpreter lock). `None` while it answers.
    pub fn busy(&self) -> Option<String> {
        if self.is_ended() {
            return None;
        }
        self.doing()
    }

    /// [`Session::busy`], also while the session ends.
    pub(super) fn doing(&self) -> Option<String> {
        if let Some(hung) = &*lock(&self.hung_evaluation) {
            return Some(format!(
                "evaluating `{}` for {} s",
                hung.expression,
                hung.since.elapsed().as_secs()
            ));
        }
        let running = self
            .activity
            .as_ref()
            .zip(self.adapter.shim())
            .and_then(|((_, file), shim)| (shim.read_activity)(file).running);
        if let Some((label, since)) = running {
            let age = SystemTime::now().duration_since(since).unwrap_or_default();
            if age >= BUSY_AFTER {
                return Some(format!("evaluating {label} for {} s", age.as_secs()));
            }
        }
        let (command, age) = self
            .client
            .pending()
            .into_iter()
            .filter(|(command, _)| !matches!(command.as_str(), "launch" | "attach" | "disconnect"))
            .max_by_key(|(_, age)| *age)?;
        let stuck =
            age >= self.shared.request_timeout() || (age >= SILENT_AFTER && self.spinning());
        stuck.then(|| {
            format!(
                "not answering: its debugger has not answered `{command}` for {:.0} s (the \
                 program is running code that holds the interpreter, C code or breakpoint code)",
                age.as_secs_f64()
            )
        })
    }

    /// Whether the debuggee burns most of a CPU: measured since the last sample (taken
    /// by a request that waited), once that is long enough ago; else the last verdict,
    /// while it is fresh. False where its CPU time cannot be read.
    fn spinning(&self) -> bool {
        let Some(pid) = lock(&self.state).debuggee_pid else {
            return false;
        };
        let Some(now) = tree::cpu_time(pid) else {
            return false;
        };
        let mut cpu = lock(&self.cpu);
        let Some((at, before)) = cpu.sample else {
            return false;
        };
        let elapsed = at.elapsed();
        if elapsed >= SPIN_WINDOW {
            let burned = now.saturating_sub(before).as_secs_f64();
            cpu.verdict = Some((Instant::now(), burned >= SPINNING * elapsed.as_secs_f64()));
        }
        cpu.verdict
            .is_some_and(|(when, spinning)| spinning && when.elapsed() < VERDICT_LIFE)
    }

    /// Take a CPU sample of the debuggee now (a request is going out).
    pub(super) fn sample_cpu(&self) {
        let pid = lock(&self.state).debuggee_pid;
        if let Some(now) = pid.and_then(tree::cpu_time) {
            lock(&self.cpu).sample = Some((Instant::now(), now));
        }
    }

    /// The error of a request the busy program cannot answer (an evaluation that
    /// outlived its timeout keeps its own code).
    pub(super) fn busy_error(&self, doing: &str) -> ToolError {
        let code = if lock(&self.hung_evaluation).is_some() {
            ErrorCode::EvaluationRunning
        } else {
            ErrorCode::Busy
        };
        ToolError::new(
            code,
            format!(
                "The program is busy: {doing}. It answers nothing else until that ends. Wait \
                 and retry, call pause (it takes effect when that ends), or stop_debug_session."
            ),
        )
        .with_detail("busy", doing)
    }

    pub(super) fn not_busy(&self) -> ToolResult<()> {
        match self.busy() {
            Some(doing) => Err(self.busy_error(&doing)),
            None => Ok(()),
        }
    }

    /// Why breakpoint code of one of `hits` did not decide since the last resume: the
    /// guard refused it, or it failed (the program stopped there instead).
    pub(super) fn refused_code(&self, hits: &[String]) -> Option<String> {
        let (_, file) = self.activity.as_ref()?;
        let (when, label, reason) = (self.adapter.shim()?.read_activity)(file).refused?;
        let resumed = lock(&self.state).resumed_at;
        let ours = hits.iter().any(|id| label.ends_with(&format!(" of {id}")));
        (when >= resumed && ours).then(|| match reason {
            CodeStop::OverBudget(reason) => format!(
                "{label} was stopped by the side-effect guard after it {reason}, so the \
                 program stopped here instead; what it ran until then was reads the guard had \
                 cleared, and what it made has been freed."
            ),
            CodeStop::OutOfTime(reason) => format!(
                "{label} was stopped by its time budget after it {reason}, so the program \
                 stopped here instead; it ran unguarded (its side effects were agreed to), so \
                 what it did until then stays done."
            ),
            CodeStop::Refused(reason) => format!(
                "{label} was not run: the side-effect guard stopped it (it {reason}), so the \
                 program stopped here instead; code that reads variables and calls builtins \
                 runs."
            ),
            CodeStop::Failed(error) => format!(
                "{label} failed ({error}), so the program stopped here instead; later hits \
                 where it fails the same way do not stop, and are counted at the next stop."
            ),
        })
    }

    /// What failing conditions did since they were last told: the hits where each
    /// failed again without stopping (the first failure stopped and said so).
    pub(super) fn condition_failures(&self) -> Option<String> {
        let (_, file) = self.activity.as_ref()?;
        let failing = (self.adapter.shim()?.read_activity)(file).failing;
        let mut st = lock(&self.state);
        let told: Vec<String> = failing
            .into_iter()
            .filter(|failure| {
                let last = st.failures_told.insert(failure.label.clone(), failure.hits);
                failure.hits > 1 && last != Some(failure.hits)
            })
            .map(|failure| {
                format!(
                    "{} failed ({}) at {} hits so far; only the first stopped.",
                    failure.label, failure.error, failure.hits
                )
            })
            .collect();
        (!told.is_empty()).then(|| told.join(" "))
    }
}
