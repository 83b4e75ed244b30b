"""The real-IDE check: the official MCP client against the plugin running in a real IntelliJ IDE
(the `real-ide` job of .github/workflows/build.yml starts PyCharm Community and IntelliJ IDEA
Community 2025.2 with the built plugin, then runs this). It lists the run configurations, sets a
line breakpoint, debugs the file, stops at the breakpoint, reads a variable and stops the session.

    python tests/real-ide/mcp_check.py --file PATH --line N --variable NAME=VALUE [--url URL] [--token-file F]

The server wants its access token (`Authorization: Bearer`): read from --token-file, by default
`mcp-token` in the state directory the binary uses ($JETBRAINS_DEBUGGER_STATE_DIR, else
$XDG_STATE_HOME/jetbrains-debugger, else ~/.local/state/jetbrains-debugger).

Waits up to --wait seconds for the plugin's server (the IDE indexes first); exits 1 naming the
step that failed. The machine running this needs the network-free MCP SDK only (tests/requirements.txt).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import anyio
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client


class CheckFailed(Exception):
    pass


async def call(client: Client, tool: str, **arguments: Any) -> dict[str, Any]:
    with anyio.fail_after(180):
        result = await client.call_tool(tool, arguments)
    text = "".join(getattr(c, "text", "") for c in result.content)
    if result.is_error:
        raise CheckFailed(f"{tool}({arguments}) failed: {text}")
    answer = result.structured_content or json.loads(text)
    print(f"{tool}: {json.dumps(answer)[:400]}", flush=True)
    return answer


def default_token_file() -> Path:
    """`mcp-token` in the binary's state directory (`debugger_core::state::StateDir::from_env`)."""
    if os.environ.get("JETBRAINS_DEBUGGER_STATE_DIR"):
        state = Path(os.environ["JETBRAINS_DEBUGGER_STATE_DIR"])
    elif os.environ.get("XDG_STATE_HOME"):
        state = Path(os.environ["XDG_STATE_HOME"]) / "jetbrains-debugger"
    else:
        state = Path.home() / ".local" / "state" / "jetbrains-debugger"
    return state / "mcp-token"


@contextlib.asynccontextmanager
async def with_token(url: str, token_file: Path):
    """The SDK's streamable HTTP transport, sending the token (read now: the server makes it)."""
    headers = {"Authorization": f"Bearer {token_file.read_text().strip()}"}
    async with create_mcp_http_client(headers=headers) as http:
        async with streamable_http_client(url, http_client=http) as streams:
            yield streams


async def connect(url: str, wait: float, token_file: Path) -> Client:
    deadline = time.monotonic() + wait
    while True:
        try:
            client = Client(with_token(url, token_file), mode="legacy")
            await client.__aenter__()
            return client
        except Exception as e:  # the server is not up yet: the IDE starts and indexes first
            if time.monotonic() > deadline:
                raise CheckFailed(f"no MCP server at {url} after {wait:.0f} s: {e}") from e
            await anyio.sleep(2)


async def check(args: argparse.Namespace) -> None:
    name, _, value = args.variable.partition("=")
    client = await connect(args.url, args.wait, args.token_file)
    try:
        configurations = await call(client, "list_run_configurations")
        print(f"{len(configurations['run_configurations'])} run configuration(s)")
        breakpoint = await call(client, "set_breakpoint", file_path=args.file, line=args.line)
        started = await call(client, "start_debug_session", file_path=args.file)
        if started.get("status") != "paused" or started["execution"]["new_location"]["line"] != args.line:
            raise CheckFailed(f"the session did not stop at line {args.line}: {started}")
        if breakpoint["breakpoint_id"] not in started["execution"].get("breakpoints_hit", []):
            raise CheckFailed(f"the stop is not attributed to breakpoint {breakpoint['breakpoint_id']}: {started}")
        variables = {v["name"]: v["value"] for v in (await call(client, "get_variables"))["variables"]}
        if variables.get(name) != value:
            raise CheckFailed(f"{name} is {variables.get(name)!r}, expected {value!r}: {variables}")
        await call(client, "stop_debug_session")
    finally:
        await client.__aexit__(None, None, None)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", default="http://127.0.0.1:47823/mcp")
    parser.add_argument("--file", required=True, help="the file to debug, as the agent names it")
    parser.add_argument("--line", required=True, type=int, help="the 1-based line of the breakpoint")
    parser.add_argument("--variable", required=True, help="NAME=VALUE a local variable has at the breakpoint")
    parser.add_argument("--wait", type=float, default=600, help="seconds to wait for the plugin's server")
    parser.add_argument("--token-file", type=Path, default=default_token_file(),
                        help="the server's access token file (default: mcp-token in its state directory)")
    args = parser.parse_args()
    try:
        anyio.run(check, args)
    except CheckFailed as e:
        print(f"REAL-IDE CHECK FAILED: {e}", file=sys.stderr)
        return 1
    print("real-IDE check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
