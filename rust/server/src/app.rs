//! The server's kernel: [`App`], the state one process shares between every MCP
//! connection, and the event pump that feeds its tracker, consent memory, notices and
//! resource changes from the backend's events; [`Call`], what one tool call carries
//! besides the app (its confirmer and its [`Waiting`]: progress and cancellation).

use crate::consent::{ConfirmRequest, Confirmer, Consent, ConsentMemory, Scope};
use crate::notices::Notices;
use crate::owners::Owners;
use crate::redact::{Redacting, Secrets};
use crate::resources::notify::Change;
use crate::tracker::Tracker;
use crate::watches::WatchStore;
use debugger_core::{Backend, ErrorCode, ToolError, ToolResult};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::broadcast;
use tokio_util::sync::CancellationToken;

/// Changes kept for subscribers that fall behind (beyond, they refresh everything).
const CHANGE_BACKLOG: usize = 256;

/// Shared state of the server: one per process, shared by every MCP connection.
pub struct App {
    /// The debugger, behind the secret masking: the only backend the tools see.
    pub backend: Arc<dyn Backend>,
    /// The secret masking the backend is wrapped in; source lines shown pass through it
    /// too, as a file of the project may hold a credential written into the code.
    pub secrets: Arc<Secrets>,
    pub tracker: Arc<Tracker>,
    pub watches: WatchStore,
    /// Brave mode and the sessions approved for their life.
    pub consent: Arc<ConsentMemory>,
    /// Which breakpoints the agent set.
    pub owners: Owners,
    /// What each backend event changed, sent once the tracker has applied it (the
    /// resource subscriptions listen here).
    pub changes: broadcast::Sender<Change>,
    /// What to tell the agent as it happens (MCP logging).
    pub notices: Arc<Notices>,
}

impl App {
    /// Create the app over `backend` wrapped in the secret masking, and start feeding the
    /// tracker (and the consent memory) from its events.
    pub fn new(
        backend: Arc<dyn Backend>,
        watches: WatchStore,
        consent: Arc<ConsentMemory>,
        secrets: Arc<Secrets>,
    ) -> Arc<Self> {
        let backend: Arc<dyn Backend> = Redacting::new(backend, secrets.clone());
        let tracker = Arc::new(Tracker::new());
        let mut events = backend.events();
        let pump = tracker.clone();
        let forget = consent.clone();
        let changes = broadcast::channel(CHANGE_BACKLOG).0;
        let announce = changes.clone();
        let notices = Arc::new(Notices::default());
        let tell = notices.clone();
        tokio::spawn(async move {
            loop {
                match events.recv().await {
                    Ok(event) => {
                        if let debugger_core::BackendEvent::Terminated { session, .. } = &event {
                            forget.session_ended(session);
                        }
                        pump.apply(&event);
                        tell.of_event(&event);
                        if let Some(change) = Change::of(&event, &pump) {
                            let _ = announce.send(change);
                        }
                    }
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(n)) => {
                        tracing::warn!(
                            missed = n,
                            "session tracker fell behind the backend's events"
                        )
                    }
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => break,
                }
            }
        });
        Arc::new(Self {
            backend,
            secrets,
            tracker,
            owners: Owners::new(watches.state().clone()),
            watches,
            consent,
            changes,
            notices,
        })
    }

    /// Remember an approval of `scope` for `session` and, when it reaches the session's
    /// later actions, tell the agent.
    pub fn remember_approval(&self, scope: Scope, session: &str) {
        self.consent.record(scope, session);
        if scope == Scope::Session {
            self.notices.approval_remembered(session);
        }
    }
}

/// The per-call context a handler may need besides the app.
pub struct Call<'a> {
    pub app: &'a App,
    pub confirmer: &'a dyn Confirmer,
    /// Progress reports and cancellation of the call's waits.
    pub waiting: &'a Waiting,
}

/// Where a call's progress reports go.
#[async_trait::async_trait]
pub trait Progress: Send + Sync {
    /// One report; `progress` (seconds waited) grows from one report to the next.
    async fn report(&self, progress: f64, message: String);
}

/// What a call's waits report to and stop on.
pub struct Waiting {
    /// Cancelled when the client cancels the call.
    pub cancelled: CancellationToken,
    pub(crate) progress: Option<Box<dyn Progress>>,
    pub(crate) started: Instant,
    /// Probe hits recorded so far (`trace_execution`).
    pub(crate) hits: AtomicU64,
}

impl Default for Waiting {
    fn default() -> Self {
        Self::new(CancellationToken::new(), None)
    }
}

impl Waiting {
    pub fn new(cancelled: CancellationToken, progress: Option<Box<dyn Progress>>) -> Self {
        Self {
            cancelled,
            progress,
            started: Instant::now(),
            hits: AtomicU64::new(0),
        }
    }

    /// One more hit recorded by the call.
    pub fn hit(&self) {
        self.hits.fetch_add(1, Ordering::Relaxed);
    }

    /// The error a cancelled call ends with: recorded in the history, never answered
    /// (the client gave the call up).
    pub fn cancelled_error(&self, session: &str) -> ToolError {
        ToolError::new(
            ErrorCode::Cancelled,
            format!(
                "The client cancelled the call after {:.1} s; session '{session}' was left as it is.",
                self.started.elapsed().as_secs_f64()
            ),
        )
        .with_detail("session_id", session)
    }
}

