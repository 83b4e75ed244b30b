"""The bad-input sweep: every tool × every parameter × hostile values (wrong types,
1 MB strings, unicode, NUL, traversal, absolute paths and symlinks out of the project,
unknown ids, huge, negative and non-finite numbers) and missing required parameters.
Every call must answer within a bound with a result or a structured error (a known
stable `error` code and a message), never a protocol error or a hang; a call that
failed must not have changed the breakpoints or the watches."""

from __future__ import annotations

import hashlib
import json
import time
from collections import Counter
from pathlib import Path

import anyio
import pytest

from conftest import figure, harness, known_error_codes

pytestmark = pytest.mark.anyio

MB = "x" * (1024 * 1024)

# Plausible values for required parameters, so a call reaches the parameter under test.
BASELINE = {
    "file_path": "ok.py",
    "line": 1,
    "configuration_name": "no such configuration",
    "expression": "1 + 1",
    "breakpoint_id": "bp-424242",
    "watch_id": "w-424242",
    "exception_class": "ValueError",
    "variable_id": "v1.1",
    "new_value": "1",
    "name": "x",
    "frame_index": 0,
    "thread_id": "1",
    "probes": [{"file_path": "ok.py", "line": 2, "expressions": ["x"]}],
}

# Tools whose target is one of several parameters, none of them `required` in the schema:
# the target that lets the parameter under test be reached ("": any other parameter).
ONE_OF_TARGETS = {
    "start_debug_session": {
        "configuration_name": {},
        "file_path": {},
        "line": {"file_path": "ok.py"},
        "": {"configuration_name": "no such configuration"},
    },
    "set_breakpoint": {
        "file_path": {"line": 1},
        "line": {"file_path": "ok.py"},
        "function": {},
        "": {"file_path": "ok.py", "line": 1},
    },
}


def hostile_values(outside: Path, symlink: Path) -> list[object]:
    return [
        {"an": "object"}, [1, 2], True, None, 3.5,
        MB, "ｏｓ.ｒｅｐｌａｃｅ💥 Ω", "a\x00b", "", " ",
        "../../../../../../etc/passwd", "/etc/passwd", str(outside), str(symlink), "out.py",
        "bp-999999", "s-unknown", "v99.99", "w-nope",
        -1, 0, 2 ** 64, 2e19, 1e308, -1e308, "NaN", "inf", "-0",
    ]


def fingerprint(state_dir: Path, breakpoints: dict) -> str:
    """Breakpoints as listed plus the persisted watches: what a failed call must not change."""
    watches = b"".join(p.read_bytes() for p in sorted(state_dir.rglob("watches*.json")))
    listed = json.dumps(breakpoints, sort_keys=True).encode()
    return hashlib.sha256(listed + watches).hexdigest()


async def test_every_tool_answers_bad_input_with_a_structured_error(binary, state_dir, trap_project, tmp_path):
    codes = known_error_codes()
    outside, symlink = tmp_path / "outside.py", trap_project / "out.py"
    async with harness.connect(binary, state_dir, projects=(trap_project,), brave=False) as tools:
        listed = await tools.client.list_tools()
        # Some state that must survive the sweep.
        await tools.ok("set_breakpoint", file_path="ok.py", line=2)
        await tools.ok("add_watch", expression="x")

        async def state() -> str:
            return fingerprint(state_dir, await tools.ok("list_breakpoints"))

        calls, slowest, seen = 0, 0.0, Counter()
        before = await state()
        started_sweep = time.monotonic()

        read_only = {t.name for t in listed.tools if t.annotations and t.annotations.read_only_hint}

        unnamed: list[str] = []

        async def probe(tool: str, arguments: dict, field: str | None = None) -> None:
            nonlocal calls, slowest, before
            started = time.monotonic()
            with anyio.fail_after(20):  # a hang fails here
                result = await tools.client.call_tool(tool, arguments)
            took = time.monotonic() - started
            slowest = max(slowest, took)
            calls += 1
            if result.is_error:
                body = json.loads(harness.text_of(result))
                assert body.get("error") in codes, (tool, arguments, body)
                assert isinstance(body.get("message"), str) and body["message"], body
                seen[body["error"]] += 1
                if field and body["error"] == "invalid_params" and field not in body["message"]:
                    unnamed.append(f"{tool}.{field}: {body['message'][:100]}")
                if tool in read_only:
                    return
                after = await state()
                assert after == before, f"{tool} failed ({body['error']}) yet changed state: {arguments!r:.300}"
            else:
                seen["(accepted)"] += 1
                before = await state()  # a legitimate change

        for tool in listed.tools:
            schema = tool.input_schema
            properties = schema.get("properties", {})
            required = schema.get("required", [])
            base = {name: BASELINE[name] for name in required if name in BASELINE}
            if required:
                await probe(tool.name, {})  # every required parameter missing
            targets = ONE_OF_TARGETS.get(tool.name, {})
            for name in properties:
                target = targets.get(name, targets.get("", {}))
                for value in hostile_values(outside, symlink):
                    await probe(tool.name, {**base, **target, name: value}, name)
            await probe(tool.name, {**base, "unknown_parameter": 1})

        figure("bad-input calls", calls)
        figure("bad-input sweep seconds", round(time.monotonic() - started_sweep, 1))
        figure("bad-input slowest answer ms", round(slowest * 1000))
        figure("bad-input answers by code", dict(seen.most_common()))
        figure("invalid_params answers not naming the field under test", len(unnamed))
        # Those few name what is missing instead ("Give 'breakpoint_id', or 'file_path'").
        assert all("'" in message.split(": ", 1)[1] for message in unnamed), unnamed
        assert calls > 1000
        assert slowest < 10


async def test_timeouts_are_bounded_and_validated(binary, state_dir):
    """Huge timeouts are clamped (they used to hang), odd ones refused naming the field."""
    async with harness.connect(binary, state_dir) as tools:
        try:
            await tools.ok("set_breakpoint", file_path="short.py", line=harness.line_of("short.py", "short"))
            for huge in [2e19, 1e308, 2 ** 64]:
                with anyio.fail_after(30):
                    started = await tools.start("Short", timeout=huge)
                assert started["status"] == "paused", started
                with anyio.fail_after(30):
                    resumed = await tools.ok("resume", timeout=huge)
                assert resumed["status"] in ("stopped", "paused", "running"), resumed
                await tools.stop_all()
            for odd in [0, -1, "NaN", "inf", "-inf"]:
                for tool in ["resume", "step_over", "start_debug_session", "run_configuration", "pause"]:
                    arguments = {"timeout": odd}
                    if tool in ("start_debug_session", "run_configuration"):
                        arguments["configuration_name"] = "Short"
                    body = await tools.err(tool, "invalid_params", **arguments)
                    assert "timeout" in body["message"], body
        finally:
            await harness.tidy(tools)
