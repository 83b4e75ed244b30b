//! Run configurations of the standalone backend: each project's `.vscode/launch.json`
//! in the real VS Code format (JSON with comments and trailing commas, `${...}`
//! variables). Parsing and substitution live here; launching is the rest of this crate's.
//!
//! A configuration this backend cannot launch (an unknown `request`, a variable only an editor
//! can resolve, a mistyped field, ...) is still listed, with the reason in
//! [`LaunchConfig::unsupported`], so the agent learns why instead of not seeing it;
//! the DAP backend adds what its adapter profiles say (an unknown `type`, a field
//! the adapter needs, the adapter not installed).
//! Only a file that is not JSON(C) at all is an error. The only I/O is reading the
//! file in [`load_launch_configs`]; [`parse_launch_json`] is pure.

use debugger_core::error::{ToolError, ToolResult};
use debugger_core::model::RunConfiguration;
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One configuration of launch.json, with variables substituted.
#[derive(Debug, Clone, PartialEq)]
pub struct LaunchConfig {
    pub name: String,
    /// `type` as written (`debugpy`, `python`, `node`, ...).
    pub type_name: String,
    /// `request` as written: `launch`, or `attach` to a program started elsewhere.
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
    /// Interpreter from `python` (or the older `pythonPath`): absolute, or a bare
    /// command name to look up on `PATH`.
    pub python: Option<PathBuf>,
    /// Absolute path of `envFile`, when one is named (reading it is the launcher's job).
    pub env_file: Option<PathBuf>,
    /// `presentation.group`, shown as the folder.
    pub folder: Option<String>,
    /// Why this backend cannot launch it, if it cannot.
    pub unsupported: Option<String>,
    /// The whole entry, variables substituted: what an adapter profile reads beyond
    /// the fields above (Delve's `mode` and `buildFlags`, CodeLLDB's `cargo`, ...).
    pub extra: Map<String, Value>,
}

impl LaunchConfig {
    /// A `launch` of `type_name` in `cwd` with nothing else said: no program or module
    /// yet, no arguments or environment, the user's code only.
    pub fn launch(name: impl Into<String>, type_name: impl Into<String>, cwd: PathBuf) -> Self {
        Self {
            name: name.into(),
            type_name: type_name.into(),
            request: "launch".into(),
            program: None,
            module: None,
            args: Vec::new(),
            cwd,
            env: BTreeMap::new(),
            just_my_code: true,
            stop_on_entry: false,
            python: None,
            env_file: None,
            folder: None,
            unsupported: None,
            extra: Map::new(),
        }
    }

