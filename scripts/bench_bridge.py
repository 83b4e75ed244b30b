"""The IDE bridge's cost per tool call (see scripts/bench-bridge, which runs this).

Times each tool over ROUNDS calls through the real binary and the plugin's real Kotlin
bridge (RecordingIde behind it, answering from memory), and reports p50/p95 per tool, the
ratio of each p50 to the baseline's (`list_debug_sessions`: answered by the binary alone,
no bridge crossing) and the difference, which is what the bridge round trips add.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import anyio
from mcp import Client

ROOT = Path(__file__).resolve().parents[1]
CALCULATOR = ROOT / "examples" / "calculator"
CLASSPATH = ROOT / "intellij-plugin" / "build" / "kotlin" / "test-classpath.txt"
MAIN = "dev.jetbrainsdebugger.crosslang.CrossLanguageMainKt"
SUBTOTAL_LINE = 31  # examples/calculator/calculator.py (tests/e2e/conftest.py CALC_LINES)

# (tool, arguments, bridge requests per call)
CALLS = [
    ("list_debug_sessions", {}, "0 (baseline)"),
    ("list_run_configurations", {}, "1"),
    ("list_threads", {}, "0 (cached per stop)"),
    ("get_stack_trace", {"max_frames": 5}, "0 (cached per stop)"),
    ("get_variables", {}, "1 (variables)"),
    ("evaluate", {"expression": "subtotal * TAX_RATE"}, "1 (evaluate)"),
]


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def measure(url: str, rounds: int) -> dict[str, list[float]]:
    timings: dict[str, list[float]] = {name: [] for name, _, _ in CALLS}
    async with Client(url, mode="legacy") as client:
        async def ok(name: str, arguments: dict) -> dict:
            result = await client.call_tool(name, arguments)
            assert not result.is_error, f"{name}: {result.content}"
            return result.structured_content

        await ok("set_breakpoint", {"file_path": "calculator.py", "line": SUBTOTAL_LINE})
        started = await ok("start_debug_session", {"configuration_name": "App"})
        assert started["status"] == "paused", started
        for name, arguments, _ in CALLS:  # warm-up
            await ok(name, arguments)
        for _ in range(rounds):
            for name, arguments, _ in CALLS:
                begun = time.perf_counter()
                await ok(name, arguments)
                timings[name].append((time.perf_counter() - begun) * 1000)
        await ok("stop_debug_session", {"session_id": started["session_id"]})
    return timings


def main() -> None:
    binary, rounds = sys.argv[1], int(sys.argv[2])
    classpath = CLASSPATH.read_text().strip()
    with tempfile.TemporaryDirectory() as state:
        env = dict(os.environ, JETBRAINS_DEBUGGER_STATE_DIR=state, JETBRAINS_DEBUGGER_BRAVE="1")
        harness = subprocess.Popen(["java", "-cp", classpath, MAIN, binary, str(CALCULATOR), "0"],
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                   text=True, env=env)
        assert harness.stdout is not None and harness.stdin is not None
        timer = threading.Timer(60, harness.kill)
        timer.start()
        line = ""
        while not line.startswith("{"):
            line = harness.stdout.readline()
            if not line:
                raise SystemExit("the harness exited before connecting (run scripts/kotlin?)")
        url = json.loads(line)["mcp_url"]
        timer.cancel()
        try:
            timings = anyio.run(measure, url, rounds)
        finally:
            harness.stdin.write("quit\n")
            harness.stdin.flush()
            harness.wait(timeout=15)
    base = statistics.median(timings["list_debug_sessions"])
    print(f"{rounds} rounds, MCP over HTTP → binary → bridge → Kotlin dispatcher → RecordingIde (answers from memory)")
    print(f"{'tool':<26}{'bridge requests':<24}{'p50 ms':>8}{'p95 ms':>8}{'× base':>8}{'+ms':>8}")
    for name, _, crossings in CALLS:
        p50 = statistics.median(timings[name])
        print(f"{name:<26}{crossings:<24}{p50:>8.2f}{percentile(timings[name], 0.95):>8.2f}"
              f"{p50 / base:>8.2f}{p50 - base:>+8.2f}")


if __name__ == "__main__":
    main()
