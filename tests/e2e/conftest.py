"""End-to-end harness: the REAL jetbrains-debugger-mcp binary, driven by the official
Python MCP SDK (`mcp` 2.3.0) over stdio or streamable HTTP, debugging real Python
programs with real debugpy.

- The binary is built once per test run (`cargo build -p jetbrains-debugger-mcp`,
  target/debug) unless JBD_BINARY names one.
- Every test gets a fresh state directory ($JETBRAINS_DEBUGGER_STATE_DIR), so no
  breakpoint, watch or history leaks between tests.
- `connect(...)` starts a server (stdio child, or `serve --port N` subprocess for
  HTTP), connects a `mcp.Client` in legacy (2025-11-25, initialize) or auto
  (2026-07-28) mode, and yields a `Tools` helper.
- The HTTP endpoint wants the access token the server keeps in its state directory
  (`Authorization: Bearer`): `http_client(url, state_dir)` is the SDK's transport with it,
  `auth_header(state_dir)` (or `auth_header_of(port)` for a `serve_http` server) the header. The SDK validates every
  structuredContent against the tool's outputSchema; that stays on.
- After each test no debuggee of tests/e2e/programs may be left running.
- The tests live in one folder per behaviour (launch/, breakpoints/, ...). What several
  tests share is here or in `helpers/` (`from helpers.native import cart`); no test
  imports another test.

Line numbers of examples/calculator/calculator.py that tests rely on (keep them
stable; `test_calculator_lines_are_where_the_tests_expect` checks them):
    11  TAX_RATE = 0            (the bug)
    31  subtotal = subtotal_of(items)  (breakpoint of the calculator workflow)
    32  tax = subtotal * TAX_RATE
    33  total = subtotal + tax
Programs under tests/e2e/programs mark their interesting lines with `# MARK: name`;
`line_of(file, name)` finds them, so those files can change freely.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, AsyncIterator

import anyio
import psutil
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

ROOT = Path(__file__).resolve().parents[2]
PROGRAMS = (Path(__file__).resolve().parent / "programs").resolve()
CALCULATOR = (ROOT / "examples" / "calculator").resolve()
CALC_LINES = {"tax_rate": 11, "subtotal": 31, "tax": 32, "total": 33}
PYTHON = sys.executable  # the debuggee interpreter: this venv has debugpy

TRANSPORTS = ["stdio", "http"]
# The most characters of one tool answer (the server's `tools::budget::ANSWER_BUDGET`).
ANSWER_BUDGET = 40_000
MODES = ["legacy", "auto"]
LEGACY_VERSION = "2025-11-25"
MODERN_VERSION = "2026-07-28"


def line_of(file: str | Path, mark: str) -> int:
    """The line of `# MARK: <mark>` in a program under tests/e2e/programs."""
    path = Path(file) if Path(file).is_absolute() else PROGRAMS / file
    for number, text in enumerate(path.read_text().splitlines(), start=1):
        if text.rstrip().endswith(f"# MARK: {mark}"):
            return number
    raise AssertionError(f"no '# MARK: {mark}' in {path}")


# ---------------------------------------------------------------------------- fixtures


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="session")
def binary() -> str:
    """The server binary: $JBD_BINARY, else a fresh debug build."""
    given = os.environ.get("JBD_BINARY")
    if given:
        assert Path(given).is_file(), f"JBD_BINARY={given} does not exist"
        return given
    if not os.environ.get("JBD_SKIP_BUILD"):
        subprocess.run(["cargo", "build", "-p", "jetbrains-debugger-mcp"], cwd=ROOT, check=True)
    path = ROOT / "target" / "debug" / "jetbrains-debugger-mcp"
    assert path.is_file(), f"{path} was not built"
    return str(path)


@pytest.fixture
def state_dir(tmp_path: Path) -> Path:
    state = tmp_path / "state"
    state.mkdir()
    return state


def debuggee_processes() -> list[psutil.Process]:
    """Running processes (debuggees, debugpy launchers) of a test program or the calculator."""
    scripts = {str(p) for p in PROGRAMS.glob("*.py")} | {str(p) for p in CALCULATOR.glob("*.py")}
    found = []
    for proc in psutil.process_iter(["cmdline", "status"]):
        try:
            if proc.info["status"] == psutil.STATUS_ZOMBIE or proc.pid == os.getpid():
                continue
            if scripts.intersection(proc.info["cmdline"] or []):
                found.append(proc)
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
    return found


@pytest.fixture(autouse=True)
def no_leftover_debuggees():
    """Process hygiene: once a test's servers are gone, none of its debuggees may run."""
    yield
    deadline = time.monotonic() + 10
    left = debuggee_processes()
    while left and time.monotonic() < deadline:
        time.sleep(0.2)
        left = debuggee_processes()
    if left:
        described = [f"{p.pid}: {' '.join(p.cmdline())}" for p in left if p.is_running()]
        for p in left:
            with contextlib.suppress(psutil.Error):
                p.kill()
        if described:
            pytest.fail(f"debuggee processes left running after the test: {described}")


