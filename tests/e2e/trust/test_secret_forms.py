"""Secret forms real programs use, from a corpus (secret_forms.txt, one line a form): a Python
program written from the corpus is debugged by real debugpy, and every channel an agent reads
(variables and their expansion, evaluate, watches, a logpoint, a trace, the status, the
program's output, the debugger:// resources and their notifications, the history files, the
launch question) is searched for each secret, whole or either half of it. Each ordinary value
must read as it is. The counts of exposures and of ordinary values masked are printed.

The program shows a 70-entry dict of tokens before it prints every value: what was masked
once must stay masked however much was masked since."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import pytest

from conftest import connect, line_of
from resource_client import LOG, OUTPUT, SESSION, read
from test_questions import never_called, question
from test_secrets import Channels

pytestmark = pytest.mark.anyio

CORPUS_FILE = Path(__file__).with_name("secret_forms.txt")
# What the launch configuration passes: a password flag, as a deployed service takes one.
ARGS = ["--db-password", "argv-Pw8Lx2Qz", "--verbose"]


@dataclass(frozen=True)
class Form:
    language: str
    secret: bool
    name: str
    statement: str
    value: str

    def exposed_in(self, text: str) -> bool:
        """The value, or either half of a long one (a mask that stops half way), is in `text`;
        in a JSON string too, where a repr's backslashes and quotes are escaped."""
        half = len(self.value) // 2
        pieces = [self.value] + ([self.value[:half], self.value[half:]] if half >= 6 else [])
        return any(p in text or json.dumps(p)[1:-1] in text for p in pieces)


def corpus(language: str) -> list[Form]:
    forms = []
    for line in CORPUS_FILE.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        lang, kind, name, statement, value = (part.strip() for part in line.split(" | ", 4))
        assert kind in ("secret", "ordinary"), line
        forms.append(Form(lang, kind == "secret", name, statement, value))
    return [f for f in forms if f.language == language]


FORMS = corpus("python")
SECRETS = [f for f in FORMS if f.secret]
ORDINARY = [f for f in FORMS if not f.secret]


def write_program(project: Path) -> None:
    body = "\n".join(f"    {f.statement}" for f in FORMS)
    (project / "forms.py").write_text(f'''"""Written by test_secret_forms.py from secret_forms.txt."""
import sys
from collections import namedtuple


def main():
{body}
    tokens = {{f"token_{{i}}": f"tk{{i:03d}}-Qx7Lm2Vb9Rn" for i in range(70)}}
    shown = len(tokens)  # MARK: stop
    for value in [{", ".join(f.name for f in FORMS)}]:
        print(value)  # MARK: print
    done = True  # MARK: done


main()
''')
    (project / ".vscode").mkdir(parents=True)
    (project / ".vscode" / "launch.json").write_text(json.dumps({"version": "0.2.0", "configurations": [{
        "name": "Forms", "type": "debugpy", "request": "launch", "program": "${workspaceFolder}/forms.py",
        "args": ARGS, "console": "internalConsole"}]}))


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = (tmp_path / "forms").resolve()
    folder.mkdir()
    write_program(folder)
    return folder


def exposures(seen: Channels) -> dict[str, list[str]]:
    return {channel: [f.name for f in SECRETS if f.exposed_in("\n".join(texts))]
            for channel, texts in seen.texts.items()}


