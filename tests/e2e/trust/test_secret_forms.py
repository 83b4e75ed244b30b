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
import subprocess
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import anyio
import pytest

from conftest import CALCULATOR, connect
from resource_client import LOG, OUTPUT, SESSION, read
from helpers.channels import Channels
from helpers.model_ide import ide, installed_plugin  # noqa: F401 (the plugin zip as installed, a fixture)
from helpers.questions import never_called, question

pytestmark = pytest.mark.anyio

CORPUS_FILE = Path(__file__).with_name("secret_forms.txt")
# What the launch configuration passes: a password flag, as a deployed service takes one.
ARGS = ["--db-password", "argv-Pw8Lx2Qz", "--verbose"]
# And after it, by language: `-p` is a port for the Python program, and a password for the
# C program, built as `mysql` (a program known to take its password there).
MORE_ARGS = {"python": ["-p", "8080"], "c": ["-p", "cli-Mq7Zx2Vb9"], "cpp": [], "go": []}
# And its environment: a password the program reads into a variable of any name.
ENV = {"DB_PASSWORD": "envr-Kq7Zt3Wm9"}


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


@dataclass(frozen=True)
class Language:
    name: str
    source: str
    build: tuple[str, ...]          # run in the project; () when the adapter builds it
    configuration: dict[str, Any]   # the launch configuration, less its name and args
    program: str                    # the program's text: {body} and {prints} filled in
    statement_indent: str
    print_one: str                  # one form printed, {name} filled in


LANGUAGES = {
    "python": Language("python", "forms.py", (), {
        "type": "debugpy", "request": "launch", "program": "${workspaceFolder}/forms.py",
        "console": "internalConsole"}, '''"""Written by test_secret_forms.py from secret_forms.txt."""
import sys
from collections import namedtuple


def main():
{body}
    tokens = {{f"token_{{i}}": f"tk{{i:03d}}-Qx7Lm2Vb9Rn" for i in range(70)}}
    shown = len(tokens)  # MARK: stop
    for value in [{names}]:
        print(value)  # MARK: print
    done = True  # MARK: done


main()
''', "    ", ""),
    "c": Language("c", "forms.c", ("gcc", "-g", "-O0", "-o", "build/mysql", "forms.c"), {
        "type": "lldb-dap", "request": "launch", "program": "${workspaceFolder}/build/mysql"},
        """#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {{
{body}
    int shown = argc; // MARK: stop
{prints}
    int done = 1; // MARK: done
    return done - 1 + (argv == 0);
}}
""", "    ", "    puts({name}); // MARK: print"),
    "cpp": Language("cpp", "forms.cpp", ("g++", "-g", "-O0", "-o", "build/forms", "forms.cpp"), {
        "type": "lldb-dap", "request": "launch", "program": "${workspaceFolder}/build/forms"},
        """#include <cstdio>
#include <string>
#include <utility>

static void show(const std::string &s) {{ puts(s.c_str()); }}
static void show(const std::pair<std::string, std::string> &p) {{
    printf("%s %s\\n", p.first.c_str(), p.second.c_str());
}}

int main(int argc, char **argv) {{
{body}
    int shown = argc; // MARK: stop
{prints}
    int done = 1; // MARK: done
    return done - 1 + (argv == 0);
}}
""", "    ", "    show({name}); // MARK: print"),
    "go": Language("go", "main.go", (), {
        "type": "go", "request": "launch", "mode": "debug", "program": "${workspaceFolder}"},
        """package main

import (
    "fmt"
    "os"
)

func main() {{
    _ = os.Args
{body}
    shown := 1 // MARK: stop
{prints}
    done := shown // MARK: done
    fmt.Println(done)
}}
""", "    ", "    fmt.Println({name}) // MARK: print"),
}


def mark(path: Path, name: str) -> int:
    for number, text in enumerate(path.read_text().splitlines(), start=1):
        if text.rstrip().endswith(f"MARK: {name}"):
            return number
    raise AssertionError(f"no MARK: {name} in {path}")


