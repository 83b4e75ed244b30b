//! A session's data breakpoints ("stop when this value is written"), through DAP's
//! `dataBreakpointInfo` and `setDataBreakpoints`, where the adapter announces
//! `supportsDataBreakpoints` (lldb-dap); elsewhere `not_supported` with the profile's
//! reason, never an emulation.
//!
//! A data breakpoint watches memory (an address and a size, lldb's `dataId`), so it
//! belongs to the session, not to the project: it is listed among the project's
//! breakpoints while the session lives and is never persisted. Decisions:
//! - **Old and new value.** The value is read when the watch is set and at each stop
//!   (`*(TYPE *)ADDRESS`, a read of memory, no code of the program run); a stop says
//!   which watched values changed, from what to what. lldb-dap 19 tells no more than
//!   "watchpoint N" of a stop, so the changed values are what identifies the watch.
//! - **Where the write was.** Hardware watchpoints trap after the writing instruction,
//!   so the stop is on the instruction after it (often the next line). The
//!   instruction before the stop is found by disassembling forward from a little
//!   before it; its line is `written_at`.
//! - **Scope.** A value in a frame's stack memory is watched until that frame
//!   returns, as gdb does: a stop after it (the memory reused by other calls) removes
//!   the watch instead of reporting a change. The owning frame is the first whose
//!   caller's stack pointer is above the address, known by its function and its
//!   depth from the bottom of the stack.

use super::{as_i64, lock, parse_id, Session};
use debugger_core::error::{ErrorCode, ToolError, ToolResult};
use debugger_core::model::{
    Breakpoint, BreakpointKind, BreakpointSpec, SuspendPolicy, ValueChange, ValueTarget,
};
use debugger_core::BackendEvent;
use serde_json::{json, Value as Json};

/// How far back from the stop the disassembly that finds the write starts (x86
/// decoding realigns within a few instructions).
const DISASSEMBLY_LEAD: u64 = 64;
/// Frames read when looking for the owner of a stack address, or for it at a stop.
const FRAMES_READ: u64 = 256;
/// The bytes below its stack pointer a leaf function may use (the x86-64 ABI's red
/// zone), where its locals may live.
const RED_ZONE: u64 = 128;

/// One data breakpoint of a session.
#[derive(Debug, Clone)]
pub struct Watchpoint {
    pub id: String,
    /// As the agent named it.
    expression: String,
    /// lldb's `ADDRESS/SIZE`.
    data_id: String,
    address: u64,
    /// The type as the debugger names it, to read the value with.
    type_name: Option<String>,
    /// The value at the last stop.
    value: String,
    hit_count: u64,
    verified: bool,
    message: String,
    /// The frame whose stack holds the value: its function and depth from the bottom.
    owner: Option<(String, usize)>,
}

impl Watchpoint {
    fn breakpoint(&self) -> Breakpoint {
        Breakpoint {
            id: self.id.clone(),
            spec: BreakpointSpec {
                kind: BreakpointKind::Data {
                    expression: self.expression.clone(),
                },
                enabled: true,
                condition: None,
                log_message: None,
                suspend_policy: SuspendPolicy::All,
                temporary: false,
            },
            hit_count: self.hit_count,
            verified: Some(self.verified),
            message: Some(self.message.clone()),
            anchor: None,
        }
    }
}

/// `0x7FFF...` or `7FFF...` as a number.
fn hex(text: &str) -> Option<u64> {
    u64::from_str_radix(text.trim().trim_start_matches("0x"), 16).ok()
}

/// The expression that reads a value of type `type_name` at `address` (memory only:
/// no code of the program runs): `*(int *)0x1F`, `*(char (*)[16])0x1F` for an array.
fn typed_read(type_name: &str, address: u64) -> String {
    match type_name.split_once('[') {
        Some((element, dims)) => format!("*({} (*)[{dims})0x{address:X}", element.trim()),
        None => format!("*({type_name} *)0x{address:X}"),
    }
}

impl Session {
    /// The data breakpoints of this session, as breakpoints of its project.
    pub fn watchpoint_breakpoints(&self) -> Vec<Breakpoint> {
        lock(&self.watchpoints)
            .iter()
            .map(Watchpoint::breakpoint)
            .collect()
    }

