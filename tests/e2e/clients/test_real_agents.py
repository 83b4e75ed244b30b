"""Real agents use our tools: the real Claude Code CLI (`claude -p`) and Codex CLI (`codex
exec`) debug a bundled program through our server, with a scripted model in place of the
real one (tests/e2e/helpers/scripted_model.py), and we look at what the model received.

Each scenario runs once (a module fixture) and the tests below assert on its recording:
- Claude Code over HTTP (`serve --port N`, which wants `Authorization: Bearer <token>`) and
  over stdio (`stdio`, through a transparent tap that records the MCP messages), configured
  by our own `install claude-code` run with the server's state directory (the HTTP entry as
  it writes it, with the server's token; for stdio its entry is replaced by the `config
  claude-desktop` command, since Claude Code's installer writes HTTP only). Our tools are
  deferred behind Claude Code's ToolSearch but for the three served with `_meta`
  `anthropic/alwaysLoad: true`, loaded up front. The server is NOT in brave mode:
  the launch is confirmed through a Claude Code `Elicitation` hook that approves. Install's
  allow rules let the read-only tools run; the tools that change something used here are
  allowed for the run with `--allowedTools` (what a user answers Claude Code's prompt with).
  Script: keyword tool search, one search per deferred tool with its `anthropic/searchHint`
  as the words, load our tools, list breakpoints, set one, start (consent), variables,
  evaluate, step, resume into a 2-second sleep (progress), a bad session id, a bad argument
  type, a tool Claude Code does not allow, stop.
- Claude Code without the hook: the launch is unanswered (`confirmation_required`), the
  status without a session is `no_session`, stopping without one is an error; with its MCP
  output limit set low: a result over it reaches the model as a file reference; and with
  every tool of ours deferred (the user's `alwaysLoad: false`) in brave mode: plain words
  find start_debug_session, and an answer cut to 40,000 characters reaches the model whole.
- Codex over HTTP as `install codex` configures it (with the server's token), once without
  brave mode (`exec` declines our question, so the launch is denied; it runs
  stop_debug_session, which is not destructive) and once in brave mode (the workflow, which
  `exec` can end with stop_debug_session), with a model name Codex does not know (it then
  offers our tools up front, as one `namespace` tool); and once with a model it knows
  (gpt-5.5), for which it defers MCP tools behind its own client-side `tool_search`.

Every answer any of them gets is at most 40,000 characters.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from conftest import ANSWER_BUDGET, PROGRAMS, auth_header, free_port, line_of, server_args, server_env, wait_for_port
from helpers import agents
from helpers.agents import CLAUDE_PREFIX, SERVER, Home
from helpers.scripted_model import ScriptedModel, Say, ToolCall, ToolResult

TICK = line_of("ticking.py", "tick")
PAUSE = "2"  # seconds ticking.py sleeps between ticks: the wait of the resume step
PROMPT = "Find out what ticking.py does at each tick, with the debugger."
# The tools that change something the Claude Code runs use, allowed for the run (a user's
# "yes" to Claude Code's own prompt); remove_breakpoint is left out on purpose.
CLAUDE_ALLOWED = ["set_breakpoint", "start_debug_session", "evaluate", "step_over", "resume",
                  "stop_debug_session"]
# Plain words: Claude Code's ToolSearch ranks only the deferred tools (start_debug_session,
# loaded up front, is found by these words when the user defers all our tools); Codex's
# tool_search ranks all of them.
KEYWORD_QUERY = "debug start session"
BREAKPOINT_QUERY = "debugger breakpoint"
# The tools served with `_meta` `anthropic/alwaysLoad: true`: Claude Code loads them up front.
ALWAYS_LOADED = {"start_debug_session", "set_breakpoint", "get_debug_session_status"}
# A program whose variables (300 values of about 1,000 characters) are more than one answer
# carries, in a project of its own (made by the test).
LONG_VALUES = """globals().update({f"name_{i:03}": f"value {i:03} " * 100 for i in range(300)})
done = True
"""
LONG_VALUES_READY = 2


# ---------------------------------------------------------------------------- served truth


@dataclass
class Served:
    tools: dict[str, dict[str, Any]]
    instructions: str

    @property
    def read_only(self) -> list[str]:
        return [name for name, t in self.tools.items() if (t.get("annotations") or {}).get("readOnlyHint")]

    def meta(self, name: str) -> dict[str, Any]:
        return self.tools[name].get("_meta") or {}

    @property
    def always_loaded(self) -> set[str]:
        """Our tools served with `_meta` `anthropic/alwaysLoad: true`."""
        return {name for name in self.tools if self.meta(name).get("anthropic/alwaysLoad") is True}

    @property
    def deferred(self) -> set[str]:
        """Our tools Claude Code defers behind its ToolSearch."""
        return set(self.tools) - self.always_loaded

    @property
    def search_hints(self) -> dict[str, str]:
        """Each tool's `_meta` `anthropic/searchHint`."""
        return {name: self.meta(name).get("anthropic/searchHint") for name in self.tools}


