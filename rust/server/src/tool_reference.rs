//! `docs/tools.md`, the tool reference, written from the tool list the server serves
//! ([`crate::mcp::tool_list`]: names, titles, hints, descriptions, input and output schemas; each
//! output schema in full, with its nested fields and descriptions, where the served one is
//! compact: `tools::schema::compact`), so that it cannot drift from the code: a test fails when the file is not what the list makes,
//! and `JBD_UPDATE_DOCS=1` makes that test rewrite it.

use rmcp::model::Tool;
use serde_json::{Map, Value};
use std::fmt::Write;
use std::path::PathBuf;

/// The command that rewrites the served schemas (`tools/schemas.json`) and then this file from
/// them, as the file and the failing tests tell it.
pub(crate) const REGENERATE: &str =
    "JBD_UPDATE_DOCS=1 cargo test -p jetbrains-debugger-mcp schemas_are_current \
     && JBD_UPDATE_DOCS=1 cargo test -p jetbrains-debugger-mcp tool_reference";

/// The whole reference, in Markdown.
fn reference(tools: &[Tool]) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "# Tool reference\n\n\
         The {} tools of `jetbrains-debugger-mcp`, as its `tools/list` serves them to every MCP \
         client: name, title, hints, description, parameters and result fields.\n\n\
         Generated from the server's schemas: do not edit. After changing a tool, run \
         `{REGENERATE}` and commit this file with `rust/server/src/tools/schemas.json`.\n\n\
         | Tool | Title | Hints |\n|---|---|---|\n",
        tools.len()
    );
    for tool in tools {
        let _ = writeln!(
            out,
            "| [`{name}`](#{name}) | {} | {} |",
            cell(tool.title.as_deref().unwrap_or_default()),
            hints(tool),
            name = tool.name,
        );
    }
    for tool in tools {
        let _ = write!(
            out,
            "\n## `{}`\n\n**{}** ({})\n\n{}\n",
            tool.name,
            tool.title.as_deref().unwrap_or_default(),
            hints(tool),
            tool.description.as_deref().unwrap_or_default()
        );
        let mut parameters = Vec::new();
        fields(&tool.input_schema, "", &mut parameters);
        out += "\nParameters";
        table(&mut out, "Parameter", &parameters);
        let mut results = Vec::new();
        if let Some(schema) = &tool.output_schema {
            fields(schema, "", &mut results);
        }
        out += "\nResult";
        table(&mut out, "Field", &results);
    }
    out
}

/// What the tool's annotations promise a client.
fn hints(tool: &Tool) -> String {
    let annotations = tool.annotations.clone().unwrap_or_default();
    let mut said = Vec::new();
    if annotations.read_only_hint == Some(true) {
        said.push("read-only");
    } else {
        said.push("changes state");
        if annotations.destructive_hint == Some(true) {
            said.push("destructive");
        }
    }
    if annotations.idempotent_hint == Some(true) {
        said.push("idempotent");
    }
    said.join(", ")
}

/// One row of a parameter or result table.
struct Field {
    path: String,
    kind: String,
    required: bool,
    description: String,
}

/// The properties of an object schema, nested objects and arrays of objects flattened into
/// dotted paths (`frames[].line`), in the schema's order.
fn fields(schema: &Map<String, Value>, prefix: &str, out: &mut Vec<Field>) {
    let Some(Value::Object(properties)) = schema.get("properties") else {
        return;
    };
    let required = |name: &str| {
        schema
            .get("required")
            .and_then(Value::as_array)
            .is_some_and(|names| names.iter().any(|n| n == name))
    };
    for (name, property) in properties {
        let Value::Object(property) = property else {
            continue;
        };
        let path = format!("{prefix}{name}");
        out.push(Field {
            path: path.clone(),
            kind: kind(property),
            required: required(name),
            description: description(property),
        });
        let nested = not_null(property);
        match nested.get("type").and_then(Value::as_str) {
            Some("object") => fields(nested, &format!("{path}."), out),
            Some("array") => {
                if let Some(Value::Object(items)) = nested.get("items") {
                    fields(not_null(items), &format!("{path}[]."), out);
                }
            }
            _ => {}
        }
    }
}

/// The schema a nullable `anyOf` wraps (the schema itself otherwise).
fn not_null(schema: &Map<String, Value>) -> &Map<String, Value> {
    schema
        .get("anyOf")
        .and_then(Value::as_array)
        .and_then(|choices| {
            choices
                .iter()
                .filter_map(Value::as_object)
                .find(|choice| choice.get("type").and_then(Value::as_str) != Some("null"))
        })
        .unwrap_or(schema)
}