# ---------------------------------------------------------------------------- the client side


class ToolFailed(AssertionError):
    pass


class Tools:
    """Call tools and look at the answers as an agent would."""

    def __init__(self, client: Client, log: Path) -> None:
        self.client = client
        self.log = log

    async def raw(self, name: str, arguments: dict[str, Any] | None = None, /):
        with anyio.fail_after(90):
            result = await self.client.call_tool(name, arguments or {})
        # Every answer stays within what clients keep (Claude Code files away one over ~50,000).
        size = sum(len(block.text) for block in result.content if hasattr(block, "text"))
        assert size <= ANSWER_BUDGET, f"{name}: a {size}-character answer"
        return result

    async def ok(self, name: str, /, **arguments: Any) -> dict[str, Any]:
        """Call a tool that must succeed; its structured answer."""
        result = await self.raw(name, arguments)
        if result.is_error:
            raise ToolFailed(f"{name}({arguments}) failed: {text_of(result)}")
        assert isinstance(result.structured_content, dict), f"{name}: no structuredContent: {result}"
        # The text content carries the same JSON (for clients that ignore structuredContent).
        assert json.loads(text_of(result)) == result.structured_content
        return result.structured_content

    async def err(self, name: str, code: str | None = None, /, **arguments: Any) -> dict[str, Any]:
        """Call a tool that must fail with an isError result; its JSON error body."""
        result = await self.raw(name, arguments)
        assert result.is_error, f"{name}({arguments}) should have failed, got {result.structured_content}"
        body = json.loads(text_of(result))
        assert isinstance(body.get("error"), str) and isinstance(body.get("message"), str), body
        if code is not None:
            assert body["error"] == code, f"{name}({arguments}): expected {code}, got {body}"
        return body

    # Conveniences used by many tests.

    async def start(self, configuration: str, **arguments: Any) -> dict[str, Any]:
        return await self.ok("start_debug_session", configuration_name=configuration, **arguments)

    async def status(self, **arguments: Any) -> dict[str, Any]:
        return await self.ok("get_debug_session_status", **arguments)

    async def variables(self, **arguments: Any) -> dict[str, str]:
        listed = await self.ok("get_variables", **arguments)
        return {v["name"]: v["value"] for v in listed["variables"]}

    async def evaluate(self, expression: str, **arguments: Any) -> str:
        answer = await self.ok("evaluate", expression=expression, **arguments)
        assert answer["error"] is None
        return answer["result"]["value"]

    async def wait_until_ended(self, session_id: str, seconds: float = 20) -> dict[str, Any]:
        """Poll the status (the way an agent would) until the session has stopped."""
        deadline = time.monotonic() + seconds
        while True:
            status = await self.status(session_id=session_id)
            if status["state"] == "stopped" or time.monotonic() > deadline:
                return status
            await anyio.sleep(0.2)

    async def stop_all(self) -> None:
        sessions = await self.ok("list_debug_sessions")
        for s in sessions["sessions"]:
            if s["state"] != "stopped":
                await self.raw("stop_debug_session", {"session_id": s["id"]})


async def tidy(tools: Tools) -> None:
    """Stop what a test left running (best effort: the test's own failure matters more)."""
    with anyio.move_on_after(20, shield=True), contextlib.suppress(Exception):
        await tools.stop_all()


def text_of(result) -> str:
    return "".join(getattr(block, "text", "") for block in result.content)


def access_token(state_dir: Path) -> str:
    """The HTTP access token a server with this state directory made (`<state>/mcp-token`)."""
    return (Path(state_dir) / "mcp-token").read_text().strip()


def auth_header(state_dir: Path) -> dict[str, str]:
    """`Authorization: Bearer <token>`; none when the server made no token (`--no-auth`)."""
    if not (Path(state_dir) / "mcp-token").exists():
        return {}
    return {"Authorization": f"Bearer {access_token(state_dir)}"}


# The state directory of each running `serve_http` server, by port.
SERVED: dict[int, Path] = {}