@pytest.fixture(scope="module")
def served(binary: str, tmp_path_factory) -> Served:
    """Our tool list and instructions as the server serves them (official MCP SDK)."""
    state = tmp_path_factory.mktemp("served-state")

    async def ask() -> Served:
        params = StdioServerParameters(command=binary, args=["stdio", *server_args([PROGRAMS], False, ())],
                                       env=server_env(state))
        async with Client(stdio_client(params), mode="legacy") as client:
            listed = await client.list_tools()
            tools = {t.name: t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in listed.tools}
            return Served(tools, client.instructions or "")

    return anyio.run(ask)


@contextlib.contextmanager
def http_server(binary: str, state: Path, brave: bool, projects: tuple[Path, ...] = (PROGRAMS,)) -> Iterator[str]:
    """`serve --port N` on the programs project (or `projects`); yields its MCP URL."""
    port = free_port()
    log = state.parent / f"server-{port}.log"
    with open(log, "w") as out:
        proc = subprocess.Popen([binary, "serve", "--port", str(port), *server_args(projects, brave, ())],
                                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                                env=server_env(state))
    try:
        wait_for_port(port, proc, log)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


# ---------------------------------------------------------------------------- scripts


def started(model: ScriptedModel) -> dict[str, Any]:
    """The answer of the last start_debug_session (its JSON)."""
    return json.loads(body_of(model.results_for("start_debug_session")[-1]))


def session_step(tool: str, **arguments: Any):
    """A call of `tool` on the session the script started."""
    return lambda model: ToolCall(tool, {"session_id": started(model).get("session_id", "none"), **arguments})


def hint_searches(served: Served) -> list[ToolCall]:
    """One ToolSearch per deferred tool, with its `anthropic/searchHint` as the words (all
    in one turn)."""
    return [ToolCall("ToolSearch", {"query": served.search_hints[name], "max_results": 5})
            for name in sorted(served.deferred) if served.search_hints[name]]


def claude_script(served: Served) -> list:
    used = ["list_breakpoints", "set_breakpoint", "start_debug_session", "get_variables", "evaluate", "step_over",
            "resume", "get_debug_session_status", "remove_breakpoint", "stop_debug_session"]
    select = "select:" + ",".join(CLAUDE_PREFIX + name for name in used)
    return [
        ToolCall("ToolSearch", {"query": BREAKPOINT_QUERY, "max_results": 5}),
        hint_searches(served),
        ToolCall("ToolSearch", {"query": select, "max_results": len(used)}),
        ToolCall("list_breakpoints"),
        ToolCall("set_breakpoint", {"file_path": "ticking.py", "line": TICK}),
        ToolCall("start_debug_session", {"configuration_name": "Ticking", "overrides": {"args": [PAUSE]}}),
        session_step("get_variables"),
        session_step("evaluate", expression="tick * 10"),
        session_step("step_over"),
        session_step("resume", timeout=30),
        ToolCall("get_debug_session_status", {"session_id": "no-such-session"}),
        ToolCall("set_breakpoint", {"file_path": "ticking.py", "line": "the tick line"}),
        ToolCall("remove_breakpoint", {"file_path": "ticking.py", "line": TICK}),
        session_step("stop_debug_session"),
        Say("ticking.py prints a tick and sleeps; done."),
    ]


# ---------------------------------------------------------------------------- runs


@dataclass
class Run:
    model: ScriptedModel
    home: Home
    proc: subprocess.CompletedProcess[str]
    state: Path  # the server's state directory (its HTTP access token, `mcp-token`)
    questions: list[dict[str, Any]] = field(default_factory=list)
    tap: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    install_output: str = ""

    def result(self, tool: str, index: int = 0) -> ToolResult:
        found = self.model.results_for(tool)
        assert len(found) > index, f"no result #{index} of {tool}: {[r.name for r in self.model.results]}"
        return found[index]

    def describe(self) -> str:
        lines = [f"{r.name}: error={r.is_error} size={r.size} {r.text[:200]!r}" for r in self.model.results]
        return "\n".join(lines + [f"stderr: {self.proc.stderr[-1500:]}", f"script errors: {self.model.errors}"])


