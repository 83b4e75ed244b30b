"""Bad inputs give isError results with stable codes and change nothing; the
confirmation policy (brave mode, MCP elicitation accept/decline, nobody to ask)."""

from __future__ import annotations


import mcp.types as types
import pytest

from conftest import CALCULATOR, PROGRAMS, TRANSPORTS, connect, line_of
from helpers.history import exported_history

pytestmark = pytest.mark.anyio


async def nothing_changed(t):
    assert await t.ok("list_breakpoints") == {"breakpoints": [], "total_count": 0}
    assert await t.ok("list_debug_sessions") == {"sessions": []}


async def test_bad_breakpoint_inputs(server):
    async with server() as t:
        await t.err("set_breakpoint", "invalid_params", file_path="loop.py")  # no line
        await t.err("set_breakpoint", "invalid_params", line=3)  # no file
        await t.err("set_breakpoint", "invalid_params", file_path="loop.py", line=0)
        await t.err("set_breakpoint", "invalid_params", file_path="loop.py", line=-2)
        await t.err("set_breakpoint", "invalid_params", file_path="loop.py", line="three")
        await t.err("set_breakpoint", "invalid_params", file_path="", line=1)
        body = await t.err("set_breakpoint", "invalid_location", file_path="loop.py", line=999)
        assert "999" in body["message"]
        await t.err("set_breakpoint", "invalid_params", file_path="loop.py", line=3, suspend_policy="sometimes")
        await t.err("set_breakpoint", "invalid_params", file_path=".vscode", line=1)  # a directory
        await t.err("set_breakpoint", "file_not_found", file_path="missing.py", line=1)
        body = await t.err("set_breakpoint", "path_outside_project", file_path="/etc/passwd", line=1)
        assert "/etc/passwd" in body["message"]
        await t.err("set_breakpoint", "path_outside_project", file_path="../x", line=1)
        await t.err("set_breakpoint", "path_outside_project", file_path="../../../examples/calculator/calculator.py",
                    line=1)
        await t.err("list_breakpoints", "path_outside_project", file_path="/etc/passwd")
        await t.err("get_source_context", "path_outside_project", file_path="/etc/passwd", line=1)
        await t.err("remove_breakpoint", "path_outside_project", file_path="../x")
        await t.err("list_breakpoints", "invalid_params", type="bogus")
        await t.err("remove_breakpoint", "invalid_params")
        await t.err("remove_breakpoint", "invalid_params", breakpoint_id="x", file_path="loop.py")
        await t.err("set_exception_breakpoint", "invalid_params", exception_class="not a class!")
        await t.err("set_exception_breakpoint", "invalid_params", exception_class="ValueError",
                    caught=False, uncaught=False)
        await t.err("get_source_context", "invalid_location", file_path="loop.py", line=500, context_lines=2)
        await nothing_changed(t)

        # Lenient where the meaning is clear: "3" for 3.
        bp = await t.ok("set_breakpoint", file_path="loop.py", line="3", enabled="true")
        assert bp["status"] == "set"
        listed = (await t.ok("list_breakpoints"))["breakpoints"]
        assert [(b["line"], b["enabled"]) for b in listed] == [(3, True)]


async def test_bad_session_inputs(server):
    async with server() as t:
        # No session yet is where a conversation starts: a status, not an error.
        status = await t.ok("get_debug_session_status")
        assert status["state"] == "no_session" and "start_debug_session" in status["message"], status
        assert "session_id" not in status
        await t.err("step_over", "no_session")
        await t.err("stop_debug_session", "no_session")
        for tool in ("get_debug_session_status", "resume", "pause", "step_over", "step_into", "step_out",
                     "stop_debug_session", "get_stack_trace", "list_threads", "get_variables"):
            body = await t.err(tool, "session_not_found", session_id="no-such-session")
            assert "no-such-session" in body["message"]
        await t.err("run_to_line", "session_not_found", session_id="nope", file_path="loop.py", line=3)
        await t.err("evaluate", "session_not_found", session_id="nope", expression="1")
        await t.err("select_stack_frame", "invalid_params")  # no frame_index

        missing = await t.err("start_debug_session", "configuration_not_found", configuration_name="Nope")
        assert "Nope" in missing["message"]
        assert {"Short", "Nested", "Loop", "Make"} <= set(missing["available_configurations"])
        await t.err("run_configuration", "configuration_not_found", configuration_name="Nope")
        await t.err("start_debug_session", "invalid_params", configuration_name="")
        await t.err("start_debug_session", "invalid_params")  # no configuration_name
        cannot = await t.err("start_debug_session", "cannot_debug", configuration_name="Make")
        assert "cppdbg" in cannot["message"]
        configs = {c["name"]: c for c in (await t.ok("list_run_configurations"))["run_configurations"]}
        assert configs["Make"]["can_debug"] is False and configs["Make"]["can_run"] is False
        assert "cppdbg" in configs["Make"]["unavailable_reason"]
        await t.err("list_run_configurations", "project_not_found", projectPath=str(CALCULATOR))
        await nothing_changed(t)


