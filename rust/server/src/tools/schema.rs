//! The JSON Schemas clients see. The server serves `schemas.json` as it is; the test
//! `schemas_are_current` makes that file from the parameter and result types (schemars), so
//! no schema is generated at run time (the generator would weigh about 200 KB of the
//! binary). The schemas are made lean once for every tool: a model reads each tool's
//! description and input schema every turn, so what schemars adds for Rust's sake is taken
//! out here, in one place, not tool by tool:
//!
//! - `"default": null` and numeric `format`s (`uint32`, `double`, ...) go; real
//!   defaults stay (`#[schemars(extend("default" = 30))]` on a field), but for a
//!   flag's `false`: a boolean parameter is off unless given, so only the flags that
//!   default to `true` say so;
//! - an optional parameter is declared once, as its type (`"string"`), not as
//!   `["string", "null"]`: leaving it out is how it is not given (`null` is still
//!   accepted, as is `"42"` for 42: decoding is lenient whatever the schema says);
//! - a struct's own rustdoc (the description of a parameter or result struct, or of
//!   a type inlined into a result) is for developers, not for the wire;
//! - the parameters every tool shares get their one short description from
//!   [`SHARED`] (the server's instructions explain `projectPath` and `session_id`
//!   once, so those carry none);
//! - a result field that may be null is `anyOf` a type and `null`: type arrays are
//!   less portable (the MCP Inspector's `--strict` warns about them);
//! - a parameter's `"minimum": 0` (schemars' mark of an unsigned Rust type) goes: a
//!   negative count is refused by decoding with a message naming the parameter.
//!
//! Other validation keywords (`minimum` above 0, `maximum`, `exclusiveMinimum`,
//! `enum`, `required`) are kept as generated.
//!
//! An output schema is read by the client's validator, not by the model, and an SDK
//! (Python's `jsonschema`, TypeScript's Ajv) compiles it on the tool's first call: its
//! size is paid as latency. So the served output schema is [`compact`]:
//!
//! - no descriptions (`docs/tools.md` keeps them: it is written from [`documented`]);
//! - a result field left out when empty (`skip_serializing_if`, not `required`) is
//!   declared as its type, without the `null` branch it never takes;
//! - a string enum with a description per value (`oneOf` of `const`s) is an `enum`;
//! - the result's own fields are exact (type, `required`, `enum`, bounds); a nested
//!   object is `{"type": "object"}` (below [`OUTPUT_DEPTH`]): the six execution tools
//!   and the session tools carry the same nested shapes (location, variable, watch,
//!   exception), and a tool's schema cannot refer to another's, so each nested shape
//!   spelt out would be paid once per tool (28 KB in all, against 13 KB this way).

use serde_json::{Map, Value};

/// Which way a schema describes data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// A tool's arguments (`inputSchema`).
    Input,
    /// A tool's result (`outputSchema`).
    Output,
}

impl Side {
    /// The schema's key in `schemas.json`, as MCP names it.
    fn key(self) -> &'static str {
        match self {
            Side::Input => "inputSchema",
            Side::Output => "outputSchema",
        }
    }
}

/// The schemas the server serves: `schemas.json`, by tool name.
pub struct Served(Map<String, Value>);

impl Served {
    pub fn load() -> Self {
        // Written and checked by `schemas_are_current`: it parses.
        let schemas = serde_json::from_str(include_str!("schemas.json"));
        Self(schemas.expect("tools/schemas.json holds a JSON object"))
    }

    /// Tool `name`'s schema of `side`, moved out.
    pub fn take(&mut self, name: &str, side: Side) -> Map<String, Value> {
        let schema = self
            .0
            .get_mut(name)
            .and_then(|tool| tool.get_mut(side.key()));
        match schema.map(Value::take) {
            Some(Value::Object(schema)) => schema,
            _ => Map::new(),
        }
    }
}

/// A tool's entry in `schemas.json`: the lean schemas of its parameter struct `P` and of
/// its result struct `R`.
#[cfg(test)]
pub fn generated<P: schemars::JsonSchema, R: schemars::JsonSchema>() -> Value {
    let mut entry = Map::new();
    entry.insert(Side::Input.key().into(), schema_of::<P>(Side::Input).into());
    let mut output = schema_of::<R>(Side::Output);
    compact(&mut output);
    entry.insert(Side::Output.key().into(), output.into());
    Value::Object(entry)
}

/// The result struct `R`'s schema as `docs/tools.md` shows it: lean, but with every
/// nested shape and description ([`generated`] serves it [`compact`]).
#[cfg(test)]
pub fn documented<R: schemars::JsonSchema>() -> Map<String, Value> {
    schema_of::<R>(Side::Output)
}