def body_of(result: ToolResult) -> str:
    """A tool result's body as our server wrote it: Claude Code passes the text as it is;
    Codex prefixes `Wall time: ... Output:`."""
    text = result.text
    marker = text.find("Output:")
    return text[marker + len("Output:"):].strip() if text.startswith("Wall time") and marker >= 0 else text


def run_claude(binary: str, base: Path, served: Served, transport: str, *, hook: bool, script: list,
               brave: bool = False, defer_all: bool = False, projects: tuple[Path, ...] = (PROGRAMS,),
               **claude_env: str) -> Run:
    """`claude -p` with our server as `install claude-code` configures it; `defer_all`: the
    user's entry says `alwaysLoad: false` (every tool of ours behind ToolSearch)."""
    home = Home.make(base)
    state = base / "state"
    state.mkdir()
    tap_log = base / "mcp-tap.log"
    with contextlib.ExitStack() as stack:
        if transport == "http":
            url = stack.enter_context(http_server(binary, state, brave=brave, projects=projects))
        else:
            url = "http://127.0.0.1:9/mcp"  # install's HTTP entry is replaced below
        installed = agents.install(binary, "claude-code", url, home, state)
        if transport == "stdio":
            claude = str(agents.need("claude"))
            snippet = subprocess.run([binary, "config", "claude-desktop"], capture_output=True, text=True,
                                     env=home.env(), check=True).stdout
            entry = json.loads(snippet)["mcpServers"][SERVER]
            assert entry["args"] == ["stdio"] and Path(entry["command"]).resolve() == Path(binary).resolve()
            command, args = agents.tapped(tap_log, entry["command"],
                                          [*entry["args"], *server_args([PROGRAMS], False, ())])
            stdio_entry = {"type": "stdio", "command": command, "args": args,
                           "env": {"JETBRAINS_DEBUGGER_STATE_DIR": str(state)}}
            for argv in (["mcp", "remove", "--scope", "user", SERVER],
                         ["mcp", "add-json", "--scope", "user", SERVER, json.dumps(stdio_entry)]):
                done = agents.run_bounded([claude, *argv], cwd=home.work, env=home.env(), timeout=60)
                assert done.returncode == 0, done.stderr
        if defer_all:
            config = json.loads(home.claude_json.read_text())
            config["mcpServers"][SERVER]["alwaysLoad"] = False
            home.claude_json.write_text(json.dumps(config, indent=2))
        log = agents.add_elicitation_hook(home) if hook else None
        model = stack.enter_context(ScriptedModel(script))
        proc = agents.claude(home, model.url, PROMPT, allowed_tools=[CLAUDE_PREFIX + t for t in CLAUDE_ALLOWED],
                             **claude_env)
    return Run(model, home, proc, state, agents.questions(log) if log else [], agents.tap_messages(tap_log),
               installed)


@pytest.fixture(scope="module", params=["http", "stdio"])
def claude_run(request, binary, served, tmp_path_factory) -> Run:
    agents.need("claude")
    base = tmp_path_factory.mktemp(f"claude-{request.param}")
    return run_claude(binary, base, served, request.param, hook=True, script=claude_script(served))


@pytest.fixture(scope="module")
def claude_unanswered(binary, served, tmp_path_factory) -> Run:
    """Claude Code with no Elicitation hook: nobody can answer our question in -p."""
    agents.need("claude")
    base = tmp_path_factory.mktemp("claude-no-hook")
    select = f"select:{CLAUDE_PREFIX}start_debug_session,{CLAUDE_PREFIX}stop_debug_session"
    script = [
        ToolCall("ToolSearch", {"query": select, "max_results": 2}),
        ToolCall("start_debug_session", {"file_path": "short.py"}),
        ToolCall("get_debug_session_status"),
        ToolCall("stop_debug_session"),
        Say("Could not start."),
    ]
    return run_claude(binary, base, served, "http", hook=False, script=script)


