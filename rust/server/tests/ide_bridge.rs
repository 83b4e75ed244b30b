//! The binary with the IDE backend, end to end: `serve --ide-managed` started the
//! way the plugin starts it, a fake IDE on the bridge (WebSocket), and MCP calls
//! over raw HTTP. Checks the ready line, tool calls reaching the IDE, `ui/confirm`,
//! `frame/select`, history pushes and requests, the exit on stdin EOF, and the
//! side-effect guard of a Java session (reads reach `frame/evaluate`, calls do not).

use debugger_ide::fake_ide::{intellij, FakeIde};
use serde_json::{json, Value};
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::process::{Child, Command};

const BINARY: &str = env!("CARGO_BIN_EXE_jetbrains-debugger-mcp");
const TOKEN: &str = "bridge-token-of-the-test";
const WAIT: Duration = Duration::from_secs(10);

/// The binary with `args`, its state (discovery files, history) in `state`.
fn command(args: &[&str], token: Option<&str>, state: &std::path::Path) -> Command {
    let mut command = Command::new(BINARY);
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env_remove("JETBRAINS_DEBUGGER_BRIDGE_TOKEN")
        .env("JETBRAINS_DEBUGGER_STATE_DIR", state)
        .kill_on_drop(true);
    if let Some(token) = token {
        command.env("JETBRAINS_DEBUGGER_BRIDGE_TOKEN", token);
    }
    command
}

/// `serve` as the plugin starts it, with the token, on free ports.
fn ide_managed(state: &std::path::Path) -> Command {
    command(
        &[
            "serve",
            "--ide-managed",
            "--bridge-port",
            "0",
            "--port",
            "0",
        ],
        Some(TOKEN),
        state,
    )
}

/// A fresh project directory for one test: its canonical path, and that as a string.
fn scratch_project(tag: &str) -> (std::path::PathBuf, String) {
    let project = std::env::temp_dir().join(format!("jbd-ide-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&project).unwrap();
    let project = project.canonicalize().unwrap();
    let path = project.to_str().unwrap().to_string();
    (project, path)
}

/// Ports from the ready line, which must be exactly the spec's.
async fn ready(child: &mut Child) -> (u16, u16, BufReader<tokio::process::ChildStdout>) {
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    tokio::time::timeout(WAIT, stdout.read_line(&mut line))
        .await
        .expect("the ready line within 10 s")
        .unwrap();
    let ready: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line:?}"));
    let bridge = ready["ready"]["bridge_port"].as_u64().unwrap() as u16;
    let mcp = ready["ready"]["mcp_port"].as_u64().unwrap() as u16;
    assert_ne!(bridge, 0);
    assert_ne!(mcp, 0);
    assert_eq!(
        line,
        format!(
            "{{\"ready\":{{\"protocol_version\":1,\"bridge_port\":{bridge},\"mcp_port\":{mcp},\"mcp_url\":\"http://127.0.0.1:{mcp}/mcp\"}}}}\n"
        )
    );
    (bridge, mcp, stdout)
}

/// A minimal MCP client: one HTTP/1.0 POST per message, SSE or JSON answers, with the
/// server's access token.
struct Mcp {
    port: u16,
    session: Option<String>,
    token: Option<String>,
}

/// The access token the server made in its state directory.
fn access_token(state: &std::path::Path) -> String {
    let token = std::fs::read_to_string(state.join("mcp-token")).expect("the token file");
    token.trim().to_string()
}

impl Mcp {
    async fn post(&self, body: &Value) -> (String, Vec<Value>) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).await.unwrap();
        let body = body.to_string();
        let session = self
            .session
            .as_ref()
            .map(|s| format!("Mcp-Session-Id: {s}\r\n"))
            .unwrap_or_default();
        let token = self
            .token
            .as_ref()
            .map(|t| format!("Authorization: Bearer {t}\r\n"))
            .unwrap_or_default();
        let request = format!(
            "POST /mcp HTTP/1.0\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\n\
             Accept: application/json, text/event-stream\r\n{session}{token}Content-Length: {}\r\n\r\n{body}",
            self.port,
            body.len()
        );
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut response = Vec::new();
        tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut response))
            .await
            .expect("an MCP answer within 30 s")
            .unwrap();
        let response = String::from_utf8(response).unwrap();
        let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
        let messages = body
            .lines()
            .filter_map(|l| l.strip_prefix("data:"))
            .map(str::trim)
            .filter(|d| d.starts_with('{'))
            .map(|d| serde_json::from_str(d).unwrap())
            .chain(
                serde_json::from_str::<Value>(body.trim())
                    .ok()
                    .filter(Value::is_object),
            )
            .collect();
        (head.to_string(), messages)
    }

    async fn connect(port: u16, state: &std::path::Path) -> Self {
        let mut mcp = Self {
            port,
            session: None,
            token: Some(access_token(state)),
        };
        let (head, messages) = mcp
            .post(
                &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                "protocolVersion": "2025-06-18", "capabilities": {},
                "clientInfo": {"name": "ide-bridge-test", "version": "0"}}}),
            )
            .await;
        assert!(
            head.starts_with("HTTP/1.") && head.contains(" 200 "),
            "{head}"
        );
        assert_eq!(messages[0]["id"], 1, "{messages:?}");
        mcp.session = head.lines().find_map(|l| {
            let (name, value) = l.split_once(':')?;
            name.eq_ignore_ascii_case("mcp-session-id")
                .then(|| value.trim().to_string())
        });
        mcp.post(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
            .await;
        mcp
    }

    /// Call a tool; the structured result, or the error body when `isError`.
    async fn call(&self, id: u64, tool: &str, arguments: Value) -> (bool, Value) {
        let (head, messages) = self
            .post(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                          "params": {"name": tool, "arguments": arguments}}))
            .await;
        let answer = messages
            .into_iter()
            .find(|m| m["id"] == id)
            .unwrap_or_else(|| panic!("no answer to {tool}: {head}"));
        let result = &answer["result"];
        let is_error = result["isError"].as_bool().unwrap_or(false);
        if is_error {
            let text = result["content"][0]["text"].as_str().unwrap();
            (true, serde_json::from_str(text).unwrap())
        } else {
            (false, result["structuredContent"].clone())
        }
    }
}

