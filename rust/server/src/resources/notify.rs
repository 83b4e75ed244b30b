//! Telling subscribers that a resource changed. The app announces every backend event
//! once the tracker has applied it ([`Applied`]); which resources of its project it
//! touches is a table, [`touched_by`]. Each subscriber runs one [`pump`]
//! that keeps the notices its client asked for and sends them coalesced: the first
//! change after a quiet spell goes out at once, later ones at most every
//! [`MIN_INTERVAL`] per notice, so a burst of steps costs a bounded number of
//! notifications and the last state always arrives within that interval.
//!
//! Two outlets, one per protocol generation: [`LegacyOutlet`] (2025-11-25 and older:
//! `resources/subscribe` fills a set) and [`ListenOutlet`] (2026-07-28: one
//! `subscriptions/listen` stream with its accepted filter).
//!
//! The list itself never changes while the server runs (every open project's resources are
//! listed, with a session or not), so no `list_changed` is sent.

use super::uri::{Kind, ResourceUri};
use crate::app::Applied;
use debugger_core::BackendEvent;
use rmcp::model::{ResourceUpdatedNotificationParam, SubscriptionFilter};
use rmcp::service::SubscriptionSink;
use rmcp::{Peer, RoleServer};
use std::collections::{BTreeSet, HashSet};
use std::future::Future;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::broadcast;
use tokio::time::Instant;

/// The shortest time between two sends of the same notice.
pub const MIN_INTERVAL: Duration = Duration::from_millis(250);

/// Which resources an event touches.
fn touched_by(event: &BackendEvent) -> &'static [Kind] {
    use BackendEvent as E;
    match event {
        E::SessionStarted(_) | E::Terminated { .. } => &[
            Kind::Session,
            Kind::Threads,
            Kind::Output,
            Kind::Breakpoints,
        ],
        E::ProcessStarted { .. } | E::Exited { .. } => &[Kind::Session],
        // A stop counts hits and may remove a temporary breakpoint.
        E::Stopped { .. } => &[
            Kind::Session,
            Kind::Threads,
            Kind::Breakpoints,
            Kind::Modules,
        ],
        E::Continued { .. } => &[Kind::Session, Kind::Threads],
        E::Output { .. } => &[Kind::Output],
        E::BreakpointChanged { .. }
        | E::BreakpointRemoved { .. }
        | E::BreakpointsChanged { .. } => &[Kind::Breakpoints],
    }
}

/// One notification a client may be sent: the resource at this URI changed.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Notice(pub String);

/// Where one subscriber's notices go.
#[async_trait::async_trait]
pub trait Outlet: Send + Sync {
    /// The URIs the client subscribed to, as it wrote them.
    fn subscribed(&self) -> Vec<String>;
    /// Send one notice; an error means the client is gone.
    async fn send(&self, notice: &Notice) -> Result<(), String>;
}

/// Whether a subscribed URI shows a resource of `project` of one of `kinds`. A URI
/// without a project names the only project open, so it matches every project.
fn shows(uri: &str, project: &Path, kinds: &[Kind]) -> bool {
    let Ok(parsed) = ResourceUri::parse(uri) else {
        return false;
    };
    kinds.contains(&parsed.kind)
        && parsed.project.as_deref().is_none_or(|selector| {
            Path::new(selector) == project
                || Path::new(selector)
                    .canonicalize()
                    .is_ok_and(|p| p == project)
        })
}

/// The notices an applied event means for this outlet's client.
fn notices(outlet: &dyn Outlet, applied: &Applied) -> Vec<Notice> {
    let kinds = touched_by(&applied.event);
    outlet
        .subscribed()
        .into_iter()
        .filter(|uri| shows(uri, &applied.project, kinds))
        .map(Notice)
        .collect()
}

/// Every notice the outlet could want: after this pump fell behind the events.
fn everything(outlet: &dyn Outlet) -> Vec<Notice> {
    outlet.subscribed().into_iter().map(Notice).collect()
}

