"""Running the real agent CLIs (Claude Code, Codex) against a `ScriptedModel` in a
throwaway HOME: where the CLIs are, their environment (no real credentials, telemetry,
updates or other traffic), a bounded run that leaves no process behind, the Claude Code
`Elicitation` hook that answers our confirmations, and a transparent stdio tap that records
the MCP messages between a CLI and a stdio server.

The CLIs are found in $JBD_CLIENTS_BIN (default .cache/clients/node_modules/.bin). Without
them a test skips, unless $JBD_REQUIRE_CLIENTS is set (CI sets it): then it fails.

What the pinned CLIs were seen to do (claude 2.1.331, codex 0.169.0; December 2026):
- Claude Code `-p`: only `POST /v1/messages?beta=true`, streamed, one per turn (no title,
  small-model or count_tokens calls); `x-api-key` from ANTHROPIC_API_KEY. MCP 2026-07-28
  (`server/discover`, per-request `_meta`), `progressToken` on every tools/call. MCP tools
  are deferred: the first request lists them by name in a `system` message and offers
  `ToolSearch` (`query`: `select:a,b` or keywords ranked over name parts, the server name
  and descriptions; `+word` requires a word in the name); its result is `tool_reference`
  blocks, and from the next request on the loaded tools are in `tools` with
  `defer_loading: true`. A tool listed with `_meta` `anthropic/alwaysLoad: true` is not
  deferred: it is in `tools` from the first request, without `defer_loading`, and a keyword
  search does not return it (keywords rank the deferred tools only; `select:` and an exact
  name find any); an entry's `"alwaysLoad": false` in ~/.claude.json defers every tool of
  that server, `_meta` or not. A tool's `anthropic/searchHint` counts in the ranking. The
  servers' instructions are in a `system` message under `# MCP Server Instructions` /
  `## <server>`. A tool result is the text as the server wrote it; `is_error` only on
  errors. Without an allow rule every MCP tool is refused in `-p` ("Claude requested
  permissions to use ..., but you haven't granted it yet.").
  Elicitation in `-p` is cancelled unless an `Elicitation` hook answers it (stdout
  `{"hookSpecificOutput": {"hookEventName": "Elicitation", "action": "accept",
  "content": {...}}}`). A result over MAX_MCP_OUTPUT_TOKENS is saved to a file and the
  model gets "Error: result (N characters) exceeds maximum allowed tokens ..." (not is_error).
- Codex `exec`: `POST <base_url>/responses`, streamed; the system prompt is `developer`
  messages (`instructions` is null). For a model it does not know, an MCP server's tools
  are one `namespace` tool `mcp__<server_with_underscores>` whose description is the
  server's instructions; a call is a `function_call` with `namespace` and the tool's own
  name; the result is a string `Wall time: ... Output:` + the text (no error flag). For a
  model it knows (gpt-5.5) MCP tools are deferred behind a client-side `tool_search`
  (`tool_search_call` → `tool_search_output` with the matching namespace). exec never asks:
  a tool annotated read-only, or not destructive and not open-world, runs; any other is
  refused ("MCP tool call requires approval, but approval policy is never") unless the
  config says `[mcp_servers.<name>.tools.<tool>] approval_mode = "approve"`. Elicitation
  (capability `{"form": {}, "url": {}}`) is declined: it answers `{"action": "decline"}`.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
CLIENTS_BIN = Path(os.environ.get("JBD_CLIENTS_BIN", ROOT / ".cache" / "clients" / "node_modules" / ".bin"))
SERVER = "jetbrains-debugger"
# Claude Code's own names for our tools.
CLAUDE_PREFIX = f"mcp__{SERVER}__"
# Variables of the caller's environment that must not reach a CLI (real credentials and
# configuration folders).
DROPPED = ("XDG_CONFIG_HOME", "APPDATA", "CODEX_HOME", "CLAUDE_CONFIG_DIR", "OPENAI_BASE_URL",
           "ANTHROPIC_BASE_URL", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN", "JETBRAINS_DEBUGGER_BRAVE")


def need(cli: str) -> Path:
    """The CLI's executable; skip without it (fail when $JBD_REQUIRE_CLIENTS is set)."""
    path = CLIENTS_BIN / cli
    if not path.exists():
        message = f"{path} is missing (.ci/run installs the clients' CLIs into .cache/clients)"
        if os.environ.get("JBD_REQUIRE_CLIENTS"):
            pytest.fail(message)
        pytest.skip(message)
    return path


def search_path() -> str:
    return os.pathsep.join([str(CLIENTS_BIN), "/usr/local/bin", "/usr/bin", "/bin"])


