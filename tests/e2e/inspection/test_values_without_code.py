"""Inspection is the user's choice. By default what needs program code to be shown (a
`__repr__`, a property) is read under the runtime guard, which refuses the program's own
code, so it is shown as not read. With --values-without-code debugpy lists,
expands and evaluates without running any program code: program objects by type and id,
properties named and never read, builtin containers item by item. Checked against the
hostile target's objects that leave marks (`Marked`: every special method;
`Holder.prop`: writes a file) and its fingerprint."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import connect, line_of

pytestmark = pytest.mark.anyio

PROGRAM = "hostile_target.py"
# Expressions whose value is a program object (or holds one): only showing it could run
# program code.
SHOWN = ["marked", "[marked]", "(marked, 1)", "{'m': marked}", "vars()['marked']", "obj", "[obj, marked]"]


async def paused_in_target(t) -> Path:
    await t.ok("set_breakpoint", file_path=PROGRAM, line=line_of(PROGRAM, "paused"))
    await t.start("Hostile")
    return Path(json.loads((await t.evaluate("SENTINEL")).replace("'", '"')))


async def fingerprint(t) -> str:
    return (await t.ok("evaluate", expression="fingerprint()", allow_side_effects=True))["result"]["value"]


async def test_values_without_code_run_no_program_code(binary, state_dir):
    async with connect(binary, state_dir, extra=("--values-without-code",)) as t:
        sentinel = await paused_in_target(t)
        try:
            before = await fingerprint(t)
            shown = {}
            for expression in SHOWN:
                shown[expression] = (await t.ok("evaluate", expression=expression))["result"]
                watch = await t.ok("add_watch", expression=expression)
                assert watch.get("error") is None, watch
                await t.ok("remove_watch", watch_id=watch["watch_id"])
            assert shown["marked"]["value"].startswith("<Marked object at 0x"), shown
            assert shown["[marked]"]["value"].startswith("[<Marked object at 0x"), shown
            assert shown["{'m': marked}"]["value"].startswith("{'m': <Marked object"), shown
            # Listing and expanding: properties named, not read.
            listed = (await t.ok("get_variables", scope="global"))["variables"]
            by_name = {v["name"]: v for v in listed}
            assert by_name["marked"]["value"].startswith("<Marked object"), by_name["marked"]
            assert by_name["items"]["value"] == "[1, 2, 3]", by_name["items"]
            children = (await t.ok("expand_variable", variable_id=by_name["obj"]["id"]))["children"]
            names = {c["name"]: c for c in children}
            assert set(names) >= {"it", "gen", "fh", "counts", "prop"}, names
            assert "property" in names["prop"]["value"] and "program code" in names["prop"]["value"], names
            evaluated_obj = shown["obj"]
            assert evaluated_obj.get("id"), evaluated_obj
            grandchildren = (await t.ok("expand_variable", variable_id=evaluated_obj["id"]))["children"]
            assert {c["name"] for c in grandchildren} >= {"it", "prop"}, grandchildren
            status = await t.ok("get_debug_session_status")
            assert status["state"] == "paused"
            # Nothing ran: no mark, no file written by the property, no iterator moved.
            assert await fingerprint(t) == before
            assert sorted(p.name for p in sentinel.iterdir()) == ["keep.txt"]
            # The guard still refuses what would run program code to compute a value.
            await t.err("evaluate", "side_effects_not_allowed", expression="obj.prop")
            await t.err("evaluate", "side_effects_not_allowed", expression="str(marked)")
        finally:
            shutil.rmtree(sentinel, ignore_errors=True)


async def test_by_default_program_code_is_read_under_the_guard(server):
    """The default mode reads an object's own `__repr__` under the runtime guard: the
    program's `__repr__` is refused, so nothing runs and the value says it was not read;
    a C-level repr (a builtin class's) is shown."""
    async with server() as t:
        sentinel = await paused_in_target(t)
        try:
            shown = await t.ok("evaluate", expression="marked")
            assert shown["result"]["value"].startswith("<not read: would change the program's state"), shown
            assert shown["result"]["type"] == "Marked", shown
            assert (await t.ok("evaluate", expression="config"))["result"]["value"] == "{'mode': 'fast', 'limit': 10}"
            assert await t.evaluate("len(marks)") == "0", "showing the value ran the program's __repr__"
        finally:
            shutil.rmtree(sentinel, ignore_errors=True)
