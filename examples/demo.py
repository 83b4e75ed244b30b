#!/usr/bin/env python3
"""Walk through the calculator workflow ("Debugging a Calculation Bug") against the real
jetbrains-debugger-mcp binary, as an AI agent would: over stdio, with the official
Python MCP SDK (`mcp`), debugging examples/calculator with debugpy.

Every tool call and its answer is printed. The script checks each answer and exits
with status 1 if any step did not give the expected result (0 when all did).

    python examples/demo.py [--binary PATH] [--python PY]

--binary defaults to $JBD_BINARY, else target/release/jetbrains-debugger-mcp.
--python is the debuggee's interpreter (it needs debugpy); default: this Python.
The server runs in brave mode (no confirmations) with a throw-away state directory,
so the demo starts with no breakpoints and leaves nothing behind.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable

import anyio
from mcp import Client, StdioServerParameters

ROOT = Path(__file__).resolve().parent.parent
PROJECT = ROOT / "examples" / "calculator"
SOURCE = PROJECT / "calculator.py"
# Lines of examples/calculator/calculator.py the walk-through relies on.
SUBTOTAL_LINE = 31  # subtotal = subtotal_of(items)
TAX_LINE = 32  # tax = subtotal * TAX_RATE
TOTAL_LINE = 33  # total = subtotal + tax

WIDTH = 100


def compact(value: Any, indent: int = 0) -> str:
    """Pretty JSON that keeps small objects and lists on one line."""
    flat = json.dumps(value, ensure_ascii=False)
    if len(flat) + indent <= WIDTH or not isinstance(value, (dict, list)) or not value:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k)}: {compact(v, indent + 2)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [f"{pad}{compact(v, indent + 2)}" for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


class Failed(Exception):
    pass


class Agent:
    """Calls tools, prints them, and checks the answers."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.step = 0
        self.failures: list[str] = []

    async def call(self, name: str, arguments: dict[str, Any], why: str) -> dict[str, Any]:
        self.step += 1
        shown = ", ".join(f"{k}={json.dumps(v)}" for k, v in arguments.items())
        print(f"\n{self.step}. {why}\n   → {name}({shown})")
        result = await self.client.call_tool(name, arguments)
        if result.is_error:
            text = "".join(getattr(c, "text", "") for c in result.content)
            print(f"   ✗ error: {text}")
            self.failures.append(f"step {self.step} {name}: error {text}")
            raise Failed(text)
        answer = result.structured_content or {}
        print("   " + compact(answer).replace("\n", "\n   "))
        return answer

    def expect(self, what: str, ok: Callable[[], bool]) -> None:
        try:
            good = bool(ok())
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            good = False
        print(f"   {'✓' if good else '✗'} {what}")
        if not good:
            self.failures.append(f"step {self.step}: expected {what}")


def variable(status: dict[str, Any], name: str) -> str | None:
    for v in status.get("variables") or []:
        if v["name"] == name:
            return v["value"]
    return None