/// Forward the notices of `changes` to `outlet`, coalesced (see the module doc), until `until`
/// resolves, the changes end, or the client is gone.
pub async fn pump(
    mut changes: broadcast::Receiver<Applied>,
    outlet: impl Outlet,
    until: impl Future<Output = ()>,
) {
    let mut pending = BTreeSet::new();
    let mut quiet_until = Instant::now();
    tokio::pin!(until);
    loop {
        let due = !pending.is_empty();
        tokio::select! {
            () = &mut until => return,
            change = changes.recv() => match change {
                Ok(change) => pending.extend(notices(&outlet, &change)),
                Err(broadcast::error::RecvError::Lagged(_)) => pending.extend(everything(&outlet)),
                Err(broadcast::error::RecvError::Closed) => return,
            },
            () = tokio::time::sleep_until(quiet_until), if due => {
                for notice in std::mem::take(&mut pending) {
                    if let Err(err) = outlet.send(&notice).await {
                        tracing::debug!(%err, "a resource subscriber is gone");
                        return;
                    }
                }
                quiet_until = Instant::now() + MIN_INTERVAL;
            }
        }
    }
}

/// Subscriptions of a client on the legacy protocol: `resources/subscribe` adds,
/// `resources/unsubscribe` removes. One per connection.
#[derive(Debug, Default, Clone)]
pub struct LegacySubscriptions(Arc<Mutex<HashSet<String>>>);

impl LegacySubscriptions {
    pub fn add(&self, uri: String) {
        self.lock().insert(uri);
    }