def write_program(project: Path, language: Language, forms: list[Form]) -> None:
    body = "\n".join(f"{language.statement_indent}{f.statement}" for f in forms)
    prints = "\n".join(language.print_one.format(name=f.name) for f in forms)
    (project / language.source).write_text(language.program.format(
        body=body, prints=prints, names=", ".join(f.name for f in forms)))
    if language.name == "go":
        (project / "go.mod").write_text("module example.com/forms\n\ngo 1.19\n")
    (project / ".vscode").mkdir(parents=True)
    (project / ".vscode" / "launch.json").write_text(json.dumps({"version": "0.2.0", "configurations": [
        {"name": "Forms", **language.configuration, "args": ARGS + MORE_ARGS[language.name],
         "env": ENV}]}))
    if language.build:
        (project / "build").mkdir()
        subprocess.run(language.build, cwd=project, check=True, timeout=120)


@pytest.fixture(params=list(LANGUAGES))
def program(request, tmp_path: Path) -> tuple[Language, list[Form], Path]:
    language = LANGUAGES[request.param]
    forms = corpus(language.name)
    folder = (tmp_path / "forms").resolve()
    folder.mkdir()
    write_program(folder, language, forms)
    return language, forms, folder


def exposures(seen: Channels, forms: list[Form]) -> dict[str, list[str]]:
    return {channel: [f.name for f in forms if f.secret and f.exposed_in("\n".join(texts))]
            for channel, texts in seen.texts.items()}


async def walk(t: Any, seen: Channels, language: Language, forms: list[Form], project: Path,
               state_dir: Path) -> dict[str, Any]:
    source = project / language.source
    names = [f.name for f in forms]
    notes: dict[str, Any] = {}
    for name in names[:5]:
        await seen.call(t, "add_watch", "add_watch", expression=name)
    for at in ("stop", "done"):
        await t.ok("set_breakpoint", file_path=language.source, line=mark(source, at))
    await seen.call(t, "set_breakpoint (logpoint)", "set_breakpoint", file_path=language.source,
                    line=mark(source, "print"), log_message=" ".join(f"{n}={{{n}}}" for n in names[:3]))
    started = await seen.call(t, "start_debug_session include_variables", "start_debug_session",
                              configuration_name="Forms", include_variables=True, timeout=120)
    session = started["session_id"]
    listed = await seen.call(t, "get_variables", "get_variables", max_variables=200)
    notes["variables"] = {v["name"]: v for v in listed["variables"]}
    for v in listed["variables"]:
        if v.get("id") and v.get("has_children") and v["name"] != "tokens":
            expanded = await seen.call(t, "expand_variable", "expand_variable", variable_id=v["id"],
                                       max_children=100)
            # A char array's children, one character each, spell what they hold.
            seen.add("expand_variable (characters joined)", "".join(
                c["value"][1] for c in expanded.get("children", [])
                if len(c["value"]) == 3 and c["value"][0] == c["value"][2] == "'"))
    if "tokens" in notes["variables"]:
        # The 70 tokens, shown once each: more than a memory of 64 values holds.
        await seen.call(t, "expand_variable", "expand_variable", path="tokens", max_children=100)
    notes["evaluated"] = {}
    for name in names:
        notes["evaluated"][name] = await seen.call(t, "evaluate", "evaluate", expression=name)
    await seen.call(t, "get_debug_session_status", "get_debug_session_status", include_variables=True)
    await seen.call(t, "get_source_context", "get_source_context", file_path=language.source,
                    line=mark(source, "stop"), context_lines=60)
    seen.add("resource debugger://source", await read(t.client, f"debugger://source/{language.source}"))
    # On to `done`: the program printed every value, and the logpoint its lines.
    notes["resumed"] = await seen.call(t, "resume", "resume", timeout=60)
    await seen.call(t, "get_debug_session_status", "get_debug_session_status")
    for uri in (SESSION, OUTPUT, LOG):
        seen.add(f"resource {uri}", await read(t.client, uri))
    await t.raw("stop_debug_session", {"session_id": session})
    notes["trace"] = await seen.call(
        t, "trace_execution", "trace_execution", configuration_name="Forms",
        probes=[{"file_path": language.source, "line": mark(source, "done"), "expressions": names[:6]}],
        timeout=120)
    await anyio.sleep(1.5)
    for name in ("history.json", "history.csv"):
        seen.add(f"history file {name}", (state_dir / name).read_text())
    return notes