async def walk(agent: Agent) -> None:
    """The calculator workflow, step by step."""
    project = {"projectPath": str(PROJECT)}

    configs = await agent.call("list_run_configurations", project, "Which run configurations are there?")
    by_name = {c["name"]: c for c in configs["run_configurations"]}
    agent.expect("'Calculator App' can be debugged", lambda: by_name["Calculator App"]["can_debug"] is True)
    agent.expect("'Calculator Tests' can be debugged", lambda: by_name["Calculator Tests"]["can_debug"] is True)
    agent.expect("'npm build' cannot be debugged", lambda: by_name["npm build"]["can_debug"] is False)

    breakpoints = await agent.call("list_breakpoints", project, "Any breakpoints yet?")
    agent.expect("no breakpoints", lambda: breakpoints["breakpoints"] == [] and breakpoints["total_count"] == 0)

    bp = await agent.call(
        "set_breakpoint",
        {**project, "file_path": "calculator.py", "line": SUBTOTAL_LINE},
        "Break in calculate_total, where the subtotal is computed before the tax",
    )
    agent.expect("breakpoint set", lambda: bp["status"] == "set" and bp["breakpoint_id"])

    started = await agent.call(
        "start_debug_session",
        {**project, "configuration_name": "Calculator App"},
        "Debug the app; the call waits for the breakpoint",
    )
    agent.expect("paused at the breakpoint", lambda: started["status"] == "paused"
                 and started["execution"]["paused_reason"] == "breakpoint"
                 and started["execution"]["new_location"]["line"] == SUBTOTAL_LINE)

    status = await agent.call("get_debug_session_status", project, "Everything about this stop in one call")
    agent.expect("state paused, reason breakpoint", lambda: status["state"] == "paused"
                 and status["paused_reason"] == "breakpoint")
    agent.expect(f"in calculate_total at line {SUBTOTAL_LINE}", lambda: status["current_location"]["method"]
                 == "calculate_total" and status["current_location"]["line"] == SUBTOTAL_LINE)
    agent.expect("subtotal = 0.0 and tax = 0.0", lambda: variable(status, "subtotal") == "0.0"
                 and variable(status, "tax") == "0.0")
    agent.expect("stack: calculate_total <- main <- <module>", lambda: [f["method"] for f in
                 status["stack_summary"]][:3] == ["calculate_total", "main", "<module>"])
    agent.expect("source context marks the current line", lambda: any(
        line.get("is_current") and line["number"] == SUBTOTAL_LINE for line in status["source_context"]["lines"]))

    prices = await agent.call(
        "evaluate",
        {**project, "expression": "sum(item.price * item.quantity for item in items)"},
        "What should the subtotal be?",
    )
    agent.expect("the items add up to 150.0", lambda: prices["result"]["value"] == "150.0")

    stepped = await agent.call("step_over", project, "Compute the subtotal")
    agent.expect(f"now at line {TAX_LINE}", lambda: stepped["status"] == "stepped"
                 and stepped["new_location"]["line"] == TAX_LINE)

    status = await agent.call(
        "get_debug_session_status",
        {**project, "source_context_lines": 1},
        "How do the variables look now?",
    )
    agent.expect(f"line {TAX_LINE}, subtotal = 150.0, tax = 0.0", lambda: status["current_location"]["line"]
                 == TAX_LINE and variable(status, "subtotal") == "150.0" and variable(status, "tax") == "0.0")

    stepped = await agent.call("step_over", project, "Run the tax calculation")
    agent.expect(f"now at line {TOTAL_LINE}", lambda: stepped["new_location"]["line"] == TOTAL_LINE)

    tax = await agent.call(
        "evaluate", {**project, "expression": "subtotal * TAX_RATE"}, "Why is the tax what it is?"
    )
    agent.expect("subtotal * TAX_RATE is 0: the bug", lambda: float(tax["result"]["value"]) == 0.0)
    rate = await agent.call("evaluate", {**project, "expression": "TAX_RATE"}, "And the rate itself?")
    agent.expect("TAX_RATE is 0", lambda: rate["result"]["value"] == "0")
    print("\n   Found the bug: TAX_RATE is 0 instead of 0.08 (calculator.py, line 11).")

    stopped = await agent.call("stop_debug_session", project, "Done: stop the session")
    agent.expect("session stopped", lambda: stopped["status"] == "stopped")


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.environ.get("JBD_BINARY")
                        or str(ROOT / "target" / "release" / "jetbrains-debugger-mcp"))
    parser.add_argument("--python", default=sys.executable, help="debuggee interpreter (needs debugpy)")
    args = parser.parse_args()
    if not Path(args.binary).is_file():
        print(f"No binary at {args.binary}: build it with `cargo build --release -p jetbrains-debugger-mcp`",
              file=sys.stderr)
        return 2

    with tempfile.TemporaryDirectory(prefix="jbd-demo-state-") as state:
        env = {**os.environ, "JETBRAINS_DEBUGGER_STATE_DIR": state}
        server = StdioServerParameters(
            command=args.binary,
            args=["stdio", "--project", str(PROJECT), "--brave", "--python", args.python],
            env=env,
        )
        print(f"Server: {args.binary} stdio --project {PROJECT} --brave")
        async with Client(server) as client:
            print(f"Connected: {client.server_info.name if client.server_info else '?'} "
                  f"over stdio, MCP protocol {client.protocol_version}")
            tools = await client.list_tools()
            print(f"{len(tools.tools)} tools: {', '.join(t.name for t in tools.tools)}")
            agent = Agent(client)
            if len(tools.tools) != 28:
                agent.failures.append(f"expected 28 tools, got {len(tools.tools)}")
            try:
                with anyio.fail_after(120):
                    await walk(agent)
            except Failed:
                pass
            except TimeoutError:
                agent.failures.append("the walk-through did not finish within 120 s")
            finally:
                # Never leave a debuggee behind, whatever happened above.
                with anyio.move_on_after(15):
                    sessions = await client.call_tool("list_debug_sessions", {})
                    for s in (sessions.structured_content or {}).get("sessions", []):
                        if s["state"] != "stopped":
                            await client.call_tool("stop_debug_session", {"session_id": s["id"]})

    if agent.failures:
        print(f"\nDEMO FAILED: {len(agent.failures)} step(s) did not give the expected answer:")
        for failure in agent.failures:
            print(f"  - {failure}")
        return 1
    print(f"\nDemo OK: {agent.step} tool calls, every answer as expected.")
    return 0


if __name__ == "__main__":
    sys.exit(anyio.run(main))
