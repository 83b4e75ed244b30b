"""What the runtime guard does around an expression runs no code of the program and changes
none of its state: preparing an evaluation (an itertools.groupby group, an enumerate, zip,
map or islice over an iterable whose __iter__ rewinds, a reversed() over a sized object, an
iterator dressed as a builtin with a __copy__, a class whose metaclass has hooks), building
the text of an error (a missing key whose __repr__ is the program's, breakpoint code failing
inside the program's `except` block, formatted afterwards the way pydevd formats it), and
judging one C operation before it starts (big modular powers, products, divisions, sum() of
lists). Run through the shim (`__jbd_guarded__`) in a plain Python process holding the state
of tests/e2e/programs/hostile_target.py, in each purpose: a value (evaluate, watches), a
condition and a log message part."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import anyio
import pytest
from helpers.hostile import PYTHONS, SHIM_DIR, TARGET

from conftest import line_of

DRIVER = r"""
import json, runpy, shutil, sys, traceback
target = runpy.run_path(sys.argv[1], run_name="hostile_target")
fingerprint, marks = target["fingerprint"], target["marks"]


class Raised(Exception):
    # The exception the program is handling while its breakpoint code runs.
    def __str__(self):
        marks.append("program exception str")
        return "raised"


def as_pydevd_shows(error):
    # An evaluate answer (the whole traceback), a watch ("Type: text") and a failing
    # condition (printed with its traceback), as pydevd builds them.
    return ["".join(traceback.format_exception(type(error), error, error.__traceback__)),
            "%s: %s" % (error.__class__.__name__, error),
            "".join(traceback.format_exception_only(type(error), error))]


results = []
for source, purpose in json.loads(sys.stdin.read()):
    before = fingerprint()
    try:
        raise Raised()
    except Raised:
        try:
            label = None if purpose == "value" else "the %s of bp-1" % purpose
            value = eval("__jbd_guarded__(%s, %s, %s)" % (
                json.dumps(source), json.dumps(purpose), repr(label)), target)
            shown = [value if type(value) in (bool, str) else "<%s>" % type(value).__name__]
            outcome = "ran"
        except Exception as error:
            outcome = "refused" if type(error).__name__ == "SideEffectsNotAllowed" else "failed"
            shown = as_pydevd_shows(error)
    after = fingerprint()
    results.append([source, purpose, outcome, before == after, shown, marks[:]])
    del marks[:]
