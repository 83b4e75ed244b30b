//! The server's kernel: [`App`], the state one process shares between every MCP
//! connection, and the event pump that feeds its tracker, consent memory, notices and
//! resource changes from the backend's events; [`Call`], what one tool call carries
//! besides the app (its confirmer and its [`Waiting`]: progress and cancellation).

use crate::consent::{self, ConfirmRequest, Confirmer, ConsentMemory, Scope};
use crate::notices::Notices;
use crate::owners::Owners;
use crate::redact::{Redacting, Secrets};
use crate::stop_lines::StopLines;
use crate::tracker::Tracker;
use crate::watches::WatchStore;
use debugger_core::{Backend, BackendEvent, ErrorCode, ToolError, ToolResult};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::broadcast;
use tokio_util::sync::CancellationToken;

/// Changes kept for subscribers that fall behind (beyond, they refresh everything).
const CHANGE_BACKLOG: usize = 256;

/// The longest [`App::caught_up`] waits for the event pump.
const CATCH_UP_BOUND: std::time::Duration = std::time::Duration::from_secs(1);

/// A backend event once the tracker has applied it, and the project it is about.
#[derive(Debug, Clone)]
pub struct Applied {
    pub project: PathBuf,
    pub event: Arc<BackendEvent>,
}

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
    /// Each backend event once the tracker has applied it (the resource subscriptions
    /// listen here).
    pub changes: broadcast::Sender<Applied>,
    /// What to tell the agent as it happens (MCP logging).
    pub notices: Arc<Notices>,
    /// The source lines stops show, per session.
    pub stop_lines: StopLines,
    /// The redaction relay, which also applies each event to the tracker, the notices
    /// and the resource changes ([`App::caught_up`]).
    relay: Arc<Redacting>,
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
        let tracker = Arc::new(Tracker::new());
        let tracker_fed = tracker.clone();
        let forget = consent.clone();
        let changes = broadcast::channel(CHANGE_BACKLOG).0;
        let announce = changes.clone();
        let notices = Arc::new(Notices::default());
        let tell = notices.clone();
        let relay = Redacting::new(backend, secrets.clone(), move |event| {
            if let BackendEvent::Terminated { session, .. } = event {
                forget.session_ended(session);
            }
            tracker_fed.apply(event);
            tell.of_event(event);
            if let Some(project) = tracker_fed.project_of(event) {
                let _ = announce.send(Applied {
                    project,
                    event: Arc::new(event.clone()),
                });
            }
        });
        let backend: Arc<dyn Backend> = relay.clone();
        Arc::new(Self {
            backend,
            relay,
            secrets,
            tracker,
            owners: Owners::new(watches.state().clone()),
            watches,
            consent,
            changes,
            notices,
            stop_lines: StopLines::default(),
        })
    }

    /// Once the redaction relay has applied every backend event sent before this call (to
    /// the tracker, the notices, the resource changes): what a tool's own events did is
    /// then known. Bounded.
    pub async fn caught_up(&self) {
        self.relay.relayed(CATCH_UP_BOUND).await;
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

impl Call<'_> {
    /// Ask for approval of `request` under the confirmation policy
    /// ([`consent::confirm`]); an approval "for this session" is remembered for the
    /// session the action concerns.
    pub async fn confirm(&self, request: ConfirmRequest) -> ToolResult<Scope> {
        let session = request.session_id.clone();
        let app = self.app;
        let scope = consent::confirm(&app.consent, self.confirmer, &app.tracker, request).await?;
        if let Some(session) = &session {
            app.remember_approval(scope, session);
        }
        Ok(scope)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::consent::Consent;
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
        let scope = call.confirm(on(None)).await.unwrap();
        assert_eq!(scope, Scope::Session);
        assert!(
            !consent.approved(Some("s1")),
            "nothing recorded without a session"
        );
        consent.record(scope, "s1");
        assert_eq!(call.confirm(on(Some("s1"))).await.unwrap(), Scope::Once);
        assert_eq!(confirmer.left(), 3, "s1 was not asked about again");

        call.confirm(on(Some("s2"))).await.unwrap();
        assert!(
            consent.approved(Some("s2")),
            "an action's session approval is recorded"
        );
        let denied = call.confirm(on(Some("s3"))).await.unwrap_err();
        assert_eq!(denied.code, ErrorCode::ConfirmationDenied);
        let nobody = call.confirm(on(None)).await.unwrap_err();
        assert_eq!(nobody.code, ErrorCode::ConfirmationRequired);
        assert!(
            nobody.message.contains("brave mode") && nobody.message.contains("`Elicitation` hook"),
            "{}",
            nobody.message
        );

        consent.set_brave(true);
        assert_eq!(call.confirm(on(None)).await.unwrap(), Scope::Once);
        assert_eq!(confirmer.left(), 0);
    }
}
