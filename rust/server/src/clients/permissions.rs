//! Asked once, not twice: `install` adds our read-only tools to the client's own
//! permission rules, so the client runs them without asking (Claude Code asks before
//! every MCP tool it has no rule for, and in `-p` refuses them all). The read-only tools
//! are those the served tool list annotates `readOnlyHint: true`
//! ([`crate::mcp::tool_list`]); tools that change something stay asked by the client, and
//! the ones that need consent are asked by us (the confirmation policy, `consent/`).
//!
//! Which clients and where is the catalogue's ([`ClientId::allow_rules`]). Claude Code's
//! rules are merged into the user's settings file: everything else in it is kept, rules
//! already there are not added again (so installing twice writes nothing the second
//! time), and a file we cannot read as a JSON object is left as it is (the outcome says
//! so); rules of ours for tools that are no longer read-only are not removed (a rule the
//! user added looks the same). Gemini CLI gets a policy file of ours (its policy engine
//! reads `~/.gemini/policies/*.toml`), rewritten when it differs. Codex needs nothing:
//! its default approval mode runs read-only-annotated tools without asking.

use super::catalogue::{ClientId, RulesShape};
use crate::mcp::SERVER_NAME;
use debugger_core::state::write_private;
use serde_json::{Map, Value};
use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};

/// Our tools annotated read-only, in the served order.
pub fn read_only_tools() -> Vec<String> {
    crate::mcp::tool_list()
        .into_iter()
        .filter(|tool| {
            tool.annotations
                .as_ref()
                .and_then(|a| a.read_only_hint)
                .unwrap_or(false)
        })
        .map(|tool| tool.name.to_string())
        .collect()
}

/// What adding the rules did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Allowed {
    pub client: ClientId,
    pub file: PathBuf,
    /// The rules added now (none when all were there).
    pub added: Vec<String>,
    /// How many read-only tools the rules cover.
    pub tools: usize,
}

impl fmt::Display for Allowed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let client = self.client.name().trim_end_matches(" (CLI)");
        write!(
            f,
            "{client} runs the {} read-only debugger tools without asking ({}: {}); \
             tools that change something are still asked.",
            self.tools,
            self.file.display(),
            if self.added.is_empty() {
                "already allowed".to_string()
            } else {
                format!("{} tools allowed", self.added.len())
            },
        )
    }
}

/// Why the rules were not added (nothing was written).
#[derive(Debug, thiserror::Error)]
pub enum NotAllowed {
    #[error(
        "cannot tell where {} keeps its settings: the home directory is not set",
        client.name()
    )]
    NoHome { client: ClientId },
    #[error("{} cannot take the rules (expected {what}); it was left as it is", path.display())]
    Unreadable { path: PathBuf, what: String },
    #[error("could not read or write {}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// Add the rules for `tools` to `settings` (the file's text, `None` when there is none)
/// at the path of keys `list`: the new text and the rules added, or `None` as the text
/// when nothing changed. Fails (with what was expected) when the text is not a JSON
/// object or a key on the path holds something else than an object (the list: an array).
pub fn merge(
    settings: Option<&str>,
    list: &[&str],
    rules: &[String],
) -> Result<(Option<String>, Vec<String>), String> {
    let mut root = match settings.map(str::trim) {
        None | Some("") => Value::Object(Map::new()),
        Some(text) => serde_json::from_str(text).map_err(|_| "valid JSON".to_string())?,
    };
    let (last, parents) = list.split_last().expect("a path of at least one key");
    let mut at = &mut root;
    for key in parents {
        let object = at
            .as_object_mut()
            .ok_or_else(|| format!("an object at \"{key}\"'s parent"))?;
        at = object
            .entry(key.to_string())
            .or_insert_with(|| Value::Object(Map::new()));
    }
    let object = at
        .as_object_mut()
        .ok_or_else(|| format!("an object at \"{}\"", parents.join(".")))?;
    let existing = object
        .entry(last.to_string())
        .or_insert_with(|| Value::Array(Vec::new()))
        .as_array_mut()
        .ok_or_else(|| format!("a list at \"{}\"", list.join(".")))?;
    let mut added = Vec::new();
    for rule in rules {
        if !existing.iter().any(|r| r.as_str() == Some(rule)) {
            existing.push(Value::String(rule.clone()));
            added.push(rule.clone());
        }
    }
    if added.is_empty() && settings.is_some_and(|s| !s.trim().is_empty()) {
        return Ok((None, added));
    }
    let mut text = serde_json::to_string_pretty(&root).expect("a JSON value serializes");
    text.push('\n');
    Ok((Some(text), added))
}

