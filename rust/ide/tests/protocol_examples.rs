//! `protocol/` is the single source of truth of the bridge: every example message of
//! every method decodes into this crate's wire type for it and re-encodes to the same
//! JSON; the spec's method table, the message files and `wire::METHODS` agree.

use debugger_core::history::{HistoryChange, HistoryEntry};
use debugger_core::model::{Breakpoint, Value as DebugValue};
use debugger_ide::rpc::{self, RpcError};
use debugger_ide::wire::{self, Direction, Kind};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

fn protocol_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../protocol")
}

/// Decode `value` as `T` and encode it again.
fn round_trip<T: DeserializeOwned + Serialize>(value: &Value) -> Result<Value, String> {
    let decoded: T = serde_json::from_value(value.clone()).map_err(|e| e.to_string())?;
    serde_json::to_value(decoded).map_err(|e| e.to_string())
}

type Codec = fn(&Value) -> Result<Value, String>;

/// Method → (params codec, result codec; `None` for notifications).
fn codecs() -> BTreeMap<&'static str, (Codec, Option<Codec>)> {
    use wire::method::*;
    use wire::*;
    let mut t: BTreeMap<&'static str, (Codec, Option<Codec>)> = BTreeMap::new();
    t.insert(
        HELLO,
        (round_trip::<HelloParams>, Some(round_trip::<HelloResult>)),
    );
    t.insert(
        RUN_CONFIGURATIONS_LIST,
        (
            round_trip::<ProjectParams>,
            Some(round_trip::<RunConfigurationsResult>),
        ),
    );
    t.insert(
        SESSION_LAUNCH,
        (round_trip::<LaunchParams>, Some(round_trip::<Session>)),
    );
    for unit in [SESSION_STOP, SESSION_RESUME, SESSION_PAUSE] {
        t.insert(
            unit,
            (round_trip::<SessionParams>, Some(round_trip::<Empty>)),
        );
    }
    t.insert(
        SESSION_STEP,
        (round_trip::<StepParams>, Some(round_trip::<Empty>)),
    );
    t.insert(
        SESSION_RUN_TO_LINE,
        (round_trip::<RunToLineParams>, Some(round_trip::<Empty>)),
    );
    t.insert(
        SESSION_THREADS,
        (
            round_trip::<SessionParams>,
            Some(round_trip::<ThreadsResult>),
        ),
    );
    t.insert(
        SESSION_STACK,
        (round_trip::<StackParams>, Some(round_trip::<StackResult>)),
    );
    t.insert(
        FRAME_SELECT,
        (round_trip::<FrameSelectParams>, Some(round_trip::<Empty>)),
    );
    t.insert(
        FRAME_VARIABLES,
        (
            round_trip::<VariablesParams>,
            Some(round_trip::<VariablesResult>),
        ),
    );
    t.insert(
        VALUE_CHILDREN,
        (
            round_trip::<ChildrenParams>,
            Some(round_trip::<ChildrenResult>),
        ),
    );
    t.insert(
        VALUE_SET,
        (round_trip::<SetValueParams>, Some(round_trip::<DebugValue>)),
    );
    t.insert(
        BREAKPOINTS_WATCH,
        (round_trip::<WatchParams>, Some(round_trip::<Breakpoint>)),
    );
    t.insert(
        FRAME_EVALUATE,
        (round_trip::<EvaluateParams>, Some(round_trip::<DebugValue>)),
    );
    t.insert(
        BREAKPOINTS_LIST,
        (
            round_trip::<ProjectParams>,
            Some(round_trip::<BreakpointsResult>),
        ),
    );
    t.insert(
        BREAKPOINTS_ADD,
        (
            round_trip::<AddBreakpointParams>,
            Some(round_trip::<AddedBreakpoint>),
        ),
    );
    t.insert(
        BREAKPOINTS_REMOVE,
        (
            round_trip::<BreakpointRef>,
            Some(round_trip::<RemoveBreakpointResult>),
        ),
    );
    t.insert(
        UI_CONFIRM,
        (
            round_trip::<ConfirmParams>,
            Some(round_trip::<ConfirmResult>),
        ),
    );
    t.insert(HISTORY_CHANGED, (round_trip::<HistoryChange>, None));
    t.insert(
        HISTORY_LIST,
        (round_trip::<Empty>, Some(round_trip::<HistoryListResult>)),
    );
    t.insert(
        HISTORY_CLEAR,
        (round_trip::<Empty>, Some(round_trip::<Empty>)),
    );
    t.insert(
        SETTINGS_UPDATE,
        (
            round_trip::<SettingsUpdateParams>,
            Some(round_trip::<Empty>),
        ),
    );
    t.insert(
        HISTORY_EXPORT,
        (
            round_trip::<HistoryExportParams>,
            Some(round_trip::<HistoryExportResult>),
        ),
    );
    t.insert(
        CLIENTS_LIST,
        (round_trip::<Empty>, Some(round_trip::<ClientsListResult>)),
    );
    t.insert(
        CLIENTS_INSTALL,
        (
            round_trip::<ClientInstallParams>,
            Some(round_trip::<ClientInstallResult>),
        ),
    );
    t.insert(SESSION_STARTED, (round_trip::<Session>, None));
    t.insert(
        SESSION_PROCESS_STARTED,
        (round_trip::<ProcessStartedParams>, None),
    );
    t.insert(SESSION_PAUSED, (round_trip::<PausedParams>, None));
    t.insert(SESSION_RESUMED, (round_trip::<SessionParams>, None));
    t.insert(SESSION_OUTPUT, (round_trip::<OutputParams>, None));
    t.insert(SESSION_EXITED, (round_trip::<ExitedParams>, None));
    t.insert(SESSION_TERMINATED, (round_trip::<TerminatedParams>, None));
    t.insert(BREAKPOINT_CHANGED, (round_trip::<BreakpointChanged>, None));
    t.insert(BREAKPOINT_REMOVED, (round_trip::<BreakpointRef>, None));
    t.insert(PROJECT_OPENED, (round_trip::<ProjectEvent>, None));
    t.insert(PROJECT_CLOSED, (round_trip::<ProjectEvent>, None));
    t
}

