"""A failing test stops where it fails (standalone: debugpy for pytest and unittest,
Delve for go test): a test launch with no breakpoint pauses at the failing assert or
t.Errorf/t.Fatal call, in the test's own frame with its locals, the answer naming the
test and its message; passing, skipped and expected failures do not stop; `test` (or a
pytest id in file_path) runs one test; break_on_uncaught: false lets the run end."""

from __future__ import annotations

import json
import shutil
import textwrap
from pathlib import Path

import pytest

from conftest import connect, line_of

pytestmark = pytest.mark.anyio

NATIVE = Path(__file__).resolve().parents[1] / "native"

# Written per test: tests/e2e is pytest's own collection root, so a test_*.py among
# the programs would be collected as ours.
CALC_TESTS = textwrap.dedent('''\
    import pytest


    def add(a, b):
        return a - b  # the bug


    def test_add_passes_at_zero():
        assert add(0, 0) == 0


    def test_add():
        x, y = 2, 3
        total = add(x, y)
        assert total == 5, "add is wrong"  # MARK: assert


    @pytest.mark.skip(reason="not today")
    def test_skipped():
        assert False


    def test_skipped_inside():
        pytest.skip("not here either")


    @pytest.mark.xfail(reason="known")
    def test_known_failure():
        assert add(1, 1) == 2


    def test_add_negative():
        assert add(-1, -1) == -2  # MARK: assert_negative


    def quantity(text):
        return int(text)  # MARK: raise


    def test_quantities():
        given = ["1", "two"]
        total = 0
        for text in given:
            total += quantity(text)  # MARK: call
        assert total == 3
    ''')

UNIT_TESTS = textwrap.dedent('''\
    import unittest


    def scale(values, factor):
        return [v * factor for v in values[1:]]  # the bug: drops the first


    class ScaleTest(unittest.TestCase):
        def test_scale(self):
            values = [1, 2, 3]
            scaled = scale(values, 2)
            self.assertEqual(scaled, [2, 4, 6])  # MARK: assert_equal

        def test_empty(self):
            self.assertEqual(scale([], 2), [])

        @unittest.expectedFailure
        def test_expected(self):
            self.assertEqual(1, 2)

        def test_skip(self):
            self.skipTest("later")


    if __name__ == "__main__":
        unittest.main()
    ''')


@pytest.fixture
def py_project(tmp_path: Path) -> Path:
    project = tmp_path / "calc"
    (project / ".vscode").mkdir(parents=True)
    (project / "test_calc.py").write_text(CALC_TESTS)
    (project / "test_scale.py").write_text(UNIT_TESTS)
    launch = {"version": "0.2.0", "configurations": [
        {"name": "unittest", "type": "debugpy", "request": "launch", "module": "unittest",
         "args": ["test_scale"], "cwd": "${workspaceFolder}"},
        {"name": "pytest all", "type": "debugpy", "request": "launch", "module": "pytest",
         "args": ["-q", "test_calc.py"], "cwd": "${workspaceFolder}"},
    ]}
    (project / ".vscode" / "launch.json").write_text(json.dumps(launch))
    return project.resolve()


def variables(execution: dict) -> dict[str, str]:
    return {v["name"]: v["value"] for v in execution.get("variables") or []}


async def test_a_failing_pytest_stops_at_its_assert_with_its_locals(binary, state_dir, py_project):
    test_file = py_project / "test_calc.py"
    async with connect(binary, state_dir, projects=(py_project,)) as t:
        started = await t.ok("start_debug_session", file_path="test_calc.py", include_variables=True)
        execution = started["execution"]
        assert started["status"] == "paused" and execution["paused_reason"] == "test_failed", started
        assert execution["failed_test"]["name"] == "test_calc.py::test_add", execution
        assert "add is wrong" in execution["failed_test"]["message"], execution
        assert "assert -1 == 5" in execution["failed_test"]["message"], execution
        assert execution["exception"]["type"].endswith("AssertionError"), execution
        location = execution["new_location"]
        assert (location["file"], location["line"], location["method"]) == (
            str(test_file), line_of(test_file, "assert"), "test_add"), location
        assert variables(execution) == {"x": "2", "y": "3", "total": "-1"}, execution
        assert "test failed: test_calc.py::test_add" in execution["message"], execution
        status = await t.status()
        assert status["failed_test"]["name"] == "test_calc.py::test_add", status
        assert status["current_location"]["line"] == line_of(test_file, "assert"), status

        # The skipped and expected failures pass by; the next real failure stops.
        again = await t.ok("resume")
        assert again["paused_reason"] == "test_failed", again
        assert again["failed_test"]["name"] == "test_calc.py::test_add_negative", again
        assert again["new_location"]["line"] == line_of(test_file, "assert_negative"), again
        # Raised in a helper: the test's frame is selected, the raise on top of the stack.
        raised = await t.ok("resume", include_variables=True)
        assert raised["failed_test"]["name"] == "test_calc.py::test_quantities", raised
        assert raised["exception"]["type"].endswith("ValueError"), raised
        assert (raised["new_location"]["line"], raised["new_location"]["method"]) == (
            line_of(test_file, "call"), "test_quantities"), raised
        assert (variables(raised)["text"], variables(raised)["total"]) == ("'two'", "1"), raised
        stack = await t.ok("get_stack_trace")
        assert [(f["method"], f["line"]) for f in stack["frames"][:2]] == [
            ("quantity", line_of(test_file, "raise")), ("test_quantities", line_of(test_file, "call"))], stack
        assert (await t.status())["selected_frame"] == 1
        ended = await t.ok("resume")
        assert ended["status"] == "stopped" and ended["exit_code"] == 1, ended
        status = await t.status()
        summary = status["output"] + (ended.get("output") or "")
        assert "3 failed, 1 passed, 2 skipped, 1 xfailed" in summary, summary
        # A launch behaviour, not a breakpoint.
        assert (await t.ok("list_breakpoints"))["total_count"] == 0


