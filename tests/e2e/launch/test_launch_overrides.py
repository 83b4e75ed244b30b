"""Launch overrides, standalone with debugpy: start_debug_session and
run_configuration change a configuration's arguments, working directory and environment
for one launch; launch.json stays as it was; a working directory outside the project or
a badly typed override is refused before anything launches; env values never reach the
history."""

from __future__ import annotations

import pytest

from conftest import PROGRAMS
from helpers.history import exported_history

pytestmark = pytest.mark.anyio

LAUNCH_JSON = PROGRAMS / ".vscode" / "launch.json"
OVERRIDES = {"args": ["one", "two words"], "cwd": "workdir", "env": {"ECHO_MODE": "override"}}


def assert_overridden(output: str) -> None:
    assert "argv=['one', 'two words']" in output, output
    assert "cwd=" + str(PROGRAMS / "workdir") in output, output
    assert "ECHO_MODE=override" in output, output
    assert "--from-config" not in output, output


async def test_debug_session_sees_the_overrides_and_launch_json_is_unchanged(server, state_dir):
    before = LAUNCH_JSON.read_bytes()
    async with server() as t:
        started = await t.start("Echo Launch", timeout=20, overrides=OVERRIDES)
        status = await t.wait_until_ended(started["session_id"])
        assert status["state"] == "stopped" and status["exit_code"] == 0, status
        assert_overridden(status["output"])
        # The next launch is the configuration as written.
        plain = await t.ok("run_configuration", configuration_name="Echo Launch",
                           wait_for_completion=True, timeout=20)
        assert "argv=['--from-config']" in plain["output"], plain
        assert "cwd=" + str(PROGRAMS) + "\n" in plain["output"].replace("\r", ""), plain
        assert "ECHO_MODE=config" in plain["output"], plain
        entries = await exported_history(
            state_dir, lambda es: any(e["tool"] == "start_debug_session" for e in es))
        recorded = next(e for e in entries if e["tool"] == "start_debug_session")
        assert recorded["parameters"]["overrides"]["env"] == {"ECHO_MODE": "***"}, recorded
        assert "override" not in str(recorded["parameters"]["overrides"]["env"])
    assert LAUNCH_JSON.read_bytes() == before


async def test_run_configuration_with_overrides_shows_them_in_its_output(server):
    async with server() as t:
        ran = await t.ok("run_configuration", configuration_name="Echo Launch",
                         wait_for_completion=True, timeout=20, overrides=OVERRIDES)
        assert ran["status"] == "completed", ran
        assert_overridden(ran["output"])


@pytest.mark.parametrize("tool", ["start_debug_session", "run_configuration"])
@pytest.mark.parametrize("cwd", ["..", "/usr", "workdir/../.."])
async def test_a_working_directory_outside_the_project_is_refused(server, tool, cwd):
    async with server() as t:
        body = await t.err(tool, "path_outside_project", configuration_name="Echo Launch",
                           overrides={"cwd": cwd})
        assert "outside the project" in body["message"], body
        assert (await t.ok("list_debug_sessions"))["sessions"] == [], "nothing launched"


@pytest.mark.parametrize("overrides", [
    {"args": "one two"},
    {"args": [1, 2]},
    {"env": {"ECHO_MODE": 3}},
    {"env": ["ECHO_MODE=x"]},
    {"env": {"": "x"}},
    {"env": {"A=B": "x"}},
    {"cwd": 7},
    {"cwd": "echo_launch.py"},
    {"program": "other.py"},
    "args",
])
async def test_badly_typed_overrides_are_invalid_params(server, overrides):
    async with server() as t:
        for tool in ("start_debug_session", "run_configuration"):
            await t.err(tool, "invalid_params", configuration_name="Echo Launch",
                        overrides=overrides)
        assert (await t.ok("list_debug_sessions"))["sessions"] == [], "nothing launched"
