//! Adapters started ahead: one adapter process kept ready per
//! adapter command in use, so a launch skips the adapter's own start (debugpy: an
//! interpreter importing the adapter, a few hundred milliseconds). A launch takes the
//! ready one when it is still alive and starts its replacement at once, which then
//! has the whole session to get ready. The first is started with the server, for
//! the projects' launch.json (`DapBackend::warm_up`).
//!
//! A warm adapter is made for a session id reserved when it starts: its process
//! tree carries that session's tag (`tree`), so it dies with the session it serves,
//! and, unused, with the server (`DapBackend::shutdown` kills the owner's every tag;
//! `PR_SET_PDEATHSIG` covers a server that is killed). Only profiles whose adapter
//! does not care where it runs and speaks stdio are kept warm
//! ([`AdapterProfile::keep_warm`]); at most one per command.

use crate::adapter::{self, AdapterCommand, AdapterProfile};
use crate::tree;
use debugger_core::lock;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Mutex;
use tokio::process::Child;

/// One adapter started ahead for a reserved session id.
pub struct Warm {
    pub session_id: String,
    pub child: Child,
}

/// The adapters started ahead, by command.
#[derive(Default)]
pub struct WarmAdapters {
    ready: Mutex<HashMap<AdapterCommand, Warm>>,
    /// Set when the backend shuts down: no adapter is started ahead after that.
    closed: std::sync::atomic::AtomicBool,
}

/// Where an adapter started ahead runs: a folder no other user can write to, since
/// `python -m` puts its working directory first on the module path (a `debugpy`
/// folder planted there would run instead): the root, or on Windows the user's own
/// temporary folder.
fn private_cwd() -> PathBuf {
    if cfg!(windows) {
        std::env::temp_dir()
    } else {
        PathBuf::from("/")
    }
}

impl WarmAdapters {
    /// The adapter started ahead for `command`, if it is still alive.
    pub fn take(&self, command: &AdapterCommand) -> Option<Warm> {
        let mut warm = lock(&self.ready).remove(command)?;
        match warm.child.try_wait() {
            Ok(None) => Some(warm),
            _ => None,
        }
    }

    /// Start the next adapter for `command` ahead, for session `session_id` of the
    /// server `owner` (its tree's tag), unless one is ready or the profile is not
    /// kept warm. A failure to start is no error: the next launch starts its own.
    pub fn refill(
        &self,
        profile: &AdapterProfile,
        command: &AdapterCommand,
        owner: &str,
        session_id: impl FnOnce() -> String,
    ) {
        let closed = self.closed.load(std::sync::atomic::Ordering::SeqCst);
        if closed || !profile.keep_warm || lock(&self.ready).contains_key(command) {
            return;
        }
        let session_id = session_id();
        match adapter::spawn(command, &private_cwd(), &tree::tag_for(owner, &session_id)) {
            Ok(child) => {
                let mut ready = lock(&self.ready);
                // Closed meanwhile: this one goes (killed when dropped).
                if self.closed.load(std::sync::atomic::Ordering::SeqCst) {
                    return;
                }
                let replaced = ready.insert(command.clone(), Warm { session_id, child });
                // Another refill won the race: its adapter serves; this one goes.
                drop(replaced);
            }
            Err(e) => tracing::debug!(%e, "could not start an adapter ahead"),
        }
    }

    /// Forget every adapter started ahead (each is killed when dropped), and start
    /// none any more.
    pub fn close(&self) {
        let mut ready = lock(&self.ready);
        self.closed.store(true, std::sync::atomic::Ordering::SeqCst);
        ready.clear();
    }
}