/// Gemini CLI's policy file for `tools`: one rule that allows them on our server.
pub fn gemini_policy(tools: &[String], priority: u16) -> String {
    let names = tools
        .iter()
        .map(|tool| format!("\"{tool}\""))
        .collect::<Vec<_>>()
        .join(", ");
    format!(
        "# Written by `jetbrains-debugger-mcp install gemini`: the debugger's read-only tools \
         (readOnlyHint)\n# run without asking; tools that change something are still asked. \
         Installing again rewrites this file.\n\
         [[rule]]\nmcpName = \"{SERVER_NAME}\"\ntoolName = [{names}]\ndecision = \"allow\"\n\
         priority = {priority}\n"
    )
}

/// Add our read-only tools to `client`'s permission rules, the environment read through
/// `env`; `Ok(None)` for a client we write no rules for.
pub fn allow_read_only(
    client: ClientId,
    env: impl Fn(&str) -> Option<OsString>,
) -> Result<Option<Allowed>, NotAllowed> {
    let Some(spec) = client.allow_rules() else {
        return Ok(None);
    };
    let file = spec.file(env).ok_or(NotAllowed::NoHome { client })?;
    let tools = read_only_tools();
    // A settings file that is a link (a dotfiles checkout) is written where it points.
    let target = std::fs::canonicalize(&file).unwrap_or_else(|_| file.clone());
    let io = |source| NotAllowed::Io {
        path: file.clone(),
        source,
    };
    let existing = match std::fs::read_to_string(&target) {
        Ok(text) => Some(text),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => None,
        Err(err) => return Err(io(err)),
    };
    let (text, added) = match spec.shape {
        RulesShape::JsonList { list, rule } => {
            let rules: Vec<String> = tools
                .iter()
                .map(|tool| RulesShape::rule(rule, tool))
                .collect();
            merge(existing.as_deref(), list, &rules).map_err(|what| NotAllowed::Unreadable {
                path: file.clone(),
                what,
            })?
        }
        RulesShape::GeminiPolicy { priority } => {
            let ours = gemini_policy(&tools, priority);
            if existing.as_deref() == Some(ours.as_str()) {
                (None, vec![])
            } else {
                (Some(ours), tools.clone())
            }
        }
    };
    if let Some(text) = text {
        write(&target, &text).map_err(io)?;
    }
    Ok(Some(Allowed {
        client,
        file,
        added,
        tools: tools.len(),
    }))
}