def false_positives(notes: dict[str, Any], seen: Channels, forms: list[Form]) -> list[str]:
    """Ordinary values masked: in the variables, in what evaluate gave, or missing from the output."""
    found = []
    output = "\n".join(seen.texts.get(f"resource {OUTPUT}", []))
    for f in forms:
        if f.secret:
            continue
        shown = notes["variables"][f.name]["value"]
        result = notes["evaluated"][f.name].get("result", {}).get("value", "")
        if "<redacted" in shown or f.value not in shown:
            found.append(f"variables: {f.name} = {shown}")
        if "<redacted" in result or f.value not in result:
            found.append(f"evaluate: {f.name} = {result}")
        if f.value not in output:
            found.append(f"output: {f.name}")
    return found


async def test_every_secret_form_is_masked_on_every_channel_and_no_ordinary_value(binary, state_dir, program):
    language, forms, project = program
    seen = Channels()
    notices: list[str] = []

    async def handler(message: Any) -> None:
        notices.append(repr(message))

    async with connect(binary, state_dir, projects=(project,), message_handler=handler) as t:
        notes = await walk(t, seen, language, forms, project, state_dir)
    seen.add("notifications", "\n".join(notices))
    async with connect(binary, state_dir / "asked", projects=(project,), brave=False, mode="auto",
                       elicitation_callback=never_called) as t:
        asked = await question(t, "start_debug_session", {"configuration_name": "Forms"})
        seen.add("launch question", asked)
    if language.name == "python":
        # `-p` of a program that takes no password there reads as written.
        assert '"-p", "8080"' in asked, asked

    found = exposures(seen, forms)
    total = sum(len(v) for v in found.values())
    exposed = sorted({name for names in found.values() for name in names})
    wrong = false_positives(notes, seen, forms)
    print(f"\nsecret forms ({language.name}): {total} exposures of {len(exposed)} of "
          f"{sum(f.secret for f in forms)} forms over {sum(1 for v in found.values() if v)} of "
          f"{len(found)} channels; {len(wrong)} ordinary values masked of "
          f"{sum(not f.secret for f in forms)} forms")
    for channel, names in sorted(found.items()):
        if names:
            print(f"  {channel}: {names}")
    for what in wrong:
        print(f"  ordinary masked: {what}")
    assert notes["resumed"]["status"] != "error", notes["resumed"]
    assert total == 0 and not wrong, (exposed, wrong)


# ---------------------------------------------------------------------------- the IDE backend

IDE_PROGRAM = "secret_forms.py"  # the platform model's scripted debuggee (ScriptedProgram.secretForms)


@pytest.fixture
def ide_project(tmp_path: Path) -> Path:
    """A copy of examples/calculator: the modelled IDE adds secret_forms.py to it."""
    import shutil
    copy = tmp_path / "calculator"
    shutil.copytree(CALCULATOR, copy)
    return copy.resolve()


def ide_forms(project: Path) -> list[Form]:
    """The corpus's Python forms the model's debuggee holds: those whose name it assigns."""
    held = {line.split(" ")[0].rstrip(":") for line in (project / IDE_PROGRAM).read_text().splitlines()}
    return [f for f in corpus("python") if f.name in held]


async def ide_walk(t: Any, h: Any, seen: Channels, forms: list[Form], project: Path,
                   state_dir: Path) -> dict[str, Any]:
    names = [f.name for f in forms]
    lines = (project / IDE_PROGRAM).read_text().splitlines()
    stop, done = lines.index("checkpoint = 0") + 1, lines.index("done = 0") + 1
    notes: dict[str, Any] = {}
    for name in names[:5]:
        await seen.call(t, "add_watch", "add_watch", expression=name)
    for line in (stop, done):
        await t.ok("set_breakpoint", file_path=IDE_PROGRAM, line=line)
    started = await seen.call(t, "start_debug_session include_variables", "start_debug_session",
                              configuration_name="Secret forms", include_variables=True)
    assert started["status"] == "paused", started
    listed = await seen.call(t, "get_variables", "get_variables", max_variables=200)
    notes["variables"] = {v["name"]: v for v in listed["variables"]}
    for v in listed["variables"]:
        if v.get("id") and v.get("has_children"):
            await seen.call(t, "expand_variable", "expand_variable", variable_id=v["id"], max_children=100)
    notes["evaluated"] = {}
    for name in names:
        notes["evaluated"][name] = await seen.call(t, "evaluate", "evaluate", expression=name)
    await seen.call(t, "get_debug_session_status", "get_debug_session_status", include_variables=True)
    await seen.call(t, "get_source_context", "get_source_context", file_path=IDE_PROGRAM, line=stop,
                    context_lines=60)
    seen.add("resource debugger://source", await read(t.client, f"debugger://source/{IDE_PROGRAM}"))
    # On to `done`: the program printed every value.
    notes["resumed"] = await seen.call(t, "resume", "resume")
    await seen.call(t, "get_debug_session_status", "get_debug_session_status")
    for uri in (SESSION, OUTPUT, LOG):
        seen.add(f"resource {uri}", await read(t.client, uri))
    await seen.call(t, "stop_debug_session", "stop_debug_session")
    await seen.add_tool_window(h, state_dir)
    return notes