async def test_without_brave_and_without_elicitation_confirmation_is_required(server):
    async with server(brave=False) as t:
        body = await t.err("start_debug_session", "confirmation_required", configuration_name="Short")
        assert "brave" in body["message"]
        await t.err("run_configuration", "confirmation_required", configuration_name="Output",
                    wait_for_completion=True)
        assert await t.ok("list_debug_sessions") == {"sessions": []}
        # Reading is never gated.
        assert (await t.ok("list_run_configurations"))["run_configurations"]


@pytest.mark.parametrize("value, brave", [("1", True), ("yes", True), ("0", False), ("false", False)])
async def test_brave_mode_from_the_environment(binary, state_dir, value, brave):
    """JETBRAINS_DEBUGGER_BRAVE=1, as the confirmation_required message advises."""
    async with connect(binary, state_dir, brave=False, env={"JETBRAINS_DEBUGGER_BRAVE": value}) as t:
        if brave:
            done = await t.ok("run_configuration", configuration_name="Output", wait_for_completion=True)
            assert done["exit_code"] == 3
        else:
            await t.err("run_configuration", "confirmation_required", configuration_name="Output")


@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_without_brave_in_modern_mode_confirmation_is_required(binary, state_dir, transport):
    """A 2026-07-28 client without elicitation is asked nothing (no MRTR question it cannot answer)."""
    async with connect(binary, state_dir, brave=False, mode="auto", transport=transport) as t:
        body = await t.err("start_debug_session", "confirmation_required", configuration_name="Short")
        assert "brave" in body["message"]
        body = await t.err("run_configuration", "confirmation_required", configuration_name="Output",
                           wait_for_completion=True)
        assert "brave" in body["message"]
        assert await t.ok("list_debug_sessions") == {"sessions": []}


async def test_elicitation_that_accepts(server):
    asked: list[str] = []

    async def accept(context, params: types.ElicitRequestParams):
        asked.append(params.message)
        return types.ElicitResult(action="accept", content={"approve": True})

    async with server(brave=False, elicitation_callback=accept) as t:
        await t.ok("set_breakpoint", file_path="nested.py", line=line_of("nested.py", "after_loop"))
        started = await t.start("Nested")
        assert started["status"] == "paused"
        assert len(asked) == 1 and "Nested" in asked[0]
        # Safe evaluation needs no confirmation; side effects and set_variable do.
        assert await t.evaluate("discount") == "4"
        assert len(asked) == 1
        await t.ok("set_variable", name="discount", new_value="5")
        assert len(asked) == 2 and "discount" in asked[1]
        await t.ok("evaluate", expression="items.append(None)", allow_side_effects=True)
        assert len(asked) == 3
        assert await t.evaluate("(discount, len(items))") == "(5, 4)"
        done = await t.ok("run_configuration", configuration_name="Short", wait_for_completion=True)
        assert done["status"] == "completed" and len(asked) == 4


async def test_elicitation_that_declines(server):
    asked: list[str] = []

    async def decline(context, params: types.ElicitRequestParams):
        asked.append(params.message)
        return types.ElicitResult(action="decline")

    async with server(brave=False, elicitation_callback=decline) as t:
        body = await t.err("start_debug_session", "confirmation_denied", configuration_name="Short")
        assert "Short" in body["message"] and len(asked) == 1
        await t.err("run_configuration", "confirmation_denied", configuration_name="Short")
        assert await t.ok("list_debug_sessions") == {"sessions": []}


async def test_declined_set_variable_changes_nothing(binary, state_dir):
    answers = ["accept", "decline", "decline"]

    async def answer(context, params):
        action = answers.pop(0)
        return types.ElicitResult(action=action, content={"approve": True} if action == "accept" else None)

    async with connect(binary, state_dir, brave=False, elicitation_callback=answer) as t:
        await t.ok("set_breakpoint", file_path=str(PROGRAMS / "nested.py"), line=line_of("nested.py", "after_loop"))
        await t.start("Nested")
        await t.err("set_variable", "confirmation_denied", name="discount", new_value="99")
        assert await t.evaluate("discount") == "4"
        await t.err("evaluate", "confirmation_denied", expression="items.clear()", allow_side_effects=True)
        assert await t.evaluate("len(items)") == "3"


