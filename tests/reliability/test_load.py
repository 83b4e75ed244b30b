"""Load: 20 concurrent HTTP clients × 100 calls, no error, latency figures printed; and
1,000 HTTP MCP sessions opened and deleted with the server's memory growth bounded."""

from __future__ import annotations

import statistics
import time

import anyio
import pytest
from mcp import Client

from conftest import RawHttp, figure, harness, server_process

pytestmark = pytest.mark.anyio

CLIENTS, CALLS = 20, 100
SESSIONS = 1000
RSS_GROWTH_BOUND_MB = 25


async def test_twenty_clients_hundred_calls_each(binary, state_dir):
    async with harness.serve_http(binary, state_dir) as (port, log):
        url = f"http://127.0.0.1:{port}/mcp"
        latencies: list[float] = []
        errors: list[str] = []
        mix = [
            ("list_breakpoints", {}),
            ("list_debug_sessions", {}),
            ("list_run_configurations", {}),
            ("get_source_context", {"file_path": "short.py", "line": 1}),
        ]

        async def client(n: int) -> None:
            async with Client(harness.http_client(url), mode="legacy") as session:
                for i in range(CALLS):
                    name, arguments = mix[(n + i) % len(mix)]
                    started = time.monotonic()
                    with anyio.fail_after(30):
                        result = await session.call_tool(name, arguments)
                    latencies.append(time.monotonic() - started)
                    if result.is_error:
                        errors.append(f"{name}: {harness.text_of(result)}")

        started = time.monotonic()
        async with anyio.create_task_group() as group:
            for n in range(CLIENTS):
                group.start_soon(client, n)
        elapsed = time.monotonic() - started
        latencies.sort()
        figure("load calls", len(latencies))
        figure("load errors", len(errors))
        figure("load p50 ms", round(statistics.median(latencies) * 1000, 1))
        figure("load p99 ms", round(latencies[int(len(latencies) * 0.99) - 1] * 1000, 1))
        figure("load calls per second", round(len(latencies) / elapsed))
        assert not errors, errors[:5]
        assert len(latencies) == CLIENTS * CALLS


async def test_a_thousand_http_sessions_opened_and_deleted(binary, state_dir):
    async with harness.serve_http(binary, state_dir) as (port, _log):
        raw = RawHttp(port)
        server = server_process(port)
        # Warm up (allocator arenas, lazily built tool list), then measure.
        for _ in range(50):
            raw.delete(raw.open_session())
        before = server.memory_info().rss
        started = time.monotonic()
        for i in range(SESSIONS):
            session = raw.open_session()
            if i % 10 == 0:
                answer = raw.call(session, "list_breakpoints", {})
                assert "result" in answer, answer
            assert raw.delete(session) in (200, 202, 204)
        elapsed = time.monotonic() - started
        await anyio.sleep(1)
        after = server.memory_info().rss
        growth_mb = (after - before) / 1024 / 1024
        figure("http sessions opened+deleted", SESSIONS)
        figure("http sessions seconds", round(elapsed, 1))
        figure("server RSS before MB", round(before / 1024 / 1024, 1))
        figure("server RSS after MB", round(after / 1024 / 1024, 1))
        figure("server RSS growth MB", round(growth_mb, 1))
        assert growth_mb < RSS_GROWTH_BOUND_MB
