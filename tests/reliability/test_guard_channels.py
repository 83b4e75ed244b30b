"""The hostile objects corpus (tests/e2e/hostile_objects.jsonl: program iterators, generators
and files one attribute away, str.format and % reaching into a defaultdict, properties,
special methods that leave marks, memory exhaustion, never-ending code) through every channel
that runs an expression in the program: evaluate, watches, line conditions, log messages,
exception conditions, trace probes' expressions and trace probes' conditions. Brave mode is
off and every question but the launch and the test's own fingerprint is declined, so nothing
may change the program. Counted per channel and printed:

- state changes (the program's `fingerprint()`: marks, iterator positions, file offsets,
  defaultdict keys, files written...): 0;
- false "nothing ran" refusals (a refusal saying nothing ran where something did): 0;
- leftover threads (the debuggee's OS threads once the answer is in): 0;
- CPU the debuggee burns after an answer, and its memory after a refused exhaustion: under
  the runtime guard's budgets.
"""

from __future__ import annotations

import json
import shutil
import time
from collections import Counter, defaultdict
from pathlib import Path

import anyio
import mcp.types as types
import psutil
import pytest

from conftest import figure, harness

pytestmark = pytest.mark.anyio

CORPUS = Path(__file__).resolve().parents[1] / "e2e" / "hostile_objects.jsonl"
# The earlier rounds' corpus (strings; evaluate runs all of it in tests/e2e): every fifth
# line here, on every channel.
EARLIER = Path(__file__).resolve().parents[1] / "e2e" / "hostile_expressions.jsonl"
PROGRAM = "hostile_target.py"
NOTHING_RAN = "Nothing it tried was run"
# The runtime guard's memory budget (rust/dap/src/adapter/sitecustomize.py), plus what a refused
# evaluation may leave in the allocator's free lists.
MEMORY_LIMIT_MB = 256
CHANNELS = ["evaluate", "watch", "condition", "log_message", "exception_condition", "trace_expression",
            "trace_condition"]


