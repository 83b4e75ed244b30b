//! Values shown through the shim, for debugpy sessions with it: listings, expansions
//! and guarded evaluation results come from the shim's `__jbd_values__` instead of
//! pydevd's resolvers, which call `__repr__`, `__len__` and `__getattr__` and read
//! properties, filling a `cached_property` on the way. Builtin values are shown by
//! their repr, containers item by item; what needs program code (an object's own
//! `__repr__`, properties, descriptors) is read under the runtime guard in the
//! default mode ([`Reads::Guarded`], what the guard refuses is shown as not read),
//! and never with the server's "never run program code to show values" setting
//! ([`Reads::Never`]: by type and id, properties named). A value's children are
//! named by a path from a frame's scope or from an expression (re-evaluated under
//! the guard), carried in its `children_ref`.

use debugger_core::error::{ErrorCode, ToolError, ToolResult};
use debugger_core::model::{Value, ValueTarget};
use serde_json::{json, Value as Json};

/// The function the shim puts in `builtins`.
const VALUES_FUNCTION: &str = "__jbd_values__";
/// How a `children_ref` of this module starts (pydevd's are numbers).
const REF_PREFIX: &str = "values:";

/// How the shim reads what only program code can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reads {
    /// Under the runtime guard, as `evaluate` runs; what it refuses is not run.
    Guarded,
    /// Never: program objects by type and id, properties named.
    Never,
}

impl Reads {
    /// How a session shows values: through the shim where it is in the program and
    /// guards it, never reading program code if the server says so; `None` where the
    /// adapter shows them.
    pub fn for_session(shim: bool, values_without_code: bool, guarded: bool) -> Option<Reads> {
        match (shim, values_without_code, guarded) {
            (false, _, _) => None,
            (true, true, _) => Some(Reads::Never),
            (true, false, true) => Some(Reads::Guarded),
            (true, false, false) => None,
        }
    }

    fn request(self, root: Json) -> Json {
        match self {
            Reads::Guarded => json!({ "root": root, "reads": "guarded" }),
            Reads::Never => json!({ "root": root }),
        }
    }
}

/// The shim's listing of a frame's scope (`locals` or `globals`).
pub fn scope_request(scope: &str, reads: Reads) -> Json {
    reads.request(json!({ "scope": scope }))
}

/// The shim's listing of what one name of a frame's scope holds (its children).
pub fn scope_name_request(scope: &str, name: &str, reads: Reads) -> Json {
    let mut request = reads.request(json!({ "scope": scope }));
    request["path"] = json!([["name", name]]);
    request
}

/// The shim's answer for one expression's value (evaluated under its guard).
pub fn expression_request(expression: &str, reads: Reads) -> Json {
    reads.request(json!({ "expression": expression }))
}

/// The expression to evaluate in a frame for `request`.
pub fn call(request: &Json) -> String {
    format!(
        "{VALUES_FUNCTION}({})",
        crate::adapter::debugpy::python_literal(&request.to_string())
    )
}

/// The frame and request a `children_ref` of this module names, if it is one.
pub fn parse_ref(children_ref: &str) -> Option<ToolResult<(i64, Json)>> {
    let rest = children_ref.strip_prefix(REF_PREFIX)?;
    let parsed = rest.split_once(':').and_then(|(frame, request)| {
        Some((frame.parse().ok()?, serde_json::from_str(request).ok()?))
    });
    Some(parsed.ok_or_else(|| {
        ToolError::new(
            ErrorCode::VariableNotFound,
            format!("'{children_ref}' names no value"),
        )
    }))
}

/// The shim's answer, read from the text pydevd shows for the string it returned.
/// pydevd shows an exception raised there as its repr (`NameError('...')`): the
/// evaluation's error, as `Type: message` (the guard's refusal is recognised by it).
pub fn answer(shown: &str) -> ToolResult<Json> {
    if let Some(json) = python_string(shown).and_then(|text| serde_json::from_str(&text).ok()) {
        return Ok(json);
    }
    let error = shown.split_once('(').and_then(|(kind, rest)| {
        let message = python_string(rest.strip_suffix(')')?)?;
        kind.chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '.')
            .then(|| format!("{kind}: {message}"))
    });
    Err(ToolError::new(
        ErrorCode::EvaluationFailed,
        error.unwrap_or_else(|| shown.chars().take(200).collect()),
    ))
}