/// Apply the confirmation policy: brave mode, or an earlier "for this session"
/// approval of the session concerned, skips it; otherwise the user must agree. The
/// scope of the approval is returned: a launch records a [`Scope::Session`] for the
/// session it starts ([`ConsentMemory::record`]); other actions are recorded here.
///
/// An approval is bound to the stop it was asked about: if execution moved while the
/// user was asked (another client resumed or stepped the program), nothing is done and
/// the call asks again when it is made again (on protocol 2026-07-28 the retry is that
/// call: its question names the new stop, so the old reply does not answer it).
pub async fn confirm(call: &Call<'_>, mut request: ConfirmRequest) -> ToolResult<Scope> {
    let consent = &call.app.consent;
    if consent.approved(request.session_id.as_deref()) {
        return Ok(Scope::Once);
    }
    let stop_of = |session: &str| {
        let record = call.app.tracker.get(session).ok()?;
        Some((record.stop_generation, record.state))
    };
    let asked_at = request.session_id.as_deref().and_then(stop_of);
    request.stop = asked_at.map(|(generation, _)| generation);
    let answer = call.confirmer.confirm(&request).await;
    let now = request.session_id.as_deref().and_then(stop_of);
    if matches!(answer, Consent::Granted(_)) && now != asked_at {
        return Err(ToolError::new(
            debugger_core::ErrorCode::ConfirmationRequired,
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
        Consent::Granted(scope) => {
            if let Some(session) = &request.session_id {
                call.app.remember_approval(scope, session);
            }
            Ok(scope)
        }
        Consent::Denied => Err(ToolError::new(
            debugger_core::ErrorCode::ConfirmationDenied,
            format!("The user did not approve: {action}"),
        )),
        // Never shown: the call's answer is the question (`Confirmer::deferred`).
        Consent::Deferred => Err(ToolError::new(
            debugger_core::ErrorCode::ConfirmationRequired,
            format!("Asked the user ({action}); the client's retry brings the answer."),
        )),
        Consent::Unavailable => Err(ToolError::new(
            debugger_core::ErrorCode::ConfirmationRequired,
            format!(
                "This action needs the user's approval ({action}), and nobody could be asked \
                 (no answer from an IDE dialog, and no MCP elicitation in this client). The user can allow such actions without asking by starting the \
                 server in brave mode: `jetbrains-debugger-mcp ... --brave` (or JETBRAINS_DEBUGGER_BRAVE=1), or with brave mode in the IDE plugin's settings."
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ide_requests::ServerRequests;
    use debugger_core::history::History;
    use debugger_core::state::StateDir;
    use debugger_core::ErrorCode;
    use debugger_ide::{BridgeConfig, IdeBackend};
    use std::sync::Mutex;

    /// Answers with the scripted consents, in order, and counts the questions.
    struct Scripted(Mutex<Vec<Consent>>);

    #[async_trait::async_trait]
    impl Confirmer for Scripted {
        async fn confirm(&self, _request: &ConfirmRequest) -> Consent {
            self.0.lock().unwrap().remove(0)
        }
    }

    impl Scripted {
        fn left(&self) -> usize {
            self.0.lock().unwrap().len()
        }
    }

    fn on(session: Option<&str>) -> ConfirmRequest {
        ConfirmRequest {
            action: "Set x = 1?".into(),
            project: "shop".into(),
            subject: "x = 1".into(),
            session_id: session.map(str::to_string),
            stop: None,
        }
    }

    /// An app over an IDE backend that no IDE connects to (confirm needs no backend call).
    async fn app(consent: Arc<ConsentMemory>) -> Arc<App> {
        let secrets = crate::redact::Secrets::new(Default::default());
        let requests = Arc::new(ServerRequests {
            history: Arc::new(History::new(10)),
            consent: consent.clone(),
            secrets: secrets.clone(),
        });
        let backend = IdeBackend::start(BridgeConfig::new(0, "t"), requests)
            .await
            .unwrap();
        let state = StateDir::at(std::env::temp_dir().join("jbd-confirm-test"));
        App::new(backend, WatchStore::new(state), consent, secrets)
    }

    #[tokio::test]
    async fn approvals_for_a_session_are_remembered_and_brave_mode_asks_nobody() {
        let consent = Arc::new(ConsentMemory::new(false));
        let app = app(consent.clone()).await;
        let confirmer = Scripted(Mutex::new(vec![
            Consent::Granted(Scope::Session), // a launch, for its session
            Consent::Granted(Scope::Session), // an action on s2
            Consent::Denied,                  // another action on s3
            Consent::Unavailable,             // nobody to ask
        ]));
        let waiting = Waiting::default();
        let call = Call {
            app: &app,
            confirmer: &confirmer,
            waiting: &waiting,
        };
        // A launch answers the scope; the launch handler records it for the new session.
        let scope = confirm(&call, on(None)).await.unwrap();
        assert_eq!(scope, Scope::Session);
        assert!(
            !consent.approved(Some("s1")),
            "nothing recorded without a session"
        );
        consent.record(scope, "s1");
        assert_eq!(confirm(&call, on(Some("s1"))).await.unwrap(), Scope::Once);
        assert_eq!(confirmer.left(), 3, "s1 was not asked about again");

        confirm(&call, on(Some("s2"))).await.unwrap();
        assert!(
            consent.approved(Some("s2")),
            "an action's session approval is recorded"
        );
        let denied = confirm(&call, on(Some("s3"))).await.unwrap_err();
        assert_eq!(denied.code, ErrorCode::ConfirmationDenied);
        let nobody = confirm(&call, on(None)).await.unwrap_err();
        assert_eq!(nobody.code, ErrorCode::ConfirmationRequired);
        assert!(nobody
            .message
            .contains("brave mode in the IDE plugin's settings"));

        consent.set_brave(true);
        assert_eq!(confirm(&call, on(None)).await.unwrap(), Scope::Once);
        assert_eq!(confirmer.left(), 0);
    }
}