    /// The `list_run_configurations` entry, its type shown as `type_label`.
    pub fn to_run_configuration(&self, type_label: &str) -> RunConfiguration {
        let ok = self.unsupported.is_none();
        RunConfiguration {
            name: self.name.clone(),
            type_name: type_label.into(),
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

/// The largest launch.json read (a hand-written one is a few KB).
const LAUNCH_JSON_CAP: u64 = 1024 * 1024;

/// Read `<project_root>/.vscode/launch.json` (absent: an empty list) through the
/// bounded reader, substituting variables from `project_root` and the process
/// environment. A malformed or unreadable file is an `invalid_params` error naming the
/// file (and the line).
pub async fn load_launch_configs(project_root: &Path) -> ToolResult<Vec<LaunchConfig>> {
    let file = project_root.join(".vscode").join("launch.json");
    if std::fs::symlink_metadata(&file).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) {
        return Ok(Vec::new());
    }
    let bytes = debugger_core::source_file::read_capped(&file, LAUNCH_JSON_CAP)
        .await
        .map_err(|e| {
            ToolError::invalid_params(e.message).with_detail("file", file.display().to_string())
        })?;
    let text = String::from_utf8(bytes).map_err(|_| {
        ToolError::invalid_params(format!("{} is not UTF-8 text", file.display()))
            .with_detail("file", file.display().to_string())
    })?;
    parse_launch_json(
        &text,
        project_root,
        &|name| std::env::var(name).ok(),
        &file.display().to_string(),
    )
}

/// Parse the text of a launch.json. `env_lookup` answers `${env:NAME}` and
/// `${userHome}`; `source_name` names the file in errors. Hidden configurations
/// (`presentation.hidden`) are left out; the rest are sorted by name,
/// case-insensitively.
pub fn parse_launch_json(
    text: &str,
    project_root: &Path,
    env_lookup: &dyn Fn(&str) -> Option<String>,
    source_name: &str,
) -> ToolResult<Vec<LaunchConfig>> {
    let file_error = |message: String| {
        ToolError::invalid_params(format!("{source_name}: {message}"))
            .with_detail("file", source_name)
    };
    let json = jsonc_to_json(text).map_err(|(line, message)| {
        file_error(format!("line {line}: {message}")).with_detail("line", line)
    })?;
    let document: Value = serde_json::from_str(&json).map_err(|err| {
        let (line, column) = (err.line(), err.column());
        let full = err.to_string();
        let what = full
            .strip_suffix(&format!(" at line {line} column {column}"))
            .unwrap_or(&full);
        file_error(format!("line {line}, column {column}: {what}"))
            .with_detail("line", line)
            .with_detail("column", column)
    })?;
    let Value::Object(top) = document else {
        return Err(file_error(
            "expected an object with a \"configurations\" array at the top level".into(),
        ));
    };
    let entries = match top.get("configurations") {
        None => return Ok(Vec::new()),
        Some(Value::Array(entries)) => entries,
        Some(_) => return Err(file_error("\"configurations\" must be an array".into())),
    };
    let vars = Variables {
        root: project_root,
        env_lookup,
    };
    let mut configs = Vec::with_capacity(entries.len());
    for (index, entry) in entries.iter().enumerate() {
        let Value::Object(raw) = entry else {
            return Err(file_error(format!(
                "configurations[{index}] must be an object"
            )));
        };
        if let Some(config) = configuration(raw, index, &vars) {
            configs.push(config);
        }
    }
    configs.sort_by(|a, b| {
        a.name
            .to_lowercase()
            .cmp(&b.name.to_lowercase())
            .then_with(|| a.name.cmp(&b.name))
    });
    Ok(configs)
}

/// One entry of `configurations`; `None` when it is hidden.
fn configuration(raw: &Map<String, Value>, index: usize, vars: &Variables) -> Option<LaunchConfig> {
    let presentation = raw.get("presentation").and_then(Value::as_object);
    if presentation.and_then(|p| p.get("hidden")) == Some(&Value::Bool(true)) {
        return None;
    }
    let mut problems = Vec::new();
    let mut obj = raw.clone();
    obj.values_mut()
        .for_each(|v| vars.substitute(v, &mut problems));
    let text = |key: &str| obj.get(key).and_then(Value::as_str).map(str::to_owned);
    let root = vars.root;

    let name = text("name").unwrap_or_else(|| {
        problems.push("it has no \"name\"".into());
        format!("configuration {}", index + 1)
    });
    let type_name = text("type").unwrap_or_default();
    let request = text("request").unwrap_or_default();
    let program = text("program").map(|p| root.join(p));
    let module = text("module");
    // Which types, and which of their fields, an adapter needs is the DAP backend's
    // (its adapter profiles); here only what every configuration needs.
    if type_name.is_empty() {
        problems.push("it has no \"type\"".into());
    }
    if !matches!(request.as_str(), "launch" | "attach") {
        problems.push(format!(
            "request \"{request}\" is not supported (\"launch\" or \"attach\")"
        ));
    }
    let args = match obj.get("args") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::String(line)) => split_shell_words(line).unwrap_or_else(|err| {
            problems.push(format!("\"args\": {err}"));
            Vec::new()
        }),
        Some(Value::Array(items)) => items.iter().map(stringify).collect(),
        Some(_) => {
            problems.push("\"args\" must be an array or a string".into());
            Vec::new()
        }
    };
    let env = match obj.get("env") {
        None | Some(Value::Null) => BTreeMap::new(),
        Some(Value::Object(map)) => map
            .iter()
            .filter(|(_, v)| !v.is_null())
            .map(|(k, v)| (k.clone(), stringify(v)))
            .collect(),
        // lldb-dap's form: ["NAME=value", ...].
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(|item| {
                let pair = item.as_str().and_then(|text| text.split_once('='));
                if pair.is_none() {
                    problems.push(format!("\"env\": {item} is not \"NAME=value\""));
                }
                pair.map(|(k, v)| (k.to_string(), v.to_string()))
            })
            .collect(),
        Some(_) => {
            problems.push("\"env\" must be an object (or a list of \"NAME=value\")".into());
            BTreeMap::new()
        }
    };
    let mut flag = |key: &str, default: bool| match obj.get(key) {
        None | Some(Value::Null) => default,
        Some(Value::Bool(b)) => *b,
        Some(_) => {
            problems.push(format!("\"{key}\" must be true or false"));
            default
        }
    };
    let just_my_code = flag("justMyCode", true);
    let stop_on_entry = flag("stopOnEntry", false);
    let python = text("python").or_else(|| text("pythonPath")).map(|p| {
        if Path::new(&p).components().count() > 1 {
            root.join(p)
        } else {
            PathBuf::from(p)
        }
    });