@pytest.fixture(scope="module")
def claude_all_deferred(binary, served, tmp_path_factory) -> Run:
    """Claude Code with every tool of ours deferred (the user's entry says `alwaysLoad:
    false`), the server in brave mode: plain words find start_debug_session, and the
    variables of long_values.py (300 values of 1,000 characters) come back cut to fit."""
    agents.need("claude")
    base = tmp_path_factory.mktemp("claude-all-deferred")
    project = base / "long-values"
    project.mkdir()
    (project / "long_values.py").write_text(LONG_VALUES)
    select = f"select:{CLAUDE_PREFIX}get_variables,{CLAUDE_PREFIX}stop_debug_session"
    script = [
        ToolCall("ToolSearch", {"query": KEYWORD_QUERY, "max_results": 5}),
        ToolCall("ToolSearch", {"query": select, "max_results": 2}),
        ToolCall("start_debug_session", {"file_path": "long_values.py", "line": LONG_VALUES_READY}),
        session_step("get_variables", max_variables=500),
        session_step("stop_debug_session"),
        Say("Read the long values."),
    ]
    return run_claude(binary, base, served, "http", hook=False, script=script, brave=True, defer_all=True,
                      projects=(project,))


@pytest.fixture(scope="module")
def claude_small_limit(binary, served, tmp_path_factory) -> Run:
    """Claude Code with its MCP output limit (MAX_MCP_OUTPUT_TOKENS, 25,000 tokens by
    default) set below the size of one of our answers."""
    agents.need("claude")
    base = tmp_path_factory.mktemp("claude-small-limit")
    script = [
        ToolCall("ToolSearch", {"query": f"select:{CLAUDE_PREFIX}list_run_configurations", "max_results": 1}),
        ToolCall("list_run_configurations"),
        Say("Listed."),
    ]
    return run_claude(binary, base, served, "http", hook=False, script=script, MAX_MCP_OUTPUT_TOKENS="100")


def run_codex(binary: str, base: Path, *, brave: bool, script: list, model_name: str = "scripted-model") -> Run:
    agents.need("codex")
    home = Home.make(base)
    state = base / "state"
    state.mkdir()
    with contextlib.ExitStack() as stack:
        url = stack.enter_context(http_server(binary, state, brave=brave))
        model = stack.enter_context(ScriptedModel(script))
        home.codex_config.write_text(agents.codex_provider(model.url, model_name))
        installed = agents.install(binary, "codex", url, home, state)
        # The user lets Codex run the launch (exec never asks); our own question is asked.
        with open(home.codex_config, "a") as config:
            config.write(f"\n[mcp_servers.{SERVER}.tools.start_debug_session]\napproval_mode = \"approve\"\n")
        tomllib.loads(home.codex_config.read_text())
        proc = agents.codex_exec(home, PROMPT)
    return Run(model, home, proc, state, install_output=installed)


@pytest.fixture(scope="module")
def codex_consent(binary, tmp_path_factory) -> Run:
    script = [
        ToolCall("list_breakpoints"),
        ToolCall("set_breakpoint", {"file_path": "short.py", "line": line_of("short.py", "short")}),
        ToolCall("start_debug_session", {"file_path": "short.py"}),
        ToolCall("stop_debug_session"),
        Say("Could not start."),
    ]
    return run_codex(binary, tmp_path_factory.mktemp("codex-consent"), brave=False, script=script)


@pytest.fixture(scope="module")
def codex_known_model(binary, tmp_path_factory) -> Run:
    """Codex with a model it knows (gpt-5.5): it defers MCP tools behind its own
    client-side `tool_search` (BM25 over the tools' metadata)."""
    script = [
        ToolCall("tool_search", {"query": KEYWORD_QUERY, "limit": 5}),
        ToolCall("list_debug_sessions"),
        Say("No sessions."),
    ]
    return run_codex(binary, tmp_path_factory.mktemp("codex-known"), brave=False, script=script,
                     model_name="gpt-5.5")


@pytest.fixture(scope="module")
def codex_brave(binary, tmp_path_factory) -> Run:
    script = [
        ToolCall("set_breakpoint", {"file_path": "ticking.py", "line": TICK}),
        ToolCall("start_debug_session", {"configuration_name": "Ticking", "overrides": {"args": [PAUSE]}}),
        session_step("get_variables"),
        session_step("evaluate", expression="tick * 10"),
        session_step("step_over"),
        session_step("resume", timeout=30),
        ToolCall("get_debug_session_status", {"session_id": "no-such-session"}),
        ToolCall("set_breakpoint", {"file_path": "ticking.py", "line": "the tick line"}),
        session_step("stop_debug_session"),
        Say("Done."),
    ]
    return run_codex(binary, tmp_path_factory.mktemp("codex-brave"), brave=True, script=script)


