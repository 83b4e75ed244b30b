//! Run configurations of the standalone backend: each project's `.vscode/launch.json`
//! in the real VS Code format (JSON with comments and trailing commas, `${...}`
//! variables). Parsing and substitution live here; launching is the DAP backend's.

use crate::model::RunConfiguration;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// One configuration of launch.json, with variables substituted.
#[derive(Debug, Clone, PartialEq)]
pub struct LaunchConfig {
    pub name: String,
    /// `type` as written (`debugpy`, `python`, `node`, ...).
    pub type_name: String,
    /// `request` as written (`launch`, `attach`).
    pub request: String,
    /// Absolute path of the script (`program`).
    pub program: Option<PathBuf>,
    /// Module to run with `-m` (`module`).
    pub module: Option<String>,
    pub args: Vec<String>,
    /// Absolute working directory (default: the project root).
    pub cwd: PathBuf,
    pub env: BTreeMap<String, String>,
    pub just_my_code: bool,
    pub stop_on_entry: bool,
    /// Interpreter from `python` (or the older `pythonPath`).
    pub python: Option<PathBuf>,
    /// `presentation.group`, shown as the folder.
    pub folder: Option<String>,
    /// Why this backend cannot launch it, if it cannot.
    pub unsupported: Option<String>,
}

impl LaunchConfig {
    /// The `list_run_configurations` entry.
    pub fn to_run_configuration(&self) -> RunConfiguration {
        let ok = self.unsupported.is_none();
        RunConfiguration {
            name: self.name.clone(),
            type_name: match self.type_name.as_str() {
                "debugpy" | "python" => "Python".into(),
                other => other.into(),
            },
            type_id: self.type_name.clone(),
            is_temporary: false,
            can_run: ok,
            can_debug: ok,
            folder: self.folder.clone(),
            description: self
                .program
                .as_ref()
                .map(|p| p.display().to_string())
                .or_else(|| self.module.as_ref().map(|m| format!("-m {m}"))),
            unavailable_reason: self.unsupported.clone(),
        }
    }
}

/// Read `<project_root>/.vscode/launch.json` (absent: an empty list), substituting
/// `${workspaceFolder}` (= `project_root`) and `${env:NAME}` from the process
/// environment. A malformed file is an `invalid_params` error naming the file and
/// the line.
pub fn load_launch_configs(
    project_root: &std::path::Path,
) -> crate::error::ToolResult<Vec<LaunchConfig>> {
    let _ = project_root;
    todo!("parse launch.json")
}
