"""Execution answers asked for their context (`include_variables: true`): at a stop,
start_debug_session, step_over/step_into/step_out, run_to_line, resume and pause carry
the top frame's variables and the watches' values, as get_debug_session_status shows
them (same values, same variable ids, same caps); without the flag, or when the answer
is not a stop, they carry neither."""

from __future__ import annotations

import anyio
import pytest

from conftest import CALC_LINES, CALCULATOR, MODES, TRANSPORTS, connect, line_of

pytestmark = pytest.mark.anyio


def named(views):
    return {v["name"]: v for v in views}


def values(answer):
    return {v["name"]: v["value"] for v in answer["variables"]}


def no_context(answer):
    return "variables" not in answer and "watches" not in answer and "variables_omitted" not in answer


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_the_calculator_walk_needs_no_status_call(binary, state_dir, transport, mode):
    """The calculator workflow with the variables in the execution answers (both protocol
    modes and transports: the SDK checks every answer against its outputSchema)."""
    async with connect(binary, state_dir, projects=[CALCULATOR], transport=transport, mode=mode) as t:
        watch = await t.ok("add_watch", expression="subtotal * TAX_RATE")
        await t.ok("set_breakpoint", file_path="calculator.py", line=CALC_LINES["subtotal"])

        started = await t.start("Calculator App", include_variables=True)
        first = started["execution"]
        assert first["new_location"]["line"] == CALC_LINES["subtotal"]
        assert values(first) == {"items": first["variables"][0]["value"], "subtotal": "0.0", "tax": "0.0"}
        items = named(first["variables"])["items"]
        # Item's own __repr__ is program code: not run by a read, each item says so.
        assert items["has_children"] is True and items["value"].count("<not read: would change") == 3, items
        assert first["watches"] == [{"id": watch["watch_id"], "expression": "subtotal * TAX_RATE",
                                     "value": "0.0", "type": "float", "error": None}]

        # The ids are the status's: expand_variable takes them.
        expanded = await t.ok("expand_variable", variable_id=items["id"])
        assert expanded["variable_id"] == items["id"]
        assert {"0", "1", "2"} <= set(named(expanded["children"]))
        widget = (await t.ok("expand_variable", variable_id=items["id"], path="0"))["children"]
        assert named(widget)["name"]["value"] == "'Widget'"

        stepped = await t.ok("step_over", include_variables=True)
        assert stepped["status"] == "stepped" and stepped["new_location"]["line"] == CALC_LINES["tax"]
        assert values(stepped)["subtotal"] == "150.0" and values(stepped)["tax"] == "0.0"
        assert stepped["watches"][0]["value"] == "0.0"  # 150.0 * TAX_RATE: the bug shows already

        # The same view the status gives at this stop, ids included.
        status = await t.status(include_source_context=False)
        assert status["variables"] == stepped["variables"]
        assert status["watches"] == stepped["watches"]

        # run_to_line answers with them too, and a variable set through an id it handed out sticks.
        ran = await t.ok("run_to_line", file_path="calculator.py", line=CALC_LINES["total"],
                         include_variables=True)
        assert ran["new_location"]["line"] == CALC_LINES["total"]
        assert values(ran)["tax"] == "0.0" and values(ran)["subtotal"] == "150.0"
        tax_id = named(ran["variables"])["tax"]["id"]
        assert tax_id
        assert (await t.ok("set_variable", variable_id=tax_id, new_value="12.0"))["variable"]["value"] == "12.0"
        assert (await t.variables())["tax"] == "12.0"

        # Without the flag: the answer as before, no variables or watches.
        stepped = await t.ok("step_over")
        assert stepped["status"] == "stepped" and no_context(stepped)

        # The program ends: an ended answer has none, asked or not.
        ended = await t.ok("resume", include_variables=True)
        assert ended["status"] == "stopped" and ended["exit_code"] == 0 and no_context(ended)
        assert "Total: 162.00" in ended["output"]  # the tax set above went into the total