/// The JSON Schema of a parameter struct (`Side::Input`) or of a result struct
/// (`Side::Output`: fields skipped when empty are not required), made lean ([`lean`]).
#[cfg(test)]
fn schema_of<T: schemars::JsonSchema>(side: Side) -> Map<String, Value> {
    let settings = schemars::generate::SchemaSettings::draft2020_12().with(|s| {
        s.inline_subschemas = true;
        s.contract = match side {
            Side::Input => schemars::generate::Contract::Deserialize,
            Side::Output => schemars::generate::Contract::Serialize,
        };
    });
    let schema = settings.into_generator().into_root_schema_for::<T>();
    let mut map = match serde_json::to_value(schema) {
        Ok(Value::Object(map)) => map,
        _ => Map::new(),
    };
    map.remove("$schema");
    map.remove("title");
    lean(&mut map, side);
    map
}

#[cfg(test)]
/// A parameter many tools share: its one description (and default), used where the
/// parameter's own field has none.
struct Shared {
    name: &'static str,
    description: &'static str,
    default: Option<u64>,
}

#[cfg(test)]
const SHARED: &[Shared] = &[
    Shared {
        name: "timeout",
        description: "Seconds, max 600",
        default: Some(crate::tools::waiting::DEFAULT_WAIT.as_secs()),
    },
    Shared {
        name: "ignore_breakpoints",
        description: "Skip breakpoints on the way.",
        default: None,
    },
    Shared {
        name: "frame_index",
        description: "0 is the top; default: the selected frame.",
        default: None,
    },
    Shared {
        name: "overrides",
        description: "This launch only: {args:[str], cwd, env:{name: value}}",
        default: None,
    },
];

/// A parameter advertised as a plain object, its fields named by its description: a
/// nested schema for a rarely used parameter costs every turn more than it helps.
pub fn object(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({ "type": "object" })
}

#[cfg(test)]
/// Make a generated schema lean (see the module doc).
pub fn lean(schema: &mut Map<String, Value>, side: Side) {
    schema.remove("description");
    walk(schema, side);
}

#[cfg(test)]
fn walk(node: &mut Map<String, Value>, side: Side) {
    node.remove("format");
    let off_flag = node.get("type") == Some(&Value::from("boolean"))
        && node.get("default") == Some(&Value::Bool(false));
    if node.get("default") == Some(&Value::Null) || (side == Side::Input && off_flag) {
        node.remove("default");
    }
    if side == Side::Input && node.get("minimum") == Some(&Value::from(0)) {
        node.remove("minimum");
    }
    let typed = ["properties", "enum", "oneOf"]
        .iter()
        .any(|key| node.contains_key(*key));
    if side == Side::Output && typed {
        // An object or an enum: its description is its type's rustdoc.
        node.remove("description");
    }
    let required: Vec<String> = match node.get("required") {
        Some(Value::Array(names)) => names
            .iter()
            .filter_map(|n| n.as_str().map(str::to_string))
            .collect(),
        _ => Vec::new(),
    };
    if let Some(Value::Object(properties)) = node.get_mut("properties") {
        for (name, property) in properties.iter_mut() {
            let Value::Object(property) = property else {
                continue;
            };
            if side == Side::Input {
                if !required.contains(name) {
                    drop_null(property);
                }
                if !property.contains_key("description") {
                    if let Some(shared) = SHARED.iter().find(|shared| shared.name == name) {
                        property.insert("description".into(), Value::from(shared.description));
                        let unset = property.get("default").is_none_or(Value::is_null);
                        if let (Some(default), true) = (shared.default, unset) {
                            property.insert("default".into(), Value::from(default));
                        }
                    }
                }
            }
            walk(property, side);
        }
    }
    for key in ["items", "additionalProperties"] {
        if let Some(Value::Object(sub)) = node.get_mut(key) {
            walk(sub, side);
        }
    }
    for key in ["anyOf", "oneOf", "allOf"] {
        if let Some(Value::Array(branches)) = node.get_mut(key) {
            for branch in branches.iter_mut().filter_map(Value::as_object_mut) {
                walk(branch, side);
            }
        }
    }
    split_type_union(node);
}

/// How many object levels a served output schema spells out: the result itself (its
/// fields exact); an object below it is `{"type": "object"}`.
#[cfg(test)]
const OUTPUT_DEPTH: usize = 1;

#[cfg(test)]
/// Make a lean output schema the one served (see the module doc).
pub fn compact(schema: &mut Map<String, Value>) {
    compact_node(schema, 0);
}