# ---------------------------------------------------------------------------- what every run shows


def assert_unanswered(body: dict[str, Any], text: str) -> None:
    """A launch question cancelled with no answer (`claude -p` without an Elicitation hook):
    nobody's "no", and what the user can do about it."""
    assert body["error"] == "confirmation_required" and body["reason"] == "unanswered", text
    assert "Elicitation" in body["message"] and "brave" in body["message"], text


def assert_within_budget(run: Run) -> None:
    for result in run.model.results:
        assert len(body_of(result)) <= ANSWER_BUDGET, (result.name, len(result.text))


def test_every_tool_has_a_search_hint_and_three_are_always_loaded(served: Served):
    for name, hint in served.search_hints.items():
        assert isinstance(hint, str) and (hint.startswith("debugger:") or "debug" in hint), (name, hint)
    assert served.always_loaded == ALWAYS_LOADED
    annotations = {name: tool.get("annotations") or {} for name, tool in served.tools.items()}
    stop = annotations["stop_debug_session"]
    assert (stop.get("destructiveHint"), stop.get("idempotentHint")) == (False, True), stop
    for name in ("start_debug_session", "run_configuration", "set_variable", "trace_execution"):
        assert annotations[name].get("destructiveHint") is True, name


# ---------------------------------------------------------------------------- Claude Code


def loaded_tools(run: Run) -> dict[str, dict[str, Any]]:
    """Our tools as the last request of the conversation offered them (loaded up front or
    by ToolSearch)."""
    last = run.model.conversation[-1]
    return {t["name"][len(CLAUDE_PREFIX):]: t for t in run.model.tools_offered(last)
            if t.get("name", "").startswith(CLAUDE_PREFIX)}


def test_claude_code_ran_the_whole_script(claude_run: Run):
    assert claude_run.proc.returncode == 0, claude_run.describe()
    assert claude_run.model.done and claude_run.model.errors == [], claude_run.describe()
    final = [json.loads(line) for line in claude_run.proc.stdout.splitlines() if line.startswith("{")][-1]
    assert final["type"] == "result" and final["is_error"] is False, final
    assert "ticking.py prints a tick" in final["result"]
    # Side requests (if any) are kept apart: every scripted request offered tools.
    assert all(r.body.get("tools") for r in claude_run.model.conversation)
    assert_within_budget(claude_run)


def test_install_gives_claude_code_the_servers_token(claude_run: Run):
    entry = json.loads(claude_run.home.claude_json.read_text())["mcpServers"][SERVER]
    if entry["type"] == "http":  # the stdio run replaced install's entry
        assert entry["headers"] == auth_header(claude_run.state) != {}, entry
    assert claude_run.model.results_for("list_breakpoints"), "the server took the token"


def test_claude_code_defers_our_tools_behind_tool_search_but_three(claude_run: Run, served: Served):
    first = claude_run.model.first_request()
    offered = {t["name"]: t for t in claude_run.model.tools_offered(first)}
    assert "ToolSearch" in offered
    ours = {name[len(CLAUDE_PREFIX):] for name in offered if name.startswith(CLAUDE_PREFIX)}
    assert ours == ALWAYS_LOADED, "loaded up front: the three served with anthropic/alwaysLoad"
    for name in ALWAYS_LOADED:
        assert not offered[CLAUDE_PREFIX + name].get("defer_loading"), name
    listing = claude_run.model.system_text(first)
    assert "deferred tools are now available via ToolSearch" in listing
    for name in served.deferred:
        assert f"\n{CLAUDE_PREFIX}{name}\n" in listing, name
    for name in ALWAYS_LOADED:
        assert f"\n{CLAUDE_PREFIX}{name}\n" not in listing, name


def test_claude_code_keyword_tool_search_finds_our_deferred_breakpoint_tools(claude_run: Run):
    search = claude_run.result("ToolSearch", 0)
    assert search.call.arguments["query"] == BREAKPOINT_QUERY
    assert not search.is_error and len(search.references) <= 5, search.references
    found = {ref[len(CLAUDE_PREFIX):] for ref in search.references}
    assert {"list_breakpoints", "remove_breakpoint"} <= found, found
    assert not found & ALWAYS_LOADED, "keywords rank the deferred tools only"


