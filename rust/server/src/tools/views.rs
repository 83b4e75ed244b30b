//! How the tools show what they read: a place in the source ([`Location`]) and a
//! value cut to [`VALUE_CAP`] with the id that expands or sets it ([`VariableView`]).

use crate::app::Call;
use crate::tracker::VariableHandle;
use debugger_core::model::{StackFrame, Value as DebugValue};
use debugger_core::ToolResult;
use schemars::JsonSchema;
use serde::Serialize;

/// Values longer than this are cut (agents pay per token).
pub const VALUE_CAP: usize = 1000;

/// A place in the source, as the tools answer it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Location {
    pub file: Option<String>,
    pub line: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class: Option<String>,
    pub method: String,
}

impl Location {
    pub fn of(frame: &StackFrame) -> Self {
        Self {
            file: frame.file.as_ref().map(|f| f.display().to_string()),
            line: frame.line,
            class: frame.class.clone(),
            method: frame.method.clone(),
        }
    }
}

/// Cut a value to [`VALUE_CAP`] characters.
pub fn cap(value: &str) -> (String, bool) {
    match value.char_indices().nth(VALUE_CAP) {
        Some((cut, _)) => (format!("{}…", &value[..cut]), true),
        None => (value.to_string(), false),
    }
}

/// A value as tools show it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct VariableView {
    pub name: String,
    pub value: String,
    #[serde(rename = "type")]
    pub type_name: Option<String>,
    pub has_children: bool,
    /// Handle for expand_variable / set_variable, valid until execution moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
}

/// Give a value an id at the current stop and make its compact view.
pub fn view(
    call: &Call<'_>,
    session: &str,
    frame_ref: &str,
    parent_path: Option<&str>,
    value: DebugValue,
) -> ToolResult<VariableView> {
    let (text, truncated) = cap(&value.value);
    let path = match parent_path {
        Some(parent) => format!("{parent}.{}", value.name),
        None => value.name.clone(),
    };
    let id = if value.children_ref.is_some() || value.target.is_some() {
        Some(call.app.tracker.register_variable(
            session,
            VariableHandle {
                name: value.name.clone(),
                value: text.clone(),
                path,
                frame_ref: frame_ref.to_string(),
                children_ref: value.children_ref.clone(),
                target: value.target.clone(),
            },
        )?)
    } else {
        None
    };
    Ok(VariableView {
        name: value.name,
        value: text,
        type_name: value.type_name,
        has_children: value.children_ref.is_some(),
        id,
        truncated,
    })
}