def auth_header_of(port: int) -> dict[str, str]:
    """The header for the `serve_http` server on `port`."""
    return auth_header(SERVED[port])


@contextlib.asynccontextmanager
async def http_client(url: str, state_dir: Path | None = None, headers: dict[str, str] | None = None):
    """The official SDK's streamable HTTP transport (`Client(http_client(...))`), sending the
    access token of `state_dir` (default: the `serve_http` server of the URL's port) or `headers`."""
    if headers is None:
        headers = auth_header(state_dir) if state_dir is not None else auth_header_of(int(url.split(":")[2].split("/")[0]))
    async with create_mcp_http_client(headers=headers) as http:
        async with streamable_http_client(url, http_client=http) as streams:
            yield streams


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen, log: Path, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"server exited with {proc.returncode}:\n{log.read_text()}")
        with socket.socket() as s:
            s.settimeout(0.2)
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise AssertionError(f"server did not listen on {port} within {seconds}s:\n{log.read_text()}")


def server_args(projects, brave: bool, extra: tuple[str, ...]) -> list[str]:
    args: list[str] = []
    for project in projects:
        args += ["--project", str(project)]
    if brave:
        args.append("--brave")
    return [*args, "--python", PYTHON, *extra]


def server_env(state_dir: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    env = dict(os.environ)
    env["JETBRAINS_DEBUGGER_STATE_DIR"] = str(state_dir)
    env.pop("JETBRAINS_DEBUGGER_BRAVE", None)
    env.update(extra or {})
    return env


@contextlib.asynccontextmanager
async def serve_http(binary: str, state_dir: Path, projects=(PROGRAMS,), brave: bool = True,
                     extra: tuple[str, ...] = (), env: dict[str, str] | None = None
                     ) -> AsyncIterator[tuple[int, Path]]:
    """Run `serve --port N` as a subprocess; yields (port, log file)."""
    port = free_port()
    log = state_dir.parent / f"server-http-{port}.log"
    with open(log, "w") as log_file:
        proc = subprocess.Popen(
            [binary, "serve", "--port", str(port), *server_args(projects, brave, extra)],
            stdin=subprocess.DEVNULL, stdout=log_file, stderr=subprocess.STDOUT, env=server_env(state_dir, env),
        )
    try:
        wait_for_port(port, proc, log)
        SERVED[port] = state_dir
        yield port, log
    finally:
        SERVED.pop(port, None)
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        print(f"--- server log ({log}) ---\n{log.read_text()[-6000:]}")


@contextlib.asynccontextmanager
async def connect(binary: str, state_dir: Path, *, projects=(PROGRAMS,), brave: bool = True,
                  transport: str = "stdio", mode: str = "legacy", elicitation_callback=None,
                  message_handler=None, extra: tuple[str, ...] = (), cleanup: bool = True,
                  env: dict[str, str] | None = None, logging_callback=None,
                  log_level: str | None = None) -> AsyncIterator[Tools]:
    """A connected client against a fresh server (state in `state_dir`)."""
    expected_version = LEGACY_VERSION if mode == "legacy" else MODERN_VERSION
    logging = {"logging_callback": logging_callback, "log_level": log_level}
    if transport == "stdio":
        log = state_dir.parent / f"server-stdio-{time.monotonic_ns()}.log"
        params = StdioServerParameters(
            command=binary, args=["stdio", *server_args(projects, brave, extra)], env=server_env(state_dir, env)
        )
        with open(log, "w") as errlog:
            try:
                async with Client(stdio_client(params, errlog=errlog), mode=mode,
                                  elicitation_callback=elicitation_callback,
                                  message_handler=message_handler, **logging) as client:
                    assert client.protocol_version == expected_version
                    tools = Tools(client, log)
                    try:
                        yield tools
                    finally:
                        if cleanup:
                            await tidy(tools)
            finally:
                print(f"--- server log ({log}) ---\n{log.read_text()[-6000:]}")
    else:
        async with serve_http(binary, state_dir, projects, brave, extra, env) as (port, log):
            async with Client(http_client(f"http://127.0.0.1:{port}/mcp", state_dir), mode=mode,
                              elicitation_callback=elicitation_callback,
                              message_handler=message_handler, **logging) as client:
                assert client.protocol_version == expected_version
                tools = Tools(client, log)
                try:
                    yield tools
                finally:
                    if cleanup:
                        await tidy(tools)


@pytest.fixture
def server(binary: str, state_dir: Path):
    """`async with server() as t:` — stdio, legacy mode, brave, the programs project."""

    def make(**options: Any):
        return connect(binary, state_dir, **options)

    return make