def test_claude_code_tool_search_finds_each_deferred_tool_by_its_search_hint(claude_run: Run, served: Served):
    searches = claude_run.model.results_for("ToolSearch")[1:-1]  # between the keyword and select searches
    assert len(searches) == len(served.deferred)
    for search in searches:
        hinted = [name for name in served.deferred if served.search_hints[name] == search.call.arguments["query"]]
        assert len(hinted) == 1 and CLAUDE_PREFIX + hinted[0] in search.references, (hinted, search.references)


def test_claude_code_without_our_always_load_plain_words_find_start_debug_session(claude_all_deferred: Run):
    run = claude_all_deferred
    assert run.proc.returncode == 0 and run.model.done and run.model.errors == [], run.describe()
    first = run.model.tools_offered(run.model.first_request())
    assert not [t["name"] for t in first if t["name"].startswith(CLAUDE_PREFIX)], "the user's alwaysLoad: false"
    search = run.result("ToolSearch", 0)
    assert search.call.arguments["query"] == KEYWORD_QUERY
    assert f"{CLAUDE_PREFIX}start_debug_session" in search.references, search.references
    start = run.result("start_debug_session")
    assert not start.is_error, start.text
    assert json.loads(start.text)["execution"]["new_location"]["line"] == LONG_VALUES_READY, start.text


def test_claude_code_gets_an_answer_cut_to_our_budget_whole(claude_all_deferred: Run):
    run = claude_all_deferred
    variables = run.result("get_variables")
    assert not variables.is_error and not variables.text.startswith("Error: result ("), variables.text[:300]
    assert 30_000 < len(variables.text) <= ANSWER_BUDGET, len(variables.text)
    body = json.loads(variables.text)
    assert "entries of 'variables'" in body["cut"], body["cut"]
    assert 0 < len(body["variables"]) < 300 <= body["total_count"], (len(body["variables"]), body["total_count"])
    stopped = run.result("stop_debug_session")
    assert not stopped.is_error and json.loads(stopped.text)["status"] == "stopped", stopped.text
    assert_within_budget(run)


def test_claude_code_loaded_tools_are_ours_as_served(claude_run: Run, served: Served):
    loaded = loaded_tools(claude_run)
    assert {"list_breakpoints", "start_debug_session", "stop_debug_session", "remove_breakpoint"} <= set(loaded)
    for name, tool in loaded.items():
        ours = served.tools[name]
        assert tool["description"] == ours["description"], name
        assert tool["input_schema"] == ours["inputSchema"], name
        assert bool(tool.get("defer_loading")) is (name not in ALWAYS_LOADED), name


def test_claude_code_gives_the_model_our_instructions(claude_run: Run, served: Served):
    assert served.instructions
    text = claude_run.model.system_text()
    assert f"## {SERVER}\n{served.instructions}" in text


def test_install_allows_exactly_the_read_only_tools(claude_run: Run, served: Served):
    settings = json.loads(claude_run.home.claude_settings.read_text())
    ours = [rule for rule in settings["permissions"]["allow"] if rule.startswith(CLAUDE_PREFIX)]
    assert ours == [CLAUDE_PREFIX + name for name in served.read_only]
    assert "hooks" in settings, "the hook added after install is kept"
    assert "read-only debugger tools without asking" in claude_run.install_output


def test_claude_code_runs_read_only_tools_and_asks_for_the_rest(claude_run: Run):
    listed = claude_run.result("list_breakpoints")
    assert not listed.is_error and json.loads(listed.text) == {"breakpoints": [], "total_count": 0}
    variables = claude_run.result("get_variables")
    assert not variables.is_error, variables.text
    refused = claude_run.result("remove_breakpoint")
    assert refused.is_error and "haven't granted it yet" in refused.text, refused.text


def test_claude_code_launch_is_confirmed_once_through_our_question(claude_run: Run):
    start = claude_run.result("start_debug_session")
    assert not start.is_error, claude_run.describe()
    body = json.loads(start.text)
    assert body["status"] == "paused" and body["execution"]["new_location"]["line"] == TICK
    assert len(claude_run.questions) == 1, claude_run.questions
    question = claude_run.questions[0]
    assert question["mcp_server_name"] == SERVER and '"Ticking"' in question["message"]
    assert question["requested_schema"]["required"] == ["approve"]


