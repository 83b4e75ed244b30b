//! A bound on the number of MCP sessions over HTTP (legacy protocol clients that
//! `initialize` and never send DELETE), besides their idle timeout: past
//! [`MAX_SESSIONS`], the least recently used one is closed when another opens. A
//! closed session's next request is answered 404, which tells a client to start a
//! new one.

use axum::body::Body;
use axum::http::{Method, Request};
use axum::response::Response;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::session::SessionManager;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Most MCP sessions open at once (each holds about 64 KB).
pub const MAX_SESSIONS: usize = 100;

const SESSION_HEADER: &str = "mcp-session-id";

/// The sessions of one HTTP server, by when each was last used.
pub struct SessionBound {
    manager: Arc<LocalSessionManager>,
    last_used: Mutex<HashMap<String, Instant>>,
    cap: usize,
}

impl SessionBound {
    pub fn new(manager: Arc<LocalSessionManager>, cap: usize) -> Arc<Self> {
        Arc::new(Self {
            manager,
            last_used: Mutex::default(),
            cap: cap.max(1),
        })
    }

    /// An axum middleware: note each session's use, forget a deleted one, and close
    /// the least recently used when a new one passes the cap.
    pub async fn track(
        self: Arc<Self>,
        request: Request<Body>,
        next: axum::middleware::Next,
    ) -> Response {
        let asked = request
            .headers()
            .get(SESSION_HEADER)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let deleting = request.method() == Method::DELETE;
        let response = next.run(request).await;
        let opened = response
            .headers()
            .get(SESSION_HEADER)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let evicted = {
            let mut last_used = self.lock();
            match (&asked, deleting) {
                (Some(id), true) => drop(last_used.remove(id)),
                (Some(id), false) if last_used.contains_key(id) => {
                    last_used.insert(id.clone(), Instant::now());
                }
                _ => {}
            }
            match opened.filter(|id| asked.as_ref() != Some(id)) {
                Some(id) => {
                    last_used.insert(id, Instant::now());
                    self.over_cap(&mut last_used)
                }
                None => Vec::new(),
            }
        };
        for id in evicted {
            tracing::info!(session = %id, "closing the least recently used MCP session");
            if let Err(err) = self.manager.close_session(&id.into()).await {
                tracing::debug!(%err, "closing an MCP session");
            }
        }
        response
    }

    /// The sessions to close so that at most the cap stay, least recently used first.
    fn over_cap(&self, last_used: &mut HashMap<String, Instant>) -> Vec<String> {
        let excess = last_used.len().saturating_sub(self.cap);
        if excess == 0 {
            return Vec::new();
        }
        let mut by_use: Vec<(String, Instant)> =
            last_used.iter().map(|(id, at)| (id.clone(), *at)).collect();
        by_use.sort_by_key(|(_, at)| *at);
        by_use
            .into_iter()
            .take(excess)
            .map(|(id, _)| {
                last_used.remove(&id);
                id
            })
            .collect()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Instant>> {
        self.last_used.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_recently_used_go_first() {
        let bound = SessionBound::new(Arc::new(LocalSessionManager::default()), 2);
        let mut last_used = HashMap::new();
        let start = Instant::now();
        for (i, id) in ["a", "b", "c"].iter().enumerate() {
            last_used.insert(
                id.to_string(),
                start + std::time::Duration::from_secs(i as u64),
            );
        }
        last_used.insert("a".into(), start + std::time::Duration::from_secs(9));
        assert_eq!(bound.over_cap(&mut last_used), ["b"]);
        assert_eq!(last_used.len(), 2);
        assert!(bound.over_cap(&mut last_used).is_empty());
    }
}