    /// Watch the value `target` names in frame `frame_ref` (a variable's slot, or a
    /// variable path read without running code); `name` is how the agent named it.
    pub async fn add_watchpoint(
        &self,
        frame_ref: &str,
        target: &ValueTarget,
        name: &str,
        id: String,
    ) -> ToolResult<Breakpoint> {
        let thread = self.paused_thread()?;
        if !self.supports("supportsDataBreakpoints") {
            return Err(ToolError::new(
                ErrorCode::NotSupported,
                format!(
                    "Cannot watch {name}: {}.",
                    self.adapter.no_watchpoints_because
                ),
            ));
        }
        let frame = parse_id(frame_ref, "frame", ErrorCode::FrameNotFound)?;
        let (info_args, current) = match target {
            ValueTarget::Slot {
                container,
                name: slot,
            } => {
                let reference =
                    parse_id(container, "variable container", ErrorCode::VariableNotFound)?;
                let listed = self.list(reference).await?;
                let current = listed
                    .into_iter()
                    .find(|v| &v.name == slot)
                    .ok_or_else(|| {
                        ToolError::new(
                            ErrorCode::VariableNotFound,
                            format!("no variable '{slot}' here any more"),
                        )
                    })?;
                (
                    json!({ "variablesReference": reference, "name": slot, "frameId": frame }),
                    current,
                )
            }
            ValueTarget::Expression(expression) => {
                // Read as a variable path first: only then is its address taken, so no
                // code of the program runs.
                let current = self.eval_guarded(frame, expression).await?;
                (
                    json!({ "name": format!("&({expression})"), "frameId": frame }),
                    current,
                )
            }
        };
        let info = self
            .call(
                "dataBreakpointInfo",
                info_args,
                &format!("watching {name}"),
                ErrorCode::InvalidParams,
            )
            .await?;
        let description = info
            .get("description")
            .and_then(Json::as_str)
            .unwrap_or_default()
            .to_string();
        let Some(data_id) = info.get("dataId").and_then(Json::as_str) else {
            return Err(ToolError::invalid_params(format!(
                "{name} cannot be watched: {description}"
            )));
        };
        let writable = info
            .get("accessTypes")
            .and_then(Json::as_array)
            .is_none_or(|types| types.iter().any(|t| t == "write"));
        let address = data_id.split('/').next().and_then(hex);
        let (Some(address), true) = (address, writable) else {
            return Err(ToolError::new(
                ErrorCode::NotSupported,
                format!("{name} cannot be watched for writes: {description}"),
            ));
        };
        let owner = self.stack_owner(thread, address).await;
        let mut message = format!("watches {description}");
        if let Some((function, _)) = &owner {
            message.push_str(&format!(", until {function} returns"));
        }
        let watchpoint = Watchpoint {
            id,
            expression: name.to_string(),
            data_id: data_id.to_string(),
            address,
            type_name: current.type_name.clone(),
            value: current.value.clone(),
            hit_count: 0,
            verified: false,
            message,
            owner,
        };
        lock(&self.watchpoints).push(watchpoint.clone());
        if let Err(e) = self.send_watchpoints().await {
            lock(&self.watchpoints).retain(|w| w.id != watchpoint.id);
            return Err(e);
        }
        let added = lock(&self.watchpoints)
            .iter()
            .find(|w| w.id == watchpoint.id)
            .map(Watchpoint::breakpoint)
            .unwrap_or_else(|| watchpoint.breakpoint());
        self.shared.emit(BackendEvent::BreakpointChanged {
            project: self.project.clone(),
            breakpoint: added.clone(),
        });
        Ok(added)
    }

    /// Stop watching; whether this session had the data breakpoint `id`.
    pub async fn remove_watchpoint(&self, id: &str) -> ToolResult<bool> {
        let removed = {
            let mut all = lock(&self.watchpoints);
            let before = all.len();
            all.retain(|w| w.id != id);
            all.len() != before
        };
        if removed {
            self.shared.emit(BackendEvent::BreakpointRemoved {
                project: self.project.clone(),
                id: id.to_string(),
            });
            if !self.is_ended() {
                self.send_watchpoints().await?;
            }
        }
        Ok(removed)
    }