#[tokio::test]
async fn serve_ide_managed_end_to_end() {
    let (project, project_path) = scratch_project("project");

    let state = tempfile::tempdir().unwrap();
    let mut child = ide_managed(state.path()).spawn().unwrap();
    let (bridge, mcp_port, mut stdout) = ready(&mut child).await;

    let mut ide = FakeIde::connect(bridge, TOKEN).await;
    let hello = ide
        .hello(
            intellij(),
            json!([{"name": "shop", "path": project_path}]),
            json!([{"id": "s17", "name": "App", "run_configuration": "App", "mode": "debug",
                    "project": project_path, "process_id": 4242, "language": "python"}]),
        )
        .await;
    assert_eq!(
        hello["result"]["mcp_url"],
        format!("http://127.0.0.1:{mcp_port}/mcp")
    );

    let mcp = std::sync::Arc::new(Mcp::connect(mcp_port, state.path()).await);

    // A tool call becomes a bridge request; the session the user started is known.
    let client = mcp.clone();
    let call =
        tokio::spawn(async move { client.call(2, "list_run_configurations", json!({})).await });
    let (id, params) = ide.expect_request("run_configurations/list").await;
    assert_eq!(params, json!({"project": project_path}));
    ide.reply(
        id,
        json!({"configurations": [{"name": "App", "type": "Python", "type_id": "PythonConfigurationType",
               "is_temporary": false, "can_run": true, "can_debug": true, "folder": null, "description": null}]}),
    )
    .await;
    let (is_error, result) = call.await.unwrap();
    assert!(!is_error, "{result}");
    assert_eq!(result["run_configurations"][0]["name"], "App");

    let (is_error, sessions) = mcp.call(3, "list_debug_sessions", json!({})).await;
    assert!(!is_error, "{sessions}");
    assert_eq!(sessions["sessions"][0]["id"], "s17");
    assert_eq!(sessions["sessions"][0]["process_id"], 4242);

    // Consent comes from the IDE's dialog.
    let client = mcp.clone();
    let call = tokio::spawn(async move {
        client
            .call(
                4,
                "start_debug_session",
                json!({"configuration_name": "App"}),
            )
            .await
    });
    // Checked (can it debug?), then read for the question: its type and main target.
    for _ in 0..2 {
        let (id, _) = ide.expect_request("run_configurations/list").await;
        ide.reply(
            id,
            json!({"configurations": [{"name": "App", "type": "Python", "type_id": "PythonConfigurationType",
                   "is_temporary": false, "can_run": true, "can_debug": true, "folder": null,
                   "description": "app.py"}]}),
        )
        .await;
    }
    let (id, params) = ide.expect_request("ui/confirm").await;
    assert_eq!(params["tool"], "start_debug_session");
    let message = params["message"].as_str().unwrap();
    assert!(
        message.contains("configuration \"App\" (Python): program \"app.py\""),
        "{params}"
    );
    assert_eq!(
        (&params["project"], &params["subject"]),
        (&json!("shop"), &json!("App"))
    );
    assert!(
        params.get("session_id").is_none(),
        "a launch concerns no session yet"
    );
    ide.reply(id, json!({"approved": false})).await;
    let (is_error, body) = call.await.unwrap();
    assert!(is_error);
    assert_eq!(body["error"], "confirmation_denied", "{body}");

    // A pause in the IDE, then select_stack_frame reaches frame/select.
    ide.send(
        json!({"jsonrpc": "2.0", "method": "session/paused", "params": {
        "session": "s17", "thread_id": "t1", "reason": "breakpoint", "hit_breakpoints": [],
        "exception": null, "description": null}}),
    )
    .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let client = mcp.clone();
    let call = tokio::spawn(async move {
        client
            .call(5, "select_stack_frame", json!({"frame_index": 1}))
            .await
    });
    let mut selected = None;
    while selected.is_none() {
        let message = ide.recv_answerable().await;
        let id = message["id"].as_u64().unwrap();
        match message["method"].as_str().unwrap() {
            "session/threads" => {
                ide.reply(id, json!({"threads": [{"id": "t1", "name": "MainThread"}]}))
                    .await
            }
            "session/stack" => {
                ide.reply(
                    id,
                    json!({"frames": [
                        {"frame_ref": "f1.0", "file": format!("{project_path}/a.py"), "line": 3,
                         "class": "a", "method": "inner", "is_library": false},
                        {"frame_ref": "f1.1", "file": format!("{project_path}/a.py"), "line": 9,
                         "class": "a", "method": "outer", "is_library": false}], "total": 2}),
                )
                .await
            }
            "frame/select" => {
                selected = Some(message["params"].clone());
                ide.reply(id, json!({})).await;
            }
            other => panic!("unexpected {other}"),
        }
    }
    assert_eq!(
        selected.unwrap(),
        json!({"session": "s17", "thread_id": "t1", "frame_ref": "f1.1"})
    );
    let (is_error, body) = call.await.unwrap();
    assert!(!is_error, "{body}");
    assert_eq!(body["frame_index"], 1);

    // The history reached the tool window, and the IDE can read and resize it.
    let listed = ide.request("history/list", json!({})).await;
    let entries = listed["result"]["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 4, "{listed}");
    assert_eq!(entries[0]["tool"], "select_stack_frame");
    assert_eq!(listed["result"]["capacity"], 100);
    assert!(ide
        .notifications
        .iter()
        .any(|n| n["method"] == "history/changed" && n["params"]["kind"] == "added"));
    let resized = ide
        .request("settings/update", json!({"max_history_size": 2}))
        .await;
    assert_eq!(resized["result"], json!({}));
    let listed = ide.request("history/list", json!({})).await;
    assert_eq!(listed["result"]["capacity"], 2);
    assert_eq!(listed["result"]["entries"].as_array().unwrap().len(), 2);
    let refused = ide
        .request("settings/update", json!({"max_history_size": 10001}))
        .await;
    assert_eq!(refused["error"]["code"], -32602);
    let exported = ide
        .request("history/export", json!({"format": "csv"}))
        .await;
    let csv = exported["result"]["content"].as_str().unwrap();
    assert!(csv.starts_with("timestamp,tool,status"), "{csv}");
    let cleared = ide.request("history/clear", json!({})).await;
    assert_eq!(cleared["result"], json!({}));

    // The coding clients, for the port this server bound.
    let url = format!("http://127.0.0.1:{mcp_port}/mcp");
    let clients = ide.request("clients/list", json!({})).await;
    let clients = clients["result"]["clients"].as_array().unwrap().clone();
    let ids: Vec<&str> = clients.iter().map(|c| c["id"].as_str().unwrap()).collect();
    assert_eq!(
        ids,
        [
            "claude-code",
            "claude-desktop",
            "cursor",
            "vscode",
            "windsurf",
            "codex",
            "gemini"
        ]
    );
    let cursor: Value =
        serde_json::from_str(clients[2]["config"]["text"].as_str().unwrap()).unwrap();
    assert_eq!(
        cursor["mcpServers"]["jetbrains-debugger"]["url"],
        url.as_str()
    );
    // Install on Coding Agents configures clients with the server's access token; a
    // command only shown to the user does not show it.
    let token = access_token(state.path());
    assert_eq!(
        cursor["mcpServers"]["jetbrains-debugger"]["headers"]["Authorization"],
        format!("Bearer {token}")
    );
    assert_eq!(
        clients[0]["install_command"],
        format!(
            "claude mcp add --transport http --scope user jetbrains-debugger {url} \
             --header 'Authorization: Bearer <token>'"
        )
    );
    let anonymous = Mcp {
        port: mcp_port,
        session: None,
        token: None,
    };
    let (head, _) = anonymous
        .post(&json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}))
        .await;
    assert!(head.starts_with("HTTP/1.0 401"), "{head}");
    let refused = ide
        .request("clients/install", json!({"client": "cursor"}))
        .await;
    assert_eq!(refused["error"]["code"], -32000, "{refused}");
    assert_eq!(refused["error"]["data"]["error"], "not_supported");
    let unknown = ide
        .request("clients/install", json!({"client": "emacs"}))
        .await;
    assert_eq!(unknown["error"]["code"], -32602, "{unknown}");

    // The IDE goes away: stdin closes, the binary exits cleanly, stdout stayed clean.
    drop(child.stdin.take());
    let status = tokio::time::timeout(WAIT, child.wait())
        .await
        .expect("exit within 10 s of stdin EOF")
        .unwrap();
    assert!(status.success(), "{status}");
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).await.unwrap();
    assert_eq!(rest, "", "nothing but the ready line on stdout");
    let _ = std::fs::remove_dir_all(&project);
}

