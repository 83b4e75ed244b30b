"""What the agent-cost benchmarks share (scripts/bench-include-variables, scripts/bench-trace,
scripts/bench-workflow):
one way through a workflow against the real binary over stdio with the official MCP
SDK, counting the tool calls and the bytes of their answers (structuredContent as
compact JSON), the binary to measure, and the HTTP transport with the server's access token."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

try:
    from mcp import Client
except ImportError:
    venv = ROOT / ".venv" / "bin" / "python"
    if venv.is_file() and Path(sys.executable) != venv:
        os.execv(str(venv), [str(venv), *sys.argv])
    raise


def authorization(state_dir: str | Path) -> dict[str, str]:
    """The header a `serve` with this state directory wants (its token file, `mcp-token`)."""
    return {"Authorization": f"Bearer {(Path(state_dir) / 'mcp-token').read_text().strip()}"}


@contextlib.asynccontextmanager
async def http_transport(url: str, state_dir: str | Path):
    """The SDK's streamable HTTP transport to `url`, sending the server's access token:
    `Client(http_transport(url, state), ...)`."""
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    async with create_mcp_http_client(headers=authorization(state_dir)) as http:
        async with streamable_http_client(url, http_client=http) as streams:
            yield streams


def text_of(result: Any) -> str:
    """A tool result's text content."""
    return "".join(getattr(c, "text", "") for c in result.content)


def size(answer: dict[str, Any]) -> int:
    return len(json.dumps(answer, separators=(",", ":"), ensure_ascii=False).encode())


class Walk:
    """One way through a workflow: the calls made and their answers' sizes."""

    def __init__(self, client: Client, verbose: bool) -> None:
        self.client = client
        self.verbose = verbose
        self.calls: list[tuple[str, int]] = []

    async def call(self, name: str, **arguments: Any) -> dict[str, Any]:
        result = await self.client.call_tool(name, arguments)
        if result.is_error:
            raise SystemExit(f"{name}({arguments}) failed: {text_of(result)}")
        answer = self.answer(name, result)
        self.calls.append((name, size(answer)))
        if self.verbose:
            print(f"  {name}({json.dumps(arguments)}) → {size(answer)} B")
        return answer

    def answer(self, name: str, result: Any) -> dict[str, Any]:
        """The answer in a successful result: its structured content."""
        return result.structured_content or {}

    @property
    def total(self) -> int:
        return sum(b for _, b in self.calls)


def binary(given: str | None) -> str | None:
    """The binary to measure: `given` if it exists (None if not), else a release build
    made now (always: a stale one would measure old answers)."""
    if given:
        if not Path(given).is_file():
            print(f"No binary at {given}", file=sys.stderr)
            return None
        return given
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "jetbrains-debugger-mcp"], cwd=ROOT, check=True)
    return str(ROOT / "target" / "release" / "jetbrains-debugger-mcp")