results.append(["group left", list(target["group"])])
shutil.rmtree(target["SENTINEL"], ignore_errors=True)
print(json.dumps(results))
"""

PURPOSES = ("value", "condition", "log")
# Each only names, compares or types an object of the program.
NAMING = [
    "group is not None", "type(group) is None", "type(group)", "[group] is None",
    "group_key == 'a' and group is not None", "walker is None", "walkers[1] is None",
    "type(walkers[2])", "walkers[3] is not None", "backwards is None", "type(backwards)",
    "posing is None", "type(posing)", "(posing, 1)[1]", "watched is None", "type(watched)",
    "type(watched) is Watched", "isinstance(watched, int)", "id(group) > 0", "repr(walker)[:1]",
    "iterator is None", "generator is not None", "type(generator)",
]
# Each fails in C code over a value of the program whose __repr__/__str__ leaves a mark.
FAILING = ["{}[lazy]", "{1: 2}[(lazy, 1)]", "{}[[lazy][0]]", "(1, 2)[5]", "lazy.missing",
           "int(lazy)"]
# One C operation that would run for seconds: judged by its operands' sizes first.
HEAVY = [
    "pow(3, 2**1000 - 1, 10**3000)", "pow(3, 2**600, 10**2000 * 10**2000 * 10**2000)",
    "(10**150000 * 10**150000) * (10**150000 * 10**150000)",
    "sum([[0] * 1000 for _ in range(20000)], [])", "sum((x for x in [[1]]), [])",
    "divmod(10**300000, 7)", "2**999999 * 2**999999",
    # Called by C code (map), where no hook sizes each call.
    "max(map(pow, range(2, 999999), [9999] * 999997))",
    "min(map(divmod, [10**99999] * 99999, [7] * 99999))",
    # The same operations reached as methods and through other names.
    "max(map(int.__pow__, range(2, 999999), [9999] * 999997))",
    "max(map(getattr(int, '__pow__'), range(2, 999999), [9999] * 999997))",
    "max(map(vars(int)['__pow__'], range(2, 999999), [9999] * 999997))",
    "min(map(getattr(int, '__floordiv__'), [10**99999] * 99999, [7] * 99999))",
    "sorted(range(2, 99999), key=getattr(9999, '__rpow__'))",
    "getattr(int, '__pow__')(3, 2**1000 - 1, 10**3000)",
]
LIGHT = {"pow(2, 10, 7)": "<int>", "sum([[1], [2]], [])": "<list>", "divmod(7, 2)": "<tuple>",
         "2**10 // 3": "<int>", "(10**100 * 10**100) % 7": "<int>", "max(map(abs, [-2, 1]))": "<int>"}


def run(python: str, cases: list[list[str]], tmp_path: Path) -> list:
    done = subprocess.run(
        [python, "-c", DRIVER, str(TARGET)], input=json.dumps(cases), capture_output=True,
        text=True, timeout=300, cwd=tmp_path,
        env={"PYTHONPATH": str(SHIM_DIR), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("python", PYTHONS)
def test_naming_an_object_changes_nothing_answered_or_refused(python, tmp_path):
    cases = [[source, purpose] for source in NAMING for purpose in PURPOSES]
    results = run(python, cases, tmp_path)
    touched = [(source, purpose, outcome, marks) for source, purpose, outcome, unchanged, _, marks
               in results[:-1] if not unchanged or marks]
    assert touched == []
    # The program's own group still holds its two items after 69 evaluations naming it.
    assert results[-1] == ["group left", ["a", "a"]]
    answered = {(s, p): shown for s, p, outcome, _, shown, _ in results[:-1] if outcome == "ran"}
    assert answered[("type(group)", "value")] == ["<type>"]
    assert answered[("group is not None", "condition")] == [True]


@pytest.mark.parametrize("python", PYTHONS)
def test_errors_are_told_without_program_code(python, tmp_path):
    cases = [[source, purpose] for source in FAILING for purpose in PURPOSES]
    results = run(python, cases, tmp_path)[:-1]
    ran_code = [(source, purpose, marks) for source, purpose, _, unchanged, _, marks in results
                if marks or not unchanged]
    assert ran_code == []
    shown = {(source, purpose): (outcome, texts) for source, purpose, outcome, _, texts, _ in results}
    outcome, texts = shown[("{}[lazy]", "value")]
    assert outcome == "failed" and re.fullmatch(r"KeyError: <Lazy object at 0x[0-9a-f]+>", texts[1])
    assert "KeyError: (<Lazy object at 0x" in shown[("{1: 2}[(lazy, 1)]", "value")][1][1]
    assert shown[("lazy.missing", "value")][1][1] == "AttributeError: 'Lazy' object has no attribute 'missing'"
    # Nothing of the program's exception is in the text: it is not chained to ours.
    assert all("Raised" not in str(text) for _, texts in shown.values() for text in texts)
    # A failing condition stops the program (the server tells the error from the shim's
    # activity record) rather than raise into pydevd, which prints it at every hit.
    assert {source: shown[(source, "condition")] for source in FAILING} == {
        source: ("ran", [True]) for source in FAILING}
    # A log message part says what failed instead of failing the whole message.
    assert re.fullmatch(r"<not evaluated: KeyError: <Lazy object at 0x[0-9a-f]+>>",
                        shown[("{}[lazy]", "log")][1][0])


@pytest.mark.parametrize("python", PYTHONS)
def test_one_long_c_operation_is_refused_before_it_starts(python, tmp_path):
    cases = [[source, "value"] for source in HEAVY + list(LIGHT)]
    results = run(python, cases, tmp_path)[:-1]
    outcomes = {source: (outcome, shown) for source, _, outcome, _, shown, _ in results}
    assert {s: outcomes[s][0] for s in HEAVY} == {s: "refused" for s in HEAVY}, outcomes
    assert {s: outcomes[s] for s in LIGHT} == {s: ("ran", [v]) for s, v in LIGHT.items()}


PROGRAM = "hostile_target.py"


@pytest.mark.anyio
async def test_conditions_watches_and_evaluate_leave_the_programs_objects_alone(server):
    """Through the real server: a condition naming the group and the wrappers at every round,
    watches typing them at every status, evaluate failing on a key of the program. Values
    are shown without program code (in the default mode, showing the class `type(watched)`
    answers runs its metaclass's hooks, as the IDE would), so that what is measured is the
    guard's own doing."""
    async with server(extra=("--values-without-code",)) as t:
        await t.ok("set_breakpoint", file_path=PROGRAM, line=line_of(PROGRAM, "round_end"),
                   condition="group is not None and walker is not None and type(backwards) "
                             "is not None and posing is not None and watched is not None")
        for expression in ("type(group)", "type(walkers[3])", "posing is None", "type(watched)"):
            await t.ok("add_watch", expression=expression)
        await t.start("Hostile Loop")
        sentinel = Path(json.loads((await t.evaluate("SENTINEL")).replace("'", '"')))
        try:
            for _ in range(3):
                watches = (await t.status())["watches"]
                assert [w["value"] for w in watches][::2] == ["<class _grouper>", "False"], watches
                assert (await t.ok("resume", timeout=20))["state"] == "paused"
            failed = await t.err("evaluate", "evaluation_failed", expression="{}[lazy]")
            assert re.fullmatch(r"KeyError\(<Lazy object at 0x[0-9a-f]+>\)", failed["message"]), failed
            # Read with consent, at the end: what the program's objects hold now.
            state = await t.ok("evaluate", expression="(list(group), rewinding.position, marks)",
                               allow_side_effects=True)
            assert state["result"]["value"] == "(['a', 'a'], 2, [])", state
        finally:
            shutil.rmtree(sentinel, ignore_errors=True)


@pytest.mark.anyio
async def test_a_trace_tells_a_hit_whose_condition_the_guard_refused(server):
    """A probe's condition that reads a property is refused by the guard at every hit, which
    stops the program there instead: the hit says so rather than pass for the condition's."""
    async with server() as t:
        trace = await t.ok("trace_execution", configuration_name="Hostile Loop", max_hits=2, probes=[
            {"file_path": PROGRAM, "line": line_of(PROGRAM, "round_end"), "expressions": ["n"],
             "condition": "account.audited > 0"}])
        try:
            assert [h["values"] for h in trace["hits"]] == [{"n": "1"}, {"n": "2"}], trace
            for hit in trace["hits"]:
                assert hit["condition_refused"].startswith("the condition of bp-"), hit
                assert "property" in hit["condition_refused"] or "calls" in hit["condition_refused"], hit
            assert await t.evaluate("account.log") == "[]"
        finally:
            shutil.rmtree(json.loads((await t.evaluate("SENTINEL")).replace("'", '"')), ignore_errors=True)


@pytest.mark.anyio
async def test_a_failing_condition_stops_once_and_says_why(server):
    """A line condition that fails (it reads nothing, so it runs without consent) stops the
    program once, and the stop tells the error; pydevd would print it at every hit and go on.
    Later hits where it fails the same way go on, counted: the next stop tells how many."""
    async with server() as t:
        bp = await t.ok("set_breakpoint", file_path=PROGRAM, line=line_of(PROGRAM, "round_end"),
                        condition="(1, 2)[5] == n")
        started = await t.start("Hostile Loop")
        try:
            execution = started["execution"]
            failing = bp["breakpoint_id"]
            assert execution["state"] == "paused" and execution["breakpoints_hit"] == [failing]
            assert (f"the condition of {failing} failed (IndexError: tuple index out of "
                    "range), so the program stopped here") in execution["message"], execution
            sixth = await t.ok("set_breakpoint", file_path=PROGRAM,
                               line=line_of(PROGRAM, "probe_condition"), condition="n == 3")
            # n is 3 at probe_condition in the fourth round: round_end failed in rounds 1 to 3.
            execution = await t.ok("resume")
            for _ in range(40):
                if execution.get("state") == "paused":
                    break
                await anyio.sleep(0.25)
                execution = (await t.status())["execution"]
            assert execution["breakpoints_hit"] == [sixth["breakpoint_id"]], execution
            assert (f"the condition of {failing} failed (IndexError: tuple index out of range) at "
                    "3 hits so far; only the first stopped") in execution["message"], execution
            assert "Error while evaluating" not in (await t.status()).get("output", "")
        finally:
            shutil.rmtree(json.loads((await t.evaluate("SENTINEL")).replace("'", '"')), ignore_errors=True)


@pytest.mark.anyio
async def test_a_condition_over_its_budget_stops_and_says_it_ran(server):
    """A condition that runs past its 1 s budget is stopped there by the guard: the program
    stops at the line, and the stop says the condition was stopped after it ran, not that it
    was not run."""
    async with server() as t:
        bp = await t.ok("set_breakpoint", file_path=PROGRAM, line=line_of(PROGRAM, "round_end"),
                        condition="any(x < 0 for x in range(9999999))")
        started = await t.start("Hostile Loop")
        try:
            execution = started["execution"]
            for _ in range(40):  # the start may answer `busy` while the condition runs
                if execution["state"] == "paused":
                    break
                await anyio.sleep(0.25)
                execution = (await t.status())["execution"]
            assert execution["state"] == "paused" and execution["breakpoints_hit"] == [bp["breakpoint_id"]], execution
            said = execution["message"]
            assert (f"the condition of {bp['breakpoint_id']} was stopped by the side-effect guard after "
                    "it ran longer than 1 s") in said, said
            assert "was not run" not in said, said
        finally:
            shutil.rmtree(json.loads((await t.evaluate("SENTINEL")).replace("'", '"')), ignore_errors=True)


AGREED_DRIVER = r"""
import ctypes  # noqa: F401 (pydevd loads it in every debuggee)
import json, sys, time
counter = [0]


def spin():
    # The program's own code, swallowing Exception as programs do.
    while True:
        try:
            counter[0] += 1
        except Exception:
            pass


results = []


def tracer(frame, event, arg):
    # As pydevd runs breakpoint code: inside its trace function, in the program's thread.
    if event == "call" and frame.f_code.co_name == "hit":
        for source, purpose in json.loads(sys.argv[1]):
            began = time.monotonic()
            value = __jbd_guarded__(source, purpose, "the %s of bp-1" % purpose, False)
            results.append([source, purpose, value, round(time.monotonic() - began, 2)])


def hit():
    return 1


sys.settrace(tracer)
hit()
sys.settrace(None)
time.sleep(1.5)  # an exception meant for the code stopped would land here
print(json.dumps(results))
"""


@pytest.mark.parametrize("python", PYTHONS)
def test_breakpoint_code_agreed_to_is_stopped_at_its_time_budget(python, tmp_path):
    """Breakpoint code the user agreed to (side effects allowed) runs as written in the
    program's thread, but not for ever: past its 1 s budget it is stopped, even looping in the
    program's code under `except Exception`; the condition then stops the program, a log part
    says why. What ends within its budget runs, side effects included."""
    cases = [["spin()", "condition"], ["spin()", "log"], ["counter.append(7) or 7 in counter", "condition"]]
    done = subprocess.run(
        [python, "-c", AGREED_DRIVER, json.dumps(cases)], capture_output=True, text=True, timeout=30,
        cwd=tmp_path, env={"PYTHONPATH": str(SHIM_DIR), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr[-3000:]
    results = {(source, purpose): (value, seconds)
               for source, purpose, value, seconds in json.loads(done.stdout.strip().splitlines()[-1])}
    stopped, seconds = results[("spin()", "condition")]
    assert stopped is True and seconds < 3, results
    logged, seconds = results[("spin()", "log")]
    assert logged.startswith("<not evaluated: it ran longer than 1 s") and seconds < 3, results
    assert results[("counter.append(7) or 7 in counter", "condition")][0] is True, results


@pytest.mark.parametrize("python", PYTHONS)
def test_a_failing_condition_agreed_to_stops_once(python, tmp_path):
    """A condition the user agreed to that fails is told like a guarded one: the first hit
    where it fails stops the program (the condition answers true, and the error is recorded),
    later hits where it fails the same way go on; a different condition starts over."""
    cases = [["(1, 2)[5]", "condition"], ["(1, 2)[5]", "condition"], ["(1, 2)[7]", "condition"]]
    done = subprocess.run(
        [python, "-c", AGREED_DRIVER, json.dumps(cases)], capture_output=True, text=True, timeout=30,
        cwd=tmp_path, env={"PYTHONPATH": str(SHIM_DIR), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr[-3000:]
    results = json.loads(done.stdout.strip().splitlines()[-1])
    assert [value for _, _, value, _ in results] == [True, False, True], results
