"""The plugin as users install it, run over the platform model: the zip scripts/plugin-zip
builds, unpacked into a fresh plugins folder (`installed_plugin`), and `ide`, the modelled IDE
(`ModelIdeMain` in a JVM) with an official MCP client connected to the plugin's server."""

from __future__ import annotations

import contextlib
import json
import re
import zipfile
from pathlib import Path
from typing import Any, AsyncIterator

import anyio
import pytest
from mcp import Client

from conftest import free_port, http_client
from jvm_harness import BUILD, CountingTools, Harness, jvm

AGENT_FILE = BUILD / "coverage-agent.txt"
MAIN = "dev.jetbrainsdebugger.platformmodel.crosslang.ModelIdeMainKt"
ROOT = Path(__file__).resolve().parents[3]
PLUGIN_BINARY = Path("bin") / "linux-x64" / "jetbrains-debugger-mcp"


def plugin_zip() -> Path:
    """build/distributions/jetbrains-debugger-<pluginVersion>.zip, which scripts/plugin-zip writes."""
    version = re.search(r"^pluginVersion\s*=\s*(\S+)", (ROOT / "gradle.properties").read_text(), re.MULTILINE)
    assert version, "gradle.properties has no pluginVersion"
    return ROOT / "build" / "distributions" / f"jetbrains-debugger-{version.group(1)}.zip"


@pytest.fixture
def installed_plugin(tmp_path: Path) -> Path:
    """The plugin folder as Install Plugin from Disk leaves it, in a fresh plugins folder. Python's
    zipfile keeps no file modes, and the binary's bit is cleared anyway: the plugin must restore it."""
    zip_path = plugin_zip()
    if not zip_path.is_file():
        pytest.fail(f"{zip_path} is missing: build it with scripts/plugin-zip (scripts/test does)")
    plugins = tmp_path / "plugins"
    with zipfile.ZipFile(zip_path) as archive:
        archive.extractall(plugins)
    folder = plugins / "jetbrains-debugger"
    (folder / PLUGIN_BINARY).chmod(0o644)
    return folder


def model_ide(plugin: Path, state_dir: Path, project: Path, brave: bool, flags: tuple[str, ...] = ()) -> Any:
    agent = AGENT_FILE.read_text().strip().split() if AGENT_FILE.is_file() else []
    args = [str(plugin), str(project), str(free_port())] + (["brave"] if brave else []) + list(flags)
    return jvm(MAIN, "model-ide-classpath.txt", args, state_dir, jvm_args=["-Djava.awt.headless=true", *agent],
               name="model-ide", quit_seconds=30)


@contextlib.asynccontextmanager
async def ide(plugin: Path, state_dir: Path, project: Path, brave: bool = True,
              flags: tuple[str, ...] = ()) -> AsyncIterator[tuple[CountingTools, Harness]]:
    with model_ide(plugin, state_dir, project, brave, flags) as h:
        ready = h.next_json(90)
        assert isinstance(ready, dict) and ready.get("mcp_url", "").startswith("http://127.0.0.1:"), ready
        async with Client(http_client(ready["mcp_url"], state_dir), mode="legacy") as client:
            t = CountingTools(client, h.log)
            try:
                yield t, h
            finally:
                with anyio.move_on_after(20, shield=True), contextlib.suppress(Exception):
                    await t.stop_all()
        violations = h.command("violations")["violations"]
        assert violations == [], "the plugin broke the platform's rules:\n" + json.dumps(violations, indent=2)