async def test_step_into_out_and_resume_to_a_breakpoint(server):
    async with server() as t:
        call_line = line_of("nested.py", "call_line_total")
        await t.ok("add_watch", expression="order.total")  # not defined in line_total: an error there
        await t.ok("set_breakpoint", file_path="nested.py", line=call_line)
        started = await t.start("Nested")
        assert "execution" in started and no_context(started["execution"])

        into = await t.ok("step_into", include_variables=True)
        assert into["new_location"]["method"] == "line_total"
        assert set(values(into)) == {"item"} and into["variables"][0]["has_children"] is True
        [watch] = into["watches"]
        assert watch["value"] is None and "order" in watch["error"]

        out = await t.ok("step_out", include_variables=True)
        assert out["new_location"]["method"] == "process"
        assert values(out)["subtotal"] == "0" and values(out)["discount"] == "4"
        assert out["watches"][0]["value"] == "0" and out["watches"][0]["error"] is None

        # resume to the same breakpoint, next item: the loop has added the pen's 10.
        resumed = await t.ok("resume", include_variables=True)
        assert resumed["paused_reason"] == "breakpoint" and resumed["new_location"]["line"] == call_line
        assert values(resumed)["subtotal"] == "10"
        assert await t.evaluate("item.name") == "'book'"


async def test_values_are_capped_as_in_the_status(server):
    async with server() as t:
        await t.ok("set_breakpoint", file_path="scale.py", line=line_of("scale.py", "scale_ready"))
        await t.ok("add_watch", expression="'ab' * 3000")
        await t.start("Scale")
        # A module-level variable of 3,000 characters and 60 more variables (the frame's
        # variables are the module's globals).
        await t.ok("evaluate", expression="big = 'x' * 3000", allow_side_effects=True)
        await t.ok("evaluate", expression="globals().update({f'g{n}': n for n in range(60)})",
                   allow_side_effects=True)
        stepped = await t.ok("step_over", include_variables=True)
        big = named(stepped["variables"])["big"]
        assert big["truncated"] is True and big["value"].endswith("…") and len(big["value"]) == 1001
        [watch] = stepped["watches"]
        assert watch["value"].endswith("…") and len(watch["value"]) == 1001
        status = await t.status(include_source_context=False)
        assert status["variables"] == stepped["variables"] and status["watches"] == stepped["watches"]
        assert len(stepped["variables"]) == 50 and stepped["variables_omitted"] >= 13
        assert stepped["variables_omitted"] == status["variables_omitted"]


async def test_running_answers_carry_no_variables(server):
    async with server() as t:
        started = await t.start("Forever", wait_for_pause=False, include_variables=True)
        assert started["status"] == "started" and "execution" not in started
        # A pause may land before the program reached its loop (debugpy still starting it,
        # on a loaded machine): let it run on until the pause finds the loop's variable.
        for _ in range(50):
            await anyio.sleep(0.3)
            paused = await t.ok("pause", include_variables=True)
            assert paused["status"] == "paused", paused
            if "counter" in values(paused):
                break
            await t.ok("resume", timeout=0.1)
        assert int(values(paused)["counter"]) >= 0, paused
        assert paused["watches"] == []
        again = await t.ok("pause", include_variables=True)  # already paused: still a stop
        assert "Already paused" in again["message"] and values(again) == values(paused)

        running = await t.ok("resume", include_variables=True, timeout=1)
        assert running["status"] == "running" and no_context(running)


async def test_include_variables_is_a_boolean(server):
    async with server() as t:
        await t.ok("set_breakpoint", file_path="loop.py", line=line_of("loop.py", "loop_body"))
        for bad in ["maybe", 5, [True], {"on": True}]:
            body = await t.err("start_debug_session", "invalid_params", configuration_name="Loop",
                               include_variables=bad)
            assert "include_variables" in body["message"], body
        assert (await t.ok("list_debug_sessions"))["sessions"] == []  # nothing was started

        started = await t.start("Loop")
        line = started["execution"]["new_location"]["line"]
        for tool in ["step_over", "step_into", "step_out", "resume", "pause"]:
            body = await t.err(tool, "invalid_params", include_variables="maybe")
            assert "include_variables" in body["message"] and "maybe" in body["message"], body
        body = await t.err("run_to_line", "invalid_params", file_path="loop.py",
                           line=line_of("loop.py", "loop_done"), include_variables=2)
        assert "include_variables" in body["message"], body
        # The target line is checked once, through the bounded reader, before anything moves.
        beyond = await t.err("run_to_line", "invalid_location", file_path="loop.py", line=10_000)
        assert "lines" in beyond["message"], beyond
        status = await t.status()  # nothing moved
        assert status["current_location"]["line"] == line and status["state"] == "paused"

        # The lenient rule of every boolean parameter: "yes"/"no", "true"/"false", 1/0.
        assert "variables" in await t.ok("step_over", include_variables="yes")
        assert no_context(await t.ok("step_over", include_variables="no"))
        assert "variables" in await t.ok("step_over", include_variables=1)
        assert no_context(await t.ok("step_over", include_variables="false"))
