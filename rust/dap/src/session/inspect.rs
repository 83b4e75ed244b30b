//! Inspection of the paused program: threads, stacks, scopes and variables, loaded
//! code, setting values, and evaluation (guarded as the profile says, and an
//! evaluation that outlives its timeout remembered).
//!
//! - **Scopes.** `Local` and `All` list the frame's locals (module globals only
//!   when `Global` is asked for: they are large and agents pay per token);
//!   `This` is the `self` (or `cls`) local; `Arguments` are the locals named by the
//!   frame's code object parameters, read by one evaluation that finds the target
//!   frame in pydevd's own `evaluate_expression(py_db, frame, ...)` (pydevd
//!   evaluates with a merged globals+locals dict, so `locals()` cannot identify it);
//!   `not_supported` if that ever fails. debugpy puts functions and classes of a
//!   scope in the synthetic groups that are dropped, so `Global` lists module data.
//! - **Hung evaluations.** debugpy runs an evaluation on the paused thread and
//!   answers nothing else about that thread until it ends. An evaluation that
//!   outlives the request timeout is remembered (expression, start) until its answer
//!   arrives (or [`EVALUATION_ABANDON`] passes); meanwhile every request that needs
//!   the paused program fails at once with `evaluation_running`, naming it, instead
//!   of each waiting out its own timeout. `pause`, `threads` and `stop` still work.

use super::{as_i64, lock, parse_id, HungEvaluation, Session};
use crate::adapter::{Guard, Returned};
use crate::values;
use debugger_core::error::{ErrorCode, ToolError, ToolResult};
use debugger_core::model::*;
use serde_json::{json, Value as Json};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// At most this many modules, and as many sources, in one answer.
const LOADED_CAP: usize = 300;

/// How long an evaluation that outlived its timeout is still waited for (and blocks
/// the paused program's requests with `evaluation_running`).
pub const EVALUATION_ABANDON: Duration = Duration::from_secs(60 * 60);

impl Session {
    /// The modules and sources the program has loaded, asked only of an adapter that
    /// says it answers (lldb-dap 19 aborts on a `loadedSources` it does not support).
    pub async fn loaded_code(&self) -> ToolResult<LoadedCode> {
        self.live()?;
        let mut code = LoadedCode::default();
        let mut omitted = 0;
        match self
            .capped_list("supportsModulesRequest", "modules", "modules")
            .await?
        {
            Some((modules, left_out)) => {
                omitted += left_out;
                code.modules = Some(modules.iter().map(loaded_module).collect());
            }
            None => code
                .unsupported
                .push(format!("{} does not list modules", self.adapter.name)),
        }
        match self
            .capped_list("supportsLoadedSourcesRequest", "loadedSources", "sources")
            .await?
        {
            Some((sources, left_out)) => {
                omitted += left_out;
                code.sources = Some(
                    sources
                        .iter()
                        .filter_map(|s| s.get("path").or_else(|| s.get("name")))
                        .filter_map(Json::as_str)
                        .map(str::to_owned)
                        .collect(),
                );
            }
            None => code.unsupported.push(format!(
                "{} does not list loaded sources",
                self.adapter.name
            )),
        }
        if code.modules.is_none() && code.sources.is_none() {
            return Err(ToolError::new(
                ErrorCode::NotSupported,
                format!(
                    "{} tells neither modules nor loaded sources",
                    self.adapter.name
                ),
            ));
        }
        code.omitted = (omitted > 0).then_some(omitted);
        Ok(code)
    }

    /// The `key` list of `command`'s answer, at most [`LOADED_CAP`] of it and how many
    /// were left out; `None` when the adapter does not say it answers (`capability`).
    async fn capped_list(
        &self,
        capability: &str,
        command: &str,
        key: &str,
    ) -> ToolResult<Option<(Vec<Json>, usize)>> {
        if !self.supports(capability) {
            return Ok(None);
        }
        let body = self
            .call(
                command,
                json!({}),
                &format!("listing {key}"),
                ErrorCode::NotSupported,
            )
            .await?;
        let all = body
            .get(key)
            .and_then(Json::as_array)
            .cloned()
            .unwrap_or_default();
        let omitted = all.len().saturating_sub(LOADED_CAP);
        Ok(Some((all.into_iter().take(LOADED_CAP).collect(), omitted)))
    }

