//! A session's threads and frames as the tools read them: once per stop while paused
//! (the tracker caches them), and the thread and frame a paused session's tools act on.

use crate::app::Call;
use crate::tracker::SessionRecord;
use debugger_core::model::{SessionState, StackFrame, ThreadInfo};
use debugger_core::{ErrorCode, ToolError, ToolResult};

/// The debuggee's threads; read once per stop while paused.
pub async fn threads(call: &Call<'_>, record: &SessionRecord) -> ToolResult<Vec<ThreadInfo>> {
    let id = &record.descriptor.id;
    let tracker = &call.app.tracker;
    if record.state == SessionState::Paused {
        if let Some(threads) = tracker.cached_threads(id) {
            return Ok(threads);
        }
    }
    let threads = call.app.backend.threads(id).await?;
    if record.state == SessionState::Paused {
        tracker.cache_threads(id, record.stop_generation, &threads);
    }
    Ok(threads)
}

/// The top `depth` frames of a thread and the stack's depth; read once per stop and
/// thread while paused (a deeper read replaces a shallower one). Each read crosses to
/// the debugger (with the IDE: the bridge and the IDE's debugger thread), and the
/// frame-relative tools all start from a frame.
pub async fn stack(
    call: &Call<'_>,
    record: &SessionRecord,
    thread: &str,
    depth: usize,
) -> ToolResult<(Vec<StackFrame>, usize)> {
    let id = &record.descriptor.id;
    let tracker = &call.app.tracker;
    let paused = record.state == SessionState::Paused;
    if paused {
        if let Some(cached) = tracker.cached_stack(id, thread, depth) {
            return Ok(cached);
        }
    }
    let (frames, total) = call.app.backend.stack(id, thread, depth).await?;
    if paused {
        tracker.cache_stack(id, record.stop_generation, thread, &frames, total);
    }
    Ok((frames, total))
}

/// The thread a paused session's tools act on: the selected one, else the stopped one,
/// else the first.
pub async fn current_thread(call: &Call<'_>, record: &SessionRecord) -> ToolResult<String> {
    if let Some(thread) = &record.selected_thread {
        return Ok(thread.clone());
    }
    let threads = threads(call, record).await?;
    threads
        .first()
        .map(|t| t.id.clone())
        .ok_or_else(|| ToolError::new(ErrorCode::ThreadNotFound, "The debuggee has no threads."))
}

/// The frame at `index` of the current thread (default: the selected frame).
pub async fn frame_at(
    call: &Call<'_>,
    record: &SessionRecord,
    index: Option<usize>,
) -> ToolResult<(usize, StackFrame)> {
    let index = index.unwrap_or(record.selected_frame);
    let thread = current_thread(call, record).await?;
    let (frames, total) = stack(call, record, &thread, index + 1).await?;
    frames
        .into_iter()
        .nth(index)
        .map(|f| (index, f))
        .ok_or_else(|| {
            ToolError::new(
                ErrorCode::FrameNotFound,
                format!("No frame {index}: the stack has {total} frames (0 is the top)."),
            )
        })
}
