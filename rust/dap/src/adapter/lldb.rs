//! lldb-dap (`lldb-dap`; CodeLLDB's `lldb` for what maps): C, C++, Rust. Read
//! without `allow_side_effects` is lldb's variable path (the `hover` context:
//! `a.b`, `p->c`, `a[0]`, `*p`), which never runs code in the program; its `watch`
//! context compiles and runs anything, so it is used only with consent. Its
//! `repl` context runs lldb commands and is used for one only, `thread info`, which
//! reads what a step out returned. Stops on signals
//! (`SIGABRT`, `SIGSEGV`) as exceptions. Does not answer `loadedSources` (lldb-dap
//! 19 aborts on it): capabilities are checked before such requests. Rust frame
//! names lose their `::h<hash>` suffix.

use super::profile::{
    attach_target, attaching, crash_details, process_id, AdapterProfile, AdapterProgram,
    Evaluation, Exceptions, Frames, Guard, LaunchRequest, Returned, Transport,
};
use crate::launch_json::LaunchConfig;
use debugger_core::model::LaunchMode;
use serde_json::{json, Map, Value as Json};

pub const LLDB_DAP: AdapterProfile = AdapterProfile {
    name: "lldb-dap",
    types: &["lldb-dap", "lldb"],
    label: "LLDB",
    adapter_id: "lldb-dap",
    program: AdapterProgram::Executable {
        names: &[
            "lldb-dap",
            "lldb-dap-22",
            "lldb-dap-21",
            "lldb-dap-20",
            "lldb-dap-19",
            "lldb-dap-18",
        ],
        args: &[],
        // An lldb-dap that crashes symbolizes its stack through two files in the
        // temporary folder, left there when the session's end kills it meanwhile.
        env: &[("LLVM_DISABLE_SYMBOLIZATION", "1")],
    },
    transport: Transport::Stdio,
    install: "apt-get install lldb-19 (Debian; it ships lldb-dap-19)",
    language: "native",
    check: lldb_check,
    launch_arguments: lldb_launch_arguments,
    evaluation: Evaluation {
        guard: Guard::VariablePaths,
        statements_context: "watch",
    },
    exceptions: Exceptions::Crashes(crash_details),
    frames: Frames {
        name: without_rust_hash,
        class: None,
        parameter_names: None,
        hidden_variables: (&[], &[]),
        // lldb-dap 19 lists no returned value; its thread status has it after a step out.
        returned: Returned::Command {
            expression: "`thread info",
            marker: "Return value: ",
        },
    },
    not_installed: |_, _| None,
    console_chatter: &[
        ("Process ", " exited with status = "),
        ("Process ", " launched: "),
    ],
    run_mode_configures: true,
    listings_fixed_at_stop: false,
    attach_connects: false,
    keep_warm: true,
    runs_in_program_dir: false,
    program_on_adapter_stdio: false,
    exit_status_after: None,
    tests: None,
    no_watchpoints_because: "this lldb-dap announces no data breakpoints",
};

/// lldb-dap launch fields passed through from an `lldb-dap` entry as written.
const LLDB_PASSED_THROUGH: &[&str] = &[
    "initCommands",
    "preRunCommands",
    "postRunCommands",
    "stopCommands",
    "exitCommands",
    "terminateCommands",
    "sourceMap",
    "sourcePath",
    "debuggerRoot",
    "shellExpandArguments",
    "disableASLR",
    "disableSTDIO",
];

fn lldb_check(config: &LaunchConfig) -> Vec<String> {
    if attaching(config) {
        return attach_target("\"pid\"", process_id(config, "pid").is_some());
    }
    let mut problems = Vec::new();
    if config.program.is_none() {
        problems.push("it names no \"program\" (the built binary)".to_string());
    }
    if config.type_name == "lldb" && config.extra.contains_key("cargo") {
        problems.push(
            "CodeLLDB's \"cargo\" build is not run here: build first and name the binary in \"program\""
                .to_string(),
        );
    }
    problems
}

pub(super) fn lldb_launch_arguments(request: &LaunchRequest<'_>) -> Json {
    let config = request.config;
    if attaching(config) {
        return json!({ "name": config.name, "pid": process_id(config, "pid") });
    }
    let mut args = Map::new();
    if config.type_name == "lldb-dap" {
        for key in LLDB_PASSED_THROUGH {
            if let Some(value) = config.extra.get(*key) {
                args.insert(key.to_string(), value.clone());
            }
        }
    }
    let env: Vec<String> = config.env.iter().map(|(k, v)| format!("{k}={v}")).collect();
    args.extend(
        json!({
            "name": config.name,
            "program": config.program,
            "args": config.args,
            "cwd": config.cwd,
            "env": env,
            "stopOnEntry": config.stop_on_entry && request.mode == LaunchMode::Debug,
            "noDebug": request.mode == LaunchMode::Run,
        })
        .as_object()
        .cloned()
        .unwrap_or_default(),
    );
    Json::Object(args)
}

/// A Rust symbol without its legacy mangling hash (`main::f::h0123456789abcdef`).
fn without_rust_hash(name: &str) -> &str {
    match name.rsplit_once("::h") {
        Some((path, hash)) if hash.len() == 16 && hash.chars().all(|c| c.is_ascii_hexdigit()) => {
            path
        }
        _ => name,
    }
}
