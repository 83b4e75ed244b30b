"""Variables, evaluation and watches: expanding by id and by path, setting values,
the side-effect policy of evaluate, code fragments, expired ids, watch errors."""

from __future__ import annotations

import pytest

from conftest import line_of

pytestmark = pytest.mark.anyio


async def paused_after_loop(t):
    """Nested program paused in process() after its loop: subtotal 82, discount 4."""
    await t.ok("set_breakpoint", file_path="nested.py", line=line_of("nested.py", "after_loop"))
    started = await t.start("Nested")
    assert started["execution"]["new_location"]["line"] == line_of("nested.py", "after_loop")
    return started["session_id"]


def named(views):
    return {v["name"]: v for v in views}


async def test_get_variables_scopes_and_caps(server):
    async with server() as t:
        await paused_after_loop(t)
        listed = await t.ok("get_variables")
        assert listed["frame_index"] == 0
        variables = named(listed["variables"])
        assert {"order", "discount", "items", "subtotal", "item"} <= set(variables)
        assert variables["discount"] == {**variables["discount"], "value": "4", "type": "int",
                                         "has_children": False}
        assert variables["order"]["has_children"] is True and variables["order"]["id"]
        assert variables["order"]["type"] == "Order"
        assert listed["total_count"] >= 5
        capped = await t.ok("get_variables", max_variables=2)
        assert len(capped["variables"]) == 2
        assert capped["omitted"] == capped["total_count"] - 2
        arguments = named((await t.ok("get_variables", scope="arguments"))["variables"])
        assert {"order", "discount"} <= set(arguments)
        await t.err("get_variables", "invalid_params", scope="everything")


async def test_expand_variable_by_id_and_by_path(server):
    async with server() as t:
        await paused_after_loop(t)
        order = named((await t.ok("get_variables"))["variables"])["order"]
        expanded = await t.ok("expand_variable", variable_id=order["id"])
        assert expanded["variable_id"] == order["id"] and expanded["path"] == "order"
        children = named(expanded["children"])
        assert {"order_id", "customer", "items", "meta", "total"} <= set(children)
        assert children["order_id"]["value"] == "7"
        assert children["customer"]["has_children"] is True

        # Relative path from a child's id, and absolute dotted paths from the frame.
        customer = await t.ok("expand_variable", variable_id=children["customer"]["id"])
        assert named(customer["children"])["name"]["value"] == "'Ada'"
        address = await t.ok("expand_variable", variable_id=children["customer"]["id"], path="address")
        assert named(address["children"])["city"]["value"] == "'London'"
        deep = await t.ok("expand_variable", path="order.customer.address")
        assert deep["path"] == "order.customer.address"
        assert named(deep["children"])["zip_code"]["value"] == "'NW1'"

        items = await t.ok("expand_variable", path="order.items")
        values = named(items["children"])
        assert {"0", "1", "2"} <= set(values) and items["total_count"] >= 3
        book = await t.ok("expand_variable", path="order.items.1")
        assert named(book["children"])["name"]["value"] == "'book'"
        tags = await t.ok("expand_variable", path="order.meta['tags']")
        assert [c["value"] for c in tags["children"] if c["name"] in ("0", "1")] == ["'new'", "'priority'"]

        await t.err("expand_variable", "variable_not_found", path="order.nothing_here")
        await t.err("expand_variable", "variable_not_found", path="no_such_variable")
        await t.err("expand_variable", "invalid_params", path="discount")  # an int has no children
        await t.err("expand_variable", "invalid_params")  # neither id nor path


async def test_set_variable_by_id_and_by_name(server):
    async with server() as t:
        await paused_after_loop(t)
        discount = named((await t.ok("get_variables"))["variables"])["discount"]
        assert discount["id"], "a settable local has an id"
        changed = await t.ok("set_variable", variable_id=discount["id"], new_value="10")
        assert changed["variable"]["value"] == "10" and changed["variable"]["name"] == "discount"
        assert (await t.variables())["discount"] == "10"

        renamed = await t.ok("set_variable", name="order.customer.name", new_value="'Grace'")
        assert renamed["variable"]["value"] == "'Grace'"
        assert await t.evaluate("order.customer.name") == "'Grace'"

        # The program runs on with the new values: total = 82 - 10.
        await t.ok("step_over")
        assert await t.evaluate("order.total") == "72"
        await t.err("set_variable", "variable_not_found", name="no_such_variable", new_value="1")
        await t.err("set_variable", "invalid_params", name="discount")  # no new_value


