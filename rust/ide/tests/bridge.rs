//! The bridge end to end over a real WebSocket: a fake IDE (tokio-tungstenite
//! client) against `IdeBackend`.

use debugger_core::history::{HistoryChange, HistoryEntry, Status};
use debugger_core::model::{
    BreakpointKind, BreakpointSpec, FailedTest, LaunchMode, LaunchOptions, LaunchOverrides,
    Project, StopDetail, StopReason, SuspendPolicy, ValueTarget,
};
use debugger_core::{Backend, BackendEvent, ErrorCode, ToolResult};
use debugger_ide::fake_ide::{connect_raw, intellij, FakeIde, Ws, WAIT};
use debugger_ide::rpc::RpcError;
use debugger_ide::wire::{
    ClientConfig, ClientInfo, ClientInstallResult, ClientsListResult, ConfigFormat, ConfirmParams,
    ConfirmScope, HistoryFormat, HistoryListResult, SettingsUpdateParams,
};
use debugger_ide::{BridgeConfig, IdeBackend, IdeRequests, SESSION_LOST};
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::broadcast;
use tokio_tungstenite::tungstenite::http::{header, StatusCode};
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

const TOKEN: &str = "s3cret-token-for-tests";

#[derive(Default)]
struct Requests {
    cleared: Mutex<u32>,
    max_history_size: Mutex<Option<u64>>,
    brave_mode: Mutex<Option<bool>>,
}

