"""What an agent was given, gathered by channel (tool answers, resources, history files),
and which secrets of a corpus any channel exposed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio

from conftest import Tools, text_of


class Channels:
    """What the agent was given, by channel."""

    def __init__(self) -> None:
        self.texts: dict[str, list[str]] = {}

    def add(self, channel: str, content: Any) -> None:
        text = content if isinstance(content, str) else json.dumps(content)
        self.texts.setdefault(channel, []).append(text)

    async def call(self, t: Tools, channel: str, tool: str, **arguments: Any) -> dict[str, Any]:
        result = await t.raw(tool, arguments)
        self.add(channel, text_of(result))
        if result.structured_content is not None:
            self.add(channel, result.structured_content)
        return json.loads(text_of(result))

    def exposures(self, corpus: dict[str, str]) -> dict[str, list[str]]:
        """Channel → the entries of `corpus` (what → secret) it exposed."""
        found = {}
        for channel, texts in self.texts.items():
            whole = "\n".join(texts)
            # JSON escapes `/` never, but a repr inside JSON doubles backslashes: both forms.
            leaked = [what for what, secret in corpus.items()
                      if secret in whole or json.dumps(secret)[1:-1] in whole]
            found[channel] = leaked
        return found

    async def add_tool_window(self, h: Any, state_dir: Path) -> dict[str, Any]:
        """Add what the modelled IDE's tool window holds (the history listed and pushed through
        the bridge, its exports) and the history files, once the last calls reached them."""
        await anyio.sleep(1.5)
        history = h.command("history")
        self.add("tool window history (history/list)", history["listed"])
        self.add("tool window history (history/changed)", history["pushed"])
        for export in ("json", "csv", "markdown"):
            self.add(f"tool window export {export}", history[export])
        for name in ("history.json", "history.csv"):
            path = state_dir / name
            assert path.is_file(), f"no {path}"
            self.add(f"history file {name}", path.read_text())
        return history
