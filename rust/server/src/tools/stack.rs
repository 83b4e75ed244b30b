//! Stack and thread tools.

use super::frames;
use super::resolve::{self, Target};
use super::views::Location;
use crate::app::Call;
use crate::lenient;
use debugger_core::{ErrorCode, ToolError, ToolResult};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The most frames one answer lists (a deep recursion has thousands): the top ones are
/// where the agent looks.
pub(crate) const MAX_FRAMES: usize = 200;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct StackParams {
    #[serde(flatten)]
    pub target: Target,
    #[serde(default)]
    pub thread_name: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    pub thread_id: Option<String>,
    #[serde(default, deserialize_with = "lenient::opt_usize")]
    #[schemars(extend("default" = 50))]
    pub max_frames: Option<usize>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Frame {
    pub index: usize,
    #[serde(flatten)]
    pub location: Location,
    pub is_current: bool,
    pub is_library: bool,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct StackTrace {
    pub thread: String,
    pub thread_id: String,
    pub frames: Vec<Frame>,
    pub total_frames: usize,
}

/// Pick a thread by id or name (default: the session's current thread).
async fn pick_thread(
    call: &Call<'_>,
    record: &crate::tracker::SessionRecord,
    id: Option<&str>,
    name: Option<&str>,
) -> ToolResult<debugger_core::model::ThreadInfo> {
    let threads = frames::threads(call, record).await?;
    let current = frames::current_thread(call, record).await?;
    let found = match (id, name) {
        (Some(id), _) => threads.iter().find(|t| t.id == id),
        (None, Some(name)) => threads.iter().find(|t| t.name == name),
        (None, None) => threads.iter().find(|t| t.id == current),
    };
    found.cloned().ok_or_else(|| {
        let known: Vec<String> = threads
            .iter()
            .map(|t| format!("{} ({})", t.name, t.id))
            .collect();
        ToolError::new(
            ErrorCode::ThreadNotFound,
            format!("No such thread. Threads: {}", known.join(", ")),
        )
    })
}

pub async fn get_stack_trace(call: &Call<'_>, p: StackParams) -> ToolResult<StackTrace> {
    let project =
        resolve::project_of(call, p.target.project_path.as_deref(), p.target.named()).await?;
    let record = resolve::paused_session(call, &project, p.target.session_id.as_deref())?;
    let max = p.max_frames.unwrap_or(50).clamp(1, MAX_FRAMES);
    // The usual case (current thread): its name as already read, or read its frames
    // while the thread list comes in.
    let known = record.selected_thread.as_deref().and_then(|current| {
        call.app
            .tracker
            .known_thread(&record.descriptor.id, current)
    });
    let current = (&p.thread_id, &p.thread_name, &record.selected_thread, known);
    let ((frames, total), thread) = match current {
        (None, None, Some(current), Some(known)) => {
            (frames::stack(call, &record, current, max).await?, known)
        }
        (None, None, Some(current), None) => {
            let (stack, thread) = tokio::join!(
                frames::stack(call, &record, current, max),
                pick_thread(call, &record, Some(current), None)
            );
            (stack?, thread?)
        }
        _ => {
            let thread = pick_thread(
                call,
                &record,
                p.thread_id.as_deref(),
                p.thread_name.as_deref(),
            )
            .await?;
            (frames::stack(call, &record, &thread.id, max).await?, thread)
        }
    };
    let is_selected_thread = record.selected_thread.as_deref() == Some(thread.id.as_str());
    Ok(StackTrace {
        thread: thread.name,
        thread_id: thread.id,
        frames: frames
            .iter()
            .enumerate()
            .map(|(index, f)| Frame {
                index,
                location: Location::of(f),
                is_current: is_selected_thread && index == record.selected_frame,
                is_library: f.is_library,
            })
            .collect(),
        total_frames: total,
    })
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct SelectFrame {
    #[serde(flatten)]
    pub target: Target,
    /// 0 is the top.
    #[serde(deserialize_with = "lenient::usize_value")]
    pub frame_index: usize,
    #[serde(default, deserialize_with = "lenient::opt_text")]
    pub thread_id: Option<String>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct FrameSelected {
    pub frame_index: usize,
    pub thread_id: String,
    pub location: Location,
    pub message: String,
}

pub async fn select_stack_frame(call: &Call<'_>, p: SelectFrame) -> ToolResult<FrameSelected> {
    let project =
        resolve::project_of(call, p.target.project_path.as_deref(), p.target.named()).await?;
    let index = p.frame_index;
    let record = resolve::paused_session(call, &project, p.target.session_id.as_deref())?;
    let thread = pick_thread(call, &record, p.thread_id.as_deref(), None).await?;
    let (frames, total) = frames::stack(call, &record, &thread.id, index + 1).await?;
    let frame = frames.get(index).ok_or_else(|| {
        ToolError::new(
            ErrorCode::FrameNotFound,
            format!("No frame {index}: the stack has {total} frames (0 is the top)."),
        )
    })?;
    call.app
        .tracker
        .select_frame(&record.descriptor.id, Some(thread.id.clone()), index)?;
    call.app
        .backend
        .select_frame(&record.descriptor.id, &thread.id, &frame.frame_ref)
        .await?;
    let location = Location::of(frame);
    Ok(FrameSelected {
        frame_index: index,
        thread_id: thread.id,
        message: format!(
            "Selected frame {index}: {} at {}:{}",
            location.method,
            location.file.as_deref().unwrap_or("<unknown>"),
            location.line.unwrap_or(0)
        ),
        location,
    })
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ThreadsParams {
    #[serde(flatten)]
    pub target: Target,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct ThreadView {
    pub id: String,
    pub name: String,
    /// `paused` or `running`.
    pub state: String,
    pub is_current: bool,
    pub group: Option<String>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct ThreadList {
    pub threads: Vec<ThreadView>,
}

pub async fn list_threads(call: &Call<'_>, p: ThreadsParams) -> ToolResult<ThreadList> {
    let project =
        resolve::project_of(call, p.target.project_path.as_deref(), p.target.named()).await?;
    let record = resolve::live_session(call, &project, p.target.session_id.as_deref())?;
    let threads = frames::threads(call, &record).await?;
    let paused = record.state == debugger_core::model::SessionState::Paused;
    let current = if paused {
        Some(frames::current_thread(call, &record).await?)
    } else {
        None
    };
    Ok(ThreadList {
        threads: threads
            .into_iter()
            .map(|t| ThreadView {
                is_current: current.as_deref() == Some(t.id.as_str()),
                state: if paused { "paused" } else { "running" }.into(),
                id: t.id,
                name: t.name,
                group: None,
            })
            .collect(),
    })
}