/// Replace `file` atomically, private to the user.
fn write(file: &Path, text: &str) -> std::io::Result<()> {
    write_private(file, text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clients::catalogue::HOME_VAR;
    use serde_json::json;

    const LIST: &[&str] = &["permissions", "allow"];

    fn rules(names: &[&str]) -> Vec<String> {
        names
            .iter()
            .map(|n| format!("mcp__jetbrains-debugger__{n}"))
            .collect()
    }

    #[test]
    fn the_read_only_tools_are_the_served_list_s_read_only_ones() {
        let tools = read_only_tools();
        assert!(tools.contains(&"list_breakpoints".to_string()), "{tools:?}");
        assert!(tools.contains(&"get_variables".to_string()), "{tools:?}");
        for changes in ["start_debug_session", "set_variable", "evaluate", "resume"] {
            assert!(!tools.contains(&changes.to_string()), "{changes}");
        }
        let served = crate::mcp::tool_list();
        let read_only = served
            .iter()
            .filter(|t| t.annotations.as_ref().and_then(|a| a.read_only_hint) == Some(true))
            .count();
        assert_eq!(tools.len(), read_only);
    }

    #[test]
    fn a_missing_or_empty_file_gets_just_the_rules() {
        let wanted = rules(&["list_breakpoints", "get_variables"]);
        for settings in [None, Some(""), Some("  \n")] {
            let (text, added) = merge(settings, LIST, &wanted).unwrap();
            let text = text.expect("written");
            assert_eq!(added, wanted);
            assert!(text.ends_with("}\n"));
            let value: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(value, json!({ "permissions": { "allow": wanted } }));
        }
    }

    #[test]
    fn the_user_s_settings_and_rules_are_kept_and_nothing_is_added_twice() {
        let user = json!({
            "model": "opus",
            "env": { "FOO": "1" },
            "hooks": { "Elicitation": [{ "matcher": "x", "hooks": [] }] },
            "permissions": {
                "allow": ["Bash(git status)", "mcp__jetbrains-debugger__list_breakpoints"],
                "deny": ["Read(./.env)"],
                "defaultMode": "default"
            }
        });
        let wanted = rules(&["list_breakpoints", "get_variables"]);
        let (text, added) = merge(Some(&user.to_string()), LIST, &wanted).unwrap();
        assert_eq!(added, rules(&["get_variables"]));
        let merged: Value = serde_json::from_str(&text.unwrap()).unwrap();
        let mut expected = user.clone();
        expected["permissions"]["allow"] = json!([
            "Bash(git status)",
            "mcp__jetbrains-debugger__list_breakpoints",
            "mcp__jetbrains-debugger__get_variables"
        ]);
        assert_eq!(merged, expected);

        let (again, added) = merge(Some(&merged.to_string()), LIST, &wanted).unwrap();
        assert_eq!(
            (again, added),
            (None, vec![]),
            "a second install writes nothing"
        );
    }

    #[test]
    fn a_file_that_is_not_an_object_with_a_list_is_refused() {
        let wanted = rules(&["list_breakpoints"]);
        for (text, what) in [
            ("{ not json", "valid JSON"),
            ("[1, 2]", "an object at \"permissions\"'s parent"),
            (r#"{"permissions": true}"#, "an object at \"permissions\""),
            (
                r#"{"permissions": {"allow": "all"}}"#,
                "a list at \"permissions.allow\"",
            ),
        ] {
            assert_eq!(
                merge(Some(text), LIST, &wanted).unwrap_err(),
                what,
                "{text}"
            );
        }
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "jbd-permissions-{name}-{}-{}",
            std::process::id(),
            crate::relay::discovery::now_ms()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn installing_writes_claude_code_s_settings_once_and_keeps_the_rest() {
        let home = scratch("claude");
        let env = |var: &str| (var == HOME_VAR).then(|| home.clone().into_os_string());
        let settings = home.join(".claude/settings.json");
        std::fs::create_dir_all(settings.parent().unwrap()).unwrap();
        std::fs::write(
            &settings,
            r#"{"theme": "dark", "permissions": {"allow": ["Bash(ls)"]}}"#,
        )
        .unwrap();

        let first = allow_read_only(ClientId::ClaudeCode, env).unwrap().unwrap();
        assert_eq!(first.file, settings);
        assert_eq!(first.added.len(), read_only_tools().len());
        assert!(first.to_string().contains("tools allowed"), "{first}");
        let written: Value =
            serde_json::from_str(&std::fs::read_to_string(&settings).unwrap()).unwrap();
        assert_eq!(written["theme"], "dark");
        let allow = written["permissions"]["allow"].as_array().unwrap();
        assert_eq!(allow[0], "Bash(ls)");
        assert!(allow.contains(&json!("mcp__jetbrains-debugger__get_stack_trace")));
        assert!(!allow.contains(&json!("mcp__jetbrains-debugger__start_debug_session")));

        let before = std::fs::read_to_string(&settings).unwrap();
        let second = allow_read_only(ClientId::ClaudeCode, env).unwrap().unwrap();
        assert!(second.added.is_empty());
        assert!(second.to_string().contains("already allowed"), "{second}");
        assert_eq!(std::fs::read_to_string(&settings).unwrap(), before);

        std::fs::write(&settings, "{ broken").unwrap();
        let refused = allow_read_only(ClientId::ClaudeCode, env).unwrap_err();
        assert!(refused.to_string().contains("left as it is"), "{refused}");
        assert_eq!(std::fs::read_to_string(&settings).unwrap(), "{ broken");

        assert_eq!(allow_read_only(ClientId::Codex, env).unwrap(), None);
        std::fs::remove_dir_all(home).unwrap();
    }

    #[test]
    fn gemini_gets_a_policy_file_of_ours_rewritten_only_when_it_differs() {
        let home = scratch("gemini");
        let env = |var: &str| (var == HOME_VAR).then(|| home.clone().into_os_string());
        let first = allow_read_only(ClientId::Gemini, env).unwrap().unwrap();
        assert_eq!(
            first.file,
            home.join(".gemini/policies/jetbrains-debugger.toml")
        );
        let text = std::fs::read_to_string(&first.file).unwrap();
        assert_eq!(text, gemini_policy(&read_only_tools(), 100));
        assert!(text.contains("mcpName = \"jetbrains-debugger\"\n"));
        assert!(text.contains("\"list_breakpoints\", ") && !text.contains("\"set_variable\""));
        assert!(text.contains("decision = \"allow\"\npriority = 100\n"));
        let second = allow_read_only(ClientId::Gemini, env).unwrap().unwrap();
        assert!(second.added.is_empty() && second.to_string().contains("already allowed"));
        std::fs::remove_dir_all(home).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_linked_settings_file_is_written_where_it_points() {
        let home = scratch("link");
        let env = |var: &str| (var == HOME_VAR).then(|| home.clone().into_os_string());
        let real = home.join("dotfiles/claude-settings.json");
        std::fs::create_dir_all(real.parent().unwrap()).unwrap();
        std::fs::write(&real, "{}").unwrap();
        std::fs::create_dir_all(home.join(".claude")).unwrap();
        std::os::unix::fs::symlink(&real, home.join(".claude/settings.json")).unwrap();
        allow_read_only(ClientId::ClaudeCode, env).unwrap().unwrap();
        let link = std::fs::symlink_metadata(home.join(".claude/settings.json")).unwrap();
        assert!(link.file_type().is_symlink(), "the link stays a link");
        assert!(std::fs::read_to_string(&real)
            .unwrap()
            .contains("mcp__jetbrains-debugger__list_breakpoints"));
        std::fs::remove_dir_all(home).unwrap();
    }
}