    pub async fn threads(&self) -> ToolResult<Vec<ThreadInfo>> {
        self.live()?;
        let body = self
            .call("threads", json!({}), "threads", ErrorCode::AdapterFailed)
            .await?;
        Ok(body
            .get("threads")
            .and_then(Json::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|t| {
                        Some(ThreadInfo {
                            id: t.get("id").and_then(as_i64)?.to_string(),
                            name: t
                                .get("name")
                                .and_then(Json::as_str)
                                .unwrap_or_default()
                                .to_string(),
                        })
                    })
                    .collect()
            })
            .unwrap_or_default())
    }

    pub async fn stack(&self, thread_id: &str, max: usize) -> ToolResult<(Vec<StackFrame>, usize)> {
        self.paused_thread()?;
        let thread = parse_id(thread_id, "thread", ErrorCode::ThreadNotFound)?;
        let levels = max.clamp(1, 10_000);
        let body = self
            .call(
                "stackTrace",
                json!({ "threadId": thread, "startFrame": 0, "levels": levels }),
                &format!("stack of thread {thread_id}"),
                ErrorCode::ThreadNotFound,
            )
            .await?;
        let raw = body
            .get("stackFrames")
            .and_then(Json::as_array)
            .cloned()
            .unwrap_or_default();
        let frames: Vec<StackFrame> = raw.iter().take(max).map(|f| self.frame(f)).collect();
        let total = body
            .get("totalFrames")
            .and_then(Json::as_u64)
            .and_then(|n| usize::try_from(n).ok())
            .unwrap_or(raw.len())
            .max(raw.len());
        Ok((frames, total))
    }

    fn frame(&self, f: &Json) -> StackFrame {
        let file = f
            .pointer("/source/path")
            .and_then(Json::as_str)
            .map(PathBuf::from);
        let hint = f
            .get("presentationHint")
            .or_else(|| f.pointer("/source/presentationHint"))
            .and_then(Json::as_str)
            .unwrap_or("");
        let is_library = matches!(hint, "subtle" | "deemphasize")
            || file
                .as_deref()
                .is_none_or(|p| is_library_path(p, &self.shared.project_roots()));
        StackFrame {
            frame_ref: f.get("id").and_then(as_i64).unwrap_or(0).to_string(),
            line: f
                .get("line")
                .and_then(Json::as_u64)
                .and_then(|l| u32::try_from(l).ok()),
            class: file
                .as_deref()
                .zip(self.adapter.frames.class)
                .and_then(|(p, class)| class(p, self.program.as_deref(), &self.project)),
            method: (self.adapter.frames.name)(f.get("name").and_then(Json::as_str).unwrap_or("?"))
                .to_string(),
            file,
            is_library,
        }
    }

    pub(super) async fn scopes(&self, frame: i64) -> ToolResult<Vec<Json>> {
        let body = self
            .call(
                "scopes",
                json!({ "frameId": frame }),
                &format!("scopes of frame {frame}"),
                ErrorCode::FrameNotFound,
            )
            .await?;
        Ok(body
            .get("scopes")
            .and_then(Json::as_array)
            .cloned()
            .unwrap_or_default())
    }

    pub(super) async fn list(&self, reference: i64) -> ToolResult<Vec<Value>> {
        self.listing(reference, |name| !self.hidden_variable(name))
            .await
    }

    /// The entries of a listing whose names `keep` keeps.
    async fn listing(&self, reference: i64, keep: impl Fn(&str) -> bool) -> ToolResult<Vec<Value>> {
        let body = self
            .call(
                "variables",
                json!({ "variablesReference": reference }),
                &format!("variables of {reference}"),
                ErrorCode::VariableExpired,
            )
            .await?;
        Ok(body
            .get("variables")
            .and_then(Json::as_array)
            .map(|a| {
                a.iter()
                    .filter(|v| v.get("name").and_then(Json::as_str).is_none_or(&keep))
                    .map(|v| to_value(v, reference))
                    .collect()
            })
            .unwrap_or_default())
    }

    /// Whether a listing entry is none of the program's (the profile's hidden names).
    fn hidden_variable(&self, name: &str) -> bool {
        let (names, prefixes) = self.adapter.frames.hidden_variables;
        names.contains(&name) || prefixes.iter().any(|prefix| name.starts_with(prefix))
    }

    /// A guarded evaluation's failure as the shim tells it: its refusal becomes
    /// `side_effects_not_allowed`.
    fn guard_refusal(&self, err: ToolError) -> ToolError {
        match self.adapter.shim() {
            Some(shim) => (shim.refusal)(err),
            None => err,
        }
    }

    pub async fn variables(&self, frame_ref: &str, scope: VariableScope) -> ToolResult<Vec<Value>> {
        self.paused_thread()?;
        let frame = parse_id(frame_ref, "frame", ErrorCode::FrameNotFound)?;
        match scope {
            VariableScope::Global => self.scope_values(frame, "globals").await,
            VariableScope::Local | VariableScope::All => self.scope_values(frame, "locals").await,
            VariableScope::This => {
                let all = self.scope_values(frame, "locals").await?;
                // Python's `self`/`cls`, C++'s `this`, Rust's `self`.
                let this = ["self", "cls", "this"]
                    .iter()
                    .find_map(|name| all.iter().find(|v| v.name == *name))
                    .cloned();
                Ok(this.into_iter().collect())
            }
            VariableScope::Arguments => {
                let names = self.argument_names(frame).await?;
                let all = self.scope_values(frame, "locals").await?;
                Ok(names
                    .iter()
                    .filter_map(|n| all.iter().find(|v| &v.name == n).cloned())
                    .collect())
            }
        }
    }

    /// What functions returned, as the adapter tells it at this stop (the profile's
    /// `returned`); each named after its function where the adapter names it, else
    /// unnamed.
    pub async fn returned_values(&self, frame_ref: &str) -> ToolResult<Vec<Value>> {
        self.paused_thread()?;
        let frame = parse_id(frame_ref, "frame", ErrorCode::FrameNotFound)?;
        match self.adapter.frames.returned {
            Returned::Unknown => Err(ToolError::new(
                ErrorCode::NotSupported,
                format!(
                    "{} does not tell what a function returned",
                    self.adapter.name
                ),
            )),
            // Where the shim shows values, debugpy's own listing would show a returned
            // object by its repr, unguarded: the shim reads the dict debugpy keeps them
            // in, as it reads any value (under its guard, or without program code).
            Returned::LocalsPrefix { dict, .. } if self.shim_values.is_some() => {
                let reads = self.shim_values.unwrap_or(values::Reads::Guarded);
                let request = values::scope_name_request("locals", dict, reads);
                let Ok(entries) = self.values_listing(frame, &request).await else {
                    return Ok(Vec::new()); // nothing returned into this frame yet
                };
                Ok(entries
                    .into_iter()
                    .map(|mut value| {
                        value.name = value.name.trim_matches('\'').to_string();
                        value.target = None;
                        value
                    })
                    .collect())
            }
            Returned::LocalsPrefix { prefix, .. } => {
                let Some(reference) = self.scope_reference(frame, "locals").await? else {
                    return Ok(Vec::new());
                };
                let entries = self
                    .listing(reference, |name| name.starts_with(prefix))
                    .await?;
                Ok(entries
                    .into_iter()
                    .map(|mut value| {
                        value.name = value.name[prefix.len()..].to_string();
                        value.target = None;
                        value
                    })
                    .collect())
            }
            Returned::Command { expression, marker } => {
                let shown = self.eval_once(frame, expression, "repl").await?;
                Ok(returned_in_status(&shown.value, marker)
                    .into_iter()
                    .collect())
            }
        }
    }

    /// The values of a frame's `locals` or `globals`: from the shim where it shows
    /// them, else from the adapter's scope of that name.
    async fn scope_values(&self, frame: i64, scope: &str) -> ToolResult<Vec<Value>> {
        if let Some(reads) = self.shim_values {
            let listed = self
                .values_listing(frame, &values::scope_request(scope, reads))
                .await?;
            return Ok(listed
                .into_iter()
                .filter(|value| !self.hidden_variable(&value.name))
                .collect());
        }
        match self.scope_reference(frame, scope).await? {
            Some(r) => self.list(r).await,
            None => Ok(Vec::new()),
        }
    }

    /// The listing reference of a frame's scope named `scope` (by name or hint).
    async fn scope_reference(&self, frame: i64, scope: &str) -> ToolResult<Option<i64>> {
        let scopes = self.scopes(frame).await?;
        let reference = scopes.iter().find_map(|s| {
            let name = s
                .get("name")
                .and_then(Json::as_str)
                .unwrap_or("")
                .to_ascii_lowercase();
            let hint = s
                .get("presentationHint")
                .and_then(Json::as_str)
                .unwrap_or("");
            (name == scope || hint == scope)
                .then(|| s.get("variablesReference").and_then(as_i64))
                .flatten()
        });
        Ok(reference)
    }

    /// A listing from the shim's `__jbd_values__` (no program code runs, or only
    /// under the guard).
    async fn values_listing(&self, frame: i64, request: &Json) -> ToolResult<Vec<Value>> {
        let shown = self
            .eval_once(frame, &values::call(request), "clipboard")
            .await
            .map_err(|e| self.guard_refusal(e))?;
        let answer = values::answer(&shown.value).map_err(|e| self.guard_refusal(e))?;
        let mut listed = values::entries(&answer, frame, request);
        listed.retain(|v| !self.hidden_variable(&v.name));
        Ok(listed)
    }

    /// Parameter names of the frame's function, in order (none at module level).
    async fn argument_names(&self, frame: i64) -> ToolResult<Vec<String>> {
        let Some(parameter_names) = self.adapter.frames.parameter_names else {
            return Err(ToolError::new(
                ErrorCode::NotSupported,
                format!(
                    "{} lists a frame's arguments among its locals; use scope local",
                    self.adapter.name
                ),
            ));
        };
        let body = self
            .call(
                "evaluate",
                json!({ "expression": parameter_names, "frameId": frame, "context": "watch" }),
                "reading the frame's parameters",
                ErrorCode::NotSupported,
            )
            .await?;
        let result = body.get("result").and_then(Json::as_str).unwrap_or("None");
        if result == "None" {
            return Err(ToolError::new(
                ErrorCode::NotSupported,
                "the frame's parameters could not be determined",
            ));
        }
        Ok(result
            .trim_matches(['\'', '"'])
            .split(',')
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect())
    }

    pub async fn children(&self, children_ref: &str) -> ToolResult<Vec<Value>> {
        self.paused_thread()?;
        if let Some(listing) = values::parse_ref(children_ref) {
            let (frame, request) = listing?;
            return self.values_listing(frame, &request).await;
        }
        let reference = parse_id(children_ref, "value", ErrorCode::VariableNotFound)?;
        self.list(reference).await
    }

    pub async fn set_value(
        &self,
        frame_ref: &str,
        target: &ValueTarget,
        new_value: &str,
    ) -> ToolResult<Value> {
        self.paused_thread()?;
        let t = self.shared.request_timeout();
        match target {
            ValueTarget::Slot { container, name } => {
                let reference =
                    parse_id(container, "variable container", ErrorCode::VariableNotFound)?;
                let body = self
                    .client
                    .request("setVariable", json!({ "variablesReference": reference, "name": name, "value": new_value }), t)
                    .await
                    .map_err(|e| self.dap_error(e, &format!("setting {name}"), ErrorCode::EvaluationFailed))?;
                let mut v = to_value(&body, reference);
                v.name = name.clone();
                if self.adapter.listings_fixed_at_stop {
                    return Ok(v);
                }
                // Re-read it from the container so the answer is what the program sees.
                if let Ok(list) = self.list(reference).await {
                    if let Some(fresh) = list.into_iter().find(|x| &x.name == name) {
                        return Ok(fresh);
                    }
                }
                Ok(v)
            }
            ValueTarget::Expression(expression) => {
                let frame = parse_id(frame_ref, "frame", ErrorCode::FrameNotFound)?;
                let set = self
                    .client
                    .request(
                        "setExpression",
                        json!({ "expression": expression, "value": new_value, "frameId": frame }),
                        t,
                    )
                    .await
                    .map_err(|e| {
                        self.dap_error(
                            e,
                            &format!("setting {expression}"),
                            ErrorCode::EvaluationFailed,
                        )
                    });
                if self.shim_values.is_none() {
                    set?;
                    return self
                        .evaluate(frame_ref, expression, EvaluationKind::Expression)
                        .await;
                }
                if let Err(mut failed) = set {
                    // pydevd's answer names no cause: the new value alone, evaluated
                    // under the guard (so nothing runs twice), may tell it.
                    if let Err(why) = self.eval_guarded(frame, new_value).await {
                        if why.code == ErrorCode::EvaluationFailed {
                            failed.message = format!("{} ({})", failed.message, why.message);
                        }
                    }
                    return Err(failed);
                }
                // Read back as the listing shows it: through the shim.
                self.eval_guarded(frame, expression).await
            }
        }
    }

    pub async fn evaluate(
        &self,
        frame_ref: &str,
        expression: &str,
        kind: EvaluationKind,
    ) -> ToolResult<Value> {
        self.paused_thread()?;
        let frame = parse_id(frame_ref, "frame", ErrorCode::FrameNotFound)?;
        match kind {
            EvaluationKind::Expression => self.eval_once(frame, expression, "watch").await,
            EvaluationKind::GuardedExpression => {
                self.eval_guarded(frame, expression)
                    .await
                    .map(|value| Value {
                        name: expression.to_string(),
                        target: Some(ValueTarget::Expression(expression.to_string())),
                        evaluate_name: Some(expression.to_string()),
                        ..value
                    })
            }
            EvaluationKind::CodeFragment => {
                let context = self.adapter.evaluation.statements_context;
                match self.adapter.evaluation.guard {
                    Guard::Shim(shim) => match (shim.split_statements)(expression) {
                        (Some(body), Some(last)) => {
                            self.eval_once(frame, &body, context).await?;
                            self.eval_once(frame, &last, context).await
                        }
                        _ => self.eval_once(frame, expression, context).await,
                    },
                    _ => self.eval_once(frame, expression, context).await,
                }
            }
        }
    }

    /// Evaluate under the profile's guard: the shim's runtime guard (its refusals
    /// become `side_effects_not_allowed`; an expression that runs no code, a bare
    /// name, is read as written), lldb's variable paths, or Delve's
    /// evaluation with its calling prefixes refused.
    pub(super) async fn eval_guarded(&self, frame: i64, expression: &str) -> ToolResult<Value> {
        if !self.runtime_guard {
            return Err(ToolError::new(
                ErrorCode::SideEffectsNotAllowed,
                "Not evaluated: this session runs without the runtime side-effect guard.",
            ));
        }
        match self.adapter.evaluation.guard {
            Guard::Shim(_) if self.shim_values.is_some() => {
                let reads = self.shim_values.unwrap_or(values::Reads::Guarded);
                let request = values::expression_request(expression, reads);
                let shown = self
                    .eval_once(frame, &values::call(&request), "clipboard")
                    .await
                    .map_err(|e| self.guard_refusal(e))?;
                let answer = values::answer(&shown.value).map_err(|e| self.guard_refusal(e))?;
                Ok(values::value(&answer["value"], frame, &request))
            }
            Guard::Shim(shim) if (shim.runs_no_code)(expression) => {
                self.eval_once(frame, expression, "watch").await
            }
            Guard::Shim(shim) => self
                .eval_once(frame, &(shim.guarded)(expression), "watch")
                .await
                .map_err(shim.refusal),
            Guard::VariablePaths => self
                .eval_once(frame, expression, "hover")
                .await
                .map_err(|e| match e.code {
                    ErrorCode::EvaluationFailed => ToolError::new(
                        ErrorCode::EvaluationFailed,
                        format!(
                            "{} (without allow_side_effects, native code is read as a \
                             variable path only: a.b, p->c, a[0], *p; anything else would \
                             run code in the program)",
                            e.message
                        ),
                    ),
                    _ => e,
                }),
            Guard::RefusedPrefixes(prefixes) => {
                let first = expression
                    .trim_start()
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .next()
                    .unwrap_or_default();
                if prefixes.contains(&first) {
                    return Err(ToolError::new(
                        ErrorCode::SideEffectsNotAllowed,
                        format!(
                            "Not evaluated: `{first}` runs code in the program; pass \
                             allow_side_effects: true to ask the user"
                        ),
                    ));
                }
                self.eval_once(frame, expression, "watch").await
            }
        }
    }

    pub(super) async fn eval_once(
        &self,
        frame: i64,
        expression: &str,
        context: &str,
    ) -> ToolResult<Value> {
        let failed = |e| self.dap_error(e, "evaluation failed", ErrorCode::EvaluationFailed);
        let started = Instant::now();
        let in_flight = self
            .client
            .send(
                "evaluate",
                json!({ "expression": expression, "frameId": frame, "context": context }),
            )
            .await
            .map_err(failed)?;
        let mut answer = tokio::spawn(in_flight.wait(EVALUATION_ABANDON));
        let body = match tokio::time::timeout(self.shared.request_timeout(), &mut answer).await {
            Ok(Ok(body)) => body.map_err(failed)?,
            Ok(Err(join)) => return Err(ToolError::internal(format!("evaluation: {join}"))),
            Err(_) => {
                *lock(&self.hung_evaluation) = Some(HungEvaluation {
                    expression: expression.to_string(),
                    since: started,
                });
                let hung = self.hung_evaluation.clone();
                tokio::spawn(async move {
                    let _ = answer.await;
                    *lock(&hung) = None;
                });
                return Err(ToolError::new(
                    ErrorCode::Timeout,
                    format!(
                        "The evaluation of `{expression}` did not finish within {} s. It goes on \
                         running in the debuggee; until it ends, calls that need the paused \
                         program answer evaluation_running. pause and stop_debug_session work.",
                        self.shared.request_timeout().as_secs_f64()
                    ),
                ));
            }
        };
        let reference = body.get("variablesReference").and_then(as_i64).unwrap_or(0);
        Ok(Value {
            name: expression.to_string(),
            value: body
                .get("result")
                .and_then(Json::as_str)
                .unwrap_or_default()
                .to_string(),
            type_name: body.get("type").and_then(Json::as_str).map(str::to_owned),
            children_ref: (reference > 0).then(|| reference.to_string()),
            target: Some(ValueTarget::Expression(expression.to_string())),
            evaluate_name: Some(expression.to_string()),
        })
    }
}

