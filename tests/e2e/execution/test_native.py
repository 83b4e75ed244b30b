"""C, Rust and Go through the standalone backend: the official MCP client
drives lldb-dap (C as `lldb-dap`, Rust as CodeLLDB's `lldb` type) and Delve (`go`) on the
same small cart program in each language (tests/e2e/native/), built here, with every tool
that applies: line, conditional and log breakpoints, the stack, threads, frames, locals,
a struct expanded, evaluation (the debugger's read-only one without consent, more with it),
watches, set_variable, steps, run to line, source context, a crash stopped where it happens,
the exit code, run mode, and a missing adapter named with its package."""

from __future__ import annotations

import os

import mcp.types as types
import psutil
import pytest

from conftest import connect
from helpers.native import cart, mark  # noqa: F401  (cart: the built project of each language)
from resource_client import MODULES, read, read_error

pytestmark = pytest.mark.anyio

def lldb_dap_processes() -> list[psutil.Process]:
    """The lldb-dap processes this test's server started (the session's, one started ahead)."""
    server = psutil.Process(os.getpid())
    return [p for p in server.children(recursive=True) if p.name().startswith("lldb-dap")]


async def test_a_program_debugged_with_every_tool_that_applies(binary, state_dir, cart):
    language, project = cart
    source = project / language.source
    async with connect(binary, state_dir, projects=(project,)) as t:
        configs = {c["name"]: c for c in (await t.ok("list_run_configurations"))["run_configurations"]}
        assert configs["Cart"]["can_debug"] is True and configs["Cart"]["type"] == language.label, configs

        stop = await t.ok("set_breakpoint", file_path=language.source, line=mark(source, "line_total"),
                          condition=language.qty_is_3)
        await t.ok("set_breakpoint", file_path=language.source, line=mark(source, "loop"),
                   log_message="total={total}", suspend_policy="none")
        await t.ok("add_watch", expression=language.price)

        # Stopped at the second item (the condition), the logpoint having run twice before.
        started = await t.start("Cart", include_variables=True)
        execution = started["execution"]
        assert started["status"] == "paused" and execution["paused_reason"] == "breakpoint", started
        assert stop["breakpoint_id"] in execution["breakpoints_hit"], execution
        assert execution["new_location"]["line"] == mark(source, "line_total"), execution
        assert execution["new_location"]["method"] == language.line_total, execution
        assert "total=0" in execution["output"] and "total=6" in execution["output"], execution
        assert [w["value"] for w in execution["watches"]] == ["2"], execution

        # The read-only evaluation, and the struct behind the pointer.
        answer = await t.ok("evaluate", expression=language.price)
        assert answer["result"]["value"] == "2" and answer["side_effect_guard"] == "debugger", answer
        variables = {v["name"]: v for v in (await t.ok("get_variables"))["variables"]}
        item = await t.ok("expand_variable", variable_id=variables["it"]["id"])
        children = item["children"]
        if len(children) == 1:  # Delve shows a pointer's target as one unnamed child
            children = (await t.ok("expand_variable", variable_id=children[0]["id"]))["children"]
        fields = {c["name"]: c for c in children}
        assert set(language.fields) <= set(fields), children
        assert fields[language.fields[2]]["value"] == "3", fields

        # The quantity changed in the program: 6 + 2 * 50 + 5.
        changed = await t.ok("set_variable", variable_id=fields[language.fields[2]]["id"], new_value="50")
        assert changed["variable"]["value"] == "50", changed

        stack = await t.ok("get_stack_trace")
        assert [f["method"] for f in stack["frames"][:2]] == [language.line_total, language.subtotal_of], stack
        assert (await t.ok("list_threads"))["threads"], "at least the main thread"
        await t.ok("select_stack_frame", frame_index=1)
        outer = {v["name"]: v["value"] for v in (await t.ok("get_variables"))["variables"]}
        assert outer["total"] == "6", outer
        context = await t.ok("get_source_context", file_path=language.source, line=mark(source, "loop"),
                             context_lines=1)
        assert "MARK: loop" in context["source"], context

        stepped = await t.ok("step_over")
        assert stepped["status"] == "stepped", stepped
        out = await t.ok("step_out")
        assert out["new_location"]["method"] == language.subtotal_of, out
        ran = await t.ok("run_to_line", file_path=language.source, line=mark(source, "subtotal_return"))
        assert ran["new_location"]["line"] == mark(source, "subtotal_return"), ran
        status = await t.status()
        assert status["state"] == "paused" and status["current_location"]["method"] == language.subtotal_of

        await t.ok("remove_breakpoint", owner="agent")
        ended = await t.ok("resume")
        assert ended["status"] == "stopped" and ended["exit_code"] == 3, ended
        assert "subtotal 111.00" in ended["output"], ended


async def test_a_crash_stops_where_it_happens_unless_asked_not_to(binary, state_dir, cart):
    language, project = cart
    async with connect(binary, state_dir, projects=(project,)) as t:
        started = await t.start("Cart crash")
        execution = started["execution"]
        assert execution["paused_reason"] == "exception", started
        assert execution["exception"]["type"] == language.crash and execution["exception"]["uncaught"], execution
        stack = await t.ok("get_stack_trace", max_frames=30)
        assert "main" in " ".join(f["method"] for f in stack["frames"]), stack
        if language.label == "LLDB":
            # A crash of lldb-dap itself would otherwise symbolize through two files in
            # the temporary folder, which the session's end leaves there when it kills it.
            told = [p.environ().get("LLVM_DISABLE_SYMBOLIZATION") for p in lldb_dap_processes()]
            assert told and set(told) == {"1"}, told
        ended = await t.ok("resume")
        assert ended["status"] == "stopped" and ended["exit_code"] == language.crash_exit, ended

        started = await t.start("Cart crash", break_on_uncaught=False)
        assert started["status"] == "stopped", started
        assert started["execution"]["exit_code"] == language.crash_exit, started