#[async_trait::async_trait]
impl IdeRequests for Requests {
    fn history_list(&self) -> HistoryListResult {
        HistoryListResult {
            entries: vec![HistoryEntry {
                id: 7,
                timestamp: "2026-11-22T10:15:02.113Z".into(),
                tool: "set_breakpoint".into(),
                parameters: json!({"line": 12}),
                status: Status::Success,
                duration_ms: 4,
                result: Some(json!({"breakpoint_id": "b3"})),
                error: None,
                affected_files: vec![],
                truncated: false,
            }],
            capacity: 100,
        }
    }
    fn history_clear(&self) {
        *self.cleared.lock().unwrap() += 1;
    }
    fn history_export(&self, format: HistoryFormat) -> String {
        format!("{format:?} export")
    }
    fn update_settings(&self, settings: &SettingsUpdateParams) -> ToolResult<()> {
        *self.max_history_size.lock().unwrap() = settings.max_history_size;
        *self.brave_mode.lock().unwrap() = settings.brave_mode;
        Ok(())
    }
    fn clients_list(&self, mcp_url: &str) -> ClientsListResult {
        ClientsListResult {
            clients: vec![ClientInfo {
                id: "cursor".into(),
                name: "Cursor".into(),
                install_command: None,
                config: ClientConfig {
                    format: ConfigFormat::Json,
                    text: format!("{{\"url\":\"{mcp_url}\"}}"),
                    location: "~/.cursor/mcp.json".into(),
                    hint: None,
                },
                skill_location: None,
            }],
        }
    }
    /// Slow on purpose: the connection must go on serving other messages meanwhile.
    async fn install_client(
        &self,
        client: &str,
        mcp_url: &str,
        skill: bool,
    ) -> Result<ClientInstallResult, RpcError> {
        if client != "claude-code" {
            return Err(RpcError::invalid_params(format!(
                "unknown client '{client}'"
            )));
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        Ok(ClientInstallResult {
            client: client.into(),
            ok: true,
            command: format!("claude mcp add {mcp_url}"),
            message: format!("configured (skill: {skill})"),
            output: String::new(),
        })
    }
}

async fn start_with(config: BridgeConfig) -> (Arc<IdeBackend>, Arc<Requests>) {
    let requests = Arc::new(Requests::default());
    let backend = IdeBackend::start(config, requests.clone()).await.unwrap();
    (backend, requests)
}

async fn start() -> (Arc<IdeBackend>, Arc<Requests>) {
    start_with(BridgeConfig::new(0, TOKEN)).await
}

fn status_of(result: Result<Ws, WsError>) -> StatusCode {
    match result {
        Err(WsError::Http(response)) => response.status(),
        Err(other) => panic!("expected an HTTP refusal, got {other}"),
        Ok(_) => panic!("expected an HTTP refusal, got a connection"),
    }
}

/// What every test's IDE says first: it has the project `shop` open.
async fn hello(ide: &mut FakeIde, sessions: Value) -> Value {
    let projects = json!([{"name": "shop", "path": "/home/ada/shop"}]);
    let response = ide.hello(intellij(), projects, sessions).await;
    assert!(response.get("result").is_some(), "{response}");
    response
}

fn session(id: &str, language: &str) -> Value {
    json!({
        "id": id, "name": "Calculator App", "run_configuration": "Calculator App", "mode": "debug",
        "project": "/home/ada/shop", "process_id": null, "language": language
    })
}

fn shop() -> Project {
    Project {
        name: "shop".into(),
        path: PathBuf::from("/home/ada/shop"),
    }
}

async fn next_event(events: &mut broadcast::Receiver<BackendEvent>) -> BackendEvent {
    tokio::time::timeout(WAIT, events.recv())
        .await
        .expect("an event within 5 s")
        .expect("event channel open")
}

/// A fake IDE connected to `backend`, with no projects open.
async fn connected_ide(backend: &IdeBackend) -> FakeIde {
    let mut ide = FakeIde::connect(backend.bridge_port(), TOKEN).await;
    hello(&mut ide, json!([])).await;
    wait_connected(backend, true).await;
    ide
}

async fn wait_connected(backend: &IdeBackend, connected: bool) {
    let mut state = backend.connection();
    tokio::time::timeout(WAIT, state.wait_for(|s| s.is_some() == connected))
        .await
        .expect("connection state within 5 s")
        .unwrap();
}

#[tokio::test]
async fn upgrades_without_the_token_from_a_browser_or_elsewhere_are_refused() {
    let (backend, _) = start().await;
    let port = backend.bridge_port();
    assert_ne!(port, 0);
    let good = format!("Bearer {TOKEN}");
    assert_eq!(
        status_of(connect_raw(port, "/bridge", &[]).await),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        status_of(connect_raw(port, "/bridge", &[(header::AUTHORIZATION, "Bearer nope")]).await),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        status_of(connect_raw(port, "/bridge", &[(header::AUTHORIZATION, TOKEN)]).await),
        StatusCode::UNAUTHORIZED,
        "the token without 'Bearer '"
    );
    assert_eq!(
        status_of(
            connect_raw(
                port,
                "/bridge",
                &[
                    (header::AUTHORIZATION, &good),
                    (header::ORIGIN, "http://evil.example")
                ]
            )
            .await
        ),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        status_of(connect_raw(port, "/other", &[(header::AUTHORIZATION, &good)]).await),
        StatusCode::NOT_FOUND
    );
    assert!(!backend.is_connected());
    FakeIde::connect(port, TOKEN).await;
}

#[tokio::test]
async fn requests_before_hello_get_32001_and_other_major_versions_32002() {
    let (backend, _) = start().await;
    let mut ide = FakeIde::connect(backend.bridge_port(), TOKEN).await;
    let early = ide.request("history/list", json!({})).await;
    assert_eq!(early["error"]["code"], -32001, "{early}");
    let refused = ide
        .request(
            "hello",
            json!({"protocol_version": 2, "ide": {"product": "PyCharm", "product_code": "PC", "build": "PC-261.1"},
                   "plugin_version": "9.0.0", "projects": [], "sessions": []}),
        )
        .await;
    assert_eq!(refused["error"]["code"], -32002, "{refused}");
    assert_eq!(refused["error"]["data"], json!({"supported": [1]}));
    assert!(ide.recv().await.is_none(), "the server closes after -32002");
    assert!(!backend.is_connected());
    let err = backend.projects().await.unwrap_err();
    assert_eq!(err.code, ErrorCode::IdeNotConnected);
    assert!(
        err.message.contains("plugin is not connected"),
        "{}",
        err.message
    );
}

#[tokio::test]
async fn hello_then_calls_round_trip_and_notifications_become_events() {
    let (backend, requests) = start().await;
    backend.set_mcp_url("http://127.0.0.1:47823/mcp");
    let mut events = backend.events();
    let mut ide = FakeIde::connect(backend.bridge_port(), TOKEN).await;
    let hello = hello(&mut ide, json!([session("s17", "python")])).await;
    assert_eq!(
        hello["result"],
        json!({"protocol_version": 1, "server_version": env!("CARGO_PKG_VERSION"),
               "mcp_url": "http://127.0.0.1:47823/mcp"})
    );
    let BackendEvent::SessionStarted(started) = next_event(&mut events).await else {
        panic!("SessionStarted for the live session of hello")
    };
    assert_eq!(started.id, "s17");
    wait_connected(&backend, true).await;
    let ide_info = backend.ide().unwrap();
    assert_eq!(ide_info.ide.product_code, "IC");
    assert_eq!(ide_info.plugin_version, "0.1.0");
    assert_eq!(backend.projects().await.unwrap(), vec![shop()]);
    assert_eq!(backend.language("s17").as_deref(), Some("python"));
    assert_eq!(backend.language("s99"), None);

    // server → IDE: threads
    let caller = backend.clone();
    let call = tokio::spawn(async move { caller.threads("s17").await });
    let (id, params) = ide.expect_request("session/threads").await;
    assert_eq!(params, json!({"session": "s17"}));
    ide.reply(id, json!({"threads": [{"id": "t1", "name": "MainThread"}]}))
        .await;
    let threads = call.await.unwrap().unwrap();
    assert_eq!(
        (threads[0].id.as_str(), threads[0].name.as_str()),
        ("t1", "MainThread")
    );

    // step kinds, select_frame, set_value targets
    let caller = backend.clone();
    let call = tokio::spawn(async move {
        caller
            .step(
                "s17",
                "t1",
                debugger_core::model::StepKind::Into { force: true },
                false,
            )
            .await
    });
    let (id, params) = ide.expect_request("session/step").await;
    assert_eq!(
        params,
        json!({"session": "s17", "thread_id": "t1", "kind": "force_into", "ignore_breakpoints": false})
    );
    ide.reply(id, json!({})).await;
    call.await.unwrap().unwrap();

    let caller = backend.clone();
    let call = tokio::spawn(async move { caller.select_frame("s17", "t1", "f1.1").await });
    let (id, params) = ide.expect_request("frame/select").await;
    assert_eq!(
        params,
        json!({"session": "s17", "thread_id": "t1", "frame_ref": "f1.1"})
    );
    ide.reply(id, json!({})).await;
    call.await.unwrap().unwrap();

    let caller = backend.clone();
    let call = tokio::spawn(async move {
        let target = ValueTarget::Slot {
            container: "h4".into(),
            name: "subtotal".into(),
        };
        caller.set_value("s17", "f1.0", &target, "99.5").await
    });
    let (id, params) = ide.expect_request("value/set").await;
    assert_eq!(
        params["target"],
        json!({"slot": {"container": "h4", "name": "subtotal"}})
    );
    ide.reply(
        id,
        json!({"name": "subtotal", "value": "99.5", "type_name": "float", "children_ref": null,
               "target": {"expression": "subtotal"}, "evaluate_name": "subtotal"}),
    )
    .await;
    let value = call.await.unwrap().unwrap();
    assert_eq!(
        value.target,
        Some(ValueTarget::Expression("subtotal".into()))
    );

    // a data breakpoint is the IDE's to place (a Java field watchpoint)
    let caller = backend.clone();
    let call = tokio::spawn(async move {
        let target = ValueTarget::Expression("cart.total".into());
        caller
            .add_data_breakpoint("s17", "f1.0", &target, "cart.total")
            .await
    });
    let (id, params) = ide.expect_request("breakpoints/watch").await;
    assert_eq!(
        params,
        json!({"session": "s17", "frame_ref": "f1.0",
               "target": {"expression": "cart.total"}, "name": "cart.total"})
    );
    ide.reply(
        id,
        json!({"id": "b9", "kind": {"type": "data", "expression": "cart.total"},
               "enabled": true, "condition": null, "log_message": null,
               "suspend_policy": "all", "temporary": false, "hit_count": 0,
               "verified": null, "message": "a field watchpoint on com.example.Cart.total"}),
    )
    .await;
    let watch = call.await.unwrap().unwrap();
    assert_eq!(
        (watch.id.as_str(), &watch.spec.kind),
        (
            "b9",
            &BreakpointKind::Data {
                expression: "cart.total".into()
            }
        )
    );

    let caller = backend.clone();
    let call = tokio::spawn(async move {
        caller
            .launch(
                &shop(),
                "Calculator App",
                LaunchMode::Debug,
                &LaunchOptions::default(),
            )
            .await
    });
    let (id, params) = ide.expect_request("session/launch").await;
    assert_eq!(
        params,
        json!({"project": "/home/ada/shop", "configuration": "Calculator App", "mode": "debug"})
    );
    ide.reply(id, session("s18", "java")).await;
    assert_eq!(call.await.unwrap().unwrap().id, "s18");
    assert_eq!(backend.language("s18").as_deref(), Some("java"));

    // a file launch sends the file in place of a configuration, always to debug
    let caller = backend.clone();
    let call = tokio::spawn(async move {
        caller
            .launch_file(
                &shop(),
                Path::new("/home/ada/shop/tests/test_calculator.py"),
                &LaunchOptions::default(),
            )
            .await
    });
    let (id, params) = ide.expect_request("session/launch").await;
    assert_eq!(
        params,
        json!({"project": "/home/ada/shop", "file": "/home/ada/shop/tests/test_calculator.py", "mode": "debug"})
    );
    ide.reply(id, session("s20", "python")).await;
    assert_eq!(call.await.unwrap().unwrap().id, "s20");
    assert_eq!(backend.language("s20").as_deref(), Some("python"));

    // a session that ends before its launch is answered stays ended
    let caller = backend.clone();
    let call = tokio::spawn(async move {
        caller
            .launch(
                &shop(),
                "Calculator App",
                LaunchMode::Run,
                &LaunchOptions::default(),
            )
            .await
    });
    let (id, _) = ide.expect_request("session/launch").await;
    ide.notify("session/started", session("s19", "python"))
        .await;
    ide.notify(
        "session/terminated",
        json!({"session": "s19", "error": null}),
    )
    .await;
    ide.reply(id, session("s19", "python")).await;
    assert_eq!(call.await.unwrap().unwrap().id, "s19");
    assert_eq!(backend.language("s19"), None, "not brought back to life");
    assert!(
        matches!(next_event(&mut events).await, BackendEvent::SessionStarted(d) if d.id == "s19")
    );
    assert!(matches!(
        next_event(&mut events).await,
        BackendEvent::Terminated { session, .. } if session == "s19"
    ));

    // confirm
    let caller = backend.clone();
    let call = tokio::spawn(async move {
        caller
            .confirm(&ConfirmParams {
                tool: "set_variable".into(),
                title: "Change a variable?".into(),
                message: "set x = 1".into(),
                project: Some("shop".into()),
                subject: Some("x = 1".into()),
                session_id: Some("s17".into()),
            })
            .await
    });
    let (id, params) = ide.expect_request("ui/confirm").await;
    assert_eq!(
        (&params["tool"], &params["subject"], &params["session_id"]),
        (&json!("set_variable"), &json!("x = 1"), &json!("s17"))
    );
    ide.reply(id, json!({"approved": true, "scope": "session"}))
        .await;
    let answer = call.await.unwrap().unwrap();
    assert!(answer.approved);
    assert_eq!(answer.scope, Some(ConfirmScope::Session));

    // history push
    backend.push_history(&HistoryChange::Removed { ids: vec![1, 2] });
    let pushed = ide.recv().await.unwrap();
    assert_eq!(
        pushed,
        json!({"jsonrpc": "2.0", "method": "history/changed", "params": {"kind": "removed", "ids": [1, 2]}})
    );

    // IDE → server requests
    let listed = ide.request("history/list", json!({})).await;
    assert_eq!(listed["result"]["capacity"], 100);
    assert_eq!(listed["result"]["entries"][0]["id"], 7);
    let cleared = ide.request("history/clear", json!({})).await;
    assert_eq!(cleared["result"], json!({}));
    assert_eq!(*requests.cleared.lock().unwrap(), 1);
    let bad = ide
        .request("settings/update", json!({"max_history_size": 0}))
        .await;
    assert_eq!(bad["error"]["code"], -32602, "{bad}");
    assert_eq!(
        bad["error"]["message"],
        "max_history_size must be between 1 and 10000"
    );
    let good = ide
        .request("settings/update", json!({"max_history_size": 250}))
        .await;
    assert_eq!(good["result"], json!({}));
    assert_eq!(*requests.max_history_size.lock().unwrap(), Some(250));
    let brave = ide
        .request("settings/update", json!({"brave_mode": true}))
        .await;
    assert_eq!(brave["result"], json!({}));
    assert_eq!(*requests.brave_mode.lock().unwrap(), Some(true));
    let unknown = ide.request("nope/nope", json!({})).await;
    assert_eq!(unknown["error"]["code"], -32601);
    let exported = ide
        .request("history/export", json!({"format": "csv"}))
        .await;
    assert_eq!(exported["result"], json!({"content": "Csv export"}));
    let bad_format = ide
        .request("history/export", json!({"format": "xml"}))
        .await;
    assert_eq!(bad_format["error"]["code"], -32602);
    let clients = ide.request("clients/list", json!({})).await;
    assert_eq!(
        clients["result"]["clients"][0]["config"]["text"],
        r#"{"url":"http://127.0.0.1:47823/mcp"}"#
    );
    // A slow install does not hold up the connection: a later request is answered first.
    ide.send(
        json!({"jsonrpc": "2.0", "id": 900, "method": "clients/install",
                    "params": {"client": "claude-code"}}),
    )
    .await;
    let listed_meanwhile = ide.request("history/list", json!({})).await;
    assert_eq!(listed_meanwhile["result"]["capacity"], 100);
    let installed = ide.recv().await.unwrap();
    assert_eq!(installed["id"], 900);
    assert_eq!(
        installed["result"]["command"],
        "claude mcp add http://127.0.0.1:47823/mcp"
    );
    assert_eq!(installed["result"]["message"], "configured (skill: false)");
    let with_skill = ide
        .request(
            "clients/install",
            json!({"client": "claude-code", "skill": true}),
        )
        .await;
    assert_eq!(with_skill["result"]["message"], "configured (skill: true)");
    let mistyped_skill = ide
        .request(
            "clients/install",
            json!({"client": "claude-code", "skill": "yes"}),
        )
        .await;
    assert_eq!(mistyped_skill["error"]["code"], -32602);
    let unknown_client = ide
        .request("clients/install", json!({"client": "emacs"}))
        .await;
    assert_eq!(unknown_client["error"]["code"], -32602);
    let mistyped = ide
        .request("settings/update", json!({"max_history_size": "lots"}))
        .await;
    assert_eq!(mistyped["error"]["code"], -32602);

    // notifications → events
    ide.notify(
        "session/paused",
        json!({"session": "s17", "thread_id": "t1", "reason": "breakpoint", "hit_breakpoints": ["b3"],
               "exception": null, "description": null}),
    )
    .await;
    ide.notify(
        "session/paused",
        json!({"session": "s17", "thread_id": "t1", "reason": "test_failed", "hit_breakpoints": [],
               "exception": null, "description": "a test failed",
               "failed_test": {"name": "CartTest.totalAddsTax", "message": "expected: <160> but was: <165>", "frame": 1}}),
    )
    .await;
    ide.notify(
        "session/output",
        json!({"session": "s17", "category": "stdout", "text": "hi\n"}),
    )
    .await;
    ide.notify("session/resumed", json!({"session": "s17"}))
        .await;
    ide.notify("session/exited", json!({"session": "s17", "exit_code": 3}))
        .await;
    ide.notify(
        "session/terminated",
        json!({"session": "s17", "error": null}),
    )
    .await;
    ide.notify(
        "project/opened",
        json!({"project": {"name": "lib", "path": "/home/ada/lib"}}),
    )
    .await;
    ide.notify(
        "breakpoint/removed",
        json!({"project": "/home/ada/shop", "id": "b3"}),
    )
    .await;
    let BackendEvent::Stopped {
        session,
        thread_id,
        reason,
        hit_breakpoints,
        ..
    } = next_event(&mut events).await
    else {
        panic!("Stopped")
    };
    assert_eq!(
        (
            session.as_str(),
            thread_id.as_deref(),
            reason,
            hit_breakpoints
        ),
        (
            "s17",
            Some("t1"),
            StopReason::Breakpoint,
            vec!["b3".to_string()]
        )
    );
    let BackendEvent::Stopped { reason, detail, .. } = next_event(&mut events).await else {
        panic!("Stopped")
    };
    assert_eq!(reason, StopReason::TestFailed);
    assert_eq!(
        detail,
        Some(StopDetail::FailedTest(FailedTest {
            name: "CartTest.totalAddsTax".into(),
            message: "expected: <160> but was: <165>".into(),
            frame: 1,
        }))
    );
    assert!(
        matches!(next_event(&mut events).await, BackendEvent::Output { text, .. } if text == "hi\n")
    );
    assert!(
        matches!(next_event(&mut events).await, BackendEvent::Continued { session } if session == "s17")
    );
    assert!(matches!(
        next_event(&mut events).await,
        BackendEvent::Exited { exit_code: 3, .. }
    ));
    assert!(matches!(
        next_event(&mut events).await,
        BackendEvent::Terminated { error: None, .. }
    ));
    assert!(matches!(
        next_event(&mut events).await,
        BackendEvent::BreakpointRemoved { id, .. } if id == "b3"
    ));
    assert_eq!(backend.projects().await.unwrap().len(), 2);
}

#[tokio::test]
async fn bridge_tool_errors_become_the_same_tool_errors() {
    let (backend, _) = start().await;
    let mut ide = connected_ide(&backend).await;

    let caller = backend.clone();
    let call = tokio::spawn(async move { caller.resume("s17").await });
    let (id, _) = ide.expect_request("session/resume").await;
    ide.reply_error(
        id,
        json!({"code": -32000, "message": "session s17 is running", "data": {"error": "not_paused"}}),
    )
    .await;
    let err = call.await.unwrap().unwrap_err();
    assert_eq!(err.code, ErrorCode::NotPaused);
    assert_eq!(err.message, "session s17 is running");

    let caller = backend.clone();
    let call = tokio::spawn(async move {
        caller
            .launch(&shop(), "Nope", LaunchMode::Run, &LaunchOptions::default())
            .await
    });
    let (id, _) = ide.expect_request("session/launch").await;
    ide.reply_error(
        id,
        json!({"code": -32000, "message": "no run configuration named 'Nope'",
               "data": {"error": "configuration_not_found", "available": ["Calculator App"]}}),
    )
    .await;
    let err = call.await.unwrap().unwrap_err();
    assert_eq!(err.code, ErrorCode::ConfigurationNotFound);
    assert_eq!(err.details["available"], json!(["Calculator App"]));

    let caller = backend.clone();
    let call = tokio::spawn(async move {
        caller
            .launch_file(
                &shop(),
                Path::new("/home/ada/shop/README.md"),
                &LaunchOptions::default(),
            )
            .await
    });
    let (id, params) = ide.expect_request("session/launch").await;
    assert_eq!(params["file"], json!("/home/ada/shop/README.md"));
    ide.reply_error(
        id,
        json!({"code": -32000, "message": "no run configuration type of this IDE can debug /home/ada/shop/README.md",
               "data": {"error": "cannot_debug"}}),
    )
    .await;
    let err = call.await.unwrap().unwrap_err();
    assert_eq!(err.code, ErrorCode::CannotDebug);
    assert!(err.message.contains("README.md"), "{}", err.message);

    let caller = backend.clone();
    let call = tokio::spawn(async move { caller.pause("s17").await });
    let (id, _) = ide.expect_request("session/pause").await;
    ide.reply_error(
        id,
        json!({"code": -32000, "message": "??", "data": {"error": "brand_new_code"}}),
    )
    .await;
    assert_eq!(call.await.unwrap().unwrap_err().code, ErrorCode::Internal);

    // A result of the wrong shape is a clear internal error, not a panic.
    let caller = backend.clone();
    let call = tokio::spawn(async move { caller.threads("s17").await });
    let (id, _) = ide.expect_request("session/threads").await;
    ide.reply(id, json!({"threads": "many"})).await;
    let err = call.await.unwrap().unwrap_err();
    assert_eq!(err.code, ErrorCode::Internal);
    assert!(err.message.contains("session/threads"), "{}", err.message);
}

#[tokio::test]
async fn a_function_breakpoint_crosses_the_wire() {
    let (backend, _) = start().await;
    let mut ide = connected_ide(&backend).await;
    let spec = BreakpointSpec {
        kind: BreakpointKind::Function {
            name: "com.example.Cart.total".into(),
        },
        enabled: true,
        condition: None,
        log_message: None,
        suspend_policy: SuspendPolicy::All,
        temporary: false,
    };
    let caller = backend.clone();
    let call = tokio::spawn(async move { caller.add_breakpoint(&shop(), spec).await });
    let (id, params) = ide.expect_request("breakpoints/add").await;
    assert_eq!(
        params["spec"]["kind"],
        json!({"type": "function", "name": "com.example.Cart.total"})
    );
    let mut answer = params["spec"].clone();
    let fields = answer.as_object_mut().unwrap();
    for (k, v) in [
        ("id", json!("b9")),
        ("hit_count", json!(0)),
        ("verified", Value::Null),
        ("message", Value::Null),
        ("created", json!(true)),
    ] {
        fields.insert(k.into(), v);
    }
    ide.reply(id, answer).await;
    let (added, created) = call.await.unwrap().unwrap();
    assert!(created);
    assert_eq!(added.id, "b9");
    assert_eq!(
        added.spec.kind,
        BreakpointKind::Function {
            name: "com.example.Cart.total".into()
        }
    );
}

#[tokio::test]
async fn a_launch_sends_its_overrides_and_break_on_uncaught_and_learns_whether_it_applied() {
    let (backend, _) = start().await;
    assert_eq!(backend.break_on_uncaught_default(), Some(true));
    assert!(backend.launch_overrides());
    let mut ide = connected_ide(&backend).await;
    let options = LaunchOptions {
        break_on_uncaught: true,
        overrides: LaunchOverrides {
            args: Some(vec!["--fast".into(), "two words".into()]),
            cwd: Some("/home/ada/shop/data".into()),
            env: [("MODE".to_string(), "x".to_string())].into(),
        },
        test: None,
    };
    let caller = backend.clone();
    let call = tokio::spawn(async move {
        caller
            .launch(&shop(), "Calculator App", LaunchMode::Debug, &options)
            .await
    });
    let (id, params) = ide.expect_request("session/launch").await;
    assert_eq!(
        params,
        json!({"project": "/home/ada/shop", "configuration": "Calculator App", "mode": "debug",
               "break_on_uncaught": true,
               "overrides": {"args": ["--fast", "two words"], "cwd": "/home/ada/shop/data", "env": {"MODE": "x"}}})
    );
    let mut answer = session("s30", "javascript");
    answer["break_on_uncaught"] = json!(false);
    ide.reply(id, answer).await;
    assert_eq!(call.await.unwrap().unwrap().id, "s30");
    assert!(
        !backend.breaks_on_uncaught("s30"),
        "the IDE could not for this language"
    );

    // A run launch never asks to break on uncaught exceptions.
    let caller = backend.clone();
    let call = tokio::spawn(async move {
        let options = LaunchOptions {
            break_on_uncaught: true,
            ..LaunchOptions::default()
        };
        caller
            .launch(&shop(), "Calculator App", LaunchMode::Run, &options)
            .await
    });
    let (id, params) = ide.expect_request("session/launch").await;
    assert_eq!(
        params,
        json!({"project": "/home/ada/shop", "configuration": "Calculator App", "mode": "run"})
    );
    ide.reply(id, session("s31", "python")).await;
    call.await.unwrap().unwrap();
    assert!(backend.breaks_on_uncaught("s31"));
}

#[tokio::test]
async fn loaded_code_is_not_supported_and_never_sent() {
    let (backend, _) = start().await;
    let _ide = connected_ide(&backend).await;
    let err = backend.loaded_code("s17").await.unwrap_err();
    assert_eq!(err.code, ErrorCode::NotSupported);
}

#[tokio::test]
async fn an_unanswered_request_times_out() {
    let mut config = BridgeConfig::new(0, TOKEN);
    config.request_timeout = Some(Duration::from_millis(300));
    let (backend, _) = start_with(config).await;
    let mut ide = connected_ide(&backend).await;
    let caller = backend.clone();
    let call = tokio::spawn(async move { caller.pause("s17").await });
    let (id, _) = ide.expect_request("session/pause").await;
    let err = call.await.unwrap().unwrap_err();
    assert_eq!(err.code, ErrorCode::Timeout);
    // The late answer is ignored, and the connection still works.
    ide.reply(id, json!({})).await;
    let caller = backend.clone();
    let call = tokio::spawn(async move { caller.resume("s17").await });
    let (id, _) = ide.expect_request("session/resume").await;
    ide.reply(id, json!({})).await;
    call.await.unwrap().unwrap();
}

#[tokio::test]
async fn a_dropped_connection_fails_pending_calls_and_a_reconnect_reconciles() {
    let (backend, _) = start().await;
    let mut events = backend.events();
    let mut ide = FakeIde::connect(backend.bridge_port(), TOKEN).await;
    hello(
        &mut ide,
        json!([session("s17", "python"), session("s20", "python")]),
    )
    .await;
    wait_connected(&backend, true).await;
    for _ in 0..2 {
        assert!(matches!(
            next_event(&mut events).await,
            BackendEvent::SessionStarted(_)
        ));
    }

    let caller = backend.clone();
    let call =
        tokio::spawn(async move { caller.variables("s17", "f1.0", Default::default()).await });
    ide.expect_request("frame/variables").await;
    let dropped = Instant::now();
    drop(ide);
    let err = tokio::time::timeout(WAIT, call)
        .await
        .expect("the pending call fails promptly")
        .unwrap()
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::IdeNotConnected);
    assert!(dropped.elapsed() < Duration::from_secs(2));
    wait_connected(&backend, false).await;
    assert!(!backend.is_connected());
    let err = backend.threads("s17").await.unwrap_err();
    assert_eq!(err.code, ErrorCode::IdeNotConnected);
    assert!(err.message.contains("waits for"), "{}", err.message);
    backend.push_history(&HistoryChange::Cleared); // dropped silently