/// Plays the IDE while `call` runs: one thread and one frame for `session/threads`
/// and `session/stack`, `evaluated` for `frame/evaluate`, approval for `ui/confirm`
/// when `approve`; any other request fails the test. Returns the call's answer and
/// the requests the server made, in order.
async fn serve_frame(
    ide: &mut FakeIde,
    mut call: tokio::task::JoinHandle<(bool, Value)>,
    file: &str,
    evaluated: &Value,
    approve: bool,
) -> ((bool, Value), Vec<(String, Value)>) {
    let mut asked = Vec::new();
    loop {
        tokio::select! {
            answer = &mut call => return (answer.unwrap(), asked),
            message = ide.recv_answerable() => {
                let id = message["id"].as_u64().unwrap();
                let method = message["method"].as_str().unwrap().to_string();
                let result = match method.as_str() {
                    "session/threads" => json!({"threads": [{"id": "t1", "name": "main"}]}),
                    "session/stack" => json!({"frames": [
                        {"frame_ref": "f1.0", "file": file, "line": 7, "class": "shop.Cart",
                         "method": "checkout", "is_library": false}], "total": 1}),
                    "frame/evaluate" => evaluated.clone(),
                    "ui/confirm" if approve => json!({"approved": true}),
                    other => panic!("unexpected request {other}: {message}"),
                };
                asked.push((method, message["params"].clone()));
                ide.reply(id, result).await;
            }
        }
    }
}