fn loaded_module(m: &Json) -> LoadedModule {
    let text = |key: &str| m.get(key).and_then(Json::as_str).map(str::to_owned);
    LoadedModule {
        name: text("name").unwrap_or_default(),
        path: text("path"),
        symbols: text("symbolStatus"),
    }
}

fn to_value(v: &Json, container: i64) -> Value {
    let name = v
        .get("name")
        .and_then(Json::as_str)
        .unwrap_or_default()
        .to_string();
    let reference = v.get("variablesReference").and_then(as_i64).unwrap_or(0);
    Value {
        value: v
            .get("value")
            .and_then(Json::as_str)
            .unwrap_or_default()
            .to_string(),
        type_name: v.get("type").and_then(Json::as_str).map(str::to_owned),
        children_ref: (reference > 0).then(|| reference.to_string()),
        target: Some(ValueTarget::Slot {
            container: container.to_string(),
            name: name.clone(),
        }),
        evaluate_name: v
            .get("evaluateName")
            .and_then(Json::as_str)
            .map(str::to_owned),
        name,
    }
}

/// Library code: outside every project root, or in an installed-packages or
/// standard-library directory.
pub fn is_library_path(path: &Path, roots: &[PathBuf]) -> bool {
    let text = path.to_string_lossy();
    if text.contains("/site-packages/") || text.contains("/dist-packages/") || text.starts_with('<')
    {
        return true;
    }
    let in_stdlib = path.components().any(|c| {
        let s = c.as_os_str().to_string_lossy();
        s.starts_with("python3") || s.starts_with("python2")
    }) && text.contains("/lib/");
    in_stdlib || !roots.iter().any(|r| path.starts_with(r))
}