/// The values of a listing answer (`entries`), their children reachable from `frame`.
pub fn entries(answer: &Json, frame: i64, request: &Json) -> Vec<Value> {
    answer
        .get("entries")
        .and_then(Json::as_array)
        .map(|entries| entries.iter().map(|e| value(e, frame, request)).collect())
        .unwrap_or_default()
}

/// One entry as a value; `request` is the listing it came from (its root).
pub fn value(entry: &Json, frame: i64, request: &Json) -> Value {
    let text = |key: &str| entry.get(key).and_then(Json::as_str).map(str::to_owned);
    let children_ref = entry
        .get("path")
        .filter(|path| path.is_array())
        .map(|path| {
            let mut child = json!({ "root": request["root"], "path": path, "children": true });
            if let Some(reads) = request.get("reads") {
                child["reads"] = reads.clone();
            }
            format!("{REF_PREFIX}{frame}:{child}")
        });
    Value {
        name: text("name").unwrap_or_default(),
        value: text("value").unwrap_or_default(),
        type_name: text("type"),
        children_ref,
        target: text("expression").map(ValueTarget::Expression),
        evaluate_name: text("expression"),
    }
}

/// The text of a Python string literal as `repr` writes it (`'...'` or `"..."`,
/// backslash escapes); `None` for anything else.
fn python_string(literal: &str) -> Option<String> {
    let quote = literal.chars().next().filter(|q| *q == '\'' || *q == '"')?;
    let inner = literal.strip_prefix(quote)?.strip_suffix(quote)?;
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let hex = |chars: &mut std::str::Chars<'_>, n: usize| {
            let digits: String = chars.take(n).collect();
            u32::from_str_radix(&digits, 16)
                .ok()
                .and_then(char::from_u32)
        };
        match chars.next()? {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            'x' => out.push(hex(&mut chars, 2)?),
            'u' => out.push(hex(&mut chars, 4)?),
            'U' => out.push(hex(&mut chars, 8)?),
            other @ ('\\' | '\'' | '"') => out.push(other),
            _ => return None,
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_strings_are_read_as_repr_writes_them() {
        assert_eq!(python_string(r#"'{"a": 1}'"#).unwrap(), r#"{"a": 1}"#);
        assert_eq!(
            python_string(r#"'{"v": "it\'s \\u00e9\\n"}'"#).unwrap(),
            r#"{"v": "it's \u00e9\n"}"#
        );
        assert_eq!(python_string(r#""say 'x'""#).unwrap(), "say 'x'");
        assert_eq!(python_string("'\\xe9'").unwrap(), "é");
        assert!(python_string("42").is_none() && python_string("'open").is_none());
    }

    #[test]
    fn an_exception_shown_instead_of_the_answer_is_the_error() {
        let refused =
            answer("SideEffectsNotAllowed('calls the Python function prop (t.py:9)')").unwrap_err();
        assert_eq!(
            refused.message,
            "SideEffectsNotAllowed: calls the Python function prop (t.py:9)"
        );
        let failed = answer("NameError(\"name 'x' is not defined\")").unwrap_err();
        assert_eq!(failed.message, "NameError: name 'x' is not defined");
    }

    #[test]
    fn entries_carry_paths_to_their_children() {
        let request = scope_request("locals", Reads::Never);
        let answer = json!({ "entries": [
            { "name": "obj", "type": "Holder", "value": "<Holder object at 0x1>", "path": [["name", "obj"]] },
            { "name": "n", "type": "int", "value": "3", "path": null, "expression": "n" },
        ], "total": 2 });
        let values = entries(&answer, 7, &request);
        assert_eq!(values.len(), 2);
        let reference = values[0].children_ref.as_deref().unwrap();
        let (frame, child) = parse_ref(reference).unwrap().unwrap();
        assert_eq!(frame, 7);
        assert_eq!(
            child,
            json!({ "root": { "scope": "locals" }, "path": [["name", "obj"]], "children": true })
        );
        assert_eq!(values[1].children_ref, None);
        assert_eq!(values[1].target, Some(ValueTarget::Expression("n".into())));
        assert!(parse_ref("12").is_none());
        assert!(parse_ref("values:x:{}").unwrap().is_err());
    }
}