/// The method table of protocol/README.md: method → (direction, kind, timeout).
fn spec_table() -> BTreeMap<String, (String, String, Option<u64>)> {
    let readme = std::fs::read_to_string(protocol_dir().join("README.md")).expect("README.md");
    let mut rows = BTreeMap::new();
    for line in readme.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // | `method` | direction | kind | timeout | what |
        if cells.len() < 7 || !cells[1].starts_with('`') {
            continue;
        }
        let method = cells[1].trim_matches('`').to_string();
        let direction = match cells[2] {
            "IDE → server" => "ide_to_server",
            "server → IDE" => "server_to_ide",
            other => panic!("direction '{other}' of {method}"),
        };
        let timeout = cells[4]
            .strip_suffix(" s")
            .map(|s| s.parse::<u64>().expect("timeout seconds"));
        rows.insert(
            method,
            (direction.to_string(), cells[3].to_string(), timeout),
        );
    }
    assert!(
        rows.len() >= 30,
        "parsed only {} rows of the method table",
        rows.len()
    );
    rows
}

fn message_files() -> Vec<(PathBuf, Value)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(protocol_dir().join("messages"))
        .expect("protocol/messages")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("read message file");
            let json = serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("{}: not JSON: {e}", p.display()));
            (p, json)
        })
        .collect()
}

fn check(what: &str, codec: Codec, value: &Value) -> Result<(), String> {
    match codec(value) {
        Ok(encoded) if &encoded == value => Ok(()),
        Ok(encoded) => Err(format!(
            "{what}: re-encoded differently\n  example: {value}\n  rust:    {encoded}"
        )),
        Err(e) => Err(format!("{what}: does not decode: {e}\n  example: {value}")),
    }
}

/// An error response decodes as an `RpcError`; a tool error survives the trip
/// through `ToolError` unchanged.
fn check_error(what: &str, error: &Value) -> Result<(), String> {
    check(what, round_trip::<RpcError>, error)?;
    let rpc: RpcError = serde_json::from_value(error.clone()).map_err(|e| e.to_string())?;
    if rpc.code == rpc::TOOL_ERROR {
        let tool = rpc.clone().into_tool_error("example");
        if tool.code == debugger_core::ErrorCode::Internal {
            return Err(format!(
                "{what}: tool error code not known to ErrorCode: {error}"
            ));
        }
        let back = serde_json::to_value(RpcError::from(tool)).map_err(|e| e.to_string())?;
        if &back != error {
            return Err(format!("{what}: via ToolError became {back}"));
        }
    }
    Ok(())
}

