//! `trace_execution`: how values evolve, in one call. Probes are
//! breakpoints the trace sets for itself; at each hit it evaluates the probe's
//! expressions (under the side-effect policy of `evaluate` without
//! `allow_side_effects`), records them, and resumes at once, until the program ends,
//! the hit budget is spent, the timeout passes, or the program stops somewhere that is
//! not a probe (a breakpoint of the user's, an exception): then it leaves the program
//! where it is and says so. The probes' breakpoints are removed whatever happens; a
//! probe on a line that already had a breakpoint uses it and leaves it in place.

use super::breakpoints::{self, SetBreakpoint};
use super::evaluation::{self, EvaluateParams};
use super::resolve::{self, Target};
use super::sessions::{self, StartSession};
use super::source_lines;
use super::waiting;
use crate::app::Call;
use crate::lenient;
use crate::tracker::{StopInfo, WaitOutcome};
use debugger_core::model::{Project, SessionState};
use debugger_core::{ToolError, ToolResult};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// Most probes in one trace.
const MAX_PROBES: usize = 20;
/// Most expressions per probe.
const MAX_EXPRESSIONS: usize = 10;
/// Hits recorded when the call sets no budget.
const DEFAULT_HITS: u32 = 100;
/// The largest budget a call may set.
const MAX_HITS: u32 = 10_000;
/// Output kept in the answer (its tail).
const OUTPUT_TAIL: usize = 2_000;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct Probe {
    pub file_path: String,
    #[serde(deserialize_with = "lenient::u32_value")]
    #[schemars(range(min = 1))]
    pub line: u32,
    pub expressions: Vec<String>,
    #[serde(default)]
    pub condition: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_u32")]
    pub max_hits: Option<u32>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct TraceParams {
    #[serde(flatten)]
    pub target: Target,
    #[serde(default)]
    pub configuration_name: Option<String>,
    pub probes: Vec<Probe>,
    /// Hits to record in all (default 100).
    #[serde(default, deserialize_with = "lenient::opt_u32")]
    pub max_hits: Option<u32>,
    #[serde(default, deserialize_with = "lenient::opt_timeout")]
    pub timeout: Option<f64>,
}

/// One recorded hit.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Hit {
    /// Index of the probe in the call's `probes`.
    pub probe: usize,
    /// The probe's hit number, from 1.
    pub hit: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thread: Option<String>,
    /// Expression → value.
    pub values: BTreeMap<String, String>,
    /// Expression → why it has no value.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub errors: BTreeMap<String, String>,
    /// The probe's condition did not decide this hit: the side-effect guard refused it, or
    /// stopped it over its budget, and the program stopped here instead (why).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub condition_refused: Option<String>,
    /// Milliseconds since the trace began.
    pub ms: u64,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Trace {
    pub session_id: String,
    /// Why the trace ended: `program_ended`, `hit_budget`, `timeout`, or `paused_elsewhere`
    /// (a stop that is not a probe: the program is left there).
    pub ended: String,
    pub state: SessionState,
    pub hits: Vec<Hit>,
    /// Probes (indexes) never reached.
    pub never_hit: Vec<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exit_code: Option<i32>,
    /// The program's output (tail).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
    pub message: String,
}

/// A probe's breakpoint: its id, and whether the trace made it (and must remove it).
struct Placed {
    id: String,
    owned: bool,
}

fn validate(p: &TraceParams) -> ToolResult<()> {
    if p.probes.is_empty() || p.probes.len() > MAX_PROBES {
        return Err(ToolError::invalid_params(format!(
            "'probes' must hold 1 to {MAX_PROBES} probes; got {}.",
            p.probes.len()
        )));
    }
    for (i, probe) in p.probes.iter().enumerate() {
        if probe.expressions.is_empty() || probe.expressions.len() > MAX_EXPRESSIONS {
            return Err(ToolError::invalid_params(format!(
                "probes[{i}].expressions must hold 1 to {MAX_EXPRESSIONS} expressions."
            )));
        }
        if probe.expressions.iter().any(|e| e.trim().is_empty()) {
            return Err(ToolError::invalid_params(format!(
                "probes[{i}].expressions: an expression is empty."
            )));
        }
        if probe.max_hits == Some(0) {
            return Err(ToolError::invalid_params(format!(
                "probes[{i}].max_hits must be at least 1."
            )));
        }
    }
    match p.max_hits {
        Some(0) => Err(ToolError::invalid_params("'max_hits' must be at least 1.")),
        Some(n) if n > MAX_HITS => Err(ToolError::invalid_params(format!(
            "'max_hits' is at most {MAX_HITS}; got {n}."
        ))),
        _ => Ok(()),
    }
}

pub async fn trace_execution(call: &Call<'_>, p: TraceParams) -> ToolResult<Trace> {
    validate(&p)?;
    let project =
        resolve::project_of(call, p.target.project_path.as_deref(), p.target.named()).await?;
    // Every probe's place is checked before anything is set.
    for (i, probe) in p.probes.iter().enumerate() {
        let file = resolve::file_in(&project, &probe.file_path)
            .map_err(|e| ToolError::new(e.code, format!("probes[{i}]: {}", e.message)))?;
        source_lines::check_code_line(&file, probe.line)
            .await
            .map_err(|e| ToolError::new(e.code, format!("probes[{i}]: {}", e.message)))?;
    }
    if p.configuration_name.is_none() {
        resolve::live_session(call, &project, p.target.session_id.as_deref())?;
    }
    let mut placed = Vec::with_capacity(p.probes.len());
    let traced = async {
        for probe in &p.probes {
            placed.push(place(call, &project, probe).await?);
        }
        run(call, &project, &p, &placed).await
    }
    .await;
    for probe in placed.iter().filter(|probe| probe.owned) {
        if let Err(err) = call
            .app
            .backend
            .remove_breakpoint(&project, &probe.id)
            .await
        {
            tracing::warn!(id = %probe.id, %err, "could not remove a trace probe's breakpoint");
        }
    }
    traced
}

async fn place(call: &Call<'_>, project: &Project, probe: &Probe) -> ToolResult<Placed> {
    let set = breakpoints::set_breakpoint(
        call,
        SetBreakpoint {
            project_path: Some(project.path.display().to_string()),
            file_path: Some(probe.file_path.clone()),
            line: Some(probe.line),
            function: None,
            watch: None,
            condition: probe.condition.clone(),
            log_message: None,
            suspend_policy: None,
            enabled: None,
            temporary: None,
        },
    )
    .await?;
    Ok(Placed {
        owned: set.status == "set",
        id: set.breakpoint_id,
    })
}

/// Launch or take the session, then record hits until one of the ends.
async fn run(
    call: &Call<'_>,
    project: &Project,
    p: &TraceParams,
    placed: &[Placed],
) -> ToolResult<Trace> {
    let began = Instant::now();
    let deadline = began + waiting::wait_time(p.timeout);
    let budget = p.max_hits.unwrap_or(DEFAULT_HITS);
    let tracker = &call.app.tracker;
    // A launched session's first stop may already be a probe; a traced one's current
    // stop is where the agent stands, not a hit.
    let (session, mut skip_generation) = match &p.configuration_name {
        Some(configuration) => {
            let started = sessions::start_debug_session(
                call,
                StartSession {
                    project_path: Some(project.path.display().to_string()),
                    configuration_name: Some(configuration.clone()),
                    file_path: None,
                    line: None,
                    test: None,
                    wait_for_pause: Some(true),
                    timeout: Some(remaining(deadline).as_secs_f64().max(0.001)),
                    include_variables: None,
                    // A crash during the trace stops there: `paused_elsewhere`.
                    break_on_uncaught: None,
                    overrides: None,
                    restart: None,
                },
            )
            .await?;
            (started.session_id, None)
        }
        None => {
            let record = resolve::live_session(call, project, p.target.session_id.as_deref())?;
            let generation =
                (record.state == SessionState::Paused).then_some(record.stop_generation);
            (record.descriptor.id, generation)
        }
    };
    let mut hits: Vec<Hit> = vec![];
    let mut per_probe = vec![0u32; p.probes.len()];
    let ended = loop {
        let record = tracker.get(&session)?;
        if !record.is_live() {
            break "program_ended";
        }
        if record.state == SessionState::Paused && skip_generation != Some(record.stop_generation) {
            let stop = record
                .last_stop
                .clone()
                .unwrap_or_else(|| unreachable_stop(&record));
            let reached: Vec<usize> = placed
                .iter()
                .enumerate()
                .filter(|(i, probe)| {
                    stop.hit_breakpoints.contains(&probe.id)
                        && per_probe[*i] < p.probes[*i].max_hits.unwrap_or(u32::MAX)
                })
                .map(|(i, _)| i)
                .collect();
            if reached.is_empty() {
                break "paused_elsewhere";
            }
            for i in reached {
                if hits.len() as u32 >= budget {
                    break;
                }
                per_probe[i] += 1;
                call.waiting.hit();
                let mut hit = record_hit(
                    call,
                    &session,
                    i,
                    per_probe[i],
                    &p.probes[i],
                    stop.thread_id.clone(),
                    began,
                )
                .await;
                hit.condition_refused = condition_refused(&stop, &placed[i].id);
                hits.push(hit);
                if Some(per_probe[i]) == p.probes[i].max_hits && placed[i].owned {
                    // Done with this probe: the program need not stop there again.
                    call.app
                        .backend
                        .remove_breakpoint(project, &placed[i].id)
                        .await?;
                }
            }
            if hits.len() as u32 >= budget {
                break "hit_budget";
            }
        }
        skip_generation = None;
        let left = remaining(deadline);
        if left.is_zero() {
            break "timeout";
        }
        let outcome = if record.state == SessionState::Paused {
            waiting::resume_and_wait(call, &session, left, || call.app.backend.resume(&session))
                .await?
        } else {
            super::waiting::wait(call, &session, record.stop_generation, left).await?
        };
        if outcome == WaitOutcome::TimedOut {
            break "timeout";
        }
    };
    let record = tracker.get(&session)?;
    let never_hit = (0..p.probes.len()).filter(|i| per_probe[*i] == 0).collect();
    let output = record.output_total.text();
    let tail = output
        .char_indices()
        .rev()
        .nth(OUTPUT_TAIL)
        .map_or(output, |(cut, _)| &output[cut..]);
    Ok(Trace {
        message: format!(
            "{} hits recorded; the trace ended: {} (the session is {}).",
            hits.len(),
            ended.replace('_', " "),
            serde_json::to_value(record.state)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default()
        ),
        session_id: session,
        ended: ended.into(),
        state: record.state,
        hits,
        never_hit,
        exit_code: record.exit_code,
        output: Some(tail.to_string()).filter(|t| !t.is_empty()),
    })
}

fn remaining(deadline: Instant) -> Duration {
    deadline.saturating_duration_since(Instant::now())
}

/// A paused record always has its stop; this stands in should that ever break.
fn unreachable_stop(record: &crate::tracker::SessionRecord) -> crate::tracker::StopInfo {
    crate::tracker::StopInfo {
        generation: record.stop_generation,
        thread_id: None,
        reason: debugger_core::model::StopReason::Other,
        hit_breakpoints: vec![],
        exception: None,
        description: None,
        detail: None,
    }
}

/// Evaluate a probe's expressions at the current stop (without side effects).
async fn record_hit(
    call: &Call<'_>,
    session: &str,
    probe: usize,
    hit: u32,
    spec: &Probe,
    thread: Option<String>,
    began: Instant,
) -> Hit {
    let mut values = BTreeMap::new();
    let mut errors = BTreeMap::new();
    for expression in &spec.expressions {
        let params = EvaluateParams {
            target: Target {
                project_path: None,
                session_id: Some(session.to_string()),
            },
            expression: expression.clone(),
            frame_index: Some(0),
            allow_side_effects: Some(false),
        };
        match evaluation::evaluate(call, params).await {
            Ok(answer) => values.insert(expression.clone(), answer.result.value),
            Err(err) => errors.insert(expression.clone(), err.message),
        };
    }
    Hit {
        probe,
        hit,
        thread,
        values,
        errors,
        condition_refused: None,
        ms: began.elapsed().as_millis() as u64,
    }
}

/// Why `stop` at probe `id` was not its condition's doing: the session says so in the
/// stop's description when the guard refused the condition (the program stops there
/// rather than judge it), before it ran or after it ran over its budget.
fn condition_refused(stop: &StopInfo, id: &str) -> Option<String> {
    let label = format!("the condition of {id} ");
    stop.description
        .as_ref()
        .filter(|description| {
            description.strip_prefix(&label).is_some_and(|rest| {
                rest.starts_with("was not run")
                    || rest.starts_with("was stopped by the side-effect guard")
                    || rest.starts_with("was stopped by its time budget")
            })
        })
        .cloned()
}