    // The IDE comes back: s17 ended meanwhile, s20 lives on, s21 is new.
    let mut ide = FakeIde::connect(backend.bridge_port(), TOKEN).await;
    hello(
        &mut ide,
        json!([session("s20", "python"), session("s21", "kotlin")]),
    )
    .await;
    wait_connected(&backend, true).await;
    let mut seen = Vec::new();
    for _ in 0..3 {
        seen.push(next_event(&mut events).await);
    }
    assert!(seen.contains(&BackendEvent::Terminated {
        session: "s17".into(),
        error: Some(debugger_core::ToolError::new(
            ErrorCode::IdeNotConnected,
            SESSION_LOST
        ))
    }));
    assert!(seen.contains(&BackendEvent::Continued {
        session: "s20".into()
    }));
    assert!(seen
        .iter()
        .any(|e| matches!(e, BackendEvent::SessionStarted(d) if d.id == "s21")));
    assert_eq!(backend.language("s21").as_deref(), Some("kotlin"));
    assert_eq!(backend.language("s17"), None);

    let caller = backend.clone();
    let call = tokio::spawn(async move { caller.threads("s20").await });
    let (id, _) = ide.expect_request("session/threads").await;
    ide.reply(id, json!({"threads": []})).await;
    assert!(call.await.unwrap().unwrap().is_empty());
}