    Some(LaunchConfig {
        name,
        type_name,
        request,
        program,
        module,
        args,
        cwd: text("cwd").map_or_else(|| root.to_path_buf(), |c| root.join(c)),
        env,
        just_my_code,
        stop_on_entry,
        python,
        env_file: text("envFile").map(|f| root.join(f)),
        folder: obj
            .get("presentation")
            .and_then(|p| p.get("group"))
            .and_then(Value::as_str)
            .filter(|g| !g.is_empty())
            .map(str::to_owned),
        unsupported: (!problems.is_empty()).then(|| problems.join("; ")),
        extra: obj,
    })
}

/// A JSON value as the string a process would see (strings unquoted).
fn stringify(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// What `${...}` variables resolve against.
struct Variables<'a> {
    root: &'a Path,
    env_lookup: &'a dyn Fn(&str) -> Option<String>,
}

/// Variables that only an editor (open file, selection, prompts, commands) can answer.
const EDITOR_VARIABLES: &[&str] = &[
    "file",
    "fileBasename",
    "fileBasenameNoExtension",
    "fileDirname",
    "fileDirnameBasename",
    "fileExtname",
    "fileWorkspaceFolder",
    "relativeFile",
    "relativeFileDirname",
    "lineNumber",
    "columnNumber",
    "selectedText",
    "execPath",
    "defaultBuildTask",
    "cwd",
];

impl Variables<'_> {
    /// Substitute in every string of `value`; unresolvable variables are left in
    /// place and described in `problems`.
    fn substitute(&self, value: &mut Value, problems: &mut Vec<String>) {
        match value {
            Value::String(s) => *s = self.substitute_str(s, problems),
            Value::Array(items) => items.iter_mut().for_each(|v| self.substitute(v, problems)),
            Value::Object(map) => map.values_mut().for_each(|v| self.substitute(v, problems)),
            _ => {}
        }
    }

    fn substitute_str(&self, text: &str, problems: &mut Vec<String>) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(start) = rest.find("${") {
            out.push_str(&rest[..start]);
            let Some(len) = rest[start + 2..].find('}') else {
                rest = &rest[start..];
                break;
            };
            let name = &rest[start + 2..start + 2 + len];
            match self.resolve(name) {
                Ok(value) => out.push_str(&value),
                Err(problem) => {
                    if !problems.contains(&problem) {
                        problems.push(problem);
                    }
                    out.push_str(&rest[start..start + 3 + len]);
                }
            }
            rest = &rest[start + 3 + len..];
        }
        out.push_str(rest);
        out
    }

    fn resolve(&self, name: &str) -> Result<String, String> {
        let basename = || {
            self.root
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        };
        match name {
            "workspaceFolder" | "workspaceRoot" => Ok(self.root.display().to_string()),
            "workspaceFolderBasename" => Ok(basename()),
            "pathSeparator" | "/" => Ok(std::path::MAIN_SEPARATOR_STR.into()),
            "userHome" => (self.env_lookup)("HOME")
                .or_else(|| (self.env_lookup)("USERPROFILE"))
                .ok_or_else(|| "${userHome} cannot be resolved: HOME is not set".into()),
            _ => {
                if let Some(var) = name.strip_prefix("env:") {
                    return Ok((self.env_lookup)(var).unwrap_or_default());
                }
                if let Some(folder) = name.strip_prefix("workspaceFolder:") {
                    return if folder == basename() {
                        Ok(self.root.display().to_string())
                    } else {
                        Err(format!("${{{name}}} names another workspace folder"))
                    };
                }
                let editor_only = EDITOR_VARIABLES.contains(&name)
                    || ["input:", "command:", "config:"]
                        .iter()
                        .any(|p| name.starts_with(p));
                Err(if editor_only {
                    format!("${{{name}}} needs the VS Code editor")
                } else {
                    format!("${{{name}}} is not a known variable")
                })
            }
        }
    }
}

