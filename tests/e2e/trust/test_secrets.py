"""Secrets stay on the user's machine: a corpus of credentials held by a real Python program
(tests/e2e/programs/secrets.py, debugged by real debugpy) is passed through every channel an
agent reads — execution answers with include_variables, get_variables, expand_variable,
evaluate (results and errors, with and without allow_side_effects), watches, the status,
set_variable, trace_execution, a logpoint and the program's output, an uncaught exception's
message, the debugger:// resources and their notifications, and the history files on disk
— and every exposure of a secret is counted, per channel.

With masking on (the default) the count must be 0 and the program's ordinary values must
read as they are; with `--show-secrets` (the user's switch) the same walk shows the secrets,
which is also what every channel gave before masking existed. Both figures are printed.
The programs of the other tests (and the bundled calculator) are then debugged with masking
on: none of their values may be masked."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import anyio
import pytest

from conftest import CALCULATOR, PROGRAMS, Tools, connect, line_of, text_of
from helpers.channels import Channels
from resource_client import LOG, OUTPUT, SESSION, THREADS, read
from helpers.model_ide import ide, installed_plugin  # noqa: F401 (the plugin zip as installed, a fixture)

pytestmark = pytest.mark.anyio

PROGRAM = "secrets.py"

# Every secret of the program, by what it is; a channel exposes one when its text appears.
CORPUS = {
    "module constant DB_PASSWORD": "Swordfish-Hunter2",
    "local password": "correct-horse-battery",
    "API key from the environment": "svc-7Hq2LmX9pR4tWc",
    "token in a dict": "tok-93jd82hf7Gq1",
    "secret-named dict's entry": "cred-Lq0x77Vb3s",
    "password in a database URL": "Pg-S3cret-42",
    "AWS access key": "AKIAQX7Z3B5N6M2K4P8R",
    "AWS secret access key": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzq91Lm0Nc4",
    "PEM private key": "MIIEowIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM",
    "GitHub token (ordinary name)": "ghp_R8vN2kLq7Tz4Xw9Yb3Hc6Jm1Pd5Sf0Ga2Eu8",
    "object's secret attribute": "acct-Z8w2Qe5Ty1",
    "password reversed (derived)": "yrettab-esroh-tcerroc",
    "API key upper-cased (derived)": "SVC-7HQ2LMX9PR4TWC",
}

# Ordinary values beside them, as debugpy shows them: all must stay readable.
ORDINARY = {
    "order_total": "41.5",
    "item_count": "3",
    "token_count": "12",
    "author": "'Ann Lee'",
    "region": "'eu-west-1'",
}

# A logpoint reading a secret, an ordinary value and a comparison.
LOGPOINT = "connect pw={password} len={len(url)} ok={password == 'x'}"
LOGGED = f"len={len('postgresql://shop:Pg-S3cret-42@db.internal:5432/shop')} ok=False"

# Expressions an agent would evaluate at the stop (the derived ones must be masked whole).
EXPRESSIONS = [
    "password", "password[::-1]", "api_key.upper()", "len(password)", "settings", "credentials",
    "account.api_secret", "vars(account)", "database_url", "signing", "deploy",
    "aws_secret_access_key", "aws_access_key_id", "DB_PASSWORD", "f'{password}!'",
    "settings['auth_token']", "int(password)",
]


def named(views: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {v["name"]: v for v in views}


async def walk(t: Tools, seen: Channels, state_dir: Path) -> dict[str, Any]:
    """Debug the program as an agent would, through every channel; what it read."""
    notes: dict[str, Any] = {}
    await seen.call(t, "add_watch", "add_watch", expression="api_key")
    await seen.call(t, "add_watch", "add_watch", expression="settings['auth_token']")
    await seen.call(t, "add_watch", "add_watch", expression="password == 'nope'")
    await seen.call(t, "add_watch", "add_watch", expression="token_count")
    stop = await t.ok("set_breakpoint", file_path=PROGRAM, line=line_of(PROGRAM, "stop"))
    await seen.call(t, "set_breakpoint (logpoint)", "set_breakpoint", file_path=PROGRAM,
                    line=line_of(PROGRAM, "connect"), log_message=LOGPOINT)

    started = await seen.call(t, "start_debug_session include_variables", "start_debug_session",
                              configuration_name="Secrets", include_variables=True)
    session = started["session_id"]
    execution = started["execution"]
    assert execution["new_location"]["line"] == line_of(PROGRAM, "stop"), started
    notes["watches"] = {w["expression"]: w for w in execution["watches"]}

    listed = await seen.call(t, "get_variables", "get_variables")
    variables = named(listed["variables"])
    notes["variables"] = variables
    for name in ("settings", "credentials", "account"):
        notes[f"expanded {name}"] = await seen.call(t, "expand_variable", "expand_variable",
                                                    variable_id=variables[name]["id"])
    await seen.call(t, "expand_variable", "expand_variable", path="account.api_secret")

    notes["evaluated"] = {}
    for expression in EXPRESSIONS:
        notes["evaluated"][expression] = await seen.call(t, "evaluate", "evaluate", expression=expression)
    notes["evaluated"]["password == 'nope'"] = await seen.call(
        t, "evaluate", "evaluate", expression="password == 'nope'")
    # Code the user allowed to run: not a sandbox, but its result is masked the same way.
    notes["consented"] = await seen.call(t, "evaluate allow_side_effects", "evaluate",
                                         expression="__import__('os').environ['SERVICE_API_KEY']",
                                         allow_side_effects=True)
    await seen.call(t, "evaluate allow_side_effects", "evaluate",
                    expression="dict(__import__('os').environ)", allow_side_effects=True)

    # The id of a masked value still reaches the real one.
    api_key_id = variables["api_key"]["id"] if "id" in variables["api_key"] else None
    notes["set"] = await seen.call(t, "set_variable", "set_variable", name="api_key",
                                   new_value="'svc-rotated-000111'")
    notes["after set"] = await seen.call(t, "evaluate", "evaluate",
                                         expression="api_key == 'svc-rotated-000111'")
    notes["api_key id"] = api_key_id

    await seen.call(t, "get_debug_session_status", "get_debug_session_status")
    # Source lines too: a credential may be written into the code.
    await seen.call(t, "get_source_context", "get_source_context", file_path=PROGRAM,
                    line=line_of(PROGRAM, "stop"), context_lines=30)
    seen.add("resource debugger://source", await read(t.client, f"debugger://source/{PROGRAM}"))
    for uri in (SESSION, OUTPUT, THREADS):
        seen.add(f"resource {uri}", await read(t.client, uri))

    # On through the logpoint's hits to the uncaught exception (its message holds the password).
    resumed = await seen.call(t, "resume include_variables", "resume", include_variables=True)
    notes["resumed"] = resumed
    await seen.call(t, "get_debug_session_status", "get_debug_session_status")
    for uri in (SESSION, OUTPUT, LOG):
        seen.add(f"resource {uri}", await read(t.client, uri))
    await seen.call(t, "stop_debug_session", "stop_debug_session", session_id=session)
    await t.ok("remove_breakpoint", breakpoint_id=stop["breakpoint_id"])

    # A trace of the loop, in a session of its own.
    notes["trace"] = await seen.call(
        t, "trace_execution", "trace_execution", configuration_name="Secrets",
        probes=[{"file_path": PROGRAM, "line": line_of(PROGRAM, "loop"),
                 "expressions": ["password", "api_key", "attempt", "password == 'x'", "token_count"]}],
        timeout=60)
    await seen.call(t, "get_debug_session_status", "get_debug_session_status")
    seen.add(f"resource {LOG}", await read(t.client, LOG))

    # The history files on disk (exported, debounced, off the call path).
    await anyio.sleep(1.5)
    for name in ("history.json", "history.csv"):
        path = state_dir / name
        assert path.is_file(), f"no {path}"
        seen.add(f"history file {name}", path.read_text())
    return notes


def report(title: str, seen: Channels, where: bool = True) -> int:
    """Print the exposures per channel (`where`: with the text around each); their count."""
    exposures = seen.exposures(CORPUS)
    total = sum(len(v) for v in exposures.values())
    print(f"\n{title}: {total} exposures over {sum(1 for v in exposures.values() if v)} "
          f"of {len(exposures)} channels")
    for channel, leaked in sorted(exposures.items()):
        print(f"  {channel}: {len(leaked)} {leaked if leaked else ''}")
        whole = "\n".join(seen.texts[channel])
        for what in leaked if where else ():
            at = whole.find(CORPUS[what])
            if at >= 0:
                print(f"    {what}: ...{whole[max(0, at - 120):at + 60]!r}...")
    return total


@pytest.mark.parametrize("transport", ["stdio", "http"])
async def test_no_secret_reaches_the_agent_through_any_channel(binary, state_dir, transport):
    seen = Channels()
    notices: list[str] = []

    async def handler(message: Any) -> None:
        notices.append(repr(message))

    async with connect(binary, state_dir, transport=transport, message_handler=handler) as t:
        notes = await walk(t, seen, state_dir)
    seen.add("notifications", "\n".join(notices))
    total = report(f"masking on ({transport})", seen)
    assert total == 0, {c: leaked for c, leaked in seen.exposures(CORPUS).items() if leaked}

    # Every ordinary value reads as it is, next to the masked ones.
    variables = notes["variables"]
    for name, value in ORDINARY.items():
        assert variables[name]["value"] == value, variables[name]
    for name in ("password", "api_key", "credentials", "database_url", "aws_access_key_id",
                 "aws_secret_access_key", "signing", "deploy"):
        assert "<redacted: " in variables[name]["value"], variables[name]
    assert variables["password"]["value"] == "<redacted: 21 chars, name looks secret>"
    assert variables["password"]["type"] == "str", "a masked value keeps its type"
    assert variables["settings"]["value"].startswith("{'region': 'eu-west-1', 'auth_token': '<redacted: ")
    assert variables["database_url"]["value"] == (
        "'postgresql://shop:<redacted: 12 chars, looks like a password in a URL>@db.internal:5432/shop'")

    # A secret container's children are masked; its ordinary siblings are not.
    children = named(notes["expanded credentials"]["children"])
    assert all("<redacted: " in c["value"] for c in children.values() if c["name"] != "len()"), children
    account = named(notes["expanded account"]["children"])
    assert account["plan"]["value"] == "'team'" and account["user"]["value"] == "'bob'"
    assert "<redacted: " in account["api_secret"]["value"]

    # Derived values: masked whole unless boolean; a comparison reads.
    evaluated = notes["evaluated"]
    assert evaluated["password[::-1]"]["result"]["value"] == "<redacted: 21 chars, reads password>"
    assert evaluated["len(password)"]["result"]["value"].startswith("<redacted: ")
    assert evaluated["password == 'nope'"]["result"]["value"] == "False"
    assert evaluated["int(password)"]["error"] == "evaluation_failed"
    assert evaluated["int(password)"]["message"].count("<redacted: ") == 1
    watches = notes["watches"]
    assert watches["password == 'nope'"]["value"] == "False"
    assert watches["token_count"]["value"] == "12"
    assert watches["api_key"]["value"].startswith("<redacted: ")
    assert "<redacted: " in notes["consented"]["result"]["value"]

    # set_variable acts on the real value behind the mask.
    assert "variable" in notes["set"], notes["set"]
    assert notes["set"]["variable"]["value"] == "<redacted: 18 chars, name looks secret>", notes["set"]
    assert notes["after set"]["result"]["value"] == "True"

    # The exception stopped the program; its message is masked, its type is not.
    resumed = notes["resumed"]
    assert resumed["paused_reason"] == "exception", resumed
    assert resumed["exception"]["type"].endswith("PermissionError")
    assert "<redacted: " in resumed["exception"]["message"]

    # The trace recorded the loop; the ordinary expressions read, the secret ones do not.
    hits = notes["trace"].get("hits")
    assert hits, notes["trace"]
    assert [h["values"]["attempt"] for h in hits] == ["0", "1"], hits
    assert all(h["values"]["token_count"] == "12" and h["values"]["password == 'x'"] == "False" for h in hits)
    assert all(h["values"]["password"].startswith("<redacted: ") for h in hits)
    # The logpoint printed its line with the secret placeholders masked and the rest as is.
    for output in (notes["trace"].get("output") or "", notes["resumed"]["output"]):
        assert f"connect pw=<redacted: 21 chars, reads password> {LOGGED}" in output, output


async def test_show_secrets_is_the_users_switch_and_shows_what_an_unmasked_server_gives(binary, state_dir):
    """`--show-secrets` (here through its environment variable, which a binary without
    masking ignores: run this test with JBD_BINARY set to one to measure before masking):
    the walk exposes the corpus; the count printed is the 'before' figure."""
    seen = Channels()
    async with connect(binary, state_dir, env={"JETBRAINS_DEBUGGER_SHOW_SECRETS": "1"}) as t:
        await walk(t, seen, state_dir)
    total = report("masking off (JETBRAINS_DEBUGGER_SHOW_SECRETS=1)", seen, where=False)
    exposed = {what for leaked in seen.exposures(CORPUS).values() for what in leaked}
    # Every secret a value holds reaches some channel; the derived ones only where evaluated.
    assert exposed == set(CORPUS), set(CORPUS) - exposed
    assert total > len(CORPUS)


async def test_no_tool_parameter_turns_masking_off(binary, state_dir):
    """Unknown parameters are refused or ignored; none reveals a secret."""
    async with connect(binary, state_dir) as t:
        await t.ok("set_breakpoint", file_path=PROGRAM, line=line_of(PROGRAM, "stop"))
        await t.start("Secrets")
        for extra in ({"show_secrets": True}, {"reveal": True}, {"hide_secrets": False},
                      {"redact": False}):
            result = await t.raw("evaluate", {"expression": "password", **extra})
            assert "correct-horse-battery" not in text_of(result), (extra, text_of(result))
            result = await t.raw("get_variables", {"scope": "all", **extra})
            assert "correct-horse-battery" not in text_of(result), (extra, text_of(result))


# Programs of the other tests, with the configuration that runs them; their MARK lines are
# where they stop.
ORDINARY_PROGRAMS = [
    (PROGRAMS, "Nested", "nested.py"), (PROGRAMS, "Loop", "loop.py"),
    (PROGRAMS, "Orders", "orders.py"), (PROGRAMS, "Accumulate", "accumulate.py"),
    (PROGRAMS, "Exceptions", "exceptions.py"), (PROGRAMS, "Raising", "raising.py"),
    (PROGRAMS, "Short", "short.py"), (PROGRAMS, "Threads", "threads.py"),
    (PROGRAMS, "Scale", "scale.py"), (PROGRAMS, "Output", "output.py"),
    (PROGRAMS, "Echo Launch", "echo_launch.py"), (CALCULATOR, "Calculator App", "calculator.py"),
]


def marked_lines(path: Path) -> list[int]:
    return [n for n, text in enumerate(path.read_text().splitlines(), start=1) if "# MARK: " in text]


async def test_no_ordinary_value_of_the_other_programs_is_masked(binary, state_dir):
    """At up to 6 stops per program: every variable, its children one level down, and all
    the output. Prints how many values were read and how many were masked (goal: none)."""
    read_values = masked = 0
    found: list[str] = []
    for project, configuration, program in ORDINARY_PROGRAMS:
        async with connect(binary, state_dir / configuration.replace(" ", "_"), projects=[project]) as t:
            for line in marked_lines(project / program):
                await t.raw("set_breakpoint", {"file_path": program, "line": line})
            answer = await t.ok("start_debug_session", configuration_name=configuration,
                                include_variables=True, timeout=30)
            for _ in range(6):
                status = await t.status()
                if status["state"] != "paused":
                    break
                variables = (await t.ok("get_variables"))["variables"]
                views = list(variables)
                for v in variables:
                    if v.get("id") and v["has_children"]:
                        expanded = await t.raw("expand_variable", {"variable_id": v["id"], "max_children": 30})
                        if not expanded.is_error:
                            views += expanded.structured_content["children"]
                for v in views:
                    read_values += 1
                    if "<redacted" in v["value"]:
                        masked += 1
                        found.append(f"{configuration}: {v['name']} = {v['value']}")
                await t.raw("resume", {"timeout": 20})
            status = await t.status()
            assert "<redacted" not in json.dumps(status) and "<redacted" not in json.dumps(answer)
    print(f"\nordinary values: {read_values} read in {len(ORDINARY_PROGRAMS)} programs, "
          f"{masked} masked {found}")
    assert read_values > 100
    assert masked == 0, found


# ---------------------------------------------------------------------------- the IDE backend

IDE_PROGRAM = "secrets.py"  # the platform model's scripted debuggee (ScriptedProgram.secrets)
# Its "token in a dict" is a variable auth_token: the model's Python has no dict literals.
IDE_STOP_LINE = 11
IDE_CORPUS = {what: CORPUS[what] for what in (
    "local password", "token in a dict", "password in a database URL", "AWS access key",
    "GitHub token (ordinary name)", "password reversed (derived)")}


@pytest.fixture
def ide_project(tmp_path: Path) -> Path:
    """A copy of examples/calculator, as test_ide_model.py uses: the harness adds secrets.py."""
    import shutil
    copy = tmp_path / "calculator"
    shutil.copytree(CALCULATOR, copy)
    return copy.resolve()


async def ide_walk(t: Tools, h: Any, seen: Channels, state_dir: Path) -> dict[str, Any]:
    notes: dict[str, Any] = {}
    await seen.call(t, "add_watch", "add_watch", expression="password")
    await seen.call(t, "add_watch", "add_watch", expression="password == 'x'")
    await seen.call(t, "add_watch", "add_watch", expression="token_count")
    await t.ok("set_breakpoint", file_path=IDE_PROGRAM, line=IDE_STOP_LINE)
    await t.ok("set_exception_breakpoint", exception_class="BaseException", caught=False, uncaught=True)
    started = await seen.call(t, "start_debug_session include_variables", "start_debug_session",
                              configuration_name="Secrets", include_variables=True)
    assert started["status"] == "paused", started
    notes["watches"] = {w["expression"]: w for w in started["execution"]["watches"]}
    listed = await seen.call(t, "get_variables", "get_variables")
    notes["variables"] = named(listed["variables"])
    notes["evaluated"] = {}
    for expression in ("password", "password[::-1]", "auth_token", "database_url", "deploy",
                       "[password, auth_token]", "password == 'x'", "token_count + 1"):
        notes["evaluated"][expression] = await seen.call(t, "evaluate", "evaluate", expression=expression)
    await seen.call(t, "get_debug_session_status", "get_debug_session_status")
    for uri in (SESSION, OUTPUT):
        seen.add(f"resource {uri}", await read(t.client, uri))
    notes["resumed"] = await seen.call(t, "resume include_variables", "resume", include_variables=True)
    await seen.call(t, "get_debug_session_status", "get_debug_session_status")
    for uri in (SESSION, OUTPUT, LOG):
        seen.add(f"resource {uri}", await read(t.client, uri))
    await seen.call(t, "stop_debug_session", "stop_debug_session")
    notes["tool window"] = await seen.add_tool_window(h, state_dir)
    return notes


def ide_exposures(title: str, seen: Channels) -> int:
    exposures = {c: [w for w, s in IDE_CORPUS.items() if s in "\n".join(texts)] for c, texts in seen.texts.items()}
    total = sum(len(v) for v in exposures.values())
    print(f"\n{title}: {total} exposures over {sum(1 for v in exposures.values() if v)} of "
          f"{len(exposures)} channels")
    for channel, leaked in sorted(exposures.items()):
        print(f"  {channel}: {len(leaked)} {leaked if leaked else ''}")
    return total


async def test_no_secret_reaches_the_agent_through_the_ide(installed_plugin, state_dir, ide_project):
    """The same masking over the IDE backend: the plugin over the platform model, its scripted
    debuggee holding credentials; the tool window's history shows what the agent saw."""

    seen = Channels()
    async with ide(installed_plugin, state_dir, ide_project) as (t, h):
        notes = await ide_walk(t, h, seen, state_dir)
    total = ide_exposures("masking on (IDE backend, platform model)", seen)
    assert total == 0, seen.texts.keys()

    variables = notes["variables"]
    assert variables["token_count"]["value"] == "12" and variables["author"]["value"] == "'Ann Lee'"
    assert variables["password"]["value"] == "<redacted: 21 chars, name looks secret>"
    assert notes["watches"]["password == 'x'"]["value"] == "False"
    assert notes["evaluated"]["token_count + 1"]["result"]["value"] == "13"
    assert "<redacted: " in notes["evaluated"]["password[::-1]"].get("result", {}).get("value", "<redacted: ")
    assert "<redacted: " in notes["resumed"]["exception"]["message"], notes["resumed"]
    # The tool window shows what the agent saw: the masks.
    assert "<redacted: 21 chars, name looks secret>" in "\n".join(notes["tool window"]["listed"])


