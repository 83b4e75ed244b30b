"""The hostile-expression corpus (tests/e2e/hostile_expressions.jsonl, one JSON string a
line): every expression is evaluated with allow_side_effects false against a real program
paused under real debugpy, and nothing may change: the program's state (its
`fingerprint()`: variables, iterators, generators, files in its sentinel directory, module
set, environment, cwd, threads, signal handlers...), the processes below the debuggee,
and where it is paused. Prints how many were refused statically, refused at run time,
or let through (ran, or failed as Python would, with zero side effects)."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import psutil
import pytest

from conftest import line_of
from helpers.hostile import corpus

pytestmark = pytest.mark.anyio

PROGRAM = "hostile_target.py"


def debuggee() -> psutil.Process:
    found = [p for p in psutil.process_iter(["cmdline"])
             if any(part.endswith(PROGRAM) for part in p.info["cmdline"] or [])
             and "debugpy" not in " ".join(p.info["cmdline"][:2])]
    assert found, "the hostile target is not running"
    return found[-1]


def outcome(result_or_error: dict) -> str:
    if "error" not in result_or_error or result_or_error.get("result") is not None:
        return "let_through_ran"
    code, message = result_or_error["error"], result_or_error["message"]
    if code == "side_effects_not_allowed":
        return "refused_at_runtime" if "runtime guard" in message and "Stopped" in message else "refused_statically"
    return "let_through_failed"  # NameError, TypeError... as Python says, with nothing changed


async def test_corpus_is_large_and_covers_issue_8():
    expressions = corpus()
    assert len(expressions) >= 200
    for case in ["(os).replace(KEEP, SENTINEL + '/moved')", "os.path.os.replace(KEEP, SENTINEL + '/moved')",
                 "sys.modules['os'].replace(KEEP, SENTINEL + '/moved')", "10**10**8", "'a'*10**9",
                 "account.audited", "\uff4f\uff53.replace(KEEP, SENTINEL + '/moved')"]:
        assert case in expressions


async def test_hostile_expressions_change_nothing(server):
    expressions = corpus()
    async with server() as t:
        paused = line_of(PROGRAM, "paused")
        await t.ok("set_breakpoint", file_path=PROGRAM, line=paused)
        started = await t.start("Hostile")
        assert started["execution"]["new_location"]["line"] == paused
        sentinel = Path(json.loads((await t.evaluate("SENTINEL")).replace("'", '"')))
        target = debuggee()
        children_before = {c.pid for c in target.children(recursive=True)}

        async def fingerprint() -> str:
            answer = await t.ok("evaluate", expression="fingerprint()", allow_side_effects=True)
            return answer["result"]["value"]

        try:
            counts: Counter[str] = Counter()
            changed, examples = [], {}
            before = await fingerprint()
            for expression in expressions:
                result = await t.raw("evaluate", {"expression": expression})
                body = (result.structured_content if not result.is_error
                        else json.loads("".join(getattr(b, "text", "") for b in result.content)))
                kind = outcome(body)
                counts[kind] += 1
                examples.setdefault(kind, (expression, body.get("message") or body.get("result", {}).get("value")))
                after = await fingerprint()
                if after != before:
                    changed.append((expression, kind, body))
                    before = after
            children_after = {c.pid for c in target.children(recursive=True)}
            status = await t.status()
            print(f"\nhostile corpus: {len(expressions)} expressions: " +
                  ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
            for kind, (expression, said) in sorted(examples.items()):
                print(f"  e.g. {kind}: {expression!r} -> {str(said)[:160]}")
            assert not changed, f"expressions that changed the program: {changed}"
            assert children_after == children_before, "a process was started"
            assert target.is_running()
            assert status["state"] == "paused" and status["current_location"]["line"] == paused
            assert sorted(p.name for p in sentinel.iterdir()) == ["keep.txt"]
            assert (sentinel / "keep.txt").read_text() == "keep"
            # The program goes on as if nothing happened.
            await t.ok("resume")
            ended = await t.wait_until_ended(started["session_id"])
            assert ended["exit_code"] == 0, ended
        finally:
            shutil.rmtree(sentinel, ignore_errors=True)


async def test_breakpoint_code_that_may_have_side_effects_needs_consent(server):
    paused = line_of(PROGRAM, "paused")
    async with server(brave=False) as t:
        for hostile in [{"condition": "items.append(1) or True"}, {"condition": "os.remove(KEEP)"},
                        {"log_message": "items: {items.pop()}"}]:
            refused = await t.err("set_breakpoint", "confirmation_required", file_path=PROGRAM, line=paused,
                                  **hostile)
            assert "every hit" in refused["message"], refused
        assert (await t.ok("list_breakpoints"))["total_count"] == 0
        await t.ok("set_breakpoint", file_path=PROGRAM, line=paused, condition="len(items) == 3",
                   log_message="items: {items}, mode {config['mode']}")
        # A method of a value of unknown type: the runtime guard judges it at every hit.
        await t.ok("set_breakpoint", file_path=PROGRAM, line=paused, condition="config.get('mode')")
        await t.err("set_exception_breakpoint", "confirmation_required", exception_class="ValueError",
                    condition="items.clear()")
    async with server() as t:  # brave mode: the user allowed such actions
        await t.ok("set_breakpoint", file_path=PROGRAM, line=paused, condition="items.append(1) or True")


async def test_guarded_reads_and_watches_say_how_they_were_guarded(server):
    async with server() as t:
        paused = line_of(PROGRAM, "paused")
        await t.ok("set_breakpoint", file_path=PROGRAM, line=paused)
        await t.start("Hostile")
        read = await t.ok("evaluate", expression="config['mode'].upper()")
        assert read["result"]["value"] == "'FAST'" and read["side_effect_guard"] == "runtime"
        method = await t.ok("evaluate", expression="config.get('mode')")
        assert method["result"]["value"] == "'fast'"
        stopped = await t.err("evaluate", "side_effects_not_allowed", expression="account.audited")
        assert "runtime guard" in stopped["message"] and "audited" in stopped["message"]
        watch = await t.ok("add_watch", expression="account.log.append(1)")
        assert "not evaluated" in watch["error"]
        watch = await t.ok("add_watch", expression="config.get('limit')")
        assert watch["value"] == "10", watch
        assert (await t.evaluate("len(account.log)")) == "0"
        sentinel = (await t.evaluate("SENTINEL")).strip("'")
        shutil.rmtree(sentinel, ignore_errors=True)


async def test_refused_breakpoint_code_says_so_and_changes_nothing(server):
    """A condition or log message part the runtime guard refuses runs none of the program's
    code: the condition stops there and says why, the log line shows what was refused."""
    async with server(brave=False, elicitation_callback=accept_the_launch) as t:
        end = line_of(PROGRAM, "round_end")
        await t.ok("set_breakpoint", file_path=PROGRAM, line=end)
        await t.start("Hostile Loop")
        sentinel = Path(json.loads((await t.evaluate("SENTINEL")).replace("'", '"')))
        try:
            condition = await t.ok("set_breakpoint", file_path=PROGRAM, line=line_of(PROGRAM, "probe_condition"),
                                   condition="obj.prop > 0")
            await t.ok("set_breakpoint", file_path=PROGRAM, line=line_of(PROGRAM, "probe_log"),
                       log_message="prop {obj.prop}, marked {marked == 1}", suspend_policy="none")
            stopped = await t.ok("resume", timeout=20)
            assert stopped["new_location"]["line"] == line_of(PROGRAM, "probe_condition"), stopped
            assert f"the condition of {condition['breakpoint_id']} was not run" in stopped["message"], stopped
            assert "prop" in stopped["message"], stopped
            status = await t.status()
            assert status["breakpoint_hit"].get("condition_result") is None, status["breakpoint_hit"]
            logged = await t.ok("resume", timeout=20)
            assert logged["new_location"]["line"] == end, logged
            assert "prop <not evaluated: it calls the Python function prop" in logged["output"], logged
            assert "marked <not evaluated" in logged["output"], logged
            assert await t.evaluate("len(marks)") == "0"
            assert sorted(p.name for p in sentinel.iterdir()) == ["keep.txt"]
        finally:
            shutil.rmtree(sentinel, ignore_errors=True)


async def accept_the_launch(context, params):
    import mcp.types as types

    return types.ElicitResult(action="accept" if "Hostile Loop" in params.message else "decline",
                              content={"approve": True})