/// An IDE-managed server (no --brave) whose fake IDE reported one debug session of
/// `language`, paused on thread `t1`, plus an MCP client; `finish` cleans up.
struct PausedIdeSession {
    child: Child,
    ide: FakeIde,
    mcp: std::sync::Arc<Mcp>,
    project: std::path::PathBuf,
    project_path: String,
    /// Removed when the session is dropped, test failed or not.
    _state: tempfile::TempDir,
}

async fn paused_ide_session(
    tag: &str,
    ide_info: Value,
    session: &str,
    language: &str,
) -> PausedIdeSession {
    let (project, project_path) = scratch_project(tag);
    let state = tempfile::tempdir().unwrap();
    let mut child = ide_managed(state.path()).spawn().unwrap();
    let (bridge, mcp_port, _stdout) = ready(&mut child).await;
    let mut ide = FakeIde::connect(bridge, TOKEN).await;
    let hello = ide
        .hello(
            ide_info,
            json!([{"name": "shop", "path": project_path}]),
            json!([{"id": session, "name": "Cart", "run_configuration": "Cart", "mode": "debug",
                    "project": project_path, "process_id": 4343, "language": language}]),
        )
        .await;
    assert!(hello.get("result").is_some(), "{hello}");
    let mcp = std::sync::Arc::new(Mcp::connect(mcp_port, state.path()).await);
    ide.send(
        json!({"jsonrpc": "2.0", "method": "session/paused", "params": {
        "session": session, "thread_id": "t1", "reason": "breakpoint", "hit_breakpoints": [],
        "exception": null, "description": null}}),
    )
    .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    PausedIdeSession {
        child,
        ide,
        mcp,
        project,
        project_path,
        _state: state,
    }
}