    /// Forget every data breakpoint (the session ended), telling subscribers.
    pub(super) fn drop_watchpoints(&self) {
        let gone: Vec<Watchpoint> = std::mem::take(&mut *lock(&self.watchpoints));
        for w in gone {
            self.shared.emit(BackendEvent::BreakpointRemoved {
                project: self.project.clone(),
                id: w.id,
            });
        }
    }

    /// Send the full list of data breakpoints and record what the adapter says.
    async fn send_watchpoints(&self) -> ToolResult<()> {
        let wires: Vec<Json> = lock(&self.watchpoints)
            .iter()
            .map(|w| json!({ "dataId": w.data_id, "accessType": "write" }))
            .collect();
        let body = self
            .call(
                "setDataBreakpoints",
                json!({ "breakpoints": wires }),
                "setting data breakpoints",
                ErrorCode::AdapterFailed,
            )
            .await?;
        let answers = body
            .get("breakpoints")
            .and_then(Json::as_array)
            .cloned()
            .unwrap_or_default();
        for (w, answer) in lock(&self.watchpoints).iter_mut().zip(answers.iter()) {
            w.verified = answer
                .get("verified")
                .and_then(Json::as_bool)
                .unwrap_or(false);
            if let Some(why) = answer.get("message").and_then(Json::as_str) {
                w.message = why.to_string();
            }
        }
        Ok(())
    }

    /// Whether a stop is a data breakpoint's: DAP's reason, or lldb-dap 19's
    /// `watchpoint N` description of a `breakpoint` stop.
    pub(super) fn is_watch_stop(&self, reason: &str, description: Option<&str>) -> bool {
        !lock(&self.watchpoints).is_empty()
            && (reason == "data breakpoint"
                || description.is_some_and(|d| d.starts_with("watchpoint ")))
    }

    /// At a data breakpoint's stop: the watched values that changed (remembered as
    /// the new ones), after removing the watches whose frame has returned.
    pub(super) async fn watch_changes(&self, thread: i64) -> Vec<ValueChange> {
        let t = self.shared.request_timeout();
        let frames = self
            .client
            .request(
                "stackTrace",
                json!({ "threadId": thread, "startFrame": 0, "levels": FRAMES_READ }),
                t,
            )
            .await
            .ok()
            .and_then(|b| b.get("stackFrames").and_then(Json::as_array).cloned())
            .unwrap_or_default();
        let names: Vec<&str> = frames
            .iter()
            .map(|f| {
                (self.adapter.frames.name)(f.get("name").and_then(Json::as_str).unwrap_or_default())
            })
            .collect();
        let alive = |owner: &Option<(String, usize)>| match owner {
            None => true,
            Some((function, depth)) => names
                .len()
                .checked_sub(*depth)
                .and_then(|i| names.get(i))
                .is_some_and(|name| name == function),
        };
        let ended: Vec<String> = lock(&self.watchpoints)
            .iter()
            .filter(|w| !alive(&w.owner))
            .map(|w| w.id.clone())
            .collect();
        for id in &ended {
            tracing::debug!(session = %self.id, %id, "the watched value's frame returned");
            if let Err(e) = self.remove_watchpoint(id).await {
                tracing::warn!(%e, "could not remove a watch whose frame returned");
            }
        }
        let Some(top) = frames.first() else {
            return Vec::new();
        };
        let Some(frame) = top.get("id").and_then(as_i64) else {
            return Vec::new();
        };
        let watched: Vec<Watchpoint> = lock(&self.watchpoints).clone();
        let mut changes = Vec::new();
        for w in watched {
            let Some(type_name) = &w.type_name else {
                continue;
            };
            let Ok(now) = self
                .eval_once(frame, &typed_read(type_name, w.address), "watch")
                .await
            else {
                continue;
            };
            if now.value == w.value {
                continue;
            }
            for mine in lock(&self.watchpoints).iter_mut().filter(|m| m.id == w.id) {
                mine.value = now.value.clone();
                mine.hit_count += 1;
            }
            changes.push(ValueChange {
                watch: w.expression.clone(),
                old: w.value.clone(),
                new: now.value,
                breakpoint_id: w.id.clone(),
                written_at: None,
            });
        }
        if !changes.is_empty() {
            let written_at = self.written_at(top).await;
            for change in &mut changes {
                change.written_at.clone_from(&written_at);
            }
            for w in lock(&self.watchpoints).iter() {
                if changes.iter().any(|c| c.breakpoint_id == w.id) {
                    self.shared.emit(BackendEvent::BreakpointChanged {
                        project: self.project.clone(),
                        breakpoint: w.breakpoint(),
                    });
                }
            }
        }
        changes
    }