/// Turn JSON with comments and trailing commas into plain JSON. Comments become
/// spaces (newlines kept), so serde_json's line numbers are those of the file.
/// Errors are `(line, message)`.
fn jsonc_to_json(text: &str) -> Result<String, (usize, String)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut line = 1;
    // Byte offset in `out` of a comma not yet followed by a value.
    let mut pending_comma: Option<usize> = None;
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                pending_comma = None;
                out.push(c);
                let start_line = line;
                loop {
                    match chars.next() {
                        Some('"') => {
                            out.push('"');
                            break;
                        }
                        Some('\\') => {
                            out.push('\\');
                            if let Some(escaped) = chars.next() {
                                out.push(escaped);
                            }
                        }
                        Some(other) => {
                            line += usize::from(other == '\n');
                            out.push(other);
                        }
                        None => return Err((start_line, "unterminated string".into())),
                    }
                }
            }
            '/' if chars.peek() == Some(&'/') => {
                out.push(' ');
                while let Some(&next) = chars.peek() {
                    if next == '\n' {
                        break;
                    }
                    out.push(' ');
                    chars.next();
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                let start_line = line;
                chars.next();
                out.push_str("  ");
                loop {
                    match chars.next() {
                        Some('*') if chars.peek() == Some(&'/') => {
                            chars.next();
                            out.push_str("  ");
                            break;
                        }
                        Some('\n') => {
                            line += 1;
                            out.push('\n');
                        }
                        Some(_) => out.push(' '),
                        None => return Err((start_line, "unterminated /* comment".into())),
                    }
                }
            }
            ',' => {
                pending_comma = Some(out.len());
                out.push(c);
            }
            ']' | '}' => {
                if let Some(at) = pending_comma.take() {
                    out.replace_range(at..at + 1, " ");
                }
                out.push(c);
            }
            c if c.is_whitespace() => {
                line += usize::from(c == '\n');
                out.push(c);
            }
            c => {
                pending_comma = None;
                out.push(c);
            }
        }
    }
    Ok(out)
}

/// Split a command line the way a POSIX shell splits words (quotes and
/// backslashes; no expansion).
fn split_shell_words(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if let Some(done) = word.take() {
                    words.push(done);
                }
            }
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(ch) => w.push(ch),
                        None => return Err("unterminated ' quote".into()),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(ch @ ('"' | '\\' | '$' | '`')) => w.push(ch),
                            Some('\n') => {}
                            Some(ch) => {
                                w.push('\\');
                                w.push(ch);
                            }
                            None => return Err("unterminated \" quote".into()),
                        },
                        Some(ch) => w.push(ch),
                        None => return Err("unterminated \" quote".into()),
                    }
                }
            }
            '\\' => {
                let w = word.get_or_insert_with(String::new);
                match chars.next() {
                    Some('\n') => {}
                    Some(ch) => w.push(ch),
                    None => w.push('\\'),
                }
            }
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