#[cfg(test)]
fn compact_node(node: &mut Map<String, Value>, depth: usize) {
    node.remove("description");
    if node.get("type") == Some(&Value::from("object")) && depth >= OUTPUT_DEPTH {
        node.retain(|key, _| key == "type");
        return;
    }
    constants_to_enum(node);
    let required: Vec<Value> = match node.get("required") {
        Some(Value::Array(names)) => names.clone(),
        _ => Vec::new(),
    };
    if let Some(Value::Object(properties)) = node.get_mut("properties") {
        for (name, property) in properties.iter_mut() {
            let Value::Object(property) = property else {
                continue;
            };
            if !required.contains(&Value::from(name.as_str())) {
                // Skipped when empty: absent, never null.
                drop_null(property);
            }
            compact_node(property, depth + 1);
        }
    }
    if let Some(Value::Object(items)) = node.get_mut("items") {
        compact_node(items, depth);
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(branches)) = node.get_mut(key) {
            for branch in branches.iter_mut().filter_map(Value::as_object_mut) {
                compact_node(branch, depth);
            }
        }
    }
}

#[cfg(test)]
/// `{"oneOf": [{"type": "string", "const": "a"}, ...]}` (an enum whose values have
/// their own rustdoc) → `{"type": "string", "enum": ["a", ...]}`.
fn constants_to_enum(node: &mut Map<String, Value>) {
    let Some(Value::Array(branches)) = node.get("oneOf") else {
        return;
    };
    let string_constant = |branch: &Value| {
        let plain = branch.as_object().is_some_and(|b| {
            b.keys()
                .all(|k| ["const", "type", "description"].contains(&k.as_str()))
        });
        plain && branch.get("type") == Some(&Value::from("string")) && branch["const"].is_string()
    };
    if !branches.iter().all(string_constant) {
        return;
    }
    let values: Vec<Value> = branches.iter().map(|b| b["const"].clone()).collect();
    node.remove("oneOf");
    node.insert("type".into(), Value::from("string"));
    node.insert("enum".into(), Value::Array(values));
}

#[cfg(test)]
/// An optional parameter: leaving it out means "not given", so `null` is not
/// advertised.
fn drop_null(node: &mut Map<String, Value>) {
    if let Some(Value::Array(types)) = node.get_mut("type") {
        types.retain(|t| t != "null");
        if types.len() == 1 {
            let only = types.remove(0);
            node.insert("type".into(), only);
        }
    }
    if let Some(Value::Array(values)) = node.get_mut("enum") {
        values.retain(|v| !v.is_null());
    }
    if let Some(Value::Array(branches)) = node.get_mut("anyOf") {
        branches.retain(|b| b.get("type") != Some(&Value::from("null")));
        if branches.len() == 1 {
            if let Some(Value::Object(only)) = branches.pop() {
                node.remove("anyOf");
                for (key, value) in only {
                    node.entry(key).or_insert(value);
                }
            }
        }
    }
}