async def test_evaluate_policy_on_side_effects(server):
    async with server() as t:
        await paused_after_loop(t)
        answer = await t.ok("evaluate", expression="subtotal - discount")
        assert answer["result"]["value"] == "78" and answer["result"]["type"] == "int"
        assert answer["expression"] == "subtotal - discount" and answer["error"] is None
        obj = await t.ok("evaluate", expression="order.customer")
        assert obj["result"]["has_children"] is True and obj["result"]["id"]
        expanded = await t.ok("expand_variable", variable_id=obj["result"]["id"])
        assert named(expanded["children"])["name"]["value"] == "'Ada'"
        assert await t.evaluate("[i.name for i in items if i.price > 5]") == "['book', 'lamp']"

        before = await t.evaluate("items")
        refused = await t.err("evaluate", "side_effects_not_allowed", expression="items.append(1)")
        assert "allow_side_effects" in refused["message"]
        assert await t.evaluate("len(items)") == "3"
        assert await t.evaluate("items") == before  # nothing ran
        await t.err("evaluate", "side_effects_not_allowed", expression="order.total = 1")
        assert await t.evaluate("order.total") == "0"

        allowed = await t.ok("evaluate", expression="items.append(1)", allow_side_effects=True)
        assert allowed["result"]["value"] == "None"
        assert await t.evaluate("len(items)") == "4"

        fragment = "s = 0\nfor it in items[:3]:\n    s += it.price * it.qty\ns * 2"
        await t.err("evaluate", "side_effects_not_allowed", expression=fragment)
        result = await t.ok("evaluate", expression=fragment, allow_side_effects=True)
        assert result["result"]["value"] == "164"

        failed = await t.err("evaluate", "evaluation_failed", expression="undefined_name + 1")
        assert "undefined_name" in failed["message"]
        await t.err("evaluate", "invalid_params", expression="   ")


async def test_variable_id_from_an_earlier_stop_is_expired(server):
    async with server() as t:
        await paused_after_loop(t)
        order = named((await t.ok("get_variables"))["variables"])["order"]
        assert (await t.ok("expand_variable", variable_id=order["id"]))["children"]
        await t.ok("step_over")
        body = await t.err("expand_variable", "variable_expired", variable_id=order["id"])
        assert "get_variables" in body["message"]
        await t.err("set_variable", "variable_expired", variable_id=order["id"], new_value="1")
        await t.err("expand_variable", "variable_not_found", variable_id="nope")
        fresh = named((await t.ok("get_variables"))["variables"])["order"]
        assert fresh["id"] != order["id"]
        assert (await t.ok("expand_variable", variable_id=fresh["id"]))["children"]


async def test_watch_on_a_name_not_yet_defined_is_a_per_watch_error(server):
    async with server() as t:
        await t.ok("set_breakpoint", file_path="orders.py", line=line_of("orders.py", "watch_start"))
        await t.start("Orders")
        added = await t.ok("add_watch", expression="discount + 1")
        assert added["status"] == "added" and added.get("value") is None
        assert "discount" in added["error"]
        side = await t.ok("add_watch", expression="order.items.pop()")
        assert side["error"] and "not evaluated" in side["error"]
        assert await t.evaluate("len(order.items)") == "1"  # the watch did not pop
        ok_watch = await t.ok("add_watch", expression="order.total")

        status = await t.status()
        watches = {w["expression"]: w for w in status["watches"]}
        assert watches["discount + 1"]["value"] is None and "discount" in watches["discount + 1"]["error"]
        assert watches["order.total"] == {"id": ok_watch["watch_id"], "expression": "order.total",
                                          "value": "40.25", "type": "float", "error": None}

        for _ in range(3):
            await t.ok("step_over")
        status = await t.status()
        watches = {w["expression"]: w for w in status["watches"]}
        assert (watches["discount + 1"]["value"], watches["discount + 1"]["error"]) == ("6", None)
        assert watches["order.total"]["value"] == "125.75"


async def test_paths_index_long_lists(server):
    async with server() as t:
        await t.ok("set_breakpoint", file_path="loop.py", line=line_of("loop.py", "loop_done"))
        await t.start("Loop")
        await t.ok("set_variable", name="total", new_value="list(range(100, 112))")
        assert await t.evaluate("total[5]") == "105"
        fifth = await t.ok("expand_variable", path="total")
        assert fifth["total_count"] >= 12
        await t.ok("set_variable", name="total[5]", new_value="-5")
        assert await t.evaluate("total[5]") == "-5"
        await t.ok("set_variable", name="total.11", new_value="-11")
        assert await t.evaluate("total[11]") == "-11"