    pub fn remove(&self, uri: &str) {
        self.lock().remove(uri);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashSet<String>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// A legacy client: notifications go straight to its peer.
pub struct LegacyOutlet {
    pub peer: Peer<RoleServer>,
    pub subscriptions: LegacySubscriptions,
}

#[async_trait::async_trait]
impl Outlet for LegacyOutlet {
    fn subscribed(&self) -> Vec<String> {
        self.subscriptions.lock().iter().cloned().collect()
    }

    async fn send(&self, Notice(uri): &Notice) -> Result<(), String> {
        self.peer
            .notify_resource_updated(ResourceUpdatedNotificationParam::new(uri.clone()))
            .await
            .map_err(|e| e.to_string())
    }
}

/// Resolves once the legacy client's connection is closed.
pub async fn closed(peer: Peer<RoleServer>) {
    while !peer.is_transport_closed() {
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// A 2026-07-28 client: one `subscriptions/listen` stream.
pub struct ListenOutlet(pub SubscriptionSink);

#[async_trait::async_trait]
impl Outlet for ListenOutlet {
    fn subscribed(&self) -> Vec<String> {
        self.0
            .accepted()
            .resource_subscriptions
            .clone()
            .unwrap_or_default()
    }

    async fn send(&self, Notice(uri): &Notice) -> Result<(), String> {
        self.0
            .notify_resource_updated(uri.clone())
            .await
            .map_err(|e| e.to_string())
    }
}

/// The part of a `subscriptions/listen` filter this server serves: updates of
/// `debugger://` URIs (others, and list changes, are dropped from the ack).
pub fn accepted_filter(requested: &SubscriptionFilter) -> SubscriptionFilter {
    let mut accepted = SubscriptionFilter::new();
    accepted.resource_subscriptions = requested.resource_subscriptions.as_ref().map(|uris| {
        uris.iter()
            .filter(|uri| ResourceUri::parse(uri).is_ok())
            .cloned()
            .collect()
    });
    accepted
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::sync::mpsc;

    /// Records what it is sent, subscribed to fixed URIs.
    struct Recorder {
        uris: Vec<String>,
        sent: mpsc::UnboundedSender<(Notice, Instant)>,
    }

    #[async_trait::async_trait]
    impl Outlet for Recorder {
        fn subscribed(&self) -> Vec<String> {
            self.uris.clone()
        }
        async fn send(&self, notice: &Notice) -> Result<(), String> {
            self.sent
                .send((notice.clone(), Instant::now()))
                .map_err(|e| e.to_string())
        }
    }

    fn applied(project: &str, event: BackendEvent) -> Applied {
        Applied {
            project: project.into(),
            event: Arc::new(event),
        }
    }

    /// An event that touches the session and threads resources.
    fn continued() -> BackendEvent {
        BackendEvent::Continued {
            session: "s1".into(),
        }
    }

    /// An event that touches the breakpoints resource alone.
    fn breakpoints_changed(project: &str) -> BackendEvent {
        BackendEvent::BreakpointsChanged {
            project: project.into(),
        }
    }

    #[test]
    fn a_uri_matches_its_kind_and_its_project() {
        let shop = Path::new("/p/shop");
        assert!(shows("debugger://session", shop, &[Kind::Session]));
        assert!(!shows("debugger://session", shop, &[Kind::Threads]));
        assert!(shows(
            "debugger://threads?project=%2Fp%2Fshop",
            shop,
            &[Kind::Threads]
        ));
        assert!(!shows(
            "debugger://threads?project=%2Fp%2Fapi",
            shop,
            &[Kind::Threads]
        ));
        assert!(!shows("debugger://source/a.py", shop, &[Kind::Session]));
        assert!(!shows("not a uri", shop, &[Kind::Session]));
    }

    #[tokio::test(start_paused = true)]
    async fn a_burst_is_coalesced_and_its_last_state_arrives_within_the_interval() {
        let (changes, receiver) = broadcast::channel(1024);
        let (sent, mut received) = mpsc::unbounded_channel();
        let outlet = Recorder {
            uris: vec!["debugger://session".into(), "debugger://breakpoints".into()],
            sent,
        };
        let stop = tokio::sync::Notify::new();
        let pump = tokio::spawn({
            let stop = Arc::new(stop);
            let until = stop.clone();
            async move { pump(receiver, outlet, async move { until.notified().await }).await }
        });
        let started = Instant::now();
        // 100 steps, 10 ms apart: a second of stepping.
        for _ in 0..100 {
            changes.send(applied("/p/shop", continued())).unwrap();
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let last_change = Instant::now();
        tokio::time::sleep(Duration::from_secs(2)).await;
        let mut updates = vec![];
        while let Ok((notice, at)) = received.try_recv() {
            updates.push((notice, at));
        }
        assert!(
            updates
                .iter()
                .all(|(n, _)| *n == Notice("debugger://session".into())),
            "only the subscribed session resource: {updates:?}"
        );
        let bound = (last_change - started).as_millis() / MIN_INTERVAL.as_millis() + 2;
        assert!(
            (2..=bound as usize).contains(&updates.len()),
            "{} notifications for 100 changes (bound {bound})",
            updates.len()
        );
        let (_, last) = updates.last().unwrap();
        assert!(*last >= last_change - Duration::from_millis(10));
        assert!(*last <= last_change + MIN_INTERVAL);
        pump.abort();
    }

    #[tokio::test(start_paused = true)]
    async fn another_projects_change_is_not_told() {
        let (changes, receiver) = broadcast::channel(16);
        let (sent, mut received) = mpsc::unbounded_channel();
        let outlet = Recorder {
            uris: vec!["debugger://breakpoints?project=%2Fp%2Fshop".into()],
            sent,
        };
        let pump = tokio::spawn(pump(receiver, outlet, std::future::pending()));
        changes
            .send(applied("/p/api", breakpoints_changed("/p/api")))
            .unwrap();
        changes
            .send(applied("/p/shop", breakpoints_changed("/p/shop")))
            .unwrap();
        tokio::time::sleep(Duration::from_secs(1)).await;
        let mut got = vec![];
        while let Ok((notice, _)) = received.try_recv() {
            got.push(notice);
        }
        assert_eq!(
            got,
            vec![Notice("debugger://breakpoints?project=%2Fp%2Fshop".into())]
        );
        pump.abort();
    }

    #[test]
    fn the_listen_filter_keeps_our_uris_only_and_no_list_changes() {
        let mut requested = SubscriptionFilter::new();
        requested.resources_list_changed = Some(true);
        requested.tools_list_changed = Some(true);
        requested.resource_subscriptions = Some(vec![
            "debugger://session".into(),
            "file:///etc/passwd".into(),
        ]);
        let accepted = accepted_filter(&requested);
        assert_eq!(accepted.resources_list_changed, None);
        assert_eq!(accepted.tools_list_changed, None);
        assert_eq!(
            accepted.resource_subscriptions,
            Some(vec!["debugger://session".to_string()])
        );
    }
}
