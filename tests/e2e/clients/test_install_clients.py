"""Install on Coding Agents, for real: `jetbrains-debugger-mcp install <client>` runs the
real Claude Code, Codex and Gemini CLIs (installed by .ci/run into .cache/clients, pinned)
in a throwaway HOME against a running binary, and each client's own `mcp list` / `mcp get`
must show the server (Claude Code and Gemini health-check it: "connected"). The server wants
its access token (`Authorization: Bearer`): every installed entry and every snippet carries it,
so a client connects with nothing more to do. A second install replaces the first. Every snippet of `jetbrains-debugger-mcp config <client>` is
parsed and checked against the keys its client documents; where a client reads its config
from a file we can point it at (Claude Code's project .mcp.json, Gemini's settings.json,
Codex's config.toml), the real CLI must read ours.

`install <client> --skill` (and `--skill-only`) writes the companion agent skill where the
client reads skills; each real CLI must list it, as far as that takes no model or API key:
Claude Code's `-p --output-format stream-json` init message (sent before any model call; with
no credentials it then stops at "Not logged in"), `codex debug prompt-input` and
`gemini skills list`.

The CLIs are found in $JBD_CLIENTS_BIN (default .cache/clients/node_modules/.bin). Without
them these tests skip, unless $JBD_REQUIRE_CLIENTS is set (.ci/run sets it): then they fail.
None of them needs an API key or a model for `mcp add/list/get`.
"""

from __future__ import annotations

import json
import os
import shlex
import stat
import subprocess
import tomllib
from pathlib import Path

import pytest

from conftest import ROOT, access_token, serve_http
from helpers.agents import CLIENTS_BIN, SERVER, need

pytestmark = pytest.mark.anyio

