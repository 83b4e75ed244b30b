//! `bench --breakdown`: an agent's workflow (start to the first stop, the locals,
//! five step_overs, five evaluates, the stack, stop) run whole by raw DAP and by this
//! binary over stdio and over HTTP, the three taking turns run by run so that the
//! machine's load falls on all alike, with a pause after each run; then where each
//! call's time went. Raw DAP and the server alike launch with an adapter started ahead.
//!
//! Each call splits into parts that add up to what its client measured: the MCP
//! layer (the client's time outside the server's tool handler: transport, JSON-RPC,
//! (de)serialisation, schema work), the adapter (the union of the DAP requests'
//! times, sent to answered, and of the waits for the events that end them, such as
//! a step's `stopped`) and the rest of the server's work (guard, backend logic,
//! composing the answer, history, cleanup: what remains). For raw DAP the whole call
//! is the bench's own client: adapter and rest, no MCP layer. Last, what the runtime
//! guard costs each expression in raw DAP, as written against guarded.

use super::{ms, percentile, BenchArgs, BenchProject, Side, Timed, START, STOP};
use crate::mcp::{PROFILE_META, TOOL_MARK};
use anyhow::{Context, Result};
use debugger_core::profile::{breakdown, Breakdown, Mark};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::time::Duration;

/// The server's (or the raw client's) account of one call.
#[derive(Debug, Clone)]
pub struct CallProfile {
    /// As the client measured it.
    pub client: Duration,
    /// In the server's tool handler (for raw DAP: the whole call).
    pub handler: Duration,
    /// The handler's time outside the tool itself (routing, history, answer).
    pub around_tool: Duration,
    pub split: Breakdown,
}

impl CallProfile {
    /// The profile in an answer's `_meta`, if the server made one.
    pub fn from_meta(meta: &Value, client: Duration) -> Option<Self> {
        let profile = meta.get(PROFILE_META)?;
        let handler_us = profile["handler_us"].as_i64()?;
        let marks: Vec<Mark> = profile["marks"]
            .as_array()?
            .iter()
            .filter_map(|m| {
                Some(Mark {
                    name: m.get(0)?.as_str()?.to_string(),
                    from_us: m.get(1)?.as_i64()?,
                    to_us: m.get(2)?.as_i64()?,
                })
            })
            .collect();
        let tool_us = marks
            .iter()
            .find(|m| m.name == TOOL_MARK)
            .map_or(handler_us, |m| m.to_us - m.from_us);
        Some(Self {
            client,
            handler: Duration::from_micros(handler_us.max(0) as u64),
            around_tool: Duration::from_micros((handler_us - tool_us).max(0) as u64),
            split: breakdown(handler_us, &marks),
        })
    }

    /// A raw DAP call of `client`, from the marks recorded meanwhile.
    pub fn raw(client: Duration, marks: Vec<Mark>) -> Self {
        Self {
            client,
            handler: client,
            around_tool: Duration::ZERO,
            split: breakdown(client.as_micros() as i64, &marks),
        }
    }

    /// The columns of the breakdown, adding up to the first.
    pub fn columns(&self) -> [Duration; 4] {
        [
            self.client,
            self.client.saturating_sub(self.handler),
            self.split.adapter,
            self.split.outside,
        ]
    }
}

/// The pause after each run, untimed: the adapter a side started ahead finishes
/// starting before the next side runs, so that no side's start pays for another's.
const SETTLE: Duration = Duration::from_secs(1);

/// The step_overs of the workflow, after which it evaluates.
const STEPS: usize = 5;
/// What the workflow evaluates, paused on `for i in range(n)` after the steps with
/// total, i and label set: a name, arithmetic, a method call, builtin calls.
const EXPRESSIONS: [&str; 5] = [
    "total",
    "total + i",
    "label.upper()",
    "len(label)",
    "abs(total - i)",
];

/// One call of the workflow: the row it is reported under, the tool, its arguments.
fn workflow() -> Vec<(&'static str, &'static str, Value)> {
    let mut calls = vec![
        ("start", START, json!({"configuration_name": "bench"})),
        ("locals", "get_variables", json!({})),
    ];
    calls.extend((0..STEPS).map(|_| ("step_over", "step_over", json!({}))));
    calls.extend(
        EXPRESSIONS.map(|expression| ("evaluate", "evaluate", json!({"expression": expression}))),
    );
    calls.push(("stack", "get_stack_trace", json!({})));
    calls.push(("stop", STOP, json!({})));
    calls
}

/// The rows of the workflow table: one per kind of call, in order.
const ROWS: [(&str, usize); 6] = [
    ("start", 1),
    ("locals", 1),
    ("step_over", STEPS),
    ("evaluate", EXPRESSIONS.len()),
    ("stack", 1),
    ("stop", 1),
];

