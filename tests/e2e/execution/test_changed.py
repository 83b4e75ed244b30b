"""What each stop changed and what a function returned, in the execution answers (the real
binary, the official MCP client, real debuggers): steps over the calculator report the
variables and watches that differ from the previous stop in the same frame, a new frame is
said instead, secrets stay masked in old and new, and step_out tells the returned value on
debugpy and lldb-dap (Delve's DAP server does not tell it, which the answer says)."""

from __future__ import annotations

import json

import pytest

from conftest import CALC_LINES, CALCULATOR, connect
from helpers.native import cart, mark  # noqa: F401  (cart: the built project of each language)

pytestmark = pytest.mark.anyio


async def test_steps_over_the_calculator_say_what_changed(binary, state_dir):
    async with connect(binary, state_dir, projects=[CALCULATOR]) as t:
        watch = await t.ok("add_watch", expression="subtotal * 2")
        await t.ok("set_breakpoint", file_path="calculator.py", line=CALC_LINES["subtotal"])
        started = await t.start("Calculator App")
        assert "changed" not in started["execution"], "nothing to compare at the first stop"

        # subtotal = subtotal_of(items): the variable and the watch, old and new, no variables call.
        stepped = await t.ok("step_over")
        assert stepped["new_location"]["line"] == CALC_LINES["tax"], stepped
        assert "variables" not in stepped, stepped
        assert stepped["changed"] == [{"name": "subtotal", "old": "0.0", "new": "150.0"},
                                      {"name": watch["expression"], "old": "0.0", "new": "300.0"}], stepped
        assert "frame_changed" not in stepped
        # debugpy tells what subtotal_of returned on the line it stepped over, and that
        # is no variable of calculate_total's.
        assert stepped["returned"] == [{"function": "subtotal_of", "value": "150.0", "type": "float"}], stepped

        # tax = subtotal * TAX_RATE: the bug is that nothing changes.
        stepped = await t.ok("step_over", include_variables=True)
        assert "changed" not in stepped and "returned" not in stepped, stepped
        assert {v["name"] for v in stepped["variables"]} >= {"subtotal", "tax"}

        stepped = await t.ok("step_over")
        assert stepped["changed"] == [{"name": "total", "new": "150.0"}], stepped

        out = await t.ok("step_out")
        assert out["new_location"]["method"] == "main", out
        assert out["frame_changed"] is True and "changed" not in out, out
        assert out["returned"] == [{"function": "calculate_total", "value": "150.0", "type": "float"}], out


async def test_returned_values_are_told_when_values_are_shown_without_program_code(binary, state_dir):
    # The shim reads them from pydevd's dict as it reads any value, so the strict mode
    # loses nothing here; the dict itself is no variable of the program's.
    async with connect(binary, state_dir, projects=[CALCULATOR], extra=("--values-without-code",)) as t:
        await t.ok("set_breakpoint", file_path="calculator.py", line=CALC_LINES["subtotal"])
        await t.start("Calculator App")
        stepped = await t.ok("step_over", include_variables=True)
        assert stepped["returned"] == [{"function": "subtotal_of", "value": "150.0", "type": "float"}], stepped
        assert not any(v["name"].startswith("__pydevd") for v in stepped["variables"]), stepped["variables"]


async def test_a_changed_secret_stays_masked(binary, state_dir, tmp_path):
    program = tmp_path / "login.py"
    program.write_text(
        "def login():\n"
        "    attempts = 0\n"
        "    password = 'correct-horse-battery-staple'\n"
        "    attempts = 1\n"
        "    return attempts\n"
        "\n"
        "login()\n"
    )
    async with connect(binary, state_dir, projects=[tmp_path]) as t:
        await t.ok("start_debug_session", file_path="login.py", line=3)
        stepped = await t.ok("step_over")
        [change] = stepped["changed"]
        assert change["name"] == "password" and "old" not in change, stepped
        assert "correct-horse" not in json.dumps(stepped), stepped
        stepped = await t.ok("step_over")
        assert stepped["changed"] == [{"name": "attempts", "old": "0", "new": "1"}], stepped


async def test_step_out_tells_the_returned_value_where_the_debugger_does(binary, state_dir, cart):
    language, project = cart
    source = project / language.source
    async with connect(binary, state_dir, projects=(project,)) as t:
        await t.ok("set_breakpoint", file_path=language.source, line=mark(source, "line_total"))
        await t.start("Cart", timeout=120)
        out = await t.ok("step_out")
        assert out["new_location"]["method"] == language.subtotal_of, out
        assert out["frame_changed"] is True, out
        if language.label == "LLDB":
            # line_total of the apples: 1.5 x 4
            [returned] = out["returned"]
            assert returned["function"] == language.line_total and returned["value"] == "6", out
        else:
            assert "returned" not in out, out
            assert f"{language.line_total} returned; its value is not known here" in out["message"], out