async def test_run_mode_and_the_debuggers_own_limits(binary, state_dir, cart):
    language, project = cart
    source = project / language.source
    async with connect(binary, state_dir, projects=(project,)) as t:
        ran = await t.ok("run_configuration", configuration_name="Cart", wait_for_completion=True, timeout=60)
        assert ran["exit_code"] == 3 and "subtotal 17.00" in ran["output"], ran

        await t.ok("set_breakpoint", file_path=language.source, line=mark(source, "line_total"))
        await t.start("Cart")
        if language.directory == "go":
            # Delve evaluates without running code unless told `call`: refused without consent.
            refused = await t.err("evaluate", "side_effects_not_allowed", expression="call lineTotal(it)")
            assert "allow_side_effects" in refused["message"], refused
            assert await t.evaluate("it.Price * 2") == "3"
        else:
            # lldb reads variable paths only; anything else would compile and run code.
            failed = await t.err("evaluate", "evaluation_failed", expression="it->price * 2")
            assert "variable path" in failed["message"], failed
            consented = await t.ok("evaluate", expression="it->price * 2", allow_side_effects=True)
            assert consented["result"]["value"] == "3", consented
        assert "runtime guard" not in str(await t.status())
        # Neither lldb-dap nor Delve offers DAP gotoTargets: no set-next-statement, said why.
        line = mark(source, "line_total")
        refused = await t.err("jump_to_line", "not_supported", file_path=language.source, line=line)
        assert "gotoTargets" in refused["message"], refused
        assert (await t.status())["current_location"]["line"] == line, "still where it stopped"


async def test_a_jump_the_debugger_cannot_make_asks_nobody(binary, state_dir, cart):
    language, project = cart
    source = project / language.source
    asked: list[str] = []

    async def user(context, params):
        asked.append(params.message)
        return types.ElicitResult(action="accept", content={"approve": True})

    async with connect(binary, state_dir, projects=(project,), brave=False, elicitation_callback=user) as t:
        await t.ok("set_breakpoint", file_path=language.source, line=mark(source, "line_total"))
        await t.start("Cart")
        launches = len(asked)
        await t.err("jump_to_line", "not_supported", line=mark(source, "line_total"))
        assert len(asked) == launches, f"asked about an impossible jump: {asked[launches:]}"


async def test_a_missing_adapter_names_its_package(binary, state_dir, cart, tmp_path):
    language, project = cart
    empty = tmp_path / "empty-path"
    empty.mkdir()
    async with connect(binary, state_dir, projects=(project,), env={"PATH": str(empty)}) as t:
        config = next(c for c in (await t.ok("list_run_configurations"))["run_configurations"]
                      if c["name"] == "Cart")
        assert config["can_debug"] is False, config
        assert "apt-get install" in config["unavailable_reason"], config
        body = await t.err("start_debug_session", "cannot_debug", configuration_name="Cart")
        assert "apt-get install" in body["message"], body
        assert (await t.ok("list_debug_sessions"))["sessions"] == []
    assert os.environ.get("PATH"), "the test's own PATH is untouched"


async def test_restart_keeps_breakpoints_and_watches(binary, state_dir, cart):
    """start_debug_session restart: the current session is stopped first, the new one stops
    at the same breakpoint, and the project's breakpoints and watches are still there."""
    language, project = cart
    source = project / language.source
    async with connect(binary, state_dir, projects=(project,)) as t:
        bp = await t.ok("set_breakpoint", file_path=language.source, line=mark(source, "line_total"))
        await t.ok("add_watch", expression=language.price)
        first = await t.start("Cart")
        again = await t.start("Cart", restart=True)
        assert again["restarted"] == first["session_id"] != again["session_id"], again
        assert again["execution"]["breakpoints_hit"] == [bp["breakpoint_id"]], again
        sessions = {s["id"]: s["state"] for s in (await t.ok("list_debug_sessions"))["sessions"]}
        assert sessions == {first["session_id"]: "stopped", again["session_id"]: "paused"}, sessions
        assert [b["id"] for b in (await t.ok("list_breakpoints"))["breakpoints"]] == [bp["breakpoint_id"]]
        assert (await t.status())["watches"][0]["value"] == "1.5"


async def test_loaded_code_as_the_debugger_tells_it(binary, state_dir, cart):
    """debugger://session/modules: lldb-dap lists the modules (the program
    with its symbols, libc) and says it does not list sources; Delve tells neither."""
    language, project = cart
    source = project / language.source
    async with connect(binary, state_dir, projects=(project,)) as t:
        await t.ok("set_breakpoint", file_path=language.source, line=mark(source, "line_total"))
        await t.start("Cart")
        if language.directory == "go":
            body = await read_error(t.client, MODULES, "not_supported")
            assert "Delve" in body["message"], body
            return
        loaded = (await read(t.client, MODULES))["loaded"]
        modules = {m["name"]: m for m in loaded["modules"]}
        assert modules["cart"]["path"] == str(project / "build" / "cart"), modules
        assert "loaded" in modules["cart"]["symbols"].lower(), modules["cart"]
        assert any(name.startswith("libc.so") for name in modules), sorted(modules)
        assert loaded["unsupported"] == ["lldb-dap does not list loaded sources"], loaded