def test_claude_code_workflow_results_as_the_model_saw_them(claude_run: Run):
    results = {r.name: r for r in reversed(claude_run.model.results)}  # each tool's first result
    bp = json.loads(results["set_breakpoint"].text)
    assert bp["status"] == "set"
    variables = {v["name"]: v["value"] for v in json.loads(claude_run.result("get_variables").text)["variables"]}
    assert variables["tick"] == "1" and variables["pause"] == "2.0"
    evaluated = json.loads(results["evaluate"].text)
    assert evaluated["result"]["value"] == "10"
    stepped = json.loads(results["step_over"].text)
    assert stepped["status"] == "stepped" and stepped["new_location"]["line"] == TICK + 1
    resumed = json.loads(results["resume"].text)
    assert resumed["paused_reason"] == "breakpoint" and resumed["new_location"]["line"] == TICK, resumed
    assert claude_run.model.answered_after(results["resume"].call) >= float(PAUSE) * 0.75, "it waited"
    stopped = claude_run.result("stop_debug_session")
    assert not stopped.is_error and json.loads(stopped.text)["status"] == "stopped"
    # Compact: nothing near Claude Code's warning (10k tokens), successes carry no is_error.
    for result in claude_run.model.results:
        assert result.size < 4000, (result.name, result.size)


def test_claude_code_bad_arguments_are_error_results(claude_run: Run):
    unknown = claude_run.result("get_debug_session_status")
    assert unknown.is_error and json.loads(unknown.text)["error"] == "session_not_found", unknown.text
    wrong_type = claude_run.result("set_breakpoint", 1)
    assert wrong_type.is_error, wrong_type.text
    # Claude Code does not check the input against our schema: we answer it.
    body = json.loads(wrong_type.text)
    assert body["error"] == "invalid_params" and "'line'" in body["message"], body


@pytest.mark.parametrize("claude_run", ["stdio"], indirect=True)  # the tap records MCP messages
def test_claude_code_asks_for_progress_and_gets_it_during_a_wait(claude_run: Run):
    calls = {m["id"]: m for d, m in claude_run.tap if d == "in" and m.get("method") == "tools/call"}
    assert calls and all("progressToken" in c["params"].get("_meta", {}) for c in calls.values())
    resume = next(c for c in calls.values() if c["params"]["name"] == "resume")
    token = resume["params"]["_meta"]["progressToken"]
    progress = [m for d, m in claude_run.tap if d == "out" and m.get("method") == "notifications/progress"
                and m["params"]["progressToken"] == token]
    assert progress, "a 2-second wait reports progress"
    assert all("message" in p["params"] for p in progress)


def test_claude_code_without_an_answer_leaves_the_launch_unanswered(claude_unanswered: Run):
    run = claude_unanswered
    assert run.proc.returncode == 0 and run.model.done and run.model.errors == [], run.describe()
    start = run.result("start_debug_session")
    assert start.is_error, start.text
    assert_unanswered(json.loads(start.text), start.text)
    assert_within_budget(run)


def test_claude_code_status_without_a_session_is_an_answer_and_stop_an_error(claude_unanswered: Run):
    status = claude_unanswered.result("get_debug_session_status")
    assert not status.is_error, status.text
    body = json.loads(status.text)
    assert body["state"] == "no_session" and "session_id" not in body, body
    assert body["message"] and isinstance(body["watches"], list) and body["output"] == "", body
    stop = claude_unanswered.result("stop_debug_session")
    assert stop.is_error and json.loads(stop.text)["error"] == "no_session", stop.text


def test_claude_code_puts_a_result_over_its_limit_in_a_file_not_an_error(claude_small_limit: Run):
    run = claude_small_limit
    assert run.proc.returncode == 0 and run.model.done, run.describe()
    result = run.result("list_run_configurations")
    assert not result.is_error, result.text
    assert result.text.startswith("Error: result (") and "exceeds maximum allowed tokens" in result.text, result.text
    saved = Path(result.text.split("Output has been saved to ", 1)[1].split(".txt", 1)[0] + ".txt")
    configurations = json.loads(saved.read_text())["run_configurations"]
    assert "Ticking" in [c["name"] for c in configurations]
    assert "Format: JSON with schema:" in result.text, "the model gets the shape of what was left out"


# ---------------------------------------------------------------------------- Codex


def test_install_gives_codex_the_servers_token(codex_consent: Run):
    entry = tomllib.loads(codex_consent.home.codex_config.read_text())["mcp_servers"][SERVER]
    assert entry["http_headers"] == auth_header(codex_consent.state) != {}, entry
    assert codex_consent.model.results_for("list_breakpoints"), "the server took the token"