ALL_CLIENTS = ["claude-code", "claude-desktop", "cursor", "vscode", "windsurf", "codex", "gemini"]


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A throwaway HOME (and working directory) that no real configuration leaks into, with
    the temporary folder the clients use (Claude Code leaves probe folders in it)."""
    home = tmp_path / "home"
    (home / "work").mkdir(parents=True)
    (home / "tmp").mkdir()
    return home


def client_env(home: Path, path: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.endswith("_API_KEY") and k not in ("XDG_CONFIG_HOME", "APPDATA", "CODEX_HOME")}
    env.update(HOME=str(home), TMPDIR=str(home / "tmp"), PATH=path, SHELL="", NO_COLOR="1", CI="1",
               JETBRAINS_DEBUGGER_STATE_DIR=str(home / "state"))
    return env


def run(argv: list[str], home: Path, path: str, timeout: float = 90) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, cwd=home / "work", env=client_env(home, path), capture_output=True,
                          text=True, timeout=timeout)


def with_clients() -> str:
    return f"{CLIENTS_BIN}{os.pathsep}/usr/local/bin{os.pathsep}/usr/bin{os.pathsep}/bin"


def install_twice(binary: str, client: str, url: str, home: Path) -> None:
    for attempt in (1, 2):
        done = run([binary, "install", client, "--url", url], home, with_clients())
        assert done.returncode == 0, f"install #{attempt}: {done.stdout}\n{done.stderr}"
        assert f"{SERVER} → {url}" in done.stdout, done.stdout


@pytest.fixture
async def server(binary: str, home: Path):
    """The server, in the state directory `install` and `config` use (`client_env`): one token."""
    async with serve_http(binary, home / "state") as (port, _log):
        yield f"http://127.0.0.1:{port}/mcp"


def bearer(home: Path) -> str:
    return f"Bearer {access_token(home / 'state')}"


async def test_claude_code_install_is_connected_and_a_second_install_replaces_the_first(binary, server, home):
    claude = str(need("claude"))
    install_twice(binary, "claude-code", server, home)
    listed = run([claude, "mcp", "list"], home, with_clients())
    assert listed.returncode == 0, listed.stderr
    lines = [line for line in listed.stdout.splitlines() if line.startswith(f"{SERVER}:")]
    assert len(lines) == 1, listed.stdout
    assert server in lines[0] and "Connected" in lines[0], listed.stdout
    got = run([claude, "mcp", "get", SERVER], home, with_clients())
    assert got.returncode == 0 and f"URL: {server}" in got.stdout, got.stdout
    entries = json.loads((home / ".claude.json").read_text())["mcpServers"]
    assert entries == {SERVER: {"type": "http", "url": server, "headers": {"Authorization": bearer(home)}}}


async def test_codex_install_is_listed_once_with_the_url(binary, server, home):
    codex = str(need("codex"))
    install_twice(binary, "codex", server, home)
    listed = run([codex, "mcp", "list", "--json"], home, with_clients())
    assert listed.returncode == 0, listed.stderr
    entries = [e for e in json.loads(listed.stdout) if e["name"] == SERVER]
    assert len(entries) == 1, listed.stdout
    assert entries[0]["enabled"] and entries[0]["transport"] == {**entries[0]["transport"],
                                                                  "type": "streamable_http", "url": server}
    assert entries[0]["transport"]["http_headers"] == {"Authorization": bearer(home)}, entries
    config_file = home / ".codex" / "config.toml"
    config = tomllib.loads(config_file.read_text())
    assert config["mcp_servers"][SERVER]["url"] == server
    assert config["mcp_servers"][SERVER]["http_headers"] == {"Authorization": bearer(home)}
    assert mode(config_file) == 0o600


def trust_work_dir(home: Path) -> None:
    """Gemini ignores MCP servers in untrusted folders; the user trusts their project."""
    (home / ".gemini").mkdir(exist_ok=True)
    (home / ".gemini" / "trustedFolders.json").write_text(json.dumps({str(home / "work"): "TRUST_FOLDER"}))


async def test_gemini_install_is_connected_and_a_second_install_replaces_the_first(binary, server, home):
    gemini = str(need("gemini"))
    install_twice(binary, "gemini", server, home)
    trust_work_dir(home)
    listed = run([gemini, "mcp", "list"], home, with_clients())
    assert listed.returncode == 0, listed.stderr
    shown = listed.stdout + listed.stderr  # gemini prints its list on stderr
    lines = [line for line in shown.splitlines() if f"{SERVER}:" in line]
    assert len(lines) == 1, shown
    assert server in lines[0] and lines[0].endswith("- Connected"), shown
    entry = json.loads((home / ".gemini" / "settings.json").read_text())["mcpServers"][SERVER]
    assert entry["headers"] == {"Authorization": bearer(home)}, entry
    # Our read-only tools are allowed by a policy file of ours, which the real CLI reads
    # without complaint (it reports a policy file it cannot take on every start).
    policy = (home / ".gemini" / "policies" / "jetbrains-debugger.toml").read_text()
    rule = tomllib.loads(policy)["rule"]
    assert len(rule) == 1 and rule[0]["mcpName"] == SERVER and rule[0]["decision"] == "allow", policy
    assert "list_breakpoints" in rule[0]["toolName"] and "start_debug_session" not in rule[0]["toolName"]
    assert "Policy file error" not in shown, shown


async def test_without_the_token_a_client_is_refused(binary, server, home):
    """What an entry without the header (a configuration from before the token) gets."""
    claude = str(need("claude"))
    added = run([claude, "mcp", "add", "--transport", "http", "--scope", "user", SERVER, server], home,
                with_clients())
    assert added.returncode == 0, added.stderr
    listed = run([claude, "mcp", "list"], home, with_clients())
    line = next(line for line in listed.stdout.splitlines() if line.startswith(f"{SERVER}:"))
    assert "Connected" not in line, listed.stdout
    install_twice(binary, "claude-code", server, home)
    listed = run([claude, "mcp", "list"], home, with_clients())
    line = next(line for line in listed.stdout.splitlines() if line.startswith(f"{SERVER}:"))
    assert "Connected" in line, listed.stdout


async def test_a_missing_cli_says_how_to_install_it(binary, home):
    for client, package in [("claude-code", "@anthropic-ai/claude-code"), ("codex", "@openai/codex"),
                            ("gemini", "@google/gemini-cli")]:
        done = run([binary, "install", client, "--url", "http://127.0.0.1:1/mcp"], home, "")
        assert done.returncode != 0, done.stdout
        assert f"npm install -g {package}" in done.stderr and "COPY CONFIGURATION" in done.stderr, done.stderr
    refused = run([binary, "install", "cursor"], home, "")
    assert refused.returncode != 0 and "jetbrains-debugger-mcp config cursor" in refused.stderr, refused.stderr
    unknown = run([binary, "config", "emacs"], home, "")
    assert unknown.returncode != 0 and ", ".join(ALL_CLIENTS) in unknown.stderr, unknown.stderr


def config(binary: str, client: str, url: str, home: Path) -> tuple[str, str]:
    done = run([binary, "config", client, "--url", url], home, "")
    assert done.returncode == 0, done.stderr
    return done.stdout, done.stderr


async def test_every_snippet_has_the_format_and_keys_its_client_documents(binary, home):
    url = "http://127.0.0.1:47823/mcp"
    snippets = {client: config(binary, client, url, home) for client in ALL_CLIENTS}
    token = bearer(home)  # made by the first `config`, the same for every client
    headers = {"headers": {"Authorization": token}}

    text, where = snippets["claude-code"]
    assert text.strip() == f"claude mcp add --transport http --scope user {SERVER} {url} --header 'Authorization: {token}'"
    assert str(home / ".claude.json") in where
    desktop = json.loads(snippets["claude-desktop"][0])["mcpServers"][SERVER]
    assert desktop["args"] == ["stdio"] and Path(desktop["command"]).resolve() == Path(binary).resolve()
    assert str(home / ".config" / "Claude" / "claude_desktop_config.json") in snippets["claude-desktop"][1]
    assert "headers" not in desktop, "the stdio relay reads the token itself"
    assert json.loads(snippets["cursor"][0]) == {"mcpServers": {SERVER: {"url": url, **headers}}}
    assert str(home / ".cursor" / "mcp.json") in snippets["cursor"][1]
    assert json.loads(snippets["vscode"][0]) == {"servers": {SERVER: {"type": "http", "url": url, **headers}}}
    assert str(home / ".config" / "Code" / "User" / "mcp.json") in snippets["vscode"][1]
    assert json.loads(snippets["windsurf"][0]) == {"mcpServers": {SERVER: {"serverUrl": url, **headers}}}
    assert str(home / ".codeium" / "windsurf" / "mcp_config.json") in snippets["windsurf"][1]
    assert tomllib.loads(snippets["codex"][0]) == {"mcp_servers": {SERVER: {
        "url": url, "http_headers": {"Authorization": token}}}}
    assert str(home / ".codex" / "config.toml") in snippets["codex"][1]
    assert json.loads(snippets["gemini"][0]) == {"mcpServers": {SERVER: {"httpUrl": url, **headers}}}
    assert str(home / ".gemini" / "settings.json") in snippets["gemini"][1]


async def test_the_clients_read_the_snippets_we_hand_out(binary, server, home):
    """Put each snippet where the client reads it; the real CLI must see (and reach) the server."""
    claude, codex, gemini = str(need("claude")), str(need("codex")), str(need("gemini"))
    # Claude Code: the shell command is run as is; a project .mcp.json takes the HTTP entry.
    command = shlex.split(config(binary, "claude-code", server, home)[0])
    assert command[0] == "claude"
    added = run([claude, *command[1:]], home, with_clients())
    assert added.returncode == 0, added.stderr
    assert "Connected" in run([claude, "mcp", "get", SERVER], home, with_clients()).stdout
    run([claude, "mcp", "remove", "--scope", "user", SERVER], home, with_clients())
    entry = json.loads(config(binary, "cursor", server, home)[0])["mcpServers"][SERVER]
    (home / "work" / ".mcp.json").write_text(json.dumps({"mcpServers": {SERVER: {"type": "http", **entry}}}))
    got = run([claude, "mcp", "get", SERVER], home, with_clients())
    assert got.returncode == 0 and "Project config" in got.stdout and f"URL: {server}" in got.stdout, got.stdout
    assert f"Authorization: {bearer(home)}" in got.stdout, got.stdout  # (pending the user's approval)

    # Codex: the TOML goes into ~/.codex/config.toml.
    (home / ".codex").mkdir(exist_ok=True)
    (home / ".codex" / "config.toml").write_text(config(binary, "codex", server, home)[0])
    listed = json.loads(run([codex, "mcp", "list", "--json"], home, with_clients()).stdout)
    assert [(e["name"], e["transport"]["url"]) for e in listed] == [(SERVER, server)]
    assert listed[0]["transport"]["http_headers"] == {"Authorization": bearer(home)}, listed

    # Gemini: the JSON is the whole ~/.gemini/settings.json; httpUrl is streamable HTTP.
    trust_work_dir(home)
    (home / ".gemini" / "settings.json").write_text(config(binary, "gemini", server, home)[0])
    listed = run([gemini, "mcp", "list"], home, with_clients())
    assert f"{SERVER}: {server} (http) - Connected" in listed.stdout + listed.stderr, listed


# ---- the agent skill ---------------------------------------------------------------------

SKILL_TEXT = (ROOT / "skills" / "jetbrains-debugger" / "SKILL.md").read_text()
SKILL_DIRS = {"claude-code": ".claude", "codex": ".codex", "gemini": ".gemini"}


def skill_file(home: Path, client: str) -> Path:
    return home / SKILL_DIRS[client] / "skills" / "jetbrains-debugger" / "SKILL.md"


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def skills_seen_by(client: str, home: Path) -> str:
    """What the real client lists as its skills, asked without a model or an API key."""
    if client == "claude-code":
        # The init message lists the skills before any model call; no credentials, so it then
        # stops ("Not logged in"). The base URL is a dead port all the same: nothing leaves.
        env = {**client_env(home, with_clients()), "ANTHROPIC_BASE_URL": "http://127.0.0.1:9"}
        done = subprocess.run([str(need("claude")), "-p", "--output-format", "stream-json", "--verbose", "hi"],
                              cwd=home / "work", env=env, capture_output=True, text=True, timeout=90,
                              stdin=subprocess.DEVNULL)
        init = json.loads(done.stdout.splitlines()[0])
        assert init["type"] == "system" and init["subtype"] == "init", done.stdout[:500]
        return "\n".join(init["skills"])
    if client == "codex":
        done = run([str(need("codex")), "debug", "prompt-input"], home, with_clients())
        assert done.returncode == 0, done.stderr
        return done.stdout
    done = run([str(need("gemini")), "skills", "list"], home, with_clients())
    assert done.returncode == 0, done.stderr
    return done.stdout + done.stderr


@pytest.mark.parametrize("client", ["claude-code", "codex", "gemini"])
async def test_install_with_skill_writes_it_privately_once_and_the_client_lists_it(binary, server, home, client):
    cli = {"claude-code": "claude", "codex": "codex", "gemini": "gemini"}[client]
    need(cli)
    path = skill_file(home, client)
    assert "jetbrains-debugger" not in skills_seen_by(client, home), "a clean home has no such skill"
    for attempt in (1, 2):
        done = run([binary, "install", client, "--skill", "--url", server], home, with_clients())
        assert done.returncode == 0, f"install #{attempt}: {done.stdout}\n{done.stderr}"
        assert f"{SERVER} → {server}" in done.stdout, done.stdout
        said = "is at" if attempt == 1 else "is up to date"
        assert f"skill for" in done.stdout and said in done.stdout and str(path) in done.stdout, done.stdout
        assert path.read_text() == SKILL_TEXT
        assert mode(path) == 0o600 and mode(path.parent) == 0o700, (oct(mode(path)), oct(mode(path.parent)))
        assert sorted(p.name for p in path.parent.iterdir()) == ["SKILL.md"], "no backup, no temporary file"
    seen = skills_seen_by(client, home)
    if client == "claude-code":
        assert "jetbrains-debugger" in seen.splitlines(), seen
    elif client == "codex":
        assert "- jetbrains-debugger: Debug a program at runtime" in seen, seen[-2000:]
    else:
        assert "jetbrains-debugger [Enabled]" in seen and str(path) in seen, seen


async def test_skill_only_needs_no_cli_and_keeps_a_different_file(binary, home):
    path = skill_file(home, "claude-code")
    done = run([binary, "install", "claude-code", "--skill-only"], home, "")
    assert done.returncode == 0, done.stderr
    assert path.read_text() == SKILL_TEXT and not (home / ".claude.json").exists(), "the CLI did not run"
    assert mode(path) == 0o600 and all(mode(d) == 0o700 for d in (path.parent, path.parent.parent, home / ".claude"))
    path.write_text("my own notes\n")
    done = run([binary, "install", "claude-code", "--skill-only"], home, "")
    assert done.returncode == 0, done.stderr
    backup = path.parent / "SKILL.md.bak"
    assert f"kept as {backup}" in done.stdout, done.stdout
    assert backup.read_text() == "my own notes\n" and path.read_text() == SKILL_TEXT


async def test_a_client_without_skills_is_refused_and_nothing_is_written(binary, home):
    before = sorted(p.relative_to(home) for p in home.rglob("*"))
    for args in (["cursor", "--skill"], ["claude-desktop", "--skill-only"], ["vscode", "--skill", "--url", "http://127.0.0.1:1/mcp"]):
        done = run([binary, "install", *args], home, with_clients())
        assert done.returncode != 0, done.stdout
        assert "the agent skill is installed for claude-code, codex, gemini only, not for" in done.stderr, done.stderr
    conflicting = run([binary, "install", "codex", "--skill-only", "--url", "http://127.0.0.1:1/mcp"], home, "")
    assert conflicting.returncode == 2 and "cannot be used with" in conflicting.stderr, conflicting.stderr
    assert sorted(p.relative_to(home) for p in home.rglob("*")) == before
    helped = run([binary, "install", "--help"], home, "")
    assert "--skill-only" in helped.stdout and "SKILL.md" in helped.stdout, helped.stdout
