"""Names that are not Unicode, from a real debugpy: a program file whose name is not UTF-8
(Python reads its bytes as lone surrogates, and debugpy sends them as `\\udcXX` escapes,
which strict JSON refuses) and variables named with lone surrogates. The stop at an uncaught
exception raised there is reported, and the stack and the variables read at once, the names
in a stable escaped form that keeps them apart."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import anyio
import pytest

from conftest import connect

pytestmark = pytest.mark.anyio

WEIRD = b"caf\xe9.py"
RAISE_LINE = 4


@pytest.fixture
def weird_project(tmp_path: Path) -> Path:
    project = tmp_path / "names"
    (project / ".vscode").mkdir(parents=True)
    (project / "main.py").write_text(
        "import os, runpy\n"
        "here = os.path.dirname(os.path.abspath(__file__))\n"
        f"runpy.run_path(os.path.join(here, os.fsdecode({WEIRD!r})), run_name='weird')\n"
    )
    with open(os.path.join(os.fsencode(project), WEIRD), "wb") as weird:
        weird.write(
            b'globals()["bad\\udcff"] = 1\n'
            b'globals()["bad\\udcfe"] = 2\n'
            b"count = 3\n"
            b'raise ValueError("boom in caf\\udce9")\n'
        )
    (project / ".vscode" / "launch.json").write_text(json.dumps({"configurations": [{
        "name": "Weird", "type": "debugpy", "request": "launch",
        "program": "${workspaceFolder}/main.py", "console": "internalConsole"}]}))
    return project.resolve()


async def timed(t, name: str, **arguments) -> tuple[dict, float]:
    began = time.monotonic()
    with anyio.fail_after(30):
        answer = await t.ok(name, **arguments)
    return answer, time.monotonic() - began


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_a_program_with_names_that_are_not_unicode_debugs_normally(binary, state_dir, weird_project, mode):
    async with connect(binary, state_dir, projects=(weird_project,), mode=mode) as t:
        started = await t.start("Weird", timeout=30)
        assert started["status"] == "paused", started
        execution = started["execution"]
        assert execution["paused_reason"] == "exception", execution
        assert "boom in caf" in execution["exception"]["message"], execution["exception"]
        assert execution["new_location"]["line"] == RAISE_LINE, execution
        assert execution["new_location"]["file"].endswith("caf\\udce9.py"), execution["new_location"]

        stack, stack_s = await timed(t, "get_stack_trace")
        top = stack["frames"][0]
        assert top["line"] == RAISE_LINE and top["file"].endswith("caf\\udce9.py"), top
        variables, variables_s = await timed(t, "get_variables")
        names = {v["name"]: v["value"] for v in variables["variables"]}
        assert names.get("bad\\udcff") == "1" and names.get("bad\\udcfe") == "2", names
        assert names.get("count") == "3", names
        status, status_s = await timed(t, "get_debug_session_status")
        assert status["paused_reason"] == "exception", status
        assert max(stack_s, variables_s, status_s) < 5, (stack_s, variables_s, status_s)

        ended = await t.ok("resume", timeout=20)
        assert ended["status"] == "stopped", ended
