"""The logging capability through the official Python SDK: `logging/setLevel` on the
handshake-era protocol (and `_meta` `io.modelcontextprotocol/logLevel` per request on
2026-07-28), and `notifications/message` for what an agent should know as it happens:
a state file set aside, an adapter that died (with its stderr tail), a breakpoint the
debugger rejected. (An approval remembered for a session comes from the IDE's dialog:
tests/e2e/ide/test_ide_bridge.py.)"""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

from conftest import MODES, TRANSPORTS, connect
from helpers.fault_projects import c_project, fake_adapter_env, python_project

pytestmark = [pytest.mark.anyio, pytest.mark.filterwarnings("ignore::DeprecationWarning")]


class Told:
    """The notices a client was told."""

    def __init__(self) -> None:
        self.notices: list = []

    async def __call__(self, params) -> None:
        self.notices.append(params)

    def about(self, logger: str) -> list:
        return [n for n in self.notices if n.logger == logger]

    async def wait_for(self, logger: str, seconds: float = 20) -> list:
        with anyio.fail_after(seconds):
            while not self.about(logger):
                await anyio.sleep(0.05)
        return self.about(logger)


def corrupt_breakpoints(state_dir: Path) -> None:
    files = list(state_dir.glob("projects/*/breakpoints.json"))
    assert len(files) == 1, files
    files[0].write_text("{ this is not JSON")


@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_a_state_file_set_aside_is_told_at_the_level_set(binary, state_dir, transport):
    told = Told()
    async with connect(binary, state_dir, transport=transport, logging_callback=told) as t:
        assert t.client.server_capabilities.logging is not None
        await t.client.set_logging_level("warning")
        await t.ok("set_breakpoint", file_path="nested.py", line=33)
        corrupt_breakpoints(state_dir)
        answer = await t.ok("set_breakpoint", file_path="nested.py", line=34)
        assert answer["warnings"], answer
        [notice] = await told.wait_for("state")
        assert notice.level == "warning" and "set aside" in notice.data["message"], notice
        assert notice.data["message"] == answer["warnings"][0]

        # Above the level set, nothing more of the kind is told.
        await t.client.set_logging_level("error")
        corrupt_breakpoints(state_dir)
        answer = await t.ok("set_breakpoint", file_path="nested.py", line=38)
        assert len(answer["warnings"]) == 2, answer
        await anyio.sleep(1)
        assert len(told.about("state")) == 1, told.notices


@pytest.mark.parametrize("transport", TRANSPORTS)
@pytest.mark.parametrize("mode", MODES)
async def test_an_adapter_that_dies_is_told_with_its_stderr(binary, state_dir, tmp_path, transport, mode):
    project = python_project((tmp_path / "python").resolve())
    told = Told()
    # 2026-07-28: the client names its level per request (the SDK stamps `log_level` on
    # each), and the notices of a call come on its own stream.
    async with connect(binary, state_dir, projects=(project.root,), transport=transport, mode=mode,
                       env=fake_adapter_env(project, FAKE_ADAPTER_ON_LAUNCH="exit"),
                       logging_callback=told, log_level="info" if mode == "auto" else None) as t:
        await t.err("start_debug_session", "adapter_crashed", configuration_name="Fake")
        [notice] = await told.wait_for("session")
        assert notice.level == "error", notice
        assert notice.data["error"]["error"] == "adapter_crashed", notice
        # The adapter's stderr as read when the session ended (its very last line may come
        # a moment later: the call's own error has it, test_diagnostics.py).
        assert "fake adapter: up" in notice.data["error"]["diagnostics"]["stderr_tail"], notice


async def test_a_breakpoint_the_debugger_rejects_is_told(binary, state_dir, tmp_path):
    project = c_project((tmp_path / "c").resolve())
    told = Told()
    async with connect(binary, state_dir, projects=(project.root,), logging_callback=told) as t:
        missing = await t.ok("set_breakpoint", function="no_such_function")
        await t.ok("set_breakpoint", file_path=str(project.loop_file), line=project.loop_line)
        started = await t.start("Loop", timeout=60)
        assert started["status"] == "paused", started
        [notice] = await told.wait_for("breakpoints")
        assert notice.level == "warning" and notice.data["breakpoint_id"] == missing["breakpoint_id"], notice
        assert notice.data["where"] == {"type": "function", "name": "no_such_function"}, notice
        assert "rejected by the debugger" in notice.data["message"], notice
        listed = {b["id"]: b for b in (await t.ok("list_breakpoints"))["breakpoints"]}
        assert listed[missing["breakpoint_id"]]["verified"] is False


async def test_a_2026_request_without_a_level_is_told_nothing(binary, state_dir):
    told = Told()
    async with connect(binary, state_dir, mode="auto", logging_callback=told) as t:
        await t.ok("set_breakpoint", file_path="nested.py", line=33)
        corrupt_breakpoints(state_dir)
        answer = await t.ok("set_breakpoint", file_path="nested.py", line=34)
        assert answer["warnings"], answer
        await anyio.sleep(1)
        assert told.notices == [], "2026-07-28: only a request that names a level is told"