#[tokio::test]
async fn a_new_connection_replaces_the_previous_one() {
    let (backend, _) = start().await;
    let mut first = FakeIde::connect(backend.bridge_port(), TOKEN).await;
    hello(&mut first, json!([])).await;
    wait_connected(&backend, true).await;
    let first_id = backend.ide().unwrap().connection_id;

    let mut second = FakeIde::connect(backend.bridge_port(), TOKEN).await;
    assert!(
        first.recv().await.is_none(),
        "the first connection is closed"
    );
    hello(&mut second, json!([])).await;
    let mut state = backend.connection();
    tokio::time::timeout(
        WAIT,
        state.wait_for(|s| s.as_ref().is_some_and(|c| c.connection_id != first_id)),
    )
    .await
    .unwrap()
    .unwrap();
    let caller = backend.clone();
    let call = tokio::spawn(async move { caller.pause("s1").await });
    let (id, _) = second.expect_request("session/pause").await;
    second.reply(id, json!({})).await;
    call.await.unwrap().unwrap();
}

#[tokio::test]
async fn a_silent_connection_is_dropped_and_pings_keep_it_alive() {
    let mut config = BridgeConfig::new(0, TOKEN);
    config.ping_interval = Duration::from_millis(100);
    config.idle_timeout = Duration::from_millis(400);
    let (backend, _) = start_with(config).await;

    // A client that reads (so tungstenite answers the pings) stays connected.
    let mut lively = FakeIde::connect(backend.bridge_port(), TOKEN).await;
    hello(&mut lively, json!([])).await;
    wait_connected(&backend, true).await;
    let reader = tokio::spawn(async move {
        let until = Instant::now() + Duration::from_millis(1200);
        while Instant::now() < until {
            match tokio::time::timeout(Duration::from_millis(50), lively.ws.next()).await {
                Ok(Some(Ok(Message::Close(_)))) | Ok(None) => return false,
                _ => continue,
            }
        }
        true
    });
    assert!(
        reader.await.unwrap(),
        "answering pings keeps the connection"
    );
    assert!(backend.is_connected());

    // A client that never reads never answers a ping: dropped after the idle time.
    let mut silent = FakeIde::connect(backend.bridge_port(), TOKEN).await;
    hello(&mut silent, json!([])).await;
    let started = Instant::now();
    wait_connected(&backend, true).await;
    let mut state = backend.connection();
    tokio::time::timeout(WAIT, state.wait_for(Option::is_none))
        .await
        .expect("the silent connection is dropped")
        .unwrap();
    assert!(started.elapsed() >= Duration::from_millis(300));
}
