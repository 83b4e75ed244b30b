"""Line breakpoints follow edits of their file between launches: the four edits agents
make (lines inserted above, a function moved, a line deleted, the file rewritten whole).
The next start_debug_session says which moved (`from` → `to`) and which could not be
placed (`reason`; disabled), and list_breakpoints says the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import connect, line_of

pytestmark = pytest.mark.anyio

TOTAL = '''\
def total(items):
    acc = 0
    for x in items:
        acc += x  # MARK: add
    return acc


def main():
    print("sum", total([1, 2, 3]))  # MARK: call


main()
'''


def project_with(tmp_path: Path, text: str) -> tuple[Path, Path]:
    project = (tmp_path / "edited").resolve()
    project.mkdir()
    source = project / "total.py"
    source.write_text(text)
    return project, source


async def launch(t) -> dict:
    return await t.ok("start_debug_session", file_path="total.py", timeout=20)


async def stop(t, started: dict) -> None:
    await t.ok("stop_debug_session", session_id=started["session_id"])


async def listed(t) -> dict:
    return {b["id"]: b for b in (await t.ok("list_breakpoints"))["breakpoints"]}


async def test_lines_inserted_above_move_the_breakpoint_down(binary, state_dir, tmp_path):
    project, source = project_with(tmp_path, TOTAL)
    line = line_of(source, "add")
    async with connect(binary, state_dir, projects=(project,)) as t:
        bp = (await t.ok("set_breakpoint", file_path="total.py", line=line))["breakpoint_id"]
        first = await launch(t)
        assert first["execution"]["new_location"]["line"] == line, first
        assert "breakpoints_followed" not in first, first  # nothing was edited
        await stop(t, first)
        source.write_text("import os\nimport sys\n\n" + TOTAL)
        again = await launch(t)
        assert again["breakpoints_followed"] == [{"id": bp, "from": line, "to": line + 3}], again
        assert again["execution"]["new_location"]["line"] == line + 3, again
        shown = (await listed(t))[bp]
        assert shown["line"] == line + 3 and shown["enabled"] is True, shown
        await stop(t, again)
        # The next launch of the unchanged file moves nothing.
        third = await launch(t)
        assert "breakpoints_followed" not in third, third
        assert third["execution"]["new_location"]["line"] == line + 3, third


async def test_a_function_moved_lower_takes_its_breakpoint_along(binary, state_dir, tmp_path):
    project, source = project_with(tmp_path, TOTAL)
    line = line_of(source, "add")
    async with connect(binary, state_dir, projects=(project,)) as t:
        bp = (await t.ok("set_breakpoint", file_path="total.py", line=line))["breakpoint_id"]
        total_def, main_def = TOTAL.split("\n\n\ndef main():")
        main_def, call = ("def main():" + main_def).split("\n\n\nmain()")
        source.write_text(f"{main_def}\n\n\n{total_def}\n\n\nmain(){call}")
        moved_to = line_of(source, "add")
        assert moved_to > line
        started = await launch(t)
        assert started["breakpoints_followed"] == [{"id": bp, "from": line, "to": moved_to}], started
        assert started["execution"]["new_location"]["line"] == moved_to, started
        assert (await t.variables())["x"] == "1"
        assert "moved from line" in (await listed(t))[bp]["message"]


async def test_a_deleted_line_is_reported_not_placed_and_disabled(binary, state_dir, tmp_path):
    project, source = project_with(tmp_path, TOTAL)
    line = line_of(source, "add")
    async with connect(binary, state_dir, projects=(project,)) as t:
        bp = (await t.ok("set_breakpoint", file_path="total.py", line=line))["breakpoint_id"]
        kept = (await t.ok("set_breakpoint", file_path="total.py",
                           line=line_of(source, "call")))["breakpoint_id"]
        source.write_text(TOTAL.replace("        acc += x  # MARK: add\n", "        pass\n"))
        started = await launch(t)
        followed = {f["id"]: f for f in started["breakpoints_followed"]}
        assert followed[bp] == {"id": bp, "from": line,
                                "reason": "its line is no longer in the file"}, started
        # The breakpoint on the call did not move (the deleted line was replaced by one).
        assert kept not in followed, started
        assert started["execution"]["new_location"]["line"] == line_of(source, "call"), started
        shown = await listed(t)
        assert shown[bp]["enabled"] is False and shown[bp]["line"] == line, shown
        assert "no longer in the file" in shown[bp]["message"], shown
        ended = await t.ok("resume")
        assert ended["state"] == "stopped" and "sum 0" in ended["output"], ended


async def test_a_file_rewritten_whole_keeps_the_lines_it_still_has(binary, state_dir, tmp_path):
    project, source = project_with(tmp_path, TOTAL)
    add, call = line_of(source, "add"), line_of(source, "call")
    async with connect(binary, state_dir, projects=(project,)) as t:
        on_add = (await t.ok("set_breakpoint", file_path="total.py", line=add))["breakpoint_id"]
        on_call = (await t.ok("set_breakpoint", file_path="total.py", line=call))["breakpoint_id"]
        source.write_text('''\
"""Sums, rewritten."""

import sys


def total(items):
    """The sum of items."""
    acc = 0
    for x in items:
        if x < 0:
            continue
        acc += x  # MARK: add
    return acc


if __name__ == "__main__":
    print("total", total([int(a) for a in sys.argv[1:]] or [4, 5]))
''')
        started = await launch(t)
        followed = {f["id"]: f for f in started["breakpoints_followed"]}
        assert followed == {
            on_add: {"id": on_add, "from": add, "to": line_of(source, "add")},
            on_call: {"id": on_call, "from": call, "reason": "its line is no longer in the file"},
        }, started
        assert started["execution"]["new_location"]["line"] == line_of(source, "add"), started
        assert (await t.variables())["x"] == "4"


async def test_a_running_program_keeps_its_lines_until_it_restarts(binary, state_dir, tmp_path):
    project, source = project_with(tmp_path, TOTAL)
    line = line_of(source, "add")
    async with connect(binary, state_dir, projects=(project,)) as t:
        bp = (await t.ok("set_breakpoint", file_path="total.py", line=line))["breakpoint_id"]
        running = await launch(t)
        assert running["execution"]["new_location"]["line"] == line, running
        assert "message" not in (await listed(t))[bp]
        source.write_text("import os\n\n" + TOTAL)
        shown = (await listed(t))[bp]
        assert shown["line"] == line, shown  # the program runs the code it loaded
        assert f"edited after session {running['session_id']} started" in shown["message"], shown
        hit = await t.ok("resume")  # the old code, the old line: the next iteration
        assert hit["new_location"]["line"] == line and hit["breakpoints_hit"] == [bp], hit
        restarted = await t.ok("start_debug_session", file_path="total.py", restart=True,
                               timeout=20)
        assert restarted["breakpoints_followed"] == [{"id": bp, "from": line, "to": line + 2}]
        assert restarted["execution"]["new_location"]["line"] == line + 2, restarted
