"""Reading and following the debugger's MCP resources with the official SDK, on either
protocol generation: shared by test_resources.py (debugpy) and test_ide_bridge.py (the IDE
backend)."""

from __future__ import annotations

import contextlib
import json
import time
import warnings
from typing import Any, AsyncIterator

import anyio
import pytest
from mcp.shared.exceptions import MCPError

SESSION = "debugger://session"
BREAKPOINTS = "debugger://breakpoints"
THREADS = "debugger://threads"
OUTPUT = "debugger://session/output"
LOG = "debugger://session/log"
MODULES = "debugger://session/modules"
LISTED = {SESSION, BREAKPOINTS, THREADS, OUTPUT, LOG, MODULES}
LIST_CHANGED = ("list_changed", None)


def updated(uri: str) -> tuple[str, str]:
    return ("updated", uri)


class Notices:
    """Resource notifications as they arrive, with when: on the legacy protocol through the
    client's message handler, on 2026-07-28 through a `listen()` stream."""

    def __init__(self) -> None:
        self.seen: list[tuple[tuple[str, str | None], float]] = []

    def record(self, notice: tuple[str, str | None]) -> None:
        self.seen.append((notice, time.monotonic()))

    async def handler(self, message: Any) -> None:
        method = getattr(message, "method", None)
        if method == "notifications/resources/list_changed":
            self.record(LIST_CHANGED)
        elif method == "notifications/resources/updated":
            self.record(updated(message.params.uri))

    def mark(self) -> tuple[int, float]:
        return len(self.seen), time.monotonic()

    async def wait(self, mark: tuple[int, float], notice: tuple[str, str | None], seconds: float = 10) -> float:
        """Wait (bounded) for `notice` after `mark`; how long after the mark it came."""
        index, since = mark
        with anyio.fail_after(seconds):
            while True:
                for got, at in self.seen[index:]:
                    if got == notice:
                        return at - since
                await anyio.sleep(0.02)

    def after(self, mark: tuple[int, float]) -> list[tuple[str, str | None]]:
        return [notice for notice, _ in self.seen[mark[0]:]]

    @contextlib.asynccontextmanager
    async def subscribed(self, client, mode: str, *uris: str) -> AsyncIterator[None]:
        if mode == "legacy":
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # resources/subscribe is the legacy way, on purpose
                for uri in uris:
                    await client.subscribe_resource(uri)
            yield
            return
        async with client.listen(resources_list_changed=True, resource_subscriptions=uris) as stream:
            assert stream.honored.resource_subscriptions == list(uris)

            async def drain() -> None:
                async for event in stream:
                    uri = getattr(event, "uri", None)
                    self.record(updated(uri) if uri else LIST_CHANGED)

            async with anyio.create_task_group() as group:
                group.start_soon(drain)
                yield
                group.cancel_scope.cancel()


async def read(client, uri: str) -> Any:
    result = await client.read_resource(uri)
    [content] = result.contents
    assert content.uri == uri
    if content.mime_type == "application/json":
        return json.loads(content.text)
    assert content.mime_type in {"text/plain", "text/markdown"}
    return content.text


async def read_error(client, uri: str, code: str) -> dict[str, Any]:
    with pytest.raises(MCPError) as caught:
        await client.read_resource(uri)
    body = caught.value.data
    assert body["error"] == code, body
    return body