/// What one side measured: per row, each run's total, and each call's profile.
#[derive(Default)]
struct Measured {
    per_run: BTreeMap<&'static str, Vec<Duration>>,
    calls: BTreeMap<&'static str, Vec<CallProfile>>,
}

async fn one_run(side: &mut Side, keep: Option<&mut Measured>) -> Result<()> {
    let mut totals: BTreeMap<&'static str, Duration> = BTreeMap::new();
    let mut profiles: Vec<(&'static str, CallProfile)> = Vec::new();
    for (row, tool, arguments) in workflow() {
        let Timed { took, profile } = match tool {
            START => side.start().await,
            STOP => side.stop().await,
            _ => side.call(tool, &arguments).await,
        }
        .with_context(|| format!("{tool} {arguments}"))?;
        *totals.entry(row).or_default() += took;
        *totals.entry("whole workflow").or_default() += took;
        profiles.extend(profile.map(|p| (row, p)));
    }
    if let Some(measured) = keep {
        for (row, total) in totals {
            measured.per_run.entry(row).or_default().push(total);
        }
        for (row, profile) in profiles {
            measured.calls.entry(row).or_default().push(profile);
        }
    }
    Ok(())
}

/// The call whose client time is the median of `calls` (not empty).
fn median_call(calls: &[CallProfile]) -> &CallProfile {
    let mut by_total: Vec<&CallProfile> = calls.iter().collect();
    by_total.sort_by_key(|c| c.client);
    by_total[((by_total.len() - 1) as f64 * 0.5).round() as usize]
}

fn median(mut values: Vec<Duration>) -> Duration {
    values.sort();
    percentile(&values, 0.5)
}

fn report_workflow(labels: &[&str], measured: &[Measured]) {
    println!("\nworkflow, medians of each run's time per phase (ms); ratios to raw DAP:");
    print!("{:<18}", "phase");
    for label in labels {
        print!(" {label:>10}");
    }
    for label in &labels[1..] {
        print!(" {:>12}", format!("{label}/raw"));
    }
    println!();
    let rows = ROWS
        .iter()
        .map(|(row, n)| (*row, *n))
        .chain([("whole workflow", 1)]);
    for (row, n) in rows {
        let label = match n {
            1 => row.to_string(),
            n => format!("{n} x {row}"),
        };
        let medians: Vec<f64> = measured
            .iter()
            .map(|m| ms(median(m.per_run.get(row).cloned().unwrap_or_default())))
            .collect();
        print!("{label:<18}");
        for value in &medians {
            print!(" {value:>10.3}");
        }
        for value in &medians[1..] {
            print!(" {:>11.2}x", value / medians[0].max(1e-6));
        }
        println!();
    }
}

/// Each part's median per call (summed within a call) and how many a call has.
fn parts_line(calls: &[CallProfile]) -> String {
    let mut per_name: BTreeMap<&str, Vec<(Duration, usize)>> = BTreeMap::new();
    for (i, call) in calls.iter().enumerate() {
        for (name, took, count) in &call.split.parts {
            let entry = per_name.entry(name.as_str()).or_default();
            entry.resize(calls.len(), (Duration::ZERO, 0));
            entry[i] = (*took, *count);
        }
    }
    let mut parts: Vec<String> = per_name
        .into_iter()
        .map(|(name, mut per_call)| {
            per_call.resize(calls.len(), (Duration::ZERO, 0));
            let mut counts: Vec<usize> = per_call.iter().map(|(_, n)| *n).collect();
            counts.sort_unstable();
            let took = median(per_call.into_iter().map(|(d, _)| d).collect());
            match counts[counts.len() / 2] {
                0 | 1 => format!("{name} {:.3}", ms(took)),
                n => format!("{name} {:.3} ({n}x)", ms(took)),
            }
        })
        .collect();
    let around = median(calls.iter().map(|c| c.around_tool).collect());
    if around > Duration::ZERO {
        parts.push(format!("handler outside the tool {:.3}", ms(around)));
    }
    if parts.is_empty() {
        parts.push("no DAP request".into());
    }
    parts.join(" | ")
}

fn report_breakdown(labels: &[&str], measured: &[Measured]) {
    println!(
        "\nwhere each call's time goes (ms): the call of median total, split into parts that \
         add up to it; then each request's and wait's median over all calls:"
    );
    println!(
        "{:<10} {:<8} {:>9} {:>10} {:>10} {:>11}   the adapter's part, per request and wait",
        "call", "side", "total", "MCP layer", "adapter", "server rest"
    );
    for (row, _) in ROWS {
        for (label, m) in labels.iter().zip(measured) {
            let Some(calls) = m.calls.get(row).filter(|c| !c.is_empty()) else {
                continue;
            };
            let [total, mcp, adapter, rest] = median_call(calls).columns().map(ms);
            println!(
                "{row:<10} {label:<8} {total:>9.3} {mcp:>10.3} {adapter:>10.3} {rest:>11.3}   {}",
                parts_line(calls)
            );
        }
    }
}

/// The runtime guard's cost per expression: (expression, as written, guarded).
fn report_guard(costs: &[(&str, Duration, Duration)]) {
    println!("\nthe runtime guard per expression (raw DAP evaluate, medians, ms):");
    println!(
        "{:<18} {:>10} {:>10} {:>10}",
        "expression", "as written", "guarded", "guard"
    );
    for (expression, plain, guarded) in costs {
        println!(
            "{expression:<18} {:>10.3} {:>10.3} {:>10.3}",
            ms(*plain),
            ms(*guarded),
            ms(*guarded) - ms(*plain)
        );
    }
}

/// The machine's load average, when known (the benchmark shares it).
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

pub async fn run(args: &BenchArgs, project: &BenchProject) -> Result<()> {
    println!(
        "bench --breakdown: {} runs per side (+{} warm-up), taking turns; load average {}",
        args.rounds,
        args.warmup,
        load_average()
    );
    let mut sides = Side::all(args, project).await?;
    let labels: Vec<&str> = sides.iter().map(|(label, _)| *label).collect();
    let mut measured: Vec<Measured> = sides.iter().map(|_| Measured::default()).collect();
    for run in 0..args.warmup + args.rounds {
        for ((label, side), m) in sides.iter_mut().zip(&mut measured) {
            one_run(side, (run >= args.warmup).then_some(m))
                .await
                .with_context(|| format!("{label}, run {run}"))?;
            tokio::time::sleep(SETTLE).await;
        }
    }
    let guard = match &mut sides[0].1 {
        Side::Dap(raw) => raw
            .guard_costs(STEPS, &EXPRESSIONS, args.rounds.max(5))
            .await
            .context("the runtime guard's cost")?,
        Side::Mcp(_) => None,
    };
    for (_, side) in sides {
        side.close().await;
    }
    report_workflow(&labels, &measured);
    report_breakdown(&labels, &measured);
    if let Some(guard) = guard {
        report_guard(&guard);
    }
    println!("load average at the end: {}", load_average());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_served_call_splits_into_parts_that_add_up_to_the_clients_time() {
        // The client saw 10 ms, the handler 8.5 ms, the tool 8 ms of it; `next` took
        // 1 ms and the stop came 5 ms after its answer.
        let meta = json!({PROFILE_META: {"handler_us": 8_500, "marks": [
            ["dap:next", 500, 1_500],
            ["event:stopped", 6_500, 6_500],
            ["dap:stackTrace", 7_000, 7_400],
            [TOOL_MARK, 200, 8_200],
        ]}});
        let call = CallProfile::from_meta(&meta, Duration::from_millis(10)).unwrap();
        let [total, mcp, adapter, rest] = call.columns();
        assert_eq!(total, mcp + adapter + rest);
        assert_eq!(mcp, Duration::from_micros(1_500));
        assert_eq!(adapter, Duration::from_micros(1_000 + 5_000 + 400));
        assert_eq!(call.around_tool, Duration::from_micros(500));
        let line = parts_line(&[call]);
        assert!(line.contains("wait:stopped 5.000"), "{line}");
        assert!(line.contains("handler outside the tool 0.500"), "{line}");
    }

    #[test]
    fn an_answer_without_a_profile_has_none_and_a_raw_call_has_no_mcp_layer() {
        assert!(CallProfile::from_meta(&json!({}), Duration::from_millis(1)).is_none());
        let raw = CallProfile::raw(
            Duration::from_millis(4),
            vec![Mark {
                name: "dap:evaluate".into(),
                from_us: 100,
                to_us: 3_100,
            }],
        );
        assert_eq!(
            raw.columns(),
            [
                Duration::from_millis(4),
                Duration::ZERO,
                Duration::from_millis(3),
                Duration::from_millis(1)
            ]
        );
    }

    #[test]
    fn the_workflow_is_the_agents_and_the_rows_count_its_calls() {
        let calls = workflow();
        assert_eq!(calls.first().map(|c| c.1), Some(START));
        assert_eq!(calls.last().map(|c| c.1), Some(STOP));
        for (row, n) in ROWS {
            assert_eq!(calls.iter().filter(|c| c.0 == row).count(), n, "{row}");
        }
        assert_eq!(calls.len(), ROWS.iter().map(|(_, n)| n).sum::<usize>());
    }
}
