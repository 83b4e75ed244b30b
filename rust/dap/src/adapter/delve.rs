//! Delve (`go`, `dlv dap`, TCP only): Go. Builds the program itself, so it runs
//! in the program's directory (where `go.mod` is found); its evaluation never calls
//! a function unless the expression starts with `call`, which is refused without
//! consent. Under Delve 1.20 the program writes to Delve's own stdout and stderr
//! (forwarded as the program's output), and the exit status is told only as a
//! console line, once Delve is told to disconnect. Stops on panics. Its test
//! launches stop at the testing package's failure call.

use super::profile::{
    attach_target, attaching, crash_details, process_id, AdapterProfile, AdapterProgram,
    Evaluation, Exceptions, Frames, Guard, LaunchRequest, Returned, Transport,
};
use crate::launch_json::LaunchConfig;
use crate::test_runs::{FailureStop, TestSupport};
use debugger_core::model::LaunchMode;
use serde_json::{json, Value as Json};

pub const DELVE: AdapterProfile = AdapterProfile {
    name: "Delve",
    types: &["go"],
    label: "Go",
    adapter_id: "go",
    program: AdapterProgram::Executable {
        names: &["dlv"],
        args: &["dap", "--listen=127.0.0.1:0"],
        env: &[],
    },
    transport: Transport::TcpListen,
    install: "apt-get install delve golang-go (Debian), or go install github.com/go-delve/delve/cmd/dlv@latest",
    language: "go",
    check: delve_check,
    launch_arguments: delve_launch_arguments,
    evaluation: Evaluation {
        guard: Guard::RefusedPrefixes(&["call", "dlv"]),
        statements_context: "repl",
    },
    exceptions: Exceptions::Crashes(crash_details),
    frames: Frames {
        name: |name| name,
        class: None,
        parameter_names: None,
        hidden_variables: (&[], &[]),
        // Delve 1.20's DAP server lists no returned value.
        returned: Returned::Unknown,
    },
    not_installed: |_, _| None,
    console_chatter: &[
        ("Type 'dlv help'", ""),
        ("Detaching", ""),
        ("Process ", " has exited with status "),
    ],
    run_mode_configures: false,
    listings_fixed_at_stop: true,
    attach_connects: false,
    keep_warm: false,
    runs_in_program_dir: true,
    program_on_adapter_stdio: true,
    exit_status_after: Some("has exited with status "),
    tests: Some(TestSupport {
        runs_tests: |config| delve_mode(config) == "test",
        failure: FailureStop::FrameworkCall {
            function: "testing.(*common).Fail",
            framework: "testing.",
            test_name: "c.name",
            log: "string(c.output)",
        },
    }),
    no_watchpoints_because: "Delve's DAP server has no data breakpoints (dlv's `watch` is \
        a command-line feature); set a breakpoint with a condition where it is assigned instead",
};

fn delve_mode(config: &LaunchConfig) -> &str {
    config
        .extra
        .get("mode")
        .and_then(Json::as_str)
        .unwrap_or("debug")
}

fn delve_check(config: &LaunchConfig) -> Vec<String> {
    if attaching(config) {
        return attach_target(
            "\"processId\" (Delve attaches to a local process)",
            process_id(config, "processId").is_some(),
        );
    }
    let mut problems = Vec::new();
    if config.program.is_none() {
        problems.push(
            "it names no \"program\" (a package directory, a .go file, or a binary for mode exec)"
                .to_string(),
        );
    }
    match delve_mode(config) {
        "debug" | "test" | "exec" | "auto" => {}
        other => problems.push(format!(
            "mode \"{other}\" is not supported (debug, test, exec)"
        )),
    }
    problems
}

pub(super) fn delve_launch_arguments(request: &LaunchRequest<'_>) -> Json {
    let config = request.config;
    if attaching(config) {
        return json!({
            "name": config.name,
            "mode": "local",
            "processId": process_id(config, "processId"),
        });
    }
    let mut args = json!({
        "name": config.name,
        "mode": delve_mode(config),
        "program": config.program,
        "args": config.args,
        "cwd": config.cwd,
        "env": config.env,
        "stopOnEntry": config.stop_on_entry && request.mode == LaunchMode::Debug,
        "noDebug": request.mode == LaunchMode::Run,
    });
    if delve_mode(config) != "exec" {
        // The built binary goes to the temporary directory, not into the project.
        let output = std::env::temp_dir().join(format!(
            "jetbrains-debugger-{}-{}",
            std::process::id(),
            request.session_id
        ));
        args["output"] = json!(output);
    }
    for key in ["buildFlags", "showGlobalVariables", "substitutePath"] {
        if let Some(value) = config.extra.get(key) {
            args[key] = value.clone();
        }
    }
    args
}
