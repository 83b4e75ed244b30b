//! The MCP `instructions`: the short guide a client hands its model once per session
//! (the handshake's `instructions` field), saying how to use the tools well. It names
//! only tools, parameters, error codes and resources that exist (checked below), and
//! stays under 1,500 bytes. The longer workflow is the agent skill
//! (`skills/jetbrains-debugger/SKILL.md`, `crate::clients::skill`).

/// The guide, one point a line.
pub const INSTRUCTIONS: &str = "\
Debug the user's program or tests in their JetBrains IDE or standalone.
- get_debug_session_status: where it stopped, variables.
- Breakpoints belong to the project and persist; set them before start_debug_session. \
Leave the user's alone; remove_breakpoint owner: agent clears yours.
- start_debug_session, resume, steps, run_to_line, pause wait for the next stop and \
say where, what changed in the frame (changed) and \
what a function returned; include_variables: true adds locals. \
Loop: step, read changed, edit, relaunch. \
Uncaught exceptions stop (break_on_uncaught: false: no).
- No configuration: start_debug_session file_path (line: stop there). overrides {args, cwd, \
env}: one launch.
- trace_execution: values over hits.
- Variable ids expire at each stop (variable_expired).
- evaluate refuses side effects (side_effects_not_allowed) unless allow_side_effects: true; \
unsafe reads show <not read: …>.
- Launches, set_variable, jump_to_line, side-effecting evaluate ask the user: confirmation_denied is no; \
confirmation_required: tell the user.
- busy: stuck; pause or stop_debug_session.
- Stop sessions you start.
- Secrets read <redacted: …>; not a sandbox.
- session_id: current by default. projectPath: only with several projects open. Paths: absolute or project-relative.
- Resources (live sessions): debugger://session, \
debugger://breakpoints, debugger://threads, debugger://session/output, debugger://session/log, \
debugger://session/modules, debugger://source/{file}.";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resources::uri::ResourceUri;
    use debugger_core::ErrorCode;
    use std::collections::BTreeSet;

    /// The most the guide may take: clients put it in the model's context.
    const MAX_BYTES: usize = 1_500;

    #[test]
    fn the_guide_is_short() {
        println!("instructions: {} bytes", INSTRUCTIONS.len());
        assert!(
            INSTRUCTIONS.len() <= MAX_BYTES,
            "{} bytes",
            INSTRUCTIONS.len()
        );
    }

    /// Every snake_case or camelCase word is a tool, a tool's parameter or an error
    /// code, and every `debugger://` URI parses: the guide cannot name what is gone.
    #[test]
    fn the_guide_names_only_what_exists() {
        let tools = crate::mcp::tool_list();
        let mut known: BTreeSet<String> = tools.iter().map(|t| t.name.to_string()).collect();
        for tool in &tools {
            if let Some(properties) = tool
                .input_schema
                .get("properties")
                .and_then(|p| p.as_object())
            {
                known.extend(properties.keys().cloned());
            }
        }
        known.extend(ErrorCode::ALL.iter().map(|c| c.as_str().to_string()));

        let words = INSTRUCTIONS
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|w| {
                let camel = w.starts_with(|c: char| c.is_ascii_lowercase())
                    && w.chars().any(|c| c.is_ascii_uppercase());
                w.contains('_') || camel
            });
        let mut named = 0;
        for word in words {
            assert!(
                known.contains(word),
                "the instructions name '{word}', which does not exist"
            );
            named += 1;
        }
        assert!(named >= 15, "only {named} names checked");

        let uris: Vec<&str> = INSTRUCTIONS
            .split([' ', ','])
            .filter(|w| w.starts_with("debugger://"))
            .map(|w| w.trim_end_matches('.'))
            .collect();
        assert_eq!(uris.len(), 7, "{uris:?}");
        for uri in uris {
            let concrete = uri.replace("{file}", "src%2Fapp.py");
            assert!(
                ResourceUri::parse(&concrete).is_ok(),
                "{uri} does not parse"
            );
        }
    }
}