def test_codex_offers_our_tools_in_a_namespace_with_our_instructions(codex_consent: Run, served: Served):
    run = codex_consent
    assert run.proc.returncode == 0 and run.model.done and run.model.errors == [], run.describe()
    first = run.model.first_request()
    spaces = [t for t in run.model.tools_offered(first) if t.get("type") == "namespace"
              and t.get("name") == "mcp__jetbrains_debugger"]
    assert len(spaces) == 1, [t.get("name") for t in run.model.tools_offered(first)]
    space = spaces[0]
    assert space["description"] == served.instructions
    inner = {t["name"]: t for t in space["tools"]}
    assert set(inner) == set(served.tools)
    for name, tool in inner.items():
        assert tool["description"] == served.tools[name]["description"], name
        params, schema = tool["parameters"], served.tools[name]["inputSchema"]
        assert params["properties"].keys() == schema["properties"].keys(), name
        assert params.get("required", []) == schema.get("required", []), name
    assert_within_budget(run)


def test_codex_runs_tools_that_change_nothing_destructive_without_asking(codex_consent: Run):
    listed = codex_consent.result("list_breakpoints")
    assert listed.text.startswith("Wall time:"), listed.text
    assert json.loads(body_of(listed)) == {"breakpoints": [], "total_count": 0}
    bp = json.loads(body_of(codex_consent.result("set_breakpoint")))
    assert bp["status"] == "set", bp
    # stop_debug_session is not destructive: exec runs it (here with no session to stop).
    stop = codex_consent.result("stop_debug_session")
    assert "requires approval" not in stop.text, stop.text
    assert json.loads(body_of(stop))["error"] == "no_session", stop.text


def test_codex_exec_declines_our_question_and_the_launch_is_denied(codex_consent: Run):
    # `codex exec` (0.169.0) answers every elicitation `{"action": "decline"}`, not cancel: a
    # refusal, which the server reports as such (unlike `claude -p`'s unanswered question).
    start = codex_consent.result("start_debug_session")
    body = json.loads(body_of(start))
    assert body["error"] == "confirmation_denied" and "reason" not in body, start.text
    assert "did not approve" in body["message"] and '"short.py"' in body["message"], start.text


def test_codex_workflow_in_brave_mode(codex_brave: Run):
    run = codex_brave
    assert run.proc.returncode == 0 and run.model.done and run.model.errors == [], run.describe()
    start = json.loads(body_of(run.result("start_debug_session")))
    assert start["status"] == "paused" and start["execution"]["new_location"]["line"] == TICK, start
    variables = {v["name"]: v["value"] for v in json.loads(body_of(run.result("get_variables")))["variables"]}
    assert variables["tick"] == "1"
    assert json.loads(body_of(run.result("evaluate")))["result"]["value"] == "10"
    assert json.loads(body_of(run.result("step_over")))["new_location"]["line"] == TICK + 1
    resumed = json.loads(body_of(run.result("resume")))
    assert resumed["paused_reason"] == "breakpoint" and resumed["new_location"]["line"] == TICK, resumed
    assert run.model.answered_after(run.result("resume").call) >= float(PAUSE) * 0.75, "it waited"
    unknown = json.loads(body_of(run.result("get_debug_session_status")))
    assert unknown["error"] == "session_not_found"
    wrong = body_of(run.result("set_breakpoint", 1))
    assert json.loads(wrong)["error"] == "invalid_params", wrong
    for result in run.model.results:
        assert result.size < 4000, (result.name, result.size)


def test_codex_exec_stops_the_session_it_started(codex_brave: Run):
    stop = codex_brave.result("stop_debug_session")
    assert "requires approval" not in stop.text, stop.text
    assert json.loads(body_of(stop))["status"] == "stopped", stop.text


def test_codex_with_a_known_model_finds_our_tools_through_its_tool_search(codex_known_model: Run):
    run = codex_known_model
    assert run.proc.returncode == 0 and run.model.done and run.model.errors == [], run.describe()
    first = run.model.tools_offered(run.model.first_request())
    assert any(t.get("type") == "tool_search" for t in first), [t.get("type") for t in first]
    assert not any(t.get("name") == "mcp__jetbrains_debugger" for t in first), "our tools are deferred"
    search = run.result("tool_search")
    assert "mcp__jetbrains_debugger__start_debug_session" in search.references, search.references
    listed = json.loads(body_of(run.result("list_debug_sessions")))
    assert listed["sessions"] == [], listed
    assert_within_budget(run)