async def test_what_masking_costs_per_answer(binary, state_dir):
    """The same answers (get_variables at the stop with its 20 values, an evaluate of a dict,
    the status with variables and source) from a server that masks and one that does not
    (JETBRAINS_DEBUGGER_SHOW_SECRETS=1), alternating rounds on the same machine: the ratio of
    their medians is what the masking costs per answer. Printed, not asserted."""
    import statistics
    import time as clock

    async def round_trips(t: Tools, rounds: int) -> list[float]:
        times = []
        for _ in range(rounds):
            began = clock.perf_counter()
            await t.ok("get_variables")
            await t.ok("evaluate", expression="settings")
            await t.ok("get_debug_session_status", include_variables=True)
            times.append((clock.perf_counter() - began) / 3)
        return times

    medians: dict[str, list[float]] = {"masking": [], "no masking": []}
    servers = {"masking": {}, "no masking": {"JETBRAINS_DEBUGGER_SHOW_SECRETS": "1"}}
    async with contextlib.AsyncExitStack() as stack:
        tools = {}
        for label, env in servers.items():
            t = await stack.enter_async_context(
                connect(binary, state_dir / label.replace(" ", "_"), env=env))
            await t.ok("set_breakpoint", file_path=PROGRAM, line=line_of(PROGRAM, "stop"))
            await t.start("Secrets")
            await round_trips(t, 5)  # warm-up
            tools[label] = t
        for _ in range(4):
            for label, t in tools.items():
                medians[label].append(statistics.median(await round_trips(t, 15)))
    masking, plain = statistics.median(medians["masking"]), statistics.median(medians["no masking"])
    print(f"\nper answer: {masking * 1000:.2f} ms with masking, {plain * 1000:.2f} ms without: "
          f"ratio {masking / plain:.3f} ({(masking - plain) * 1e6:+.0f} µs)")
    assert masking > 0 and plain > 0


async def test_the_ides_setting_turns_masking_off_for_the_user(installed_plugin, state_dir, ide_project):
    """"Hide secrets from AI agents" off in the plugin's settings (the stored setting the IDE
    loads at start, sent over settings/update): the same walk shows the secrets, as every
    channel did before masking. The count printed is the IDE's 'before' figure."""

    seen = Channels()
    async with ide(installed_plugin, state_dir, ide_project, flags=("show-secrets",)) as (t, h):
        notes = await ide_walk(t, h, seen, state_dir)
    total = ide_exposures("masking off (the IDE's setting)", seen)
    assert notes["variables"]["password"]["value"] == "'correct-horse-battery'"
    assert total > len(IDE_CORPUS)