#[cfg(test)]
/// `{"type": ["string", "null"], ...}` → `{"anyOf": [{"type": "string", ...},
/// {"type": "null"}]}`, the annotations (description, default) kept outside.
fn split_type_union(node: &mut Map<String, Value>) {
    let Some(Value::Array(types)) = node.get("type").cloned() else {
        return;
    };
    node.remove("type");
    let annotations = ["description", "title", "default"];
    let mut constraints = Map::new();
    for key in node.keys().cloned().collect::<Vec<_>>() {
        if !annotations.contains(&key.as_str()) {
            if let Some(value) = node.remove(&key) {
                constraints.insert(key, value);
            }
        }
    }
    let branches = types
        .into_iter()
        .map(|t| {
            if t == "null" {
                return serde_json::json!({ "type": "null" });
            }
            let mut branch = constraints.clone();
            if let Some(Value::Array(values)) = branch.get_mut("enum") {
                values.retain(|v| !v.is_null());
            }
            branch.insert("type".into(), t);
            Value::Object(branch)
        })
        .collect();
    node.insert("anyOf".into(), Value::Array(branches));
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn leaned(schema: Value, side: Side) -> Value {
        let Value::Object(mut map) = schema else {
            panic!("not an object")
        };
        lean(&mut map, side);
        Value::Object(map)
    }

    /// `schemas.json` is what the types make, and the server serves it unchanged.
    #[test]
    fn schemas_are_current() {
        let generated = crate::tools::generated_schemas();
        // One line per tool: compact (the file is in the binary), and a change shows as
        // the lines of the tools it changes.
        let lines: Vec<String> = generated
            .iter()
            .map(|(name, entry)| format!("{}: {entry}", Value::from(name.as_str())))
            .collect();
        let made = format!("{{\n{}\n}}\n", lines.join(",\n"));
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/tools/schemas.json");
        if std::fs::read_to_string(&path).unwrap_or_default() != made {
            if std::env::var_os("JBD_UPDATE_DOCS").is_some() {
                std::fs::write(&path, &made).unwrap();
                eprintln!("rewrote {}", path.display());
                return;
            }
            panic!(
                "tools/schemas.json is not what the types make; regenerate it: {}",
                crate::tool_reference::REGENERATE
            );
        }
        let mut served = Served::load();
        for (name, entry) in &generated {
            for side in [Side::Input, Side::Output] {
                assert_eq!(
                    Value::Object(served.take(name, side)),
                    entry[side.key()],
                    "{name}.{}",
                    side.key()
                );
            }
        }
    }

    #[test]
    fn optional_parameters_are_declared_once_without_noise() {
        let input = json!({
            "type": "object",
            "description": "Which project and session a call means.",
            "properties": {
                "line": {"type": "integer", "format": "uint32", "minimum": 1},
                "count": {"type": ["integer", "null"], "format": "uint32", "minimum": 0},
                "timeout": {"type": ["number", "null"], "format": "double", "default": null},
                "enabled": {"type": ["boolean", "null"], "default": true},
                "temporary": {"type": ["boolean", "null"], "default": false},
                "kind": {"anyOf": [{"type": "string", "enum": ["a", "b"]}, {"type": "null"}],
                         "description": "Which."},
                "session_id": {"type": ["string", "null"], "default": null}
            },
            "required": ["line"]
        });
        assert_eq!(
            leaned(input, Side::Input),
            json!({
                "type": "object",
                "properties": {
                    "line": {"type": "integer", "minimum": 1},
                    "count": {"type": "integer"},
                    "timeout": {"type": "number", "description": "Seconds, max 600", "default": 30},
                    "enabled": {"type": "boolean", "default": true},
                    "temporary": {"type": "boolean"},
                    "kind": {"type": "string", "enum": ["a", "b"], "description": "Which."},
                    "session_id": {"type": "string"}
                },
                "required": ["line"]
            })
        );
    }

    #[test]
    fn served_results_are_exact_at_the_top_and_plain_objects_below() {
        let output = json!({
            "type": "object",
            "properties": {
                "line": {"description": "1-based.", "anyOf": [
                    {"type": "integer", "minimum": 0}, {"type": "null"}]},
                "output": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                "guard": {"anyOf": [{"oneOf": [
                    {"type": "string", "const": "runtime", "description": "Checked."},
                    {"type": "string", "const": "debugger"}]}, {"type": "null"}]},
                "location": {"anyOf": [
                    {"type": "object", "required": ["file"], "properties": {
                        "file": {"anyOf": [{"type": "string"}, {"type": "null"}]}}},
                    {"type": "null"}]},
                "exception": {"anyOf": [{"type": "object", "properties": {}}, {"type": "null"}]},
                "items": {"type": "array", "items": {"type": "object", "properties": {}}},
                "values": {"type": "object", "additionalProperties": {"type": "string"}},
                "hits": {"type": "array", "items": {"type": "integer", "minimum": 0}}
            },
            "required": ["line", "location", "items", "values", "hits"]
        });
        let Value::Object(mut served) = output else {
            unreachable!()
        };
        compact(&mut served);
        assert_eq!(
            Value::Object(served),
            json!({
                "type": "object",
                "properties": {
                    "line": {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]},
                    "output": {"type": "string"},
                    "guard": {"type": "string", "enum": ["runtime", "debugger"]},
                    "location": {"anyOf": [{"type": "object"}, {"type": "null"}]},
                    "exception": {"type": "object"},
                    "items": {"type": "array", "items": {"type": "object"}},
                    "values": {"type": "object"},
                    "hits": {"type": "array", "items": {"type": "integer", "minimum": 0}}
                },
                "required": ["line", "location", "items", "values", "hits"]
            })
        );
    }

    #[test]
    fn nullable_results_stay_nullable_as_any_of() {
        let output = json!({
            "type": "object",
            "description": "Where execution stands.",
            "properties": {
                "line": {"type": ["integer", "null"], "format": "uint32", "minimum": 0,
                         "description": "1-based."},
                "reason": {"type": ["string", "null"], "enum": ["step", "pause", null],
                           "description": "Why execution stopped."},
                "location": {"type": ["object", "null"], "description": "A place.",
                             "properties": {"file": {"type": ["string", "null"]}},
                             "required": ["file"]},
                "items": {"type": "array", "items": {"type": "object",
                          "description": "An item.", "properties": {}}}
            },
            "required": ["line"]
        });
        assert_eq!(
            leaned(output, Side::Output),
            json!({
                "type": "object",
                "properties": {
                    "line": {"description": "1-based.", "anyOf": [
                        {"type": "integer", "minimum": 0}, {"type": "null"}]},
                    "reason": {"anyOf": [
                        {"type": "string", "enum": ["step", "pause"]}, {"type": "null"}]},
                    "location": {"anyOf": [
                        {"type": "object", "required": ["file"], "properties": {
                            "file": {"anyOf": [{"type": "string"}, {"type": "null"}]}}},
                        {"type": "null"}]},
                    "items": {"type": "array", "items": {"type": "object", "properties": {}}}
                },
                "required": ["line"]
            })
        );
    }
}
