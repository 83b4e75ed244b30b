//! Consent before side effects: who is asked ([`Confirmer`]: an IDE dialog, MCP
//! elicitation, or a question the client answers in its next round), the policy that
//! decides whether to ask ([`confirm`]), and what it remembers between calls
//! ([`ConsentMemory`]): whether brave mode is on
//! (`--brave` is the initial value; the IDE's settings switch it at run time through
//! `settings/update`), and which debug sessions the user approved for their whole
//! life ("Allow for this session"). An approval with scope [`Scope::Session`] covers
//! later confirmations that concern the same session: for a launch, the session it
//! started. It is forgotten when that session ends.
//!
//! Beside it: the confirmers (`confirmers.rs`; MRTR's in `mrtr.rs`, with the choice of
//! route) and who was asked (`asker.rs`).

pub mod asker;
pub mod confirmers;
pub mod mrtr;

use crate::tracker::Tracker;
use debugger_core::{ErrorCode, ToolError, ToolResult};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// How long the user has to answer a confirmation (a dialog, an elicitation, an MRTR
/// question).
pub const CONFIRMATION_TIMEOUT: Duration = Duration::from_secs(120);

/// What a confirmation request came back with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Consent {
    Granted(Scope),
    Denied,
    /// Nobody can be asked (no IDE, client without elicitation).
    Unavailable,
    /// The question was cancelled with no answer: nobody approved or refused it (a
    /// headless client cancels every question by itself; the question timed out).
    Unanswered,
    /// The question goes to the client as this call's answer (MRTR, protocol
    /// 2026-07-28): the call stops here, before acting, and the client's retry of it
    /// brings the reply (`mrtr.rs`).
    Deferred,
}

/// An action that needs the user's approval, described for the question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfirmRequest {
    /// What the agent wants to do, in a sentence.
    pub action: String,
    /// The project's name.
    pub project: String,
    /// What the action is about, in the user's words: the run configuration's name,
    /// the expression, or the assignment.
    pub subject: String,
    /// The debug session the action concerns; `None` for a launch.
    pub session_id: Option<String>,
    /// The session's stop when it was asked (its generation), set by [`confirm`]: an
    /// approval holds for that stop only.
    pub stop: Option<u64>,
}

/// Asks the user to approve an action (IDE dialog, MCP elicitation, or a question
/// the client answers in its next round).
#[async_trait::async_trait]
pub trait Confirmer: Send + Sync {
    async fn confirm(&self, request: &ConfirmRequest) -> Consent;

    /// The question this confirmer deferred during the call ([`Consent::Deferred`]):
    /// the call stopped there with nothing done, and its answer is that question, not
    /// the error the handler returned.
    fn deferred(&self) -> Option<ConfirmRequest> {
        None
    }
}

/// How far a user's approval reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// This action only.
    Once,
    /// Every later action on the same debug session, until it ends.
    Session,
}

/// Brave mode and the sessions approved for their life. One per process.
#[derive(Debug, Default)]
pub struct ConsentMemory {
    brave: AtomicBool,
    sessions: Mutex<HashSet<String>>,
}

impl ConsentMemory {
    pub fn new(brave: bool) -> Self {
        Self {
            brave: AtomicBool::new(brave),
            sessions: Mutex::default(),
        }
    }

    pub fn brave(&self) -> bool {
        self.brave.load(Ordering::SeqCst)
    }

    pub fn set_brave(&self, on: bool) {
        self.brave.store(on, Ordering::SeqCst);
        tracing::info!(brave = on, "brave mode switched");
    }

    /// Whether an action on `session` needs no question: brave mode, or the user
    /// approved that session for its life. A launch (`None`) always asks.
    pub fn approved(&self, session: Option<&str>) -> bool {
        self.brave() || session.is_some_and(|s| self.lock().contains(s))
    }

    /// Record an approval of `scope` for `session` (the session the action concerns,
    /// or the one a launch started).
    pub fn record(&self, scope: Scope, session: &str) {
        if scope == Scope::Session {
            self.lock().insert(session.to_string());
        }
    }

