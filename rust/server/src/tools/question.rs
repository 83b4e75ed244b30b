//! The words of a question put to the user. The server says what will happen in its own
//! words; every part an agent supplied (an expression, an assignment, a configuration's
//! name, a path, arguments) is shown as data: labelled, quoted, on one line, with line
//! breaks, control characters and the characters that reorder or hide text (bidi
//! overrides and isolates, zero-width ones) written as escapes, and cut at [`SHOWN`]
//! characters with the rest counted. So no part can start a line of its own, pass for
//! the server's words, or hide what follows it.

use debugger_core::model::{LaunchOverrides, LaunchTarget};

/// Characters of one agent-supplied part shown in a question.
pub const SHOWN: usize = 300;
/// Arguments (or variable names) of a launch shown one by one; the rest are counted.
const LISTED: usize = 20;

/// What a launch runs, for its question: `configuration "name" (type): program "…",
/// arguments […], working directory "…"`, or the file debugged, and the names (never the
/// values) of the variables the launch sets.
pub fn launch(
    what: &str,
    name: &str,
    target: Option<&LaunchTarget>,
    overrides: &LaunchOverrides,
) -> String {
    let mut parts = Vec::new();
    if let Some(target) = target {
        parts.push(match &target.program {
            Some(program) => quoted("program", program),
            None => "program not known before it starts".to_string(),
        });
        if let Some(args) = &target.args {
            parts.push(format!("arguments {}", listed(args)));
        }
        if let Some(cwd) = &target.cwd {
            parts.push(quoted("working directory", &cwd.display().to_string()));
        }
    }
    if !overrides.env.is_empty() {
        let names: Vec<String> = overrides.env.keys().cloned().collect();
        parts.push(format!("environment variables set {}", listed(&names)));
    }
    let kind = target
        .filter(|t| !t.type_name.is_empty())
        .map(|t| format!(" ({})", escaped(&t.type_name, SHOWN)))
        .unwrap_or_default();
    let head = format!("{}{kind}", quoted(what, name));
    match parts.is_empty() {
        true => head,
        false => format!("{head}: {}", parts.join(", ")),
    }
}

/// `["a", "b"]`, each shown as data, the first [`LISTED`] of them.
fn listed(items: &[String]) -> String {
    let mut shown: Vec<String> = items
        .iter()
        .take(LISTED)
        .map(|item| format!("\"{}\"", escaped(item, SHOWN)))
        .collect();
    if items.len() > LISTED {
        shown.push(format!("… (+{} more)", items.len() - LISTED));
    }
    format!("[{}]", shown.join(", "))
}

/// `label "text"`, with `text` shown as data.
pub fn quoted(label: &str, text: &str) -> String {
    format!("{label} \"{}\"", escaped(text, SHOWN))
}

/// `text` on one line with every character that could break, reorder or hide it written
/// as an escape (and `"` and `\` escaped, so a quoted part cannot end early), cut at
/// `limit` characters.
pub fn escaped(text: &str, limit: usize) -> String {
    let mut shown = String::with_capacity(text.len().min(limit * 2));
    for (count, c) in text.chars().enumerate() {
        if count == limit {
            let rest = text.chars().count() - limit;
            shown.push_str(&format!("… (+{rest} characters)"));
            break;
        }
        match c {
            '\n' => shown.push_str("\\n"),
            '\r' => shown.push_str("\\r"),
            '\t' => shown.push_str("\\t"),
            '"' => shown.push_str("\\\""),
            '\\' => shown.push_str("\\\\"),
            c if c.is_control() || hides_or_reorders(c) => {
                shown.push_str(&format!("\\u{{{:X}}}", c as u32))
            }
            c => shown.push(c),
        }
    }
    shown
}

/// Format characters that change how the text around them reads: bidirectional marks,
/// embeddings, overrides and isolates; zero-width and invisible ones; line and paragraph
/// separators; the soft hyphen.
fn hides_or_reorders(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{061C}' | '\u{180E}'
        | '\u{200B}'..='\u{200F}'
        | '\u{2028}'..='\u{202E}'
        | '\u{2060}'..='\u{2069}'
        | '\u{FEFF}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_cannot_break_the_line_reorder_or_hide_what_follows() {
        let hostile = "len(x)  # read-only, safe to approve\n\n\n\u{202E}__import__('os').system('rm -rf ~')\u{202C}\u{200B}\"";
        let shown = quoted("expression", hostile);
        assert_eq!(
            shown,
            "expression \"len(x)  # read-only, safe to approve\\n\\n\\n\\u{202E}__import__('os')\
             .system('rm -rf ~')\\u{202C}\\u{200B}\\\"\""
        );
        assert!(!shown
            .chars()
            .any(|c| c.is_control() || hides_or_reorders(c)));
        assert_eq!(
            shown.matches('"').count() - shown.matches("\\\"").count(),
            2
        );
    }

    #[test]
    fn a_launch_names_what_runs_and_never_a_value() {
        let target = LaunchTarget {
            type_name: "debugpy".into(),
            program: Some("/p/app.py".into()),
            args: Some(vec!["--mode".into(), "fast\nrm -rf /".into()]),
            cwd: Some("/p".into()),
            env: vec![],
        };
        let mut overrides = LaunchOverrides::default();
        overrides.env.insert("TOKEN".into(), "s3cret".into());
        let shown = launch(
            "configuration",
            "App \u{202E}safe",
            Some(&target),
            &overrides,
        );
        assert_eq!(
            shown,
            "configuration \"App \\u{202E}safe\" (debugpy): program \"/p/app.py\", arguments \
             [\"--mode\", \"fast\\nrm -rf /\"], working directory \"/p\", environment variables set \
             [\"TOKEN\"]"
        );
        assert!(!shown.contains("s3cret"));
        let file = launch("file", "tests/test_a.py", None, &LaunchOverrides::default());
        assert_eq!(file, "file \"tests/test_a.py\"");
    }

    #[test]
    fn a_long_part_is_cut_and_counted() {
        let long = format!("{}{}", "a".repeat(SHOWN), "b".repeat(60));
        let shown = escaped(&long, SHOWN);
        assert!(shown.starts_with(&"a".repeat(SHOWN)));
        assert!(shown.ends_with("… (+60 characters)"), "{shown}");
        assert_eq!(escaped("short", SHOWN), "short");
        assert_eq!(escaped("tab\there", 5), "tab\\th… (+3 characters)");
    }
}