async def walk(t: Any, seen: Channels, project: Path, state_dir: Path) -> dict[str, Any]:
    program = project / "forms.py"
    notes: dict[str, Any] = {}
    for name in ("headers", "odbc", "SECRET_KEY", "login", "commit"):
        await seen.call(t, "add_watch", "add_watch", expression=name)
    for mark in ("stop", "done"):
        await t.ok("set_breakpoint", file_path="forms.py", line=line_of(program, mark))
    await seen.call(t, "set_breakpoint (logpoint)", "set_breakpoint", file_path="forms.py",
                    line=line_of(program, "print"), log_message="hdr={headers} odbc={odbc} xml={xml_config}")
    started = await seen.call(t, "start_debug_session include_variables", "start_debug_session",
                              configuration_name="Forms", include_variables=True)
    session = started["session_id"]
    listed = await seen.call(t, "get_variables", "get_variables", max_variables=200)
    notes["variables"] = {v["name"]: v for v in listed["variables"]}
    for v in listed["variables"]:
        if v.get("id") and v.get("has_children") and v["name"] != "tokens":
            await seen.call(t, "expand_variable", "expand_variable", variable_id=v["id"])
    # The 70 tokens, shown once each: more than a memory of 64 values holds.
    await seen.call(t, "expand_variable", "expand_variable", path="tokens", max_children=100)
    notes["evaluated"] = {}
    for f in FORMS:
        notes["evaluated"][f.name] = await seen.call(t, "evaluate", "evaluate", expression=f.name)
    await seen.call(t, "get_debug_session_status", "get_debug_session_status", include_variables=True)
    await seen.call(t, "get_source_context", "get_source_context", file_path="forms.py",
                    line=line_of(program, "stop"), context_lines=60)
    seen.add("resource debugger://source", await read(t.client, "debugger://source/forms.py"))
    # On to `done`: the program printed every value, and the logpoint its lines.
    notes["resumed"] = await seen.call(t, "resume", "resume", timeout=30)
    await seen.call(t, "get_debug_session_status", "get_debug_session_status")
    for uri in (SESSION, OUTPUT, LOG):
        seen.add(f"resource {uri}", await read(t.client, uri))
    await t.raw("stop_debug_session", {"session_id": session})
    notes["trace"] = await seen.call(
        t, "trace_execution", "trace_execution", configuration_name="Forms",
        probes=[{"file_path": "forms.py", "line": line_of(program, "done"),
                 "expressions": ["headers", "db_items", "odbc", "log_line", "aws_pair", "commit"]}],
        timeout=60)
    await anyio.sleep(1.5)
    for name in ("history.json", "history.csv"):
        seen.add(f"history file {name}", (state_dir / name).read_text())
    return notes


def false_positives(notes: dict[str, Any], seen: Channels) -> list[str]:
    """Ordinary values masked: in the variables, in what evaluate gave, or missing from the output."""
    found = []
    output = "\n".join(seen.texts.get(f"resource {OUTPUT}", []))
    for f in ORDINARY:
        shown = notes["variables"][f.name]["value"]
        result = notes["evaluated"][f.name].get("result", {}).get("value", "")
        if "<redacted" in shown or f.value not in shown:
            found.append(f"variables: {f.name} = {shown}")
        if "<redacted" in result or f.value not in result:
            found.append(f"evaluate: {f.name} = {result}")
        if f.value not in output:
            found.append(f"output: {f.name}")
    return found


async def test_every_secret_form_is_masked_on_every_channel_and_no_ordinary_value(binary, state_dir, project):
    seen = Channels()
    notices: list[str] = []

    async def handler(message: Any) -> None:
        notices.append(repr(message))

    async with connect(binary, state_dir, projects=(project,), message_handler=handler) as t:
        notes = await walk(t, seen, project, state_dir)
    seen.add("notifications", "\n".join(notices))
    async with connect(binary, state_dir / "asked", projects=(project,), brave=False, mode="auto",
                       elicitation_callback=never_called) as t:
        seen.add("launch question", await question(t, "start_debug_session", {"configuration_name": "Forms"}))

    found = exposures(seen)
    total = sum(len(v) for v in found.values())
    forms = sorted({name for names in found.values() for name in names})
    wrong = false_positives(notes, seen)
    print(f"\nsecret forms: {total} exposures of {len(forms)} of {len(SECRETS)} forms over "
          f"{sum(1 for v in found.values() if v)} of {len(found)} channels; "
          f"{len(wrong)} ordinary values masked of {len(ORDINARY)} forms")
    for channel, names in sorted(found.items()):
        if names:
            print(f"  {channel}: {names}")
    for what in wrong:
        print(f"  ordinary masked: {what}")
    assert notes["resumed"]["status"] != "error", notes["resumed"]
    assert total == 0 and not wrong, (forms, wrong)
