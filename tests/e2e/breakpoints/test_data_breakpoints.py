"""Data breakpoints, "who changed this value?" (standalone, lldb-dap on a C program built
here): set_breakpoint watch= a name or a variable id of the current stop stops at each
write that changed the value, saying which value, from what to what, and where the write
was; a watch on a frame's local ends with that frame; it lives with its session (listed as
a `field` breakpoint, never persisted). debugpy and Delve say why they cannot, and bad
input changes nothing."""

from __future__ import annotations

import shutil
import subprocess
import textwrap
from pathlib import Path

import pytest

from conftest import PROGRAMS, connect

pytestmark = pytest.mark.anyio

NATIVE = Path(__file__).resolve().parents[1] / "native"


def mark(path: Path, name: str) -> int:
    for number, text in enumerate(path.read_text().splitlines(), start=1):
        if f"MARK: {name}" in text:
            return number
    raise AssertionError(f"no MARK: {name} in {path}")


@pytest.fixture
def account(tmp_path: Path) -> Path:
    project = tmp_path / "watch"
    shutil.copytree(NATIVE / "watch", project)
    (project / "build").mkdir()
    subprocess.run(["gcc", "-g", "-O0", "-o", "build/account", "account.c"], cwd=project, check=True,
                   timeout=120)
    return project.resolve()


def field_breakpoints(listed: dict) -> list[tuple[str, str]]:
    return [(b["type"], b["watch"]) for b in listed["breakpoints"] if b["type"] == "field"]


async def test_a_watch_stops_at_each_write_with_old_and_new_value(binary, state_dir, account):
    source = account / "account.c"
    async with connect(binary, state_dir, projects=(account,)) as t:
        start = await t.ok("set_breakpoint", file_path="account.c", line=mark(source, "start"))
        started = await t.start("Account")
        assert started["execution"]["new_location"]["line"] == mark(source, "start"), started

        # By name (a variable path of the selected frame), and by a variable id.
        by_name = await t.ok("set_breakpoint", watch="total")
        assert by_name["status"] == "set" and by_name["verified"] is True, by_name
        assert "until main returns" in by_name["message"], by_name
        acc = next(v for v in (await t.ok("get_variables"))["variables"] if v["name"] == "acc")
        fields = (await t.ok("expand_variable", variable_id=acc["id"]))["children"]
        balance = next(f for f in fields if f["name"] == "balance")
        by_id = await t.ok("set_breakpoint", watch=balance["id"])
        assert by_id["verified"] is True, by_id
        listed = await t.ok("list_breakpoints", type="field")
        assert field_breakpoints(listed) == [("field", "total"), ("field", "acc.balance")], listed
        await t.ok("remove_breakpoint", breakpoint_id=start["breakpoint_id"])

        for old, new in (("0", "1"), ("1", "3"), ("3", "6")):
            stop = await t.ok("resume", include_variables=True)
            assert stop["paused_reason"] == "value_changed", stop
            assert stop["value_changes"] == [{
                "watch": "total", "old": old, "new": new, "breakpoint_id": by_name["breakpoint_id"],
                "written_at": f"account.c:{mark(source, 'total')}"}], stop
            assert stop["breakpoints_hit"] == [by_name["breakpoint_id"]], stop
            assert f"total {old} → {new}" in stop["message"], stop
            assert stop["new_location"]["method"] == "main", stop

        # Written through a pointer in another function: stopped there, that frame on top.
        stop = await t.ok("resume")
        assert [(c["watch"], c["old"], c["new"]) for c in stop["value_changes"]] == [
            ("acc.balance", "10", "15")], stop
        assert stop["value_changes"][0]["written_at"] == f"account.c:{mark(source, 'deposit')}", stop
        assert stop["new_location"]["method"] == "deposit", stop
        stack = await t.ok("get_stack_trace")
        assert [f["method"] for f in stack["frames"][:2]] == ["deposit", "main"], stack
        status = await t.status()
        assert status["paused_reason"] == "value_changed", status
        assert status["value_changes"][0]["new"] == "15", status
        stop = await t.ok("resume")
        assert [(c["old"], c["new"], c["written_at"]) for c in stop["value_changes"]] == [
            ("15", "12", f"account.c:{mark(source, 'fee')}")], stop
        hits = {b["watch"]: b["hit_count"] for b in (await t.ok("list_breakpoints"))["breakpoints"]}
        assert hits == {"total": 3, "acc.balance": 2}, hits

        # main returns: its stack is reused by the C library, which is no change of main's
        # values: the watches end with their frame and the program runs to its end.
        ended = await t.ok("resume")
        assert ended["status"] == "stopped" and ended["exit_code"] == 0, ended
        assert "balance 12 total 6 sizes 17" in (ended.get("output") or "") + (await t.status())["output"]
        # Watches live with their session: gone, and not persisted.
        assert field_breakpoints(await t.ok("list_breakpoints")) == []