async def test_one_test_runs_alone_by_name_or_by_id(binary, state_dir, py_project):
    async with connect(binary, state_dir, projects=(py_project,)) as t:
        started = await t.ok("start_debug_session", file_path="test_calc.py", test="test_add_negative")
        assert started["execution"]["failed_test"]["name"] == "test_calc.py::test_add_negative", started
        ended = await t.ok("resume")
        assert ended["status"] == "stopped", ended
        output = (await t.status())["output"] + (ended.get("output") or "")
        assert "1 failed" in output and "passed" not in output, output

        started = await t.ok("start_debug_session", file_path="test_calc.py::test_add_passes_at_zero")
        assert started["status"] == "stopped" and started["execution"]["exit_code"] == 0, started
        assert "1 passed" in started["execution"]["output"], started

        # A -k expression selects by keyword.
        started = await t.ok("start_debug_session", file_path="test_calc.py", test="skipped or zero")
        assert started["status"] == "stopped" and started["execution"]["exit_code"] == 0, started
        assert "1 passed, 2 skipped" in started["execution"]["output"], started


async def test_break_on_uncaught_false_lets_failing_tests_end(binary, state_dir, py_project):
    async with connect(binary, state_dir, projects=(py_project,)) as t:
        started = await t.ok("start_debug_session", file_path="test_calc.py", break_on_uncaught=False)
        assert started["status"] == "stopped" and started["break_on_uncaught"] is False, started
        assert started["execution"]["exit_code"] == 1, started
        assert "3 failed" in started["execution"]["output"], started


async def test_a_failing_unittest_stops_in_the_test_method(binary, state_dir, py_project):
    test_file = py_project / "test_scale.py"
    line = line_of(test_file, "assert_equal")
    async with connect(binary, state_dir, projects=(py_project,)) as t:
        # Under pytest (a test file), and as a launch.json configuration running unittest.
        for launch in ({"file_path": "test_scale.py"}, {"configuration_name": "unittest"}):
            started = await t.ok("start_debug_session", include_variables=True, **launch)
            execution = started["execution"]
            assert execution["paused_reason"] == "test_failed", (launch, started)
            assert execution["failed_test"]["name"] == "test_scale.ScaleTest.test_scale", execution
            assert "[4, 6] != [2, 4, 6]" in execution["failed_test"]["message"], execution
            location = execution["new_location"]
            assert (location["line"], location["method"]) == (line, "test_scale"), location
            seen = variables(execution)
            assert seen["values"] == "[1, 2, 3]" and seen["scaled"] == "[4, 6]", seen
            # The expected failure and the skip do not stop.
            ended = await t.ok("resume")
            assert ended["status"] == "stopped" and ended["exit_code"] == 1, (launch, ended)
        # The opt-out, for a configuration.
        started = await t.ok("start_debug_session", configuration_name="unittest", break_on_uncaught=False)
        assert started["status"] == "stopped" and started["execution"]["exit_code"] == 1, started


async def test_a_program_that_is_not_a_test_does_not_stop_on_caught_exceptions(binary, state_dir, py_project):
    """Exceptions caught by library code stop only in test launches, and only for a test."""
    async with connect(binary, state_dir, projects=(py_project,)) as t:
        started = await t.ok("start_debug_session", configuration_name="pytest all")
        assert started["execution"]["failed_test"]["name"] == "test_calc.py::test_add", started
        await t.ok("stop_debug_session")


@pytest.mark.parametrize("arguments, code", [
    ({"file_path": "test_calc.py::test_add", "test": "test_add"}, "invalid_params"),
    ({"configuration_name": "unittest", "test": "test_scale"}, "invalid_params"),
    ({"file_path": "test_calc.py", "test": ""}, "invalid_params"),
    ({"file_path": "test_calc.py", "test": "a\nb"}, "invalid_params"),
    ({"file_path": "missing.py::test_x"}, "file_not_found"),
    ({"file_path": "../x/test_calc.py::test_add"}, "path_outside_project"),
])
async def test_bad_test_selections_launch_nothing(binary, state_dir, py_project, arguments, code):
    async with connect(binary, state_dir, projects=(py_project,)) as t:
        body = await t.err("start_debug_session", code, **arguments)
        assert body["message"], body
        assert (await t.ok("list_debug_sessions"))["sessions"] == []


