//! MCP logging: the app's notices ([`crate::notices`]) as `notifications/message`, at or
//! above the level a client asked for (`logging/setLevel` up to 2025-11-25, the request's
//! `_meta` from 2026-07-28 on), and the conversions between MCP's levels and ours.
// The feature is deprecated from 2026-07-28 on; it is served to the clients that use it.
#![allow(deprecated)]

use crate::notices::{Level, Notice};
use rmcp::model::{LoggingLevel, LoggingMessageNotificationParam};
use rmcp::{Peer, RoleServer};
use serde_json::Value;
use tokio::sync::broadcast;

/// The least severe notice told to a connection that never set a level: all of them
/// (the spec lets the server choose then, and each is something the agent should know).
pub const DEFAULT_LOG_LEVEL: Level = Level::Info;

pub fn level_of(level: LoggingLevel) -> Level {
    match level {
        LoggingLevel::Debug => Level::Debug,
        LoggingLevel::Info => Level::Info,
        LoggingLevel::Notice => Level::Notice,
        LoggingLevel::Warning => Level::Warning,
        LoggingLevel::Error => Level::Error,
        LoggingLevel::Critical => Level::Critical,
        LoggingLevel::Alert => Level::Alert,
        LoggingLevel::Emergency => Level::Emergency,
    }
}

/// A level as MCP spells it (`warning`).
pub fn level_name(level: Level) -> Value {
    serde_json::to_value(logging_level(level)).unwrap_or_default()
}

fn logging_level(level: Level) -> LoggingLevel {
    match level {
        Level::Debug => LoggingLevel::Debug,
        Level::Info => LoggingLevel::Info,
        Level::Notice => LoggingLevel::Notice,
        Level::Warning => LoggingLevel::Warning,
        Level::Error => LoggingLevel::Error,
        Level::Critical => LoggingLevel::Critical,
        Level::Alert => LoggingLevel::Alert,
        Level::Emergency => LoggingLevel::Emergency,
    }
}

/// Tell `peer` the notices at `least` or above, as `notifications/message`, until the
/// notices end or the peer is gone. `least` is read at each notice (it may change).
pub async fn tell_notices(
    peer: &Peer<RoleServer>,
    notices: &mut broadcast::Receiver<Notice>,
    least: &(dyn Fn() -> Level + Sync),
) {
    loop {
        let notice = match notices.recv().await {
            Ok(notice) => notice,
            Err(broadcast::error::RecvError::Lagged(missed)) => {
                tracing::debug!(missed, "a client was not told some notices");
                continue;
            }
            Err(broadcast::error::RecvError::Closed) => return,
        };
        if !tell(peer, notice, least).await {
            return;
        }
    }
}

/// Tell `peer` the notices already queued in `notices` (at `least` or above), then stop.
pub async fn tell_queued(
    peer: &Peer<RoleServer>,
    notices: &mut broadcast::Receiver<Notice>,
    least: &(dyn Fn() -> Level + Sync),
) {
    loop {
        let notice = match notices.try_recv() {
            Ok(notice) => notice,
            Err(broadcast::error::TryRecvError::Lagged(_)) => continue,
            Err(_) => return,
        };
        if !tell(peer, notice, least).await {
            return;
        }
    }
}

/// Tell one notice if it is at `least` or above; false once the peer is gone.
async fn tell(peer: &Peer<RoleServer>, notice: Notice, least: &(dyn Fn() -> Level + Sync)) -> bool {
    if notice.level < least() {
        return true;
    }
    let message = LoggingMessageNotificationParam::new(logging_level(notice.level), notice.data)
        .with_logger(notice.logger);
    peer.notify_logging_message(message).await.is_ok()
}