impl PausedIdeSession {
    async fn finish(mut self) {
        self.child.kill().await.unwrap();
        let _ = std::fs::remove_dir_all(&self.project);
    }
}

#[tokio::test]
async fn java_reads_evaluate_without_consent_and_calls_are_refused_before_the_ide() {
    // No --brave: a call that needed consent would ask the IDE (`ui/confirm`).
    let mut session = paused_ide_session(
        "java",
        json!({"product": "IntelliJ IDEA", "product_code": "IC", "build": "IC-252.1"}),
        "s21",
        "java",
    )
    .await;
    let (mcp, ide) = (session.mcp.clone(), &mut session.ide);
    let file = format!("{}/src/shop/Cart.java", session.project_path);
    let evaluated = json!({"name": "total + 1", "value": "43", "type_name": "int",
                           "children_ref": null, "target": null, "evaluate_name": "total + 1"});

    // A plain read reaches frame/evaluate as an expression, with no confirmation.
    let client = mcp.clone();
    let call = tokio::spawn(async move {
        client
            .call(2, "evaluate", json!({"expression": "total + 1"}))
            .await
    });
    let ((is_error, result), asked) = serve_frame(ide, call, &file, &evaluated, false).await;
    assert!(!is_error, "{result}");
    assert_eq!(result["expression"], "total + 1");
    assert_eq!(result["result"]["value"], "43", "{result}");
    let evaluations: Vec<_> = asked
        .iter()
        .filter(|(m, _)| m == "frame/evaluate")
        .collect();
    assert_eq!(evaluations.len(), 1, "{asked:?}");
    assert_eq!(
        evaluations[0].1,
        json!({"session": "s21", "frame_ref": "f1.0", "expression": "total + 1",
               "kind": "expression"})
    );

    // A Java watch evaluates too.
    let client = mcp.clone();
    let call = tokio::spawn(async move {
        client
            .call(3, "add_watch", json!({"expression": "total + 1"}))
            .await
    });
    let ((is_error, result), asked) = serve_frame(ide, call, &file, &evaluated, false).await;
    assert!(!is_error, "{result}");
    assert_eq!(result["value"], "43", "{result}");
    assert!(
        asked.iter().any(|(m, _)| m == "frame/evaluate"),
        "{asked:?}"
    );

    // A method call is refused by the server: nothing reaches frame/evaluate.
    let client = mcp.clone();
    let call = tokio::spawn(async move {
        client
            .call(4, "evaluate", json!({"expression": "list.clear()"}))
            .await
    });
    let ((is_error, body), asked) = serve_frame(ide, call, &file, &evaluated, false).await;
    assert!(is_error, "{body}");
    assert_eq!(body["error"], "side_effects_not_allowed", "{body}");
    let message = body["message"].as_str().unwrap();
    assert!(message.contains("calls the method `.clear()`"), "{message}");
    assert!(message.contains("Nothing was run"), "{message}");
    assert!(
        asked.iter().all(|(m, _)| m != "frame/evaluate"),
        "{asked:?}"
    );
    // Nor later: the next message the IDE gets is the answer to its own request.
    let listed = ide.request("history/list", json!({})).await;
    assert!(listed.get("method").is_none(), "{listed}");
    assert_eq!(
        listed["result"]["entries"][0]["tool"], "evaluate",
        "{listed}"
    );

    // With allow_side_effects and the user's consent, Java statements run as a code
    // fragment.
    let client = mcp.clone();
    let call = tokio::spawn(async move {
        client
            .call(
                5,
                "evaluate",
                json!({"expression": "int x = total; x + 1", "allow_side_effects": true}),
            )
            .await
    });
    let ((is_error, result), asked) = serve_frame(ide, call, &file, &evaluated, true).await;
    assert!(!is_error, "{result}");
    let methods: Vec<_> = asked.iter().map(|(m, _)| m.as_str()).collect();
    assert!(methods.contains(&"ui/confirm"), "{methods:?}");
    let (_, params) = asked.iter().find(|(m, _)| m == "frame/evaluate").unwrap();
    assert_eq!(params["kind"], "code_fragment", "{params}");

    session.finish().await;
}

