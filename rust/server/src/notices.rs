//! What an agent should know as it happens, besides the answers to its calls: a state
//! file set aside, an adapter or session that died (with the adapter's stderr tail), a
//! breakpoint the debugger rejected, an approval remembered for a session. The app
//! announces each as a [`Notice`]; the MCP layer sends them as `notifications/message`
//! (the logging capability) to the clients that asked for that level.

use debugger_core::lock;
use debugger_core::model::Breakpoint;
use debugger_core::BackendEvent;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::Mutex;
use tokio::sync::broadcast;

/// Notices kept for a subscriber that falls behind.
const BACKLOG: usize = 64;

/// Syslog severities, as MCP logging has them, least severe first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    Debug,
    Info,
    Notice,
    Warning,
    Error,
    Critical,
    Alert,
    Emergency,
}

/// One thing to tell the agent.
#[derive(Debug, Clone, PartialEq)]
pub struct Notice {
    pub level: Level,
    /// What it is about: `state`, `session`, `breakpoints`, `consent`.
    pub logger: &'static str,
    pub data: Value,
}

/// The notices of one server, and what it already told.
pub struct Notices {
    sender: broadcast::Sender<Notice>,
    /// State warnings already announced.
    told_warnings: Mutex<usize>,
    /// The debugger's last refusal told per breakpoint id.
    told_refusals: Mutex<HashMap<String, Option<String>>>,
}

impl Default for Notices {
    fn default() -> Self {
        Self {
            sender: broadcast::channel(BACKLOG).0,
            told_warnings: Mutex::default(),
            told_refusals: Mutex::default(),
        }
    }
}

impl Notices {
    pub fn subscribe(&self) -> broadcast::Receiver<Notice> {
        self.sender.subscribe()
    }

    fn announce(&self, level: Level, logger: &'static str, data: Value) {
        let _ = self.sender.send(Notice {
            level,
            logger,
            data,
        });
    }

    /// What a backend event calls for: a session that ended with an error (an adapter
    /// that crashed, with its diagnostics and stderr tail), a breakpoint the debugger
    /// did not accept (told once per refusal).
    pub fn of_event(&self, event: &BackendEvent) {
        match event {
            BackendEvent::Terminated {
                session,
                error: Some(error),
            } => {
                let mut data = json!({ "session_id": session, "message": error.message });
                data["error"] = error.to_json();
                self.announce(Level::Error, "session", data);
            }
            BackendEvent::BreakpointChanged { breakpoint, .. } => self.breakpoint(breakpoint),
            BackendEvent::BreakpointRemoved { id, .. } => {
                lock(&self.told_refusals).remove(id);
            }
            _ => {}
        }
    }

    fn breakpoint(&self, breakpoint: &Breakpoint) {
        let mut told = lock(&self.told_refusals);
        if breakpoint.verified != Some(false) {
            told.remove(&breakpoint.id);
            return;
        }
        if told.get(&breakpoint.id) == Some(&breakpoint.message) {
            return;
        }
        told.insert(breakpoint.id.clone(), breakpoint.message.clone());
        drop(told);
        let message = breakpoint
            .message
            .clone()
            .unwrap_or_else(|| "the debugger did not accept it".into());
        self.announce(
            Level::Warning,
            "breakpoints",
            json!({
                "breakpoint_id": breakpoint.id,
                "where": breakpoint.spec.kind,
                "message": format!("Breakpoint {} was rejected by the debugger: {message}", breakpoint.id),
            }),
        );
    }

    /// The state directory's warnings (files set aside) not told yet.
    pub fn state_warnings(&self, warnings: &[String]) {
        let mut told = lock(&self.told_warnings);
        for warning in warnings.iter().skip(*told) {
            self.announce(Level::Warning, "state", json!({ "message": warning }));
        }
        *told = (*told).max(warnings.len());
    }

    /// The user approved every later action on `session` ("for this session").
    pub fn approval_remembered(&self, session: &str) {
        self.announce(
            Level::Notice,
            "consent",
            json!({
                "session_id": session,
                "message": format!(
                    "The user's approval is remembered for session '{session}': its later \
                     actions need no confirmation until it ends."
                ),
            }),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use debugger_core::model::{BreakpointKind, BreakpointSpec, SuspendPolicy};
    use debugger_core::{ErrorCode, ToolError};

    fn drain(rx: &mut broadcast::Receiver<Notice>) -> Vec<Notice> {
        std::iter::from_fn(|| rx.try_recv().ok()).collect()
    }

    fn breakpoint(verified: Option<bool>, message: Option<&str>) -> BackendEvent {
        BackendEvent::BreakpointChanged {
            project: "/p".into(),
            breakpoint: Breakpoint {
                id: "bp-1".into(),
                spec: BreakpointSpec {
                    kind: BreakpointKind::Line {
                        file: "/p/a.py".into(),
                        line: 3,
                    },
                    enabled: true,
                    condition: None,
                    log_message: None,
                    suspend_policy: SuspendPolicy::All,
                    temporary: false,
                },
                hit_count: 0,
                verified,
                message: message.map(str::to_string),
                anchor: None,
            },
        }
    }

    #[test]
    fn each_refusal_and_each_death_is_told_once() {
        let notices = Notices::default();
        let mut rx = notices.subscribe();
        notices.of_event(&breakpoint(None, None));
        notices.of_event(&breakpoint(Some(false), Some("no code at line 3")));
        notices.of_event(&breakpoint(Some(false), Some("no code at line 3")));
        notices.of_event(&breakpoint(Some(true), None));
        notices.of_event(&breakpoint(Some(false), Some("no code at line 3")));
        let told = drain(&mut rx);
        assert_eq!(told.len(), 2, "{told:?}");
        assert!(told
            .iter()
            .all(|n| n.level == Level::Warning && n.logger == "breakpoints"));
        assert!(told[0].data["message"]
            .as_str()
            .unwrap()
            .contains("no code at line 3"));

        let crashed = ToolError::new(ErrorCode::AdapterCrashed, "debugpy died").with_detail(
            "diagnostics",
            json!({ "stderr_tail": "Segmentation fault" }),
        );
        notices.of_event(&BackendEvent::Terminated {
            session: "s1".into(),
            error: Some(crashed),
        });
        notices.of_event(&BackendEvent::Terminated {
            session: "s2".into(),
            error: None,
        });
        let told = drain(&mut rx);
        assert_eq!(told.len(), 1, "{told:?}");
        assert_eq!((told[0].level, told[0].logger), (Level::Error, "session"));
        assert_eq!(told[0].data["error"]["error"], "adapter_crashed");
        assert_eq!(
            told[0].data["error"]["diagnostics"]["stderr_tail"],
            "Segmentation fault"
        );
    }

    #[test]
    fn state_warnings_are_told_once_each() {
        let notices = Notices::default();
        let mut rx = notices.subscribe();
        notices.state_warnings(&["a set aside".into()]);
        notices.state_warnings(&["a set aside".into(), "b set aside".into()]);
        notices.state_warnings(&["a set aside".into(), "b set aside".into()]);
        let told: Vec<Value> = drain(&mut rx).into_iter().map(|n| n.data).collect();
        assert_eq!(
            told,
            [
                json!({"message": "a set aside"}),
                json!({"message": "b set aside"})
            ]
        );
    }
}