/// Parse an `envFile` (dotenv format: `KEY=VALUE`, optional `export `, `#`
/// comments, single or double quotes around the value).
pub fn parse_env_file(text: &str) -> BTreeMap<String, String> {
    text.lines()
        .filter_map(|line| {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                return None;
            }
            let line = line.strip_prefix("export ").unwrap_or(line);
            let (key, value) = line.split_once('=')?;
            let key = key.trim();
            if key.is_empty() {
                return None;
            }
            let value = value.trim();
            let value = if value.len() >= 2
                && ((value.starts_with('"') && value.ends_with('"'))
                    || (value.starts_with('\'') && value.ends_with('\'')))
            {
                let inner = &value[1..value.len() - 1];
                if value.starts_with('"') {
                    inner.replace("\\n", "\n")
                } else {
                    inner.to_string()
                }
            } else {
                value
                    .split(" #")
                    .next()
                    .unwrap_or(value)
                    .trim_end()
                    .to_string()
            };
            Some((key.to_string(), value))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn env_files() {
        let env =
            parse_env_file("# c\nA=1\nexport B = two \nC=\"x y\"\nD='q'\nE=v # note\nbad line\n");
        assert_eq!(env.get("A").map(String::as_str), Some("1"));
        assert_eq!(env.get("B").map(String::as_str), Some("two"));
        assert_eq!(env.get("C").map(String::as_str), Some("x y"));
        assert_eq!(env.get("D").map(String::as_str), Some("q"));
        assert_eq!(env.get("E").map(String::as_str), Some("v"));
        assert_eq!(env.len(), 5);
    }

    const ROOT: &str = "/home/dev/shop";

    fn env(name: &str) -> Option<String> {
        match name {
            "HOME" => Some("/home/dev".into()),
            "API_URL" => Some("http://localhost:9000".into()),
            _ => None,
        }
    }

    fn parse(text: &str) -> ToolResult<Vec<LaunchConfig>> {
        parse_launch_json(text, Path::new(ROOT), &env, "launch.json")
    }

    fn one(config: &str) -> LaunchConfig {
        let text = format!(r#"{{ "version": "0.2.0", "configurations": [ {config} ] }}"#);
        let mut configs = parse(&text).unwrap();
        assert_eq!(configs.len(), 1);
        configs.remove(0)
    }

    #[test]
    fn reads_a_real_vscode_file_with_comments_and_trailing_commas() {
        let text = r#"{
    // Use IntelliSense to learn about possible attributes.
    "version": "0.2.0",
    "configurations": [
        {
            "name": "Python: main", /* inline */
            "type": "debugpy",
            "request": "launch",
            "program": "${workspaceFolder}/src/main.py",
            "args": ["--port", 8080, true,],
            "env": { "DEBUG": "1", "RETRIES": 3, "URL": "${env:API_URL}/v1", "GONE": null, },
            "console": "integratedTerminal",
            "url": "http://example.com/a//b", // `//` inside a string is not a comment
        },
        {
            "name": "api module",
            "type": "python",
            "request": "launch",
            "module": "shop.api",
            "cwd": "services",
            "justMyCode": false,
            "stopOnEntry": true,
            "pythonPath": "${workspaceFolder}/.venv/bin/python",
            "presentation": { "group": "servers", "order": 1 },
        },
    ],
    "compounds": [ { "name": "all", "configurations": ["Python: main", "api module"] } ],
}"#;
        let configs = parse(text).unwrap();
        let names: Vec<_> = configs.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["api module", "Python: main"]);

        let module = &configs[0];
        assert_eq!(module.unsupported, None);
        assert_eq!(module.module.as_deref(), Some("shop.api"));
        assert_eq!(module.program, None);
        assert_eq!(module.cwd, PathBuf::from("/home/dev/shop/services"));
        assert!(!module.just_my_code);
        assert!(module.stop_on_entry);
        assert_eq!(
            module.python,
            Some(PathBuf::from("/home/dev/shop/.venv/bin/python"))
        );
        assert_eq!(module.folder.as_deref(), Some("servers"));

        let main = &configs[1];
        assert_eq!(main.unsupported, None);
        assert_eq!(main.type_name, "debugpy");
        assert_eq!(main.request, "launch");
        assert_eq!(
            main.program,
            Some(PathBuf::from("/home/dev/shop/src/main.py"))
        );
        assert_eq!(main.args, ["--port", "8080", "true"]);
        assert_eq!(main.cwd, PathBuf::from(ROOT));
        assert!(main.just_my_code);
        assert!(!main.stop_on_entry);
        assert_eq!(main.python, None);
        assert_eq!(main.folder, None);
        let env: Vec<_> = main
            .env
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        assert_eq!(
            env,
            [
                ("DEBUG", "1"),
                ("RETRIES", "3"),
                ("URL", "http://localhost:9000/v1")
            ]
        );
    }

    #[test]
    fn substitutes_every_supported_variable() {
        let c = one(
            r#"{ "name": "vars", "type": "debugpy", "request": "launch", "program": "main.py",
                 "args": ["${workspaceFolderBasename}", "${userHome}${pathSeparator}x", "${env:NOPE}|",
                          "${workspaceFolder:shop}", "${workspaceRoot}", "${/}", "$HOME", "${unclosed"] }"#,
        );
        assert_eq!(c.unsupported, None);
        let sep = std::path::MAIN_SEPARATOR_STR;
        assert_eq!(
            c.args,
            [
                "shop".to_string(),
                format!("/home/dev{sep}x"),
                "|".into(),
                ROOT.into(),
                ROOT.into(),
                sep.into(),
                "$HOME".into(),
                "${unclosed".into()
            ]
        );
        assert_eq!(c.program, Some(PathBuf::from("/home/dev/shop/main.py")));
    }

    #[test]
    fn editor_variables_make_the_configuration_unsupported_not_the_file_invalid() {
        let text = r#"{ "configurations": [
            { "name": "current file", "type": "debugpy", "request": "launch", "program": "${file}" },
            { "name": "ask", "type": "debugpy", "request": "launch", "program": "main.py",
              "args": ["${input:port}", "${command:pickArgs}"] },
            { "name": "odd", "type": "debugpy", "request": "launch", "program": "${bogus}" },
            { "name": "other folder", "type": "debugpy", "request": "launch", "program": "${workspaceFolder:web}/a.py" },
            { "name": "fine", "type": "debugpy", "request": "launch", "program": "main.py" }
        ] }"#;
        let configs = parse(text).unwrap();
        let reason = |name: &str| {
            configs
                .iter()
                .find(|c| c.name == name)
                .unwrap()
                .unsupported
                .clone()
        };
        assert_eq!(
            reason("current file").as_deref(),
            Some("${file} needs the VS Code editor")
        );
        assert_eq!(
            reason("ask").as_deref(),
            Some("${input:port} needs the VS Code editor; ${command:pickArgs} needs the VS Code editor")
        );
        assert_eq!(
            reason("odd").as_deref(),
            Some("${bogus} is not a known variable")
        );
        assert!(reason("other folder")
            .unwrap()
            .contains("another workspace folder"));
        assert_eq!(reason("fine"), None);
    }

    #[test]
    fn missing_home_makes_user_home_unsupported() {
        let c = parse_launch_json(
            r#"{"configurations":[{"name":"h","type":"debugpy","request":"launch","program":"${userHome}/a.py"}]}"#,
            Path::new(ROOT),
            &|_| None,
            "launch.json",
        )
        .unwrap();
        assert!(c[0]
            .unsupported
            .as_deref()
            .unwrap()
            .contains("HOME is not set"));
    }

    #[test]
    fn lists_what_it_cannot_launch_with_a_reason() {
        let text = r#"{ "configurations": [
            { "name": "test", "type": "debugpy", "request": "test", "program": "a.py" },
            { "name": "untyped", "request": "launch", "program": "a.py" },
            { "type": "debugpy", "request": "launch", "program": "a.py" },
            { "name": "bad flag", "type": "debugpy", "request": "launch", "program": "a.py", "justMyCode": "no" },
            { "name": "bad env", "type": "debugpy", "request": "launch", "program": "a.py", "env": 3 },
            { "name": "bad env item", "type": "lldb-dap", "request": "launch", "program": "a", "env": ["A"] },
            { "name": "bad args", "type": "debugpy", "request": "launch", "program": "a.py", "args": 3 },
            { "name": "node", "type": "node", "request": "launch", "program": "app.js" }
        ] }"#;
        let configs = parse(text).unwrap();
        let reason = |name: &str| {
            configs
                .iter()
                .find(|c| c.name == name)
                .unwrap_or_else(|| panic!("{name} listed"))
                .unsupported
                .clone()
        };
        let unsupported = |name: &str| reason(name).unwrap_or_else(|| panic!("{name} unsupported"));
        assert!(unsupported("test").contains("request \"test\" is not supported"));
        assert!(unsupported("untyped").contains("no \"type\""));
        assert!(unsupported("configuration 3").contains("no \"name\""));
        assert!(unsupported("bad flag").contains("\"justMyCode\" must be true or false"));
        assert!(unsupported("bad env").contains("\"env\" must be an object"));
        assert!(unsupported("bad env item").contains("is not \"NAME=value\""));
        assert!(unsupported("bad args").contains("\"args\" must be an array or a string"));
        // Types are the adapter profiles' to judge (`adapter/`).
        assert_eq!(reason("node"), None);

        let run = configs
            .iter()
            .find(|c| c.name == "test")
            .unwrap()
            .to_run_configuration("Python");
        assert!(!run.can_debug && run.unavailable_reason.is_some());
        assert_eq!(run.type_name, "Python");
    }

    #[test]
    fn env_as_a_list_of_assignments_is_read_like_an_object() {
        let c = one(
            r#"{ "name": "n", "type": "lldb-dap", "request": "launch", "program": "a",
                 "env": ["A=1", "B=x=y"] }"#,
        );
        assert_eq!(c.unsupported, None);
        assert_eq!(c.env.get("A").map(String::as_str), Some("1"));
        assert_eq!(c.env.get("B").map(String::as_str), Some("x=y"));
        assert_eq!(
            c.extra.get("type").and_then(Value::as_str),
            Some("lldb-dap")
        );
    }

    #[test]
    fn args_as_one_string_are_split_like_a_shell() {
        let c = one(
            r#"{ "name": "s", "type": "debugpy", "request": "launch", "program": "a.py",
                 "args": "--name 'Jane Doe' \"say \\\"hi\\\"\" plain\\ space  ''" }"#,
        );
        assert_eq!(
            c.args,
            ["--name", "Jane Doe", "say \"hi\"", "plain space", ""]
        );
        let bad = one(
            r#"{ "name": "s", "type": "debugpy", "request": "launch", "program": "a.py", "args": "'open" }"#,
        );
        assert!(bad.unsupported.unwrap().contains("unterminated"));
    }

    #[test]
    fn shell_splitting_edge_cases() {
        assert_eq!(split_shell_words("").unwrap(), Vec::<String>::new());
        assert_eq!(split_shell_words("  a\tb\n c ").unwrap(), ["a", "b", "c"]);
        assert_eq!(split_shell_words(r#"a"b c"d"#).unwrap(), ["ab cd"]);
        assert_eq!(split_shell_words(r#""a\nb""#).unwrap(), [r"a\nb"]);
        assert_eq!(split_shell_words(r"'a\b'").unwrap(), [r"a\b"]);
        assert_eq!(split_shell_words("x\\").unwrap(), ["x\\"]);
        assert!(split_shell_words("\"open").is_err());
    }

    #[test]
    fn absolute_paths_stay_and_python_command_names_stay_bare() {
        let c = one(
            r#"{ "name": "abs", "type": "debugpy", "request": "launch", "program": "/opt/tool/run.py",
                 "cwd": "/tmp", "python": "python3", "envFile": "${workspaceFolder}/.env.dev" }"#,
        );
        assert_eq!(c.program, Some(PathBuf::from("/opt/tool/run.py")));
        assert_eq!(c.cwd, PathBuf::from("/tmp"));
        assert_eq!(c.python, Some(PathBuf::from("python3")));
        assert_eq!(c.env_file, Some(PathBuf::from("/home/dev/shop/.env.dev")));
        let legacy = one(
            r#"{ "name": "p", "type": "python", "request": "launch", "program": "a.py",
                 "python": "./venv/bin/python", "pythonPath": "/ignored" }"#,
        );
        assert_eq!(
            legacy.python,
            Some(PathBuf::from("/home/dev/shop/./venv/bin/python"))
        );
    }

    #[test]
    fn hidden_configurations_are_skipped_and_sorting_ignores_case() {
        let text = r#"{ "configurations": [
            { "name": "beta", "type": "debugpy", "request": "launch", "program": "b.py" },
            { "name": "Alpha", "type": "debugpy", "request": "launch", "program": "a.py" },
            { "name": "secret", "type": "debugpy", "request": "launch", "program": "s.py",
              "presentation": { "hidden": true } },
            { "name": "Gamma", "type": "debugpy", "request": "launch", "program": "g.py",
              "presentation": { "hidden": false, "group": "" } }
        ] }"#;
        let configs = parse(text).unwrap();
        let names: Vec<_> = configs.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["Alpha", "beta", "Gamma"]);
        assert_eq!(configs[2].folder, None);
    }

    #[test]
    fn empty_or_configuration_less_files_give_no_configurations() {
        assert_eq!(parse("{}").unwrap(), vec![]);
        assert_eq!(
            parse("\u{feff}// nothing yet\n{ \"version\": \"0.2.0\" }").unwrap(),
            vec![]
        );
        assert_eq!(parse(r#"{"configurations": []}"#).unwrap(), vec![]);
    }

    #[test]
    fn malformed_files_are_errors_naming_the_file_and_line() {
        let err =
            parse("{\n  \"configurations\": [\n    { \"name\": \"a\" \"type\": \"x\" }\n  ]\n}")
                .unwrap_err();
        assert_eq!(err.code, debugger_core::ErrorCode::InvalidParams);
        assert!(
            err.message.starts_with("launch.json: line 3, column "),
            "{}",
            err.message
        );
        assert!(!err.message.contains("at line"), "{}", err.message);
        assert_eq!(err.details["line"], 3);
        assert_eq!(err.details["file"], "launch.json");

        let err = parse("{\n\n /* never closed\n").unwrap_err();
        assert_eq!(err.message, "launch.json: line 3: unterminated /* comment");
        let err = parse("{\n \"a\": \"open\n}").unwrap_err();
        assert_eq!(err.details["line"], 2);
        assert!(parse("[]").unwrap_err().message.contains("top level"));
        assert!(parse(r#"{"configurations": {}}"#)
            .unwrap_err()
            .message
            .contains("must be an array"));
        assert!(parse(r#"{"configurations": [1]}"#)
            .unwrap_err()
            .message
            .contains("configurations[0] must be an object"));
    }

    #[test]
    fn jsonc_pass_respects_strings_and_escapes() {
        let json = jsonc_to_json(r#"{"a": "x\"//y", "b": "/*z*/", "c": [1,2,], /*c*/ "d": "\\",}"#)
            .unwrap();
        let value: Value = serde_json::from_str(&json).unwrap();
        assert_eq!(value["a"], "x\"//y");
        assert_eq!(value["b"], "/*z*/");
        assert_eq!(value["c"], serde_json::json!([1, 2]));
        assert_eq!(value["d"], "\\");
        // A comma between a value and a closing bracket, with comments in between.
        let json = jsonc_to_json("[1, // one\n /* two */ ]").unwrap();
        assert_eq!(
            serde_json::from_str::<Value>(&json).unwrap(),
            serde_json::json!([1])
        );
        // Lines are preserved.
        assert_eq!(jsonc_to_json("/* a\nb */1").unwrap().lines().count(), 2);
    }

    #[tokio::test]
    async fn loader_reads_the_project_file_or_nothing() {
        let root = std::env::temp_dir().join(format!("jbd-launch-test-{}", std::process::id()));
        std::fs::create_dir_all(root.join(".vscode")).unwrap();
        assert_eq!(
            load_launch_configs(&root.join("absent")).await.unwrap(),
            vec![]
        );
        std::fs::write(
            root.join(".vscode/launch.json"),
            r#"{ "configurations": [ { "name": "m", "type": "debugpy", "request": "launch", "program": "m.py", } ] }"#,
        )
        .unwrap();
        let configs = load_launch_configs(&root).await.unwrap();
        assert_eq!(configs[0].program, Some(root.join("m.py")));
        std::fs::write(root.join(".vscode/launch.json"), "{ oops }").unwrap();
        let err = load_launch_configs(&root).await.unwrap_err();
        assert!(
            err.message.contains(".vscode/launch.json: line 1"),
            "{}",
            err.message
        );
        // A FIFO in its place is refused at once, never waited on.
        #[cfg(unix)]
        {
            let file = root.join(".vscode/launch.json");
            std::fs::remove_file(&file).unwrap();
            let c_path = std::ffi::CString::new(file.to_str().unwrap()).unwrap();
            assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
            let err = load_launch_configs(&root).await.unwrap_err();
            assert!(err.message.contains("FIFO"), "{}", err.message);
        }
        std::fs::remove_dir_all(root).unwrap();
    }
}