#[tokio::test]
async fn the_ide_backend_needs_the_token() {
    let state = tempfile::tempdir().unwrap();
    for args in [
        &["serve", "--ide-managed", "--port", "0"][..],
        &["serve", "--backend", "ide", "--port", "0"][..],
    ] {
        let output = command(args, None, state.path()).output().await.unwrap();
        assert!(!output.status.success(), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("JETBRAINS_DEBUGGER_BRIDGE_TOKEN"),
            "{args:?}: {stderr}"
        );
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

#[tokio::test]
async fn stdio_with_the_ide_backend_needs_a_running_ide() {
    // Without the token, `stdio --backend ide` attaches to a running IDE's server
    // through the discovery files; with none, it says so and exits.
    // An empty state directory: no discovery file, so no IDE to attach to.
    let state = tempfile::tempdir().unwrap();
    let output = command(&["stdio", "--backend", "ide"], None, state.path())
        .output()
        .await
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("no running IDE found"), "{stderr}");
    assert!(output.stdout.is_empty());
}

#[tokio::test]
async fn without_an_ide_calls_say_the_plugin_is_not_connected() {
    let state = tempfile::tempdir().unwrap();
    let mut child = command(&["serve", "--port", "0"], Some(TOKEN), state.path())
        .spawn()
        .unwrap();
    let (_bridge, mcp_port, _stdout) = ready(&mut child).await;
    let mcp = Mcp::connect(mcp_port, state.path()).await;
    let (is_error, body) = mcp.call(2, "list_run_configurations", json!({})).await;
    assert!(is_error);
    assert_eq!(body["error"], "ide_not_connected", "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("not connected"),
        "{body}"
    );
    child.kill().await.unwrap();
}

/// Plays a paused Python session's IDE for set_variable: `total` is 42, `value/set`
/// answers the value the IDE re-read (`after_set`), `frame/evaluate` answers
/// `evaluated` (a value or an error body). Returns the call's answer and the methods.
async fn serve_set(
    ide: &mut FakeIde,
    mut call: tokio::task::JoinHandle<(bool, Value)>,
    after_set: &str,
    evaluated: Result<&str, &str>,
) -> ((bool, Value), Vec<String>) {
    let total = |value: &str| {
        json!({"name": "total", "value": value, "type_name": "int", "children_ref": null,
               "target": {"slot": {"container": "c1", "name": "total"}}, "evaluate_name": "total"})
    };
    let mut asked = Vec::new();
    loop {
        tokio::select! {
            answer = &mut call => return (answer.unwrap(), asked),
            message = ide.recv_answerable() => {
                let id = message["id"].as_u64().unwrap();
                let method = message["method"].as_str().unwrap().to_string();
                asked.push(method.clone());
                let result = match method.as_str() {
                    "session/threads" => json!({"threads": [{"id": "t1", "name": "main"}]}),
                    "session/stack" => json!({"frames": [
                        {"frame_ref": "f1.0", "file": "/x/cart.py", "line": 7, "class": null,
                         "method": "checkout", "is_library": false}], "total": 1}),
                    "frame/variables" => json!({"variables": [total("42")]}),
                    "value/set" => total(after_set),
                    "ui/confirm" => json!({"approved": true}),
                    "frame/evaluate" => match evaluated {
                        Ok(value) => json!({"name": "", "value": value, "type_name": "int",
                                            "children_ref": null, "target": null, "evaluate_name": null}),
                        Err(message) => {
                            ide.send(json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32000,
                                "message": message,
                                "data": {"error": "evaluation_failed", "message": message}}}))
                                .await;
                            continue;
                        }
                    },
                    other => panic!("unexpected request {other}: {message}"),
                };
                ide.reply(id, result).await;
            }
        }
    }
}