    /// `file:line` of the instruction just before the stop of `frame` (the write a
    /// watchpoint trapped after), when the disassembly realigns on the stop and
    /// knows the line.
    async fn written_at(&self, frame: &Json) -> Option<String> {
        let pc = hex(frame.get("instructionPointerReference")?.as_str()?)?;
        let body = self
            .client
            .request(
                "disassemble",
                json!({
                    "memoryReference": format!("0x{:X}", pc.checked_sub(DISASSEMBLY_LEAD)?),
                    "instructionOffset": 0,
                    "instructionCount": DISASSEMBLY_LEAD,
                    "resolveSymbols": false,
                }),
                self.shared.request_timeout(),
            )
            .await
            .ok()?;
        let instructions = body.get("instructions")?.as_array()?;
        let at = instructions
            .iter()
            .position(|i| i.get("address").and_then(Json::as_str).and_then(hex) == Some(pc))?;
        instructions[..at].iter().rev().find_map(|i| {
            let line = i.get("line").and_then(Json::as_u64)?;
            let path = i.pointer("/location/path").and_then(Json::as_str)?;
            let file = std::path::Path::new(path).file_name()?.to_string_lossy();
            Some(format!("{file}:{line}"))
        })
    }

    /// The frame whose stack memory holds `address`: the first frame (from the top)
    /// whose caller's stack pointer is above it (the stack grows down; a frame's
    /// memory lies between its own stack pointer, less the red zone a leaf function
    /// may use below it, and its caller's), as (function, depth from the bottom);
    /// `None` for memory outside the stack (heap, globals) or when the stack pointers
    /// cannot be read.
    async fn stack_owner(&self, thread: Option<i64>, address: u64) -> Option<(String, usize)> {
        let body = self
            .client
            .request(
                "stackTrace",
                json!({ "threadId": thread?, "startFrame": 0, "levels": FRAMES_READ }),
                self.shared.request_timeout(),
            )
            .await
            .ok()?;
        let frames = body.get("stackFrames")?.as_array()?.clone();
        let frame_id = |index: usize| frames.get(index)?.get("id").and_then(as_i64);
        let top = self.stack_pointer(frame_id(0)?).await?;
        if address < top.saturating_sub(RED_ZONE) {
            return None;
        }
        let name = |index: usize| {
            let shown = frames[index].get("name").and_then(Json::as_str);
            (self.adapter.frames.name)(shown.unwrap_or_default()).to_string()
        };
        for index in 0..frames.len() {
            let caller = match frame_id(index + 1) {
                Some(id) => self.stack_pointer(id).await?,
                None => u64::MAX,
            };
            if address < caller {
                return Some((name(index), frames.len() - index));
            }
        }
        None
    }

    /// A frame's stack pointer, from lldb's register scope.
    async fn stack_pointer(&self, frame: i64) -> Option<u64> {
        let scopes = self.scopes(frame).await.ok()?;
        let registers = scopes.iter().find_map(|s| {
            let name = s.get("name").and_then(Json::as_str)?;
            name.eq_ignore_ascii_case("registers")
                .then(|| s.get("variablesReference").and_then(as_i64))
                .flatten()
        })?;
        for group in self.list(registers).await.ok()? {
            let Some(reference) = group.children_ref.as_deref().and_then(|r| r.parse().ok()) else {
                continue;
            };
            let Ok(values) = self.list(reference).await else {
                continue;
            };
            if let Some(sp) = values.iter().find(|v| v.name == "rsp" || v.name == "sp") {
                return hex(&sp.value);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_read_from_memory_by_their_type() {
        assert_eq!(typed_read("int", 0x7ffc10), "*(int *)0x7FFC10");
        assert_eq!(typed_read("char[16]", 0x10), "*(char (*)[16])0x10");
        assert_eq!(typed_read("int[2][3]", 0x10), "*(int (*)[2][3])0x10");
        assert_eq!(hex("7FFFFFFFE51C"), Some(0x7FFF_FFFF_E51C));
        assert_eq!(hex("0x00007fffffffe4f0"), Some(0x7FFF_FFFF_E4F0));
    }
}
