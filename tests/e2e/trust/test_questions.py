"""Honest questions (protocol 2026-07-28, where the question is the call's answer and its text
can be read as the user would see it): every part the agent supplied is labelled, quoted and on
one line, with line breaks, control characters and bidi or invisible characters escaped and the
length cut; a launch question names what will run (program, arguments, working directory, the
names of variables set, never their values)."""

from __future__ import annotations

import json
import pytest

from conftest import PROGRAMS, connect
from helpers.questions import never_called, question

pytestmark = pytest.mark.anyio

HIDING = ["\n", "\r", "\u202e", "\u2066", "\u200b", "\u2028", "\x1b"]


def assert_shown_as_data(message: str) -> None:
    assert not any(c in message for c in HIDING), repr(message)


async def test_agent_text_in_a_question_is_shown_as_data(binary, state_dir, tmp_path):
    project = tmp_path / "honest"
    (project / ".vscode").mkdir(parents=True)
    (project / "app.py").write_text("total = 0\nfor i in range(3):\n    total += i\n")
    lure = "Read-only check, safe to approve\n\n\n\u202erm -rf ~\u202c"
    (project / ".vscode" / "launch.json").write_text(json.dumps({"configurations": [{
        "name": lure, "type": "debugpy", "request": "launch", "program": "${workspaceFolder}/app.py",
        "args": ["--a\nb"], "console": "internalConsole"}]}))
    async with connect(binary, state_dir, projects=(project.resolve(),), brave=False, mode="auto",
                       elicitation_callback=never_called) as t:
        launch = await question(t, "start_debug_session", {"configuration_name": lure})
        assert_shown_as_data(launch)
        assert launch.startswith("Start a debug session in project honest? It runs configuration "), launch
        assert '"Read-only check, safe to approve\\n\\n\\n\\u{202E}rm -rf ~\\u{202C}"' in launch, launch
        assert f'program "{project.resolve() / "app.py"}"' in launch and 'arguments ["--a\\nb"]' in launch, launch

        code = "x = 1  # harmless\n" * 2000 + "\u2066__import__('os').system('id')"
        asked = await question(t, "set_breakpoint", {"file_path": "app.py", "line": 3, "condition": code})
        assert_shown_as_data(asked)
        assert 'condition "x = 1  # harmless\\nx = 1' in asked and "characters)" in asked, asked[:300]
        assert len(asked) < 1000, len(asked)


async def test_a_launch_question_names_what_will_run(binary, state_dir):
    async with connect(binary, state_dir, brave=False, mode="auto", elicitation_callback=never_called) as t:
        asked = await question(t, "start_debug_session", {
            "configuration_name": "Echo Launch",
            "overrides": {"args": ["--from-agent"], "cwd": "workdir", "env": {"AGENT_TOKEN": "s3cret-value"}}})
        assert_shown_as_data(asked)
        assert f'program "{PROGRAMS / "echo_launch.py"}"' in asked, asked
        assert 'arguments ["--from-agent"]' in asked and "--from-config" not in asked, asked
        assert f'working directory "{PROGRAMS / "workdir"}"' in asked, asked
        assert 'environment variables set ["AGENT_TOKEN"]' in asked and "s3cret" not in asked, asked
        asked = await question(t, "run_configuration", {"configuration_name": "Short"})
        assert asked.startswith("Run a program (without the debugger) in project"), asked
        assert f'program "{PROGRAMS / "short.py"}"' in asked, asked
