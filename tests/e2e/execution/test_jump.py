"""jump_to_line ("set next statement") through the standalone backend: debugpy runs a line
again, observable in a variable; the jump asks the user first, as set_variable does, and a
refusal changes nothing. (lldb-dap and Delve answer not_supported: test_native.py.)"""

from __future__ import annotations

from pathlib import Path

import mcp.types as types
import pytest

from conftest import connect

pytestmark = pytest.mark.anyio

PROGRAM = """\
def main():
    count = 0
    count += 1  # bump
    print("count", count)  # after
    return count


main()
"""
BUMP, AFTER = 3, 4


def project_with_program(tmp_path: Path) -> Path:
    project = tmp_path / "jump"
    project.mkdir()
    (project / "app.py").write_text(PROGRAM)
    return project.resolve()


async def paused_after_the_bump(t) -> dict:
    await t.ok("set_breakpoint", file_path="app.py", line=AFTER)
    started = await t.ok("start_debug_session", file_path="app.py")
    assert started["execution"]["new_location"]["line"] == AFTER, started
    assert (await t.variables())["count"] == "1"
    return started


async def test_jump_back_runs_a_line_again(binary, state_dir, tmp_path):
    project = project_with_program(tmp_path)
    async with connect(binary, state_dir, projects=(project,)) as t:
        await paused_after_the_bump(t)
        jumped = await t.ok("jump_to_line", line=BUMP, include_variables=True)
        assert jumped["status"] == "paused" and jumped["paused_reason"] == "goto", jumped
        assert jumped["new_location"]["line"] == BUMP and jumped["new_location"]["method"] == "main", jumped
        assert "count += 1" in jumped["source_line"], jumped
        assert {v["name"]: v["value"] for v in jumped["variables"]}["count"] == "1", "not run yet"
        stepped = await t.ok("step_over")
        assert stepped["new_location"]["line"] == AFTER, stepped
        assert (await t.variables())["count"] == "2", "the line ran a second time"

        # Forward over the print: skipped, so the program's output never has it.
        await t.ok("jump_to_line", file_path="app.py", line=AFTER + 1)
        ended = await t.ok("resume")
        assert ended["status"] == "stopped" and "count" not in (ended.get("output") or ""), ended


async def test_a_jump_where_python_cannot_go_changes_nothing(binary, state_dir, tmp_path):
    project = project_with_program(tmp_path)
    async with connect(binary, state_dir, projects=(project,)) as t:
        await paused_after_the_bump(t)
        body = await t.err("jump_to_line", "invalid_location", line=7)  # a blank line
        assert "7" in body["message"], body
        status = await t.status()
        assert status["current_location"]["line"] == AFTER, status
        assert (await t.variables())["count"] == "1"


async def test_a_jump_asks_the_user_and_a_refusal_changes_nothing(binary, state_dir, tmp_path):
    project = project_with_program(tmp_path)
    asked: list[str] = []
    answer = {"approve": True}

    async def user(context, params):
        asked.append(params.message)
        if "next statement" in params.message:
            return types.ElicitResult(action="accept", content=dict(answer))
        return types.ElicitResult(action="accept", content={"approve": True})

    async with connect(binary, state_dir, projects=(project,), brave=False, elicitation_callback=user) as t:
        await paused_after_the_bump(t)
        answer["approve"] = False
        await t.err("jump_to_line", "confirmation_denied", line=BUMP)
        question = next(m for m in asked if "next statement" in m)
        assert f'"{project / "app.py"}:{BUMP}"' in question, question
        stepped = await t.ok("step_over")
        assert stepped["new_location"]["line"] == AFTER + 1, "the refused jump did not move execution"
        assert (await t.variables())["count"] == "1"