    /// `session` ended: its approval goes with it.
    pub fn session_ended(&self, session: &str) {
        self.lock().remove(session);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashSet<String>> {
        self.sessions.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// What a `confirmation_required` answer tells the agent to pass on: the ways a user can
/// approve an action.
const HOW_TO_APPROVE: &str = "Tell the user. They can approve it in the IDE's dialog (the \
     jetbrains-debugger plugin), in a client that asks MCP questions (run headless, Claude \
     Code answers them through an `Elicitation` hook in its settings), or allow such actions \
     without asking with brave mode (`jetbrains-debugger-mcp ... --brave`, \
     JETBRAINS_DEBUGGER_BRAVE=1, or the plugin's setting).";

/// Apply the confirmation policy: brave mode, or an earlier "for this session"
/// approval of the session concerned, skips it; otherwise the user must agree. The
/// scope of the approval is returned, for the caller to record: a launch records a
/// [`Scope::Session`] for the session it starts ([`ConsentMemory::record`]), other
/// actions for the session they concern (`Call::confirm`).
///
/// An approval is bound to the stop it was asked about: if execution moved while the
/// user was asked (another client resumed or stepped the program), nothing is done and
/// the call asks again when it is made again (on protocol 2026-07-28 the retry is that
/// call: its question names the new stop, so the old reply does not answer it).
pub async fn confirm(
    consent: &ConsentMemory,
    confirmer: &dyn Confirmer,
    tracker: &Tracker,
    mut request: ConfirmRequest,
) -> ToolResult<Scope> {
    if consent.approved(request.session_id.as_deref()) {
        return Ok(Scope::Once);
    }
    let stop_of = |session: &str| {
        let record = tracker.get(session).ok()?;
        Some((record.stop_generation, record.state))
    };
    let asked_at = request.session_id.as_deref().and_then(stop_of);
    request.stop = asked_at.map(|(generation, _)| generation);
    let answer = confirmer.confirm(&request).await;
    let now = request.session_id.as_deref().and_then(stop_of);
    if matches!(answer, Consent::Granted(_)) && now != asked_at {
        return Err(ToolError::new(
            ErrorCode::ConfirmationRequired,
            format!(
                "Execution moved while the user was asked ({}); the approval was for where \
                 the program stood then. Nothing was done: call again to be asked about \
                 where it stands now.",
                request.action
            ),
        )
        .with_detail("execution_moved", true));
    }
    let action = request.action.as_str();
    match answer {
        Consent::Granted(scope) => Ok(scope),
        Consent::Denied => Err(ToolError::new(
            ErrorCode::ConfirmationDenied,
            format!("The user did not approve: {action}"),
        )),
        // Never shown: the call's answer is the question (`Confirmer::deferred`).
        Consent::Deferred => Err(ToolError::new(
            ErrorCode::ConfirmationRequired,
            format!("Asked the user ({action}); the client's retry brings the answer."),
        )),
        Consent::Unavailable => Err(ToolError::new(
            ErrorCode::ConfirmationRequired,
            format!(
                "This action needs the user's approval ({action}), and nobody could be asked: \
                 no IDE dialog, and this client takes no MCP elicitation. Nothing was done. \
                 {HOW_TO_APPROVE}"
            ),
        )
        .with_detail("reason", "nobody_to_ask")),
        Consent::Unanswered => Err(ToolError::new(
            ErrorCode::ConfirmationRequired,
            format!(
                "The question for the user's approval ({action}) ended with no answer: nobody \
                 approved or refused it (a headless client such as `claude -p` cancels every \
                 question by itself). Nothing was done. {HOW_TO_APPROVE}"
            ),
        )
        .with_detail("reason", "unanswered")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_approval_lasts_until_the_session_ends() {
        let memory = ConsentMemory::new(false);
        assert!(!memory.approved(Some("s1")));
        memory.record(Scope::Once, "s1");
        assert!(!memory.approved(Some("s1")), "once is once");
        memory.record(Scope::Session, "s1");
        assert!(memory.approved(Some("s1")));
        assert!(!memory.approved(Some("s2")), "only that session");
        assert!(!memory.approved(None), "a launch always asks");
        memory.session_ended("s1");
        assert!(!memory.approved(Some("s1")));
    }

    #[test]
    fn brave_mode_approves_everything_and_switches_at_run_time() {
        let memory = ConsentMemory::new(true);
        assert!(memory.approved(None) && memory.approved(Some("s9")));
        memory.set_brave(false);
        assert!(!memory.approved(None));
        memory.set_brave(true);
        assert!(memory.brave());
    }
}
