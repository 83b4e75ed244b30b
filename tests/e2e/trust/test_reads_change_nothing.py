"""Reading a value changes nothing, in the default mode too: get_variables, expand_variable,
the status (its variables and watches), evaluate's answer and the session resource show what
needs program code (an object's own `__repr__`, a property, a descriptor) only through the
runtime guard, and show what it refuses as not read, with its type. Checked on the hostile
target's objects that leave marks: every special method (`Marked`), a property writing a
file (`Holder.prop`), a `functools.cached_property`, a descriptor counting its reads, a lazy
proxy loading on any missing attribute, a list whose `__len__` takes an item away, and a
class whose metaclass hooks attribute reads (`Watched`)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from resource_client import read

from conftest import line_of

pytestmark = pytest.mark.anyio

PROGRAM = "hostile_target.py"
NOT_READ = "<not read: would change the program's state; evaluate it with allow_side_effects to read it>"
EXPANDED = ["obj", "cached", "described", "proxy", "shrinking", "account"]


async def test_reads_in_the_default_mode_change_nothing(server):
    async with server() as t:
        await t.ok("set_breakpoint", file_path=PROGRAM, line=line_of(PROGRAM, "paused"))
        await t.start("Hostile")
        sentinel = Path(json.loads((await t.evaluate("SENTINEL")).replace("'", '"')))
        try:
            before = (await t.ok("evaluate", expression="fingerprint()", allow_side_effects=True))["result"]["value"]
            for expression in ["type(watched)", "marked", "[marked, 1]", "cached"]:
                watch = await t.ok("add_watch", expression=expression)
                assert watch.get("error") is None, watch
            listed = {v["name"]: v for v in (await t.ok("get_variables", scope="global", max_variables=500))["variables"]}
            assert listed["marked"]["value"] == NOT_READ and listed["marked"]["type"] == "Marked", listed["marked"]
            assert listed["items"]["value"] == "[1, 2, 3]", listed["items"]
            assert listed["shrinking"]["value"] == "Shrinking([1, 2, 3])", listed["shrinking"]
            assert listed["watched"]["value"].startswith("<Watched object at 0x"), listed["watched"]
            expanded = {}
            for name in EXPANDED:
                children = (await t.ok("expand_variable", variable_id=listed[name]["id"]))["children"]
                expanded[name] = {c["name"]: c for c in children}
            for holder, attribute, kind in [("obj", "prop", "property"), ("cached", "total", "cached_property"),
                                            ("described", "counted", "Counting"), ("account", "audited", "property")]:
                child = expanded[holder][attribute]
                assert (child["value"], child["type"]) == (NOT_READ, kind), (holder, child)
            shown = {e: (await t.ok("evaluate", expression=e))["result"] for e in ["marked", "type(watched)", "proxy"]}
            assert shown["marked"]["value"] == NOT_READ, shown
            assert shown["type(watched)"]["value"] == "<class Watched>", shown
            for _ in range(3):
                status = await t.status()
                values = [w["value"] for w in status["watches"]]
                assert values[:3] == ["<class Watched>", NOT_READ, f"[{NOT_READ}, 1]"], status["watches"]
                assert values[3].startswith("<Cached object at 0x"), status["watches"]
                assert any(v["name"] == "local_list" for v in status["variables"]), status["variables"]
            session = await read(t.client, "debugger://session")
            assert session["state"] == "paused", session
            after = (await t.ok("evaluate", expression="fingerprint()", allow_side_effects=True))["result"]["value"]
            assert after == before, "a read ran the program's code"
            assert sorted(p.name for p in sentinel.iterdir()) == ["keep.txt"]
            # With consent, evaluate still reads what the listing did not.
            read_with_consent = await t.ok("evaluate", expression="cached.total", allow_side_effects=True)
            assert read_with_consent["result"]["value"] == "42"
        finally:
            shutil.rmtree(sentinel, ignore_errors=True)