#[test]
fn every_example_round_trips_through_the_rust_types() {
    let codecs = codecs();
    let mut failures = Vec::new();
    let mut examples = 0;
    for (path, file) in message_files() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let method = file["method"].as_str().expect("method").to_string();
        assert_eq!(
            name,
            format!("{}.json", method.replace('/', ".")),
            "file name of {method}"
        );
        let Some((params_codec, result_codec)) = codecs.get(method.as_str()) else {
            failures.push(format!("{name}: no Rust wire type mapped for '{method}'"));
            continue;
        };
        let kind = file["kind"].as_str().expect("kind");
        assert_eq!(
            kind == "request",
            result_codec.is_some(),
            "{name}: kind {kind}"
        );
        for example in file["examples"].as_array().expect("examples") {
            examples += 1;
            let label = format!("{name} / {}", example["name"]);
            if let Some(notification) = example.get("notification") {
                assert_eq!(notification["jsonrpc"], "2.0", "{label}");
                assert_eq!(notification["method"], method.as_str(), "{label}");
                assert!(
                    notification.get("id").is_none(),
                    "{label}: notification with id"
                );
                if let Err(e) = check(&label, *params_codec, &notification["params"]) {
                    failures.push(e);
                }
                continue;
            }
            let request = &example["request"];
            let response = &example["response"];
            assert_eq!(request["jsonrpc"], "2.0", "{label}");
            assert_eq!(request["method"], method.as_str(), "{label}");
            assert!(request["id"].is_u64(), "{label}: ids are numbers");
            assert_eq!(response["id"], request["id"], "{label}: response id");
            if let Err(e) = check(
                &format!("{label} params"),
                *params_codec,
                &request["params"],
            ) {
                failures.push(e);
            }
            let outcome = match (response.get("result"), response.get("error")) {
                (Some(result), None) => check(
                    &format!("{label} result"),
                    result_codec.expect("request codec"),
                    result,
                ),
                (None, Some(error)) => check_error(&format!("{label} error"), error),
                _ => Err(format!(
                    "{label}: response needs exactly one of result/error"
                )),
            };
            if let Err(e) = outcome {
                failures.push(e);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(examples >= 34, "only {examples} examples found");
}

#[test]
fn spec_table_message_files_and_rust_agree() {
    let table = spec_table();
    let codecs = codecs();
    let files: BTreeMap<String, Value> = message_files()
        .into_iter()
        .map(|(_, json)| (json["method"].as_str().unwrap().to_string(), json))
        .collect();
    for (method, (direction, kind, timeout)) in &table {
        let file = files
            .get(method)
            .unwrap_or_else(|| panic!("no protocol/messages file for '{method}'"));
        assert_eq!(file["direction"], direction.as_str(), "{method}");
        assert_eq!(file["kind"], kind.as_str(), "{method}");
        assert!(
            codecs.contains_key(method.as_str()),
            "no Rust type for '{method}'"
        );
        let spec = wire::spec(method).unwrap_or_else(|| panic!("'{method}' not in wire::METHODS"));
        let rust_direction = match spec.direction {
            Direction::IdeToServer => "ide_to_server",
            Direction::ServerToIde => "server_to_ide",
        };
        let rust_kind = match spec.kind {
            Kind::Request => "request",
            Kind::Notification => "notification",
        };
        assert_eq!(rust_direction, direction, "{method} direction");
        assert_eq!(rust_kind, kind, "{method} kind");
        assert_eq!(
            spec.timeout,
            timeout.map(Duration::from_secs),
            "{method} timeout"
        );
    }
    for method in files.keys() {
        assert!(
            table.contains_key(method),
            "'{method}' has a file but no row in the table"
        );
    }
    for spec in wire::METHODS {
        assert!(
            table.contains_key(spec.name),
            "wire::METHODS has '{}' beyond the spec",
            spec.name
        );
    }
    for method in codecs.keys() {
        assert!(
            table.contains_key(*method),
            "codec for '{method}' beyond the spec"
        );
    }
}

#[test]
fn history_entries_of_the_examples_are_history_entries() {
    // history/list's entries and history/changed's entry are debugger_core's own type.
    let file = std::fs::read_to_string(protocol_dir().join("messages/history.list.json")).unwrap();
    let file: Value = serde_json::from_str(&file).unwrap();
    let entries = &file["examples"][0]["response"]["result"]["entries"];
    let decoded: Vec<HistoryEntry> = serde_json::from_value(entries.clone()).unwrap();
    assert_eq!(decoded[0].tool, "set_breakpoint");
}