GO_TESTS = textwrap.dedent('''\
    package main

    import "testing"

    func TestSubtotalOfNothing(t *testing.T) {
    	if got := subtotalOf(nil); got != 0 {
    		t.Fatalf("empty cart: got %v", got)
    	}
    }

    func TestSubtotal(t *testing.T) {
    	items := []Item{{"apple", 1.5, 4}, {"pear", 2.0, 3}}
    	got := subtotalOf(items)
    	want := 13.0
    	if got != want {
    		t.Errorf("subtotal = %v, want %v", got, want) // MARK: errorf
    	}
    }

    func TestParts(t *testing.T) {
    	t.Run("pear", func(t *testing.T) {
    		pear := Item{"pear", 2.0, 3}
    		t.Fatal("pear costs", lineTotal(&pear)) // MARK: fatal
    	})
    }
    ''')


def go_mark(path: Path, name: str) -> int:
    for number, text in enumerate(path.read_text().splitlines(), start=1):
        if f"MARK: {name}" in text:
            return number
    raise AssertionError(f"no MARK: {name} in {path}")


@pytest.fixture
def go_project(tmp_path: Path) -> Path:
    project = tmp_path / "go"
    shutil.copytree(NATIVE / "go", project)
    (project / "cart_test.go").write_text(GO_TESTS)
    return project.resolve()


async def test_a_failing_go_test_stops_at_its_t_error_call(binary, state_dir, go_project):
    test_file = go_project / "cart_test.go"
    async with connect(binary, state_dir, projects=(go_project,)) as t:
        started = await t.ok("start_debug_session", file_path="cart_test.go", include_variables=True,
                             timeout=120)
        execution = started["execution"]
        assert execution["paused_reason"] == "test_failed", started
        assert execution["failed_test"] == {
            "name": "TestSubtotal", "message": "cart_test.go:16: subtotal = 12, want 13"}, execution
        location = execution["new_location"]
        assert (location["file"], location["line"]) == (str(test_file), go_mark(test_file, "errorf")), location
        assert location["method"].endswith("TestSubtotal"), location
        seen = variables(execution)
        assert (seen["got"], seen["want"]) == ("12", "13"), seen
        # The test's frame is selected: evaluation and the status read it.
        assert await t.evaluate("want - got") == "1"
        status = await t.status()
        assert status["selected_frame"] == 2 and status["failed_test"]["name"] == "TestSubtotal", status

        # A subtest's t.Fatal, once (its parent's failure is no second stop).
        fatal = await t.ok("resume", timeout=60)
        assert fatal["paused_reason"] == "test_failed", fatal
        assert fatal["failed_test"]["name"] == "TestParts/pear", fatal
        assert fatal["failed_test"]["message"] == "cart_test.go:23: pear costs 6", fatal
        assert fatal["new_location"]["line"] == go_mark(test_file, "fatal"), fatal
        ended = await t.ok("resume", timeout=60)
        assert ended["status"] == "stopped" and ended["exit_code"] == 1, ended


async def test_one_go_test_and_the_opt_out(binary, state_dir, go_project):
    async with connect(binary, state_dir, projects=(go_project,)) as t:
        started = await t.ok("start_debug_session", file_path="cart_test.go", test="^TestParts$",
                             timeout=120)
        assert started["execution"]["failed_test"]["name"] == "TestParts/pear", started
        ended = await t.ok("resume", timeout=60)
        assert ended["status"] == "stopped", ended
        output = (await t.status())["output"] + (ended.get("output") or "")
        assert "TestSubtotal" not in output, output

        started = await t.ok("start_debug_session", file_path="cart_test.go", test="Nothing",
                             timeout=120)
        assert started["status"] == "stopped" and started["execution"]["exit_code"] == 0, started

        started = await t.ok("start_debug_session", file_path="cart_test.go", break_on_uncaught=False,
                             timeout=120)
        assert started["status"] == "stopped" and started["execution"]["exit_code"] == 1, started


async def test_a_main_package_file_runs_its_program(binary, state_dir, go_project):
    main = go_project / "main.go"
    async with connect(binary, state_dir, projects=(go_project,)) as t:
        started = await t.ok("start_debug_session", file_path="main.go", line=go_mark(main, "loop"),
                             timeout=120)
        assert started["execution"]["new_location"]["line"] == go_mark(main, "loop"), started
        sessions = (await t.ok("list_debug_sessions"))["sessions"]
        assert sessions[0]["run_configuration"] == "go build main.go", sessions
        await t.ok("remove_breakpoint", owner="agent")
        ended = await t.ok("resume", timeout=60)
        assert ended["status"] == "stopped" and ended["exit_code"] == 3, ended
        (go_project / "cart.go").write_text("package cart\n")
        body = await t.err("start_debug_session", "cannot_debug", file_path="cart.go")
        assert "package main" in body["message"], body