async def test_a_watch_on_a_local_ends_with_its_frame(binary, state_dir, account):
    source = account / "account.c"
    async with connect(binary, state_dir, projects=(account,)) as t:
        await t.ok("set_breakpoint", file_path="account.c", line=mark(source, "square"))
        await t.ok("set_breakpoint", file_path="account.c", line=mark(source, "fee"))
        await t.start("Account")
        watch = await t.ok("set_breakpoint", watch="result")
        assert "until square returns" in watch["message"], watch
        stop = await t.ok("resume")
        assert [(c["watch"], c["old"], c["new"]) for c in stop["value_changes"]] == [
            ("result", "0", "9")], stop
        # cube's local reuses square's stack: no stop for it, and the watch is gone.
        stop = await t.ok("resume")
        assert stop["paused_reason"] == "breakpoint", stop
        assert stop["new_location"]["line"] == mark(source, "fee"), stop
        assert field_breakpoints(await t.ok("list_breakpoints")) == [], "ended with square"


async def test_removing_a_watch_stops_it(binary, state_dir, account):
    source = account / "account.c"
    async with connect(binary, state_dir, projects=(account,)) as t:
        await t.ok("set_breakpoint", file_path="account.c", line=mark(source, "start"))
        await t.ok("set_breakpoint", file_path="account.c", line=mark(source, "fee"))
        await t.start("Account")
        watch = await t.ok("set_breakpoint", watch="total")
        removed = await t.ok("remove_breakpoint", breakpoint_id=watch["breakpoint_id"])
        assert removed["removed"] == [watch["breakpoint_id"]], removed
        stop = await t.ok("resume")
        assert stop["paused_reason"] == "breakpoint", stop
        assert stop["new_location"]["line"] == mark(source, "fee"), stop


@pytest.mark.parametrize("arguments, code", [
    ({"watch": "total", "file_path": "account.c"}, "invalid_params"),
    ({"watch": "total", "condition": "total > 1"}, "invalid_params"),
    ({"watch": "total", "temporary": True}, "invalid_params"),
    ({"watch": ""}, "invalid_params"),
    ({"watch": "no_such_variable"}, "evaluation_failed"),
    ({"watch": "total + 1"}, "evaluation_failed"),
    ({"watch": "v0.1"}, "variable_expired"),
    ({"watch": "v1.999"}, "variable_not_found"),
])
async def test_bad_watches_change_nothing(binary, state_dir, account, arguments, code):
    source = account / "account.c"
    async with connect(binary, state_dir, projects=(account,)) as t:
        await t.ok("set_breakpoint", file_path="account.c", line=mark(source, "start"))
        await t.start("Account")
        body = await t.err("set_breakpoint", code, **arguments)
        assert body["message"], body
        assert field_breakpoints(await t.ok("list_breakpoints")) == []


async def test_a_watch_needs_a_paused_session(binary, state_dir, account):
    async with connect(binary, state_dir, projects=(account,)) as t:
        await t.err("set_breakpoint", "no_session", watch="total")


async def test_a_rust_value_is_watched_too(binary, state_dir, tmp_path):
    project = tmp_path / "rust"
    shutil.copytree(NATIVE / "rust", project)
    (project / "build").mkdir()
    subprocess.run(["rustc", "-g", "-C", "opt-level=0", "-o", "build/cart", "src/main.rs"], cwd=project,
                   check=True, timeout=300)
    source = project / "src" / "main.rs"
    async with connect(binary, state_dir, projects=(project.resolve(),)) as t:
        await t.ok("set_breakpoint", file_path="src/main.rs", line=mark(source, "loop"))
        await t.start("Cart")
        watch = await t.ok("set_breakpoint", watch="total")
        assert "until main::subtotal_of returns" in watch["message"], watch
        await t.ok("remove_breakpoint", file_path="src/main.rs")
        for old, new in (("0", "6"), ("6", "12"), ("12", "17")):
            stop = await t.ok("resume")
            assert [(c["old"], c["new"], c["written_at"]) for c in stop["value_changes"]] == [
                (old, new, f"main.rs:{mark(source, 'loop')}")], stop
        ended = await t.ok("resume")
        assert ended["status"] == "stopped" and ended["exit_code"] == 3, ended


DEBUGPY_PROGRAM = textwrap.dedent('''\
    total = 0
    for i in range(3):
        total += i  # MARK: loop
    print(total)
    ''')


async def test_python_and_go_say_why_they_cannot_watch(binary, state_dir, tmp_path):
    project = (tmp_path / "py").resolve()
    project.mkdir()
    (project / "loop.py").write_text(DEBUGPY_PROGRAM)
    async with connect(binary, state_dir, projects=(project,)) as t:
        await t.ok("start_debug_session", file_path="loop.py", line=3)
        body = await t.err("set_breakpoint", "not_supported", watch="total")
        assert "debugpy cannot watch a value" in body["message"], body
        assert field_breakpoints(await t.ok("list_breakpoints")) == []
    go = tmp_path / "go"
    shutil.copytree(NATIVE / "go", go)
    main = go / "main.go"
    async with connect(binary, state_dir, projects=(go.resolve(),)) as t:
        await t.ok("start_debug_session", file_path="main.go", line=mark(main, "loop"), timeout=120)
        body = await t.err("set_breakpoint", "not_supported", watch="total")
        assert "Delve" in body["message"], body
