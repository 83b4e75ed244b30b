//! The server's command history: every tool call is recorded in a
//! `debugger_core::history::History` (bounded, default 100, each entry about 16 KB at
//! most), and a background task exports it, debounced, as `history.json` and
//! `history.csv` in the user state directory (each at most 8 MiB, written atomically,
//! mode 0600), off the tool-call path. With the IDE backend the history is also the
//! tool window's: every change is pushed to the IDE (`history/changed`); the IDE's
//! requests about it are answered in `ide_requests.rs`.

use debugger_core::history::{History, HistoryChange};
use debugger_core::state::{write_private, StateDir};
use debugger_ide::IdeBackend;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Default number of calls kept (the setting "max history size").
pub const DEFAULT_CAPACITY: usize = 100;
/// Quiet time before the export files are rewritten.
const EXPORT_DEBOUNCE: Duration = Duration::from_millis(250);

/// The history of this server.
pub struct HistoryLog {
    pub history: Arc<History>,
}

impl HistoryLog {
    /// A history of `capacity` calls, exported under `state`'s root. Must be called
    /// inside a Tokio runtime.
    pub fn new(capacity: usize, state: &StateDir) -> Self {
        let history = Arc::new(History::new(capacity));
        tokio::spawn(export_on_change(
            history.clone(),
            state.root().to_path_buf(),
        ));
        Self { history }
    }

    /// Push every change to the IDE's tool window from now on, for the life of the
    /// process. A push that falls behind resends the whole history.
    pub fn push_to(&self, ide: Arc<IdeBackend>) {
        let history = self.history.clone();
        let mut changes = history.subscribe();
        tokio::spawn(async move {
            loop {
                match changes.recv().await {
                    Ok(change) => ide.push_history(&change),
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                        ide.push_history(&HistoryChange::Cleared);
                        for entry in history.entries().into_iter().rev() {
                            ide.push_history(&HistoryChange::Added { entry });
                        }
                    }
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
                }
            }
        });
    }
}

async fn export_on_change(history: Arc<History>, dir: PathBuf) {
    let mut changes = history.subscribe();
    loop {
        match changes.recv().await {
            Ok(HistoryChange::Added { .. }) => continue,
            Ok(_) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {}
            Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
        }
        // Coalesce a burst of calls into one write.
        tokio::time::sleep(EXPORT_DEBOUNCE).await;
        while changes.try_recv().is_ok() {}
        let (json, csv) = (history.export_json(), history.export_csv());
        let dir = dir.clone();
        let written = tokio::task::spawn_blocking(move || -> std::io::Result<()> {
            write_private(&dir.join("history.json"), json.as_bytes())?;
            write_private(&dir.join("history.csv"), csv.as_bytes())
        })
        .await;
        if let Ok(Err(err)) = written {
            tracing::warn!(%err, "could not export the command history");
        }
    }
}
