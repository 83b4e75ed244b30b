"""The command line as a user meets it, through the real binary: exit codes and streams of help
and usage errors, typo suggestions, and the completion script completing in a real bash."""

from __future__ import annotations

import shutil
import subprocess

import pytest


def run(binary: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([binary, *args], capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)


def test_help_goes_to_stdout_and_usage_errors_to_stderr_with_exit_code_2(binary):
    helped = run(binary, "serve", "--help")
    assert helped.returncode == 0 and helped.stderr == "", helped.stderr
    assert "--allow-origin <ORIGIN>" in helped.stdout and "[env: JETBRAINS_DEBUGGER_ALLOW_ORIGINS]" in helped.stdout
    assert run(binary, "-V").stdout.startswith("jetbrains-debugger-mcp ")
    for args, tip in [
        (["serv"], "tip: a similar subcommand exists: 'serve'"),
        (["serve", "--prot", "1"], "tip: a similar argument exists: '--port'"),
        (["stdio", "--backend", "ida"], "tip: a similar value exists: 'ide'"),
    ]:
        refused = run(binary, *args)
        assert refused.returncode == 2 and refused.stdout == "", args
        assert refused.stderr.startswith("error: ") and tip in refused.stderr, refused.stderr
    bare = run(binary)
    assert bare.returncode == 2 and "Commands:" in bare.stderr and bare.stdout == ""


def test_help_shows_which_variable_a_flag_reads_but_never_its_value(binary):
    secret = "http://secret.example"
    helped = subprocess.run(
        [binary, "serve", "--help"],
        capture_output=True,
        text=True,
        timeout=30,
        env={"JETBRAINS_DEBUGGER_ALLOW_ORIGINS": secret, "PATH": "/usr/bin:/bin"},
    )
    assert helped.returncode == 0 and "JETBRAINS_DEBUGGER_ALLOW_ORIGINS" in helped.stdout
    assert secret not in helped.stdout


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_the_bash_completion_script_completes_commands_flags_and_choices(binary, tmp_path):
    script = run(binary, "completions", "bash")
    assert script.returncode == 0, script.stderr
    (tmp_path / "completion.bash").write_text(script.stdout)

    def complete(*words: str) -> list[str]:
        line = " ".join(["jetbrains-debugger-mcp", *words])
        probe = f"""
            source {tmp_path / "completion.bash"}
            COMP_WORDS=(jetbrains-debugger-mcp {" ".join(f"'{word}'" for word in words)})
            COMP_CWORD={len(words)}
            COMP_LINE="{line}"
            COMP_POINT={len(line)}
            _jetbrains__debugger__mcp jetbrains-debugger-mcp "{words[-1]}" "{words[-2] if len(words) > 1 else "jetbrains-debugger-mcp"}"
            printf '%s\\n' "${{COMPREPLY[@]}}"
        """
        done = subprocess.run(["bash", "--norc", "--noprofile", "-c", probe], capture_output=True, text=True, timeout=30)
        assert done.returncode == 0, done.stderr
        return done.stdout.split()

    assert complete("se") == ["serve"]
    assert set(complete("stdio", "--backend", "")) == {"auto", "ide", "dap"}
    assert "--skill-only" in complete("install", "--sk")
    assert set(complete("completions", "")) >= {"bash", "zsh", "fish"}