def ide_report(title: str, seen: Channels, notes: dict[str, Any], forms: list[Form]) -> tuple[int, list[str], list[str]]:
    found = exposures(seen, forms)
    total = sum(len(v) for v in found.values())
    exposed = sorted({name for names in found.values() for name in names})
    wrong = false_positives(notes, seen, forms)
    print(f"\n{title}: {total} exposures of {len(exposed)} of {sum(f.secret for f in forms)} forms "
          f"over {sum(1 for v in found.values() if v)} of {len(found)} channels; {len(wrong)} "
          f"ordinary values masked of {sum(not f.secret for f in forms)} forms")
    for channel, names in sorted(found.items()):
        if names:
            print(f"  {channel}: {names}")
    for what in wrong:
        print(f"  ordinary masked: {what}")
    return total, exposed, wrong


async def test_every_secret_form_is_masked_through_the_ide(installed_plugin, state_dir, ide_project):
    """The corpus's Python forms over the IDE backend (the plugin over the platform model, its
    scripted debuggee holding the forms): variables, expansion, evaluate, watches, status, source,
    output, resources, the tool window's history and exports, the history files."""
    seen = Channels()
    async with ide(installed_plugin, state_dir, ide_project) as (t, h):
        forms = ide_forms(ide_project)
        notes = await ide_walk(t, h, seen, forms, ide_project, state_dir)
    total, exposed, wrong = ide_report("secret forms (IDE backend, platform model)", seen, notes, forms)
    assert len(forms) > 30, [f.name for f in forms]
    assert total == 0 and not wrong, (exposed, wrong)


async def test_the_ides_setting_shows_every_secret_form(installed_plugin, state_dir, ide_project):
    """"Hide secrets from AI agents" off in the plugin's settings: the same walk shows every form
    (the walk reaches each value, so a leak would be seen). The count is the IDE's 'before' figure."""
    seen = Channels()
    async with ide(installed_plugin, state_dir, ide_project, flags=("show-secrets",)) as (t, h):
        forms = ide_forms(ide_project)
        notes = await ide_walk(t, h, seen, forms, ide_project, state_dir)
    total, exposed, wrong = ide_report("secret forms, masking off (the IDE's setting)", seen, notes, forms)
    assert exposed == sorted(f.name for f in forms if f.secret) and not wrong, (exposed, wrong)


async def test_the_users_own_name_lists_hold_through_the_ide(installed_plugin, state_dir, ide_project):
    """The user's extra and never-secret name lists, as the plugin's settings file stores them (the
    IDE sends them to the server at start): `request_id`, ordinary by the built-in rules, is masked
    on every channel; `auth_key`, secret by them, reads as it is; every other form as before."""
    user = {"request_id": True, "auth_key": False}
    seen = Channels()
    flags = ("secret-name:request_id", "never-secret-name:auth_key")
    async with ide(installed_plugin, state_dir, ide_project, flags=flags) as (t, h):
        forms = [replace(f, secret=user.get(f.name, f.secret)) for f in ide_forms(ide_project)]
        notes = await ide_walk(t, h, seen, forms, ide_project, state_dir)
    total, exposed, wrong = ide_report("secret forms with the user's name lists (IDE backend)", seen, notes, forms)
    assert notes["variables"]["request_id"]["value"].startswith("<redacted: "), notes["variables"]["request_id"]
    assert notes["variables"]["auth_key"]["value"] == "'ak-G0jgrwNaXjW'", notes["variables"]["auth_key"]
    assert total == 0 and not wrong, (exposed, wrong)
