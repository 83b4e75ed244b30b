"""scripts/check-plugin-zip against the zip scripts/plugin-zip built and against copies of it
broken one way each: the check passes the real one and names each defect in a broken one, so it
is a check that can fail. The rules are the ones IntelliJ's plugin loader and the Plugin
Verifier's structure checks apply (listed in scripts/PluginZipCheck.java)."""

from __future__ import annotations

import io
import re
import subprocess
import zipfile
from pathlib import Path
from typing import Callable

import pytest

from helpers.model_ide import PLUGIN_BINARY, ROOT, plugin_zip

CHECK = ROOT / "scripts" / "check-plugin-zip"
PLUGIN = "jetbrains-debugger/"

Entries = dict[str, bytes]


def read(zip_path: Path) -> Entries:
    with zipfile.ZipFile(zip_path) as archive:
        return {i.filename: archive.read(i) for i in archive.infolist() if not i.is_dir()}


def write(entries: Entries, path: Path) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return path


def plugin_jar_name(entries: Entries) -> str:
    return next(n for n in entries if re.fullmatch(rf"{PLUGIN}lib/jetbrains-debugger-[^/]+\.jar", n))


def edit_jar(entries: Entries, change: Callable[[Entries], None]) -> None:
    """Applies [change] to the entries of the plugin's own jar."""
    name = plugin_jar_name(entries)
    jar = read_bytes(entries[name])
    change(jar)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as out:
        for inner, data in jar.items():
            out.writestr(inner, data)
    entries[name] = buffer.getvalue()


def read_bytes(data: bytes) -> Entries:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {i.filename: archive.read(i) for i in archive.infolist() if not i.is_dir()}


def patch_descriptor(pattern: str, replacement: str) -> Callable[[Entries], None]:
    def change(jar: Entries) -> None:
        text = jar["META-INF/plugin.xml"].decode()
        patched = re.sub(pattern, replacement, text, count=1, flags=re.DOTALL)
        assert patched != text, pattern
        jar["META-INF/plugin.xml"] = patched.encode()
    return change


def check(zip_path: Path) -> tuple[int, str]:
    done = subprocess.run(["bash", str(CHECK), str(zip_path)], capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout + done.stderr


@pytest.fixture(scope="module")
def built() -> Entries:
    zip_path = plugin_zip()
    if not zip_path.is_file():
        pytest.fail(f"{zip_path} is missing: build it with scripts/plugin-zip (scripts/test does)")
    return read(zip_path)


def test_the_built_zip_passes_and_is_laid_out_as_buildPlugin_lays_it_out(built):
    code, out = check(plugin_zip())
    assert code == 0, out
    assert out.splitlines()[-1].startswith("0 errors,"), out
    lib = sorted(n.removeprefix(PLUGIN) for n in built if n.startswith(PLUGIN + "lib/"))
    assert len(lib) == 2 and lib[0].startswith("lib/gson-") and re.fullmatch(r"lib/jetbrains-debugger-[\d.]+\.jar", lib[1]), lib
    assert PLUGIN + str(PLUGIN_BINARY) in built
    descriptor = read_bytes(built[plugin_jar_name(built)])["META-INF/plugin.xml"].decode()
    assert re.search(r"<version>[\d.]+</version>", descriptor) and '<idea-version since-build="252"/>' in descriptor
    assert "until-build" not in descriptor
    jar = read_bytes(built[plugin_jar_name(built)])
    assert not [n for n in jar if n.startswith(("kotlin/", "com/intellij/"))], "no stdlib, no API stubs in the plugin jar"


BREAKAGES: list[tuple[str, Callable[[Entries], None], str]] = [
    ("the binary is missing",
     lambda e: e.pop(PLUGIN + str(PLUGIN_BINARY)),
     "binary: jetbrains-debugger/bin/linux-x64/jetbrains-debugger-mcp is missing"),
    ("an optional descriptor is missing",
     lambda e: edit_jar(e, lambda j: j.pop("META-INF/jetbrains-debugger-python.xml")),
     'descriptor: <depends config-file="jetbrains-debugger-python.xml">'),
    ("a listener does not implement its topic",
     lambda e: edit_jar(e, patch_descriptor(r'(class="dev\.jetbrainsdebugger\.intellij\.)ProjectCloseEventsListener', r"\1BreakpointEventsListener")),
     "does not implement com.intellij.openapi.project.ProjectManagerListener"),
    ("an extension's class does not exist",
     lambda e: edit_jar(e, lambda j: j.pop("dev/jetbrainsdebugger/intellij/McpConfigurable.class")),
     "dev.jetbrainsdebugger.intellij.McpConfigurable (com.intellij.applicationConfigurable) cannot be loaded"),
    ("a class targets a Java newer than 21",
     lambda e: edit_jar(e, lambda j: j.update({"dev/jetbrainsdebugger/Newer.class": bytes.fromhex("cafebabe00000042")})),
     "is class file version 66, newer than Java 21"),
    ("the Kotlin stdlib is bundled",
     lambda e: edit_jar(e, lambda j: j.update({"kotlin/Unit.class": bytes.fromhex("cafebabe00000034")})),
     "Kotlin stdlib or coroutines classes"),
    ("a new-UI icon is missing",
     lambda e: edit_jar(e, lambda j: j.pop("icons/debuggerMcp@20x20_dark.svg")),
     "icons: icons/debuggerMcp@20x20_dark.svg"),
    ("an until-build is set",
     lambda e: edit_jar(e, patch_descriptor(r'since-build="252"', 'since-build="252" until-build="252.*"')),
     "until-build is set"),
    ("the id has a product word",
     lambda e: edit_jar(e, patch_descriptor(r"<id>[^<]+</id>", "<id>dev.jetbrainsdebugger.intellij</id>")),
     "should not include the word 'intellij'"),
    ("the name has a restricted word",
     lambda e: edit_jar(e, patch_descriptor(r"<name>[^<]+</name>", "<name>Debugger MCP Plugin</name>")),
     "should not include the word 'plugin'"),
    ("a bundle key is missing",
     lambda e: edit_jar(e, patch_descriptor(r'key="configurable\.name"', 'key="configurable.title"')),
     "uses key 'configurable.title'"),
    ("the descriptor is in no jar",
     lambda e: edit_jar(e, lambda j: j.pop("META-INF/plugin.xml")),
     "descriptor: META-INF/plugin.xml must be in exactly one jar of lib/"),
]


@pytest.mark.parametrize("what,breakage,finding", BREAKAGES, ids=[b[0] for b in BREAKAGES])
def test_each_defect_is_found(built, tmp_path, what, breakage, finding):
    broken = dict(built)
    breakage(broken)
    code, out = check(write(broken, tmp_path / "broken.zip"))
    assert code == 1, f"{what}: the check passed:\n{out}"
    assert finding in out, f"{what}: expected {finding!r} in:\n{out}"