@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_elicitation_in_modern_mode(binary, state_dir, transport):
    """On 2026-07-28 the question is the call's first answer (MRTR) and the SDK's retry carries
    the user's reply: accepted, the action runs after one question; declined, nothing changes."""
    asked: list[str] = []
    replies: list[str] = []

    async def answer(context, params: types.ElicitRequestParams):
        asked.append(params.message)
        assert params.requested_schema["properties"]["approve"]["type"] == "boolean"
        reply = replies.pop(0)
        return types.ElicitResult(action="accept", content={"approve": reply == "accept"}) \
            if reply.startswith("accept") else types.ElicitResult(action=reply)

    async with connect(binary, state_dir, brave=False, mode="auto", transport=transport,
                       elicitation_callback=answer) as t:
        replies[:] = ["decline"]
        body = await t.err("start_debug_session", "confirmation_denied", configuration_name="Nested")
        assert "Nested" in body["message"] and len(asked) == 1
        assert await t.ok("list_debug_sessions") == {"sessions": []}

        await t.ok("set_breakpoint", file_path="nested.py", line=line_of("nested.py", "after_loop"))
        replies[:] = ["accept"]
        started = await t.start("Nested")
        assert started["status"] == "paused" and len(asked) == 2 and "Nested" in asked[1]
        assert [s["id"] for s in (await t.ok("list_debug_sessions"))["sessions"]] == [started["session_id"]]

        # set_variable: refused (accept with approve false) or unanswered (a cancelled question,
        # as a headless client answers every one: nobody's "no") changes nothing.
        for reply, code in (("cancel", "confirmation_required"), ("accept but no", "confirmation_denied")):
            replies[:] = [reply]
            body = await t.err("set_variable", code, name="discount", new_value="99")
            assert await t.evaluate("discount") == "4"
            if reply == "cancel":
                assert body["reason"] == "unanswered" and "Elicitation" in body["message"], body
        replies[:] = ["accept"]
        await t.ok("set_variable", name="discount", new_value="5")
        assert await t.evaluate("discount") == "5" and "discount" in asked[-1]

        # A side-effecting evaluation, declined then accepted; a safe one asks nothing.
        replies[:] = ["decline"]
        await t.err("evaluate", "confirmation_denied", expression="items.clear()", allow_side_effects=True)
        assert await t.evaluate("len(items)") == "3"
        replies[:] = ["accept"]
        await t.ok("evaluate", expression="items.append(None)", allow_side_effects=True)
        assert await t.evaluate("len(items)") == "4"
        assert len(asked) == 7 and not replies

        replies[:] = ["decline"]
        await t.err("run_configuration", "confirmation_denied", configuration_name="Output",
                    wait_for_completion=True)
        replies[:] = ["accept"]
        done = await t.ok("run_configuration", configuration_name="Output", wait_for_completion=True)
        assert done["exit_code"] == 3 and len(asked) == 9 and "Output" in asked[-1]

        # The history: a question round is recorded as asking (nothing done), its retry as the outcome.
        entries = await exported_history(state_dir, lambda es: sum(e["tool"] == "run_configuration" for e in es) == 4)
        starts = [(e["status"], e["result"] or e["error"]) for e in entries if e["tool"] == "start_debug_session"]
        assert [status for status, _ in starts] == ["SUCCESS", "ERROR", "SUCCESS", "SUCCESS"], starts
        assert starts[0][1]["status"] == starts[2][1]["status"] == "awaiting_confirmation"
        assert "Nested" in starts[0][1]["question"]
        assert starts[1][1]["error"] == "confirmation_denied" and starts[3][1]["status"] == "paused"


async def test_breakpoint_on_a_blank_line_is_an_invalid_location(server):
    async with server() as t:
        blank = 2
        assert (PROGRAMS / "nested.py").read_text().splitlines()[blank - 1] == ""
        result = await t.raw("set_breakpoint", {"file_path": "nested.py", "line": blank})
        if result.is_error:
            assert '"invalid_location"' in result.content[0].text
        else:
            answer = result.structured_content
            assert answer["status"] == "invalid_location" or answer["verified"] is False, answer