@dataclass
class Home:
    """A throwaway HOME with the working directory and TMPDIR the CLIs use inside it."""

    root: Path

    @classmethod
    def make(cls, base: Path) -> "Home":
        root = base / "home"
        for sub in ("work", "tmp", ".codex"):
            (root / sub).mkdir(parents=True, exist_ok=True)
        return cls(root)

    @property
    def work(self) -> Path:
        return self.root / "work"

    @property
    def claude_settings(self) -> Path:
        return self.root / ".claude" / "settings.json"

    @property
    def claude_json(self) -> Path:
        """Claude Code's user-scope file: its MCP servers (`mcpServers`) among its state."""
        return self.root / ".claude.json"

    @property
    def codex_config(self) -> Path:
        return self.root / ".codex" / "config.toml"

    def env(self, **extra: str) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY") and k not in DROPPED}
        env.update(HOME=str(self.root), TMPDIR=str(self.root / "tmp"), CODEX_HOME=str(self.root / ".codex"),
                   PATH=search_path(), SHELL="", NO_COLOR="1", CI="1",
                   # Claude Code: nothing leaves but the model calls.
                   DISABLE_TELEMETRY="1", DISABLE_AUTOUPDATER="1", DISABLE_ERROR_REPORTING="1",
                   CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1", CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY="1")
        env.update(extra)
        return env


def run_bounded(argv: list[str], *, cwd: Path, env: dict[str, str], timeout: float) -> subprocess.CompletedProcess[str]:
    """Run `argv` in a process group of its own and kill the whole group when it is done
    (or out of time): a stdio server the CLI started goes with it."""
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        raise AssertionError(f"{argv[0]} did not finish within {timeout}s:\n{err[-3000:]}\n{out[-3000:]}")
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    return subprocess.CompletedProcess(argv, proc.returncode, out, err)


def install(binary: str, client: str, url: str, home: Home, state: Path) -> str:
    """`jetbrains-debugger-mcp install <client> --url <url>` as a user runs it, with the
    server's state directory (where whatever the server publishes for clients is); its
    stdout."""
    done = run_bounded([binary, "install", client, "--url", url], cwd=home.work,
                       env=home.env(JETBRAINS_DEBUGGER_STATE_DIR=str(state)), timeout=90)
    assert done.returncode == 0, f"install {client}: {done.stdout}\n{done.stderr}"
    return done.stdout


def claude(home: Home, model_url: str, prompt: str, *, allowed_tools: list[str] = (),
           timeout: float = 90, **extra_env: str) -> subprocess.CompletedProcess[str]:
    """`claude -p` against the scripted model, stream-json output."""
    argv = [str(need("claude")), "-p", "--output-format", "stream-json", "--verbose"]
    if allowed_tools:
        argv += ["--allowedTools", ",".join(allowed_tools)]
    argv += ["--", prompt]
    env = home.env(ANTHROPIC_BASE_URL=model_url, ANTHROPIC_API_KEY="sk-ant-scripted-model-not-a-key", **extra_env)
    return run_bounded(argv, cwd=home.work, env=env, timeout=timeout)


def codex_provider(model_url: str, model: str = "scripted-model") -> str:
    """The top of a Codex config.toml: a model provider that is the scripted model."""
    return (
        f'model = "{model}"\n'
        'model_provider = "scripted"\n\n'
        "[model_providers.scripted]\n"
        'name = "Scripted model"\n'
        f'base_url = "{model_url}/v1"\n'
        'wire_api = "responses"\n'
        'env_key = "SCRIPTED_MODEL_KEY"\n\n'
    )


def codex_exec(home: Home, prompt: str, *, timeout: float = 90) -> subprocess.CompletedProcess[str]:
    argv = [str(need("codex")), "exec", "--json", "--skip-git-repo-check", "--", prompt]
    return run_bounded(argv, cwd=home.work, env=home.env(SCRIPTED_MODEL_KEY="scripted-model-not-a-key"),
                       timeout=timeout)


# ---------------------------------------------------------------------------- Claude Code hooks

ELICITATION_HOOK = """\
import json, sys
question = json.load(sys.stdin)
with open(sys.argv[1], "a") as log:
    log.write(json.dumps(question) + "\\n")
print(json.dumps({"hookSpecificOutput": {"hookEventName": "Elicitation", "action": "accept",
                                         "content": {"approve": True}}}))
"""


def add_elicitation_hook(home: Home) -> Path:
    """Add to the user's Claude Code settings an `Elicitation` hook for our server that
    approves every question (and logs it); the settings install wrote are kept. Returns the
    log: one JSON line per question the hook answered."""
    script = home.root / "approve_hook.py"
    script.write_text(ELICITATION_HOOK)
    log = home.root / "hook-questions.jsonl"
    settings = json.loads(home.claude_settings.read_text()) if home.claude_settings.exists() else {}
    settings.setdefault("hooks", {})["Elicitation"] = [{"matcher": SERVER, "hooks": [
        {"type": "command", "command": f"{sys.executable} {script} {log}"}]}]
    home.claude_settings.parent.mkdir(parents=True, exist_ok=True)
    home.claude_settings.write_text(json.dumps(settings, indent=2))
    return log


def questions(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


# ---------------------------------------------------------------------------- the stdio tap

TAP = Path(__file__).resolve().parent / "mcp_tap.py"


def tapped(log: Path, command: str, args: list[str]) -> tuple[str, list[str]]:
    """A stdio server command that runs `command args` through the tap, recording to `log`."""
    return sys.executable, [str(TAP), str(log), command, *args]


def tap_messages(log: Path) -> list[tuple[str, dict]]:
    """The recorded messages: ("in" from the client | "out" from the server, message)."""
    if not log.exists():
        return []
    messages = []
    for line in log.read_text().splitlines():
        direction, _, text = line.partition(" ")
        try:
            messages.append((direction, json.loads(text)))
        except ValueError:
            continue
    return messages