#[tokio::test]
async fn set_variable_through_the_ide_never_reports_a_value_that_did_not_apply() {
    let mut session = paused_ide_session(
        "set",
        json!({"product": "PyCharm", "product_code": "PC", "build": "PC-252.1"}),
        "s5",
        "python",
    )
    .await;
    let (mcp, ide) = (session.mcp.clone(), &mut session.ide);

    let set = |id: u64, new_value: &'static str| {
        let client = mcp.clone();
        tokio::spawn(async move {
            client
                .call(
                    id,
                    "set_variable",
                    json!({"name": "total", "new_value": new_value}),
                )
                .await
        })
    };
    // The IDE re-read the old value, and the new one does not evaluate: set_failed
    // with the IDE's words.
    let ((is_error, body), asked) = serve_set(
        ide,
        set(2, "missing_name"),
        "42",
        Err("NameError: name 'missing_name' is not defined"),
    )
    .await;
    assert!(is_error, "{body}");
    assert_eq!(body["error"], "set_failed", "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("NameError"),
        "{body}"
    );
    // Not even an expression: set_failed, without asking the IDE to evaluate it.
    let ((is_error, body), asked_too) = serve_set(ide, set(6, "1 +"), "42", Ok("0")).await;
    assert!(is_error && body["error"] == "set_failed", "{body}");
    assert!(
        !asked_too.contains(&"frame/evaluate".to_string()),
        "{asked_too:?}"
    );
    assert!(asked.contains(&"value/set".to_string()), "{asked:?}");
    // Unchanged although the new value reads differently: set_failed.
    let ((is_error, body), _) = serve_set(ide, set(3, "7 * 6 + 1"), "42", Ok("43")).await;
    assert!(is_error && body["error"] == "set_failed", "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("still reads 42"),
        "{body}"
    );
    // Unchanged because it already was that value: success.
    let ((is_error, body), _) = serve_set(ide, set(4, "6 * 7"), "42", Ok("42")).await;
    assert!(!is_error, "{body}");
    // Changed: success, with the re-read value.
    let ((is_error, body), _) = serve_set(ide, set(5, "50"), "50", Ok("50")).await;
    assert!(!is_error, "{body}");
    assert_eq!(body["variable"]["value"], "50");

    session.finish().await;
}

#[tokio::test]
async fn values_shown_through_the_ide_say_its_renderers_may_run_program_code() {
    let mut session = paused_ide_session(
        "values",
        json!({"product": "PyCharm", "product_code": "PC", "build": "PC-252.1"}),
        "s6",
        "python",
    )
    .await;
    let (mcp, ide) = (session.mcp.clone(), &mut session.ide);
    let listing = tokio::spawn(async move { mcp.call(2, "get_variables", json!({})).await });
    let ((is_error, body), _) = serve_set(ide, listing, "42", Ok("42")).await;
    assert!(!is_error, "{body}");
    assert_eq!(body["variables"][0]["name"], "total", "{body}");
    assert!(
        body["values_note"]
            .as_str()
            .is_some_and(|note| note.contains("renderers") && note.contains("program's code")),
        "{body}"
    );
    session.finish().await;
}