def objects_corpus() -> list[tuple[str, str]]:
    """(class, expression) of every line of the objects corpus, and of a sample of the
    earlier rounds' corpus."""
    rows = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]
    earlier = [json.loads(line) for line in EARLIER.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [(row["class"], row["expression"]) for row in rows] + [("earlier rounds", e) for e in earlier[::5]]


def debuggee() -> psutil.Process:
    found = [p for p in psutil.process_iter(["cmdline"])
             if any(part.endswith(PROGRAM) for part in p.info["cmdline"] or [])
             and "loop" in (p.info["cmdline"] or []) and "debugpy" not in " ".join(p.info["cmdline"][:2])]
    assert found, "the hostile loop is not running"
    return found[-1]


def body_of(result) -> dict:
    if not result.is_error:
        return result.structured_content
    return json.loads("".join(getattr(b, "text", "") for b in result.content))


class Channels:
    """One round of the program per case: set the code on its channel, let it run, come back
    to the end of the round, read the fingerprint, take the code away."""

    def __init__(self, t):
        self.t = t
        self.lines = {mark: harness.line_of(PROGRAM, mark) for mark in
                      ("probe_condition", "probe_log", "probe_raise", "round_end")}

    async def fingerprint(self) -> str:
        answer = await self.t.raw("evaluate", {"expression": "fingerprint()", "allow_side_effects": True})
        body = body_of(answer)
        return body["result"]["value"] if not answer.is_error else "fingerprint failed: " + body["message"]

    async def reset(self) -> None:
        """Put the program's state back (each expression is judged from the same state)."""
        await self.t.ok("evaluate", expression="reset()", allow_side_effects=True)

    async def to_round_end(self) -> str:
        """Resume until the program stands at the end of a round; what it said on the way.
        A program busy in breakpoint code (its budget is 1 s) is waited for."""
        said = []
        for _ in range(80):
            status = await self.t.status()
            location = status.get("current_location") or {}
            if status["state"] == "paused" and location.get("line") == self.lines["round_end"]:
                return " | ".join(said)
            if status["state"] != "paused":
                await anyio.sleep(0.25)
                continue
            resumed = body_of(await self.t.raw("resume", {"timeout": 30}))
            said.append(str(resumed.get("message", ""))[:300])
        raise AssertionError(f"the program did not come back to the end of a round: {said}")

    async def evaluate(self, expression: str) -> str:
        return json.dumps(body_of(await self.t.raw("evaluate", {"expression": expression})))

    async def watch(self, expression: str) -> str:
        added = body_of(await self.t.raw("add_watch", {"expression": expression}))
        if "watch_id" in added:
            await self.t.ok("remove_watch", watch_id=added["watch_id"])
        return json.dumps(added)

    async def _breakpoint(self, tool: str, arguments: dict) -> str:
        set_ = body_of(await self.t.raw(tool, arguments))
        if "breakpoint_id" not in set_:
            return json.dumps(set_)
        try:
            # One round runs the code: from the end of a round to the end of the next.
            resumed = body_of(await self.t.raw("resume", {"timeout": 30}))
            said = str(resumed.get("message", ""))[:300] + " | " + await self.to_round_end()
            output = (await self.t.status()).get("output", "")
            return json.dumps(set_) + " " + said + " " + output[-600:]
        finally:
            await self.t.ok("remove_breakpoint", breakpoint_id=set_["breakpoint_id"])

    async def condition(self, expression: str) -> str:
        return await self._breakpoint("set_breakpoint", {"file_path": PROGRAM, "line": self.lines["probe_condition"],
                                                         "condition": expression})

    async def log_message(self, expression: str) -> str:
        return await self._breakpoint("set_breakpoint", {"file_path": PROGRAM, "line": self.lines["probe_log"],
                                                         "log_message": "logged {" + expression + "}",
                                                         "suspend_policy": "none"})

    async def exception_condition(self, expression: str) -> str:
        return await self._breakpoint("set_exception_breakpoint", {"exception_class": "ValueError",
                                                                   "condition": expression})

    async def _trace(self, probe: dict) -> str:
        probe = {"file_path": PROGRAM, "line": self.lines["probe_log"], **probe}
        traced = body_of(await self.t.raw("trace_execution", {"probes": [probe], "max_hits": 1, "timeout": 30}))
        return json.dumps(traced)[:2000] + " " + await self.to_round_end()

    async def trace_expression(self, expression: str) -> str:
        return await self._trace({"expressions": [expression]})

    async def trace_condition(self, expression: str) -> str:
        return await self._trace({"expressions": ["n"], "condition": expression})


@pytest.mark.timeout(1800)
async def test_hostile_objects_change_nothing_on_any_channel(binary, state_dir):
    asked: list[str] = []

    async def only_the_launch_and_the_fingerprint(context, params: types.ElicitRequestParams):
        asked.append(params.message)
        if "Hostile Loop" in params.message or "fingerprint()" in params.message or "reset()" in params.message:
            return types.ElicitResult(action="accept", content={"approve": True})
        return types.ElicitResult(action="decline")

    cases = objects_corpus()
    async with harness.connect(binary, state_dir, brave=False,
                       elicitation_callback=only_the_launch_and_the_fingerprint) as t:
        channels = Channels(t)
        await t.ok("set_breakpoint", file_path=PROGRAM, line=channels.lines["round_end"])
        started = await t.start("Hostile Loop")
        assert started["execution"]["new_location"]["line"] == channels.lines["round_end"], started
        sentinel = Path(json.loads((await t.evaluate("SENTINEL")).replace("'", '"')))
        target = debuggee()
        try:
            threads_before = target.num_threads()
            rss_before = target.memory_info().rss
            before = await channels.fingerprint()
            changed: dict[str, list] = defaultdict(list)
            false_refusals: dict[str, list] = defaultdict(list)
            leftover_threads: dict[str, list] = defaultdict(list)
            busy_after: dict[str, list] = defaultdict(list)
            memory_after_mb: dict[str, float] = defaultdict(float)
            slowest: dict[str, tuple[float, str]] = defaultdict(lambda: (0.0, ""))
            outcomes: dict[str, Counter] = defaultdict(Counter)
            for kind, expression in cases:
                for channel in CHANNELS:
                    began = time.monotonic()
                    said = await getattr(channels, channel)(expression)
                    took = time.monotonic() - began
                    if took > slowest[channel][0]:
                        slowest[channel] = (round(took, 2), expression)
                    threads = target.num_threads()
                    cpu = target.cpu_times()
                    rss = target.memory_info().rss
                    after = await channels.fingerprint()
                    spent = sum(target.cpu_times()[:2]) - sum(cpu[:2])
                    outcomes[channel]["refused, nothing ran" if NOTHING_RAN in said else
                                      "consent asked" if "confirmation_denied" in said else "ran or failed"] += 1
                    if after != before:
                        changed[channel].append((kind, expression, said[:400]))
                        if NOTHING_RAN in said:
                            false_refusals[channel].append(expression)
                        await channels.reset()
                        before = await channels.fingerprint()
                    if threads > threads_before:
                        # A helper thread ends before the answer; the OS may take a moment
                        # more to reap it. Still there 0.2 s later, it is left over.
                        await anyio.sleep(0.2)
                        threads = target.num_threads()
                    if threads > threads_before:
                        leftover_threads[channel].append((expression, threads - threads_before))
                    if spent > 0.3:  # the fingerprint itself takes a few ms
                        busy_after[channel].append((expression, round(spent, 2)))
                    if kind == "exhaustion":
                        grown = (rss - rss_before) / 2**20
                        memory_after_mb[channel] = max(memory_after_mb[channel], round(grown))
            print(f"\nhostile objects: {len(cases)} expressions x {len(CHANNELS)} channels; "
                  f"questions asked {len(asked)}")
            for channel in CHANNELS:
                print(f"  {channel}: state changes {len(changed[channel])}, false 'nothing ran' refusals "
                      f"{len(false_refusals[channel])}, leftover threads {len(leftover_threads[channel])}, "
                      f"CPU after the answer {len(busy_after[channel])}, memory after exhaustion "
                      f"{memory_after_mb[channel]} MB, slowest {slowest[channel]}, {dict(outcomes[channel])}")
                for kind, expression, said in changed[channel][:60]:
                    print(f"    changed ({kind}): {expression!r} -> {said[:200]}")
                for expression, extra in leftover_threads[channel][:10]:
                    print(f"    threads left ({extra}): {expression!r}")
                for expression, spent in busy_after[channel][:10]:
                    print(f"    CPU after the answer ({spent} s): {expression!r}")
                figure(f"guard on {channel}", f"state changes {len(changed[channel])}, false 'nothing ran' "
                       f"refusals {len(false_refusals[channel])}, leftover threads "
                       f"{len(leftover_threads[channel])}, CPU after the answer {len(busy_after[channel])}, "
                       f"memory after exhaustion {memory_after_mb[channel]} MB")
            assert not any(changed.values()), "expressions that changed the program"
            assert not any(false_refusals.values())
            assert not any(leftover_threads.values())
            assert not any(busy_after.values())
            assert max(memory_after_mb.values(), default=0) < MEMORY_LIMIT_MB
            assert sorted(p.name for p in sentinel.iterdir()) == ["keep.txt"]
        finally:
            shutil.rmtree(sentinel, ignore_errors=True)