/// The value on the line of a debugger's status that starts with `marker`, as
/// `(type) $n = value` (lldb: `Return value: (double) $0 = 6`); unnamed.
fn returned_in_status(status: &str, marker: &str) -> Option<Value> {
    let line = status
        .lines()
        .find_map(|line| line.trim().strip_prefix(marker))?;
    let (type_name, rest) = match line.strip_prefix('(').and_then(|l| l.split_once(") ")) {
        Some((type_name, rest)) => (Some(type_name.to_string()), rest),
        None => (None, line),
    };
    let value = rest.split_once(" = ").map_or(rest, |(_, value)| value);
    Some(Value {
        name: String::new(),
        value: value.to_string(),
        type_name,
        children_ref: None,
        target: None,
        evaluate_name: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn library_paths() {
        let roots = vec![PathBuf::from("/proj")];
        assert!(!is_library_path(Path::new("/proj/app/main.py"), &roots));
        assert!(is_library_path(
            Path::new("/proj/.venv/lib/python3.11/site-packages/requests/api.py"),
            &roots
        ));
        assert!(is_library_path(
            Path::new("/usr/lib/python3.11/json/__init__.py"),
            &roots
        ));
        assert!(is_library_path(Path::new("/elsewhere/x.py"), &roots));
    }

    #[test]
    fn lldb_status_gives_the_returned_value_and_its_type() {
        let status =
            "thread #1: tid = 7, cart`subtotal_of at cart.c:20:15, stop reason = step out\n\
                      Return value: (double) $0 = 6\n";
        let value = returned_in_status(status, "Return value: ").expect("a value");
        assert_eq!(
            (value.value.as_str(), value.type_name.as_deref()),
            ("6", Some("double"))
        );
        assert!(
            returned_in_status("thread #1: stop reason = step over", "Return value: ").is_none()
        );
    }
}