/// A schema's type as a reader wants it: `string`, `integer ≥ 1`, `[object]`, `` `a` \| `b` ``,
/// `boolean \| null`.
fn kind(schema: &Map<String, Value>) -> String {
    if let Some(Value::Array(choices)) = schema.get("anyOf") {
        return choices
            .iter()
            .filter_map(Value::as_object)
            .map(kind)
            .collect::<Vec<_>>()
            .join(" \\| ");
    }
    if let Some(Value::Array(values)) = schema.get("enum") {
        return values
            .iter()
            .map(|value| format!("`{}`", plain(value)))
            .collect::<Vec<_>>()
            .join(" \\| ");
    }
    let mut kind = match schema.get("type").and_then(Value::as_str) {
        Some("array") => match schema.get("items") {
            Some(Value::Object(items)) => format!("[{}]", kind(items)),
            _ => "array".to_owned(),
        },
        Some(other) => other.to_owned(),
        None => "any".to_owned(),
    };
    for (keyword, sign) in [("minimum", "≥"), ("maximum", "≤")] {
        if let Some(bound) = schema.get(keyword) {
            let _ = write!(kind, " {sign} {bound}");
        }
    }
    kind
}

fn description(schema: &Map<String, Value>) -> String {
    let mut text = schema
        .get("description")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    if let Some(default) = schema.get("default") {
        if !text.is_empty() {
            text.push(' ');
        }
        let _ = write!(text, "Default: `{}`.", plain(default));
    }
    cell(&text)
}

/// A JSON value as a reader writes it: a string without its quotes.
fn plain(value: &Value) -> String {
    value.as_str().map_or(value.to_string(), str::to_owned)
}

/// Text that stays inside one table cell.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

fn table(out: &mut String, first: &str, rows: &[Field]) {
    if rows.is_empty() {
        out.push_str(": none.\n");
        return;
    }
    let _ = write!(
        out,
        ":\n\n| {first} | Type | Required | Description |\n|---|---|---|---|\n"
    );
    for row in rows {
        let _ = writeln!(
            out,
            "| `{}` | {} | {} | {} |",
            row.path,
            row.kind,
            if row.required { "yes" } else { "" },
            row.description
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/tools.md")
    }

    /// The served tool list with each result schema in full: the served one is compact
    /// (no descriptions, nested objects untyped), the reference shows every field.
    fn documented_tools() -> Vec<Tool> {
        let mut documented = crate::tools::documented_output_schemas();
        let mut tools = crate::mcp::tool_list();
        for tool in &mut tools {
            if let Some(Value::Object(schema)) = documented.remove(tool.name.as_ref()) {
                tool.output_schema = Some(std::sync::Arc::new(schema));
            }
        }
        tools
    }

    #[test]
    fn tool_reference_is_current() {
        let made = reference(&documented_tools());
        let path = path();
        let written = std::fs::read_to_string(&path).unwrap_or_default();
        if made == written {
            return;
        }
        if std::env::var_os("JBD_UPDATE_DOCS").is_some() {
            std::fs::write(&path, &made).unwrap();
            eprintln!("rewrote {}", path.display());
            return;
        }
        let first_difference = made
            .lines()
            .zip(written.lines().chain(std::iter::repeat("")))
            .position(|(made, written)| made != written)
            .map_or(0, |index| index + 1);
        panic!(
            "docs/tools.md is not what the tool list makes (first difference at line \
             {first_difference}); regenerate it with `{REGENERATE}` and commit it"
        );
    }

    #[test]
    fn the_reference_names_every_tool_parameter_and_result_field() {
        let tools = documented_tools();
        let made = reference(&tools);
        for tool in &tools {
            assert!(
                made.contains(&format!("\n## `{}`\n", tool.name)),
                "{}",
                tool.name
            );
            for name in tool.input_schema["properties"].as_object().unwrap().keys() {
                assert!(
                    made.contains(&format!("| `{name}` |")),
                    "{}.{name}",
                    tool.name
                );
            }
        }
        let stack = &made[made.find("\n## `get_stack_trace`").unwrap()..];
        assert!(stack.contains("| `frames[].line` | integer ≥ 0 \\| null | yes |"));
        let breakpoint = &made[made.find("\n## `set_breakpoint`").unwrap()..];
        assert!(breakpoint.contains("| `suspend_policy` | `all` \\| `thread` \\| `none` |"));
        assert!(breakpoint.contains("Default: `all`."));
        let status = &made[made.find("\n## `get_debug_session_status`").unwrap()..];
        assert!(
            status.contains("| `variables[].id` | string \\| null |  | Handle for expand_variable")
        );
    }
}
