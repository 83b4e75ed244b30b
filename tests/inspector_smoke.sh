#!/usr/bin/env bash
# MCP Inspector CLI smoke test: a third-party client (@modelcontextprotocol/inspector)
# lists the 28 tools of jetbrains-debugger-mcp over stdio in strict mode (`--strict`:
# any schema portability finding, warning or error, fails the test), prints what the
# list weighs, and calls one of the tools.
#
#   tests/inspector_smoke.sh [BINARY]     (default: $JBD_BINARY, else target/debug/jetbrains-debugger-mcp)
#
# The Inspector is installed into .cache/inspector (gitignored) by scripts/setup. Exits
# non-zero on any failure.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="${1:-${JBD_BINARY:-$ROOT/target/debug/jetbrains-debugger-mcp}}"
DIR="$ROOT/.cache/inspector"
export npm_config_loglevel=error npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false

BIN="$(readlink -f "$BIN" 2>/dev/null || echo "$BIN")"
[ -x "$BIN" ] || { echo "inspector smoke: no binary at $BIN (cargo build -p jetbrains-debugger-mcp)" >&2; exit 1; }
[ -x "$DIR/node_modules/.bin/mcp-inspector" ] \
    || { echo "inspector smoke: the MCP Inspector is not in .cache/inspector (scripts/setup installs it)" >&2; exit 1; }

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
export MCP_CATALOG_PATH="$WORK/catalog.json"
PROJECT="$ROOT/examples/calculator"

inspect() {
    (cd "$DIR" && npx --no-install mcp-inspector --cli -e "JETBRAINS_DEBUGGER_STATE_DIR=$WORK/state" "$@" \
        -- "$BIN" stdio --project "$PROJECT")
}

fail() { echo "inspector smoke: FAILED: $*" >&2; exit 1; }

echo "==> mcp-inspector --cli --strict ... --method tools/list"
inspect --strict --method tools/list > "$WORK/tools.json" 2> "$WORK/lint.txt" \
    || { cat "$WORK/lint.txt" >&2; fail "tools/list exited with $?"; }
if grep -Eq '^(Warning|Error): tool|Schema portability|across [0-9]+ tools?' "$WORK/lint.txt"; then
    cat "$WORK/lint.txt" >&2
    fail "the Inspector's --strict schema check reported findings"
fi
echo "   --strict: no schema portability findings"
node - "$WORK/tools.json" <<'JS' || fail "tools/list did not list the 28 tools"
const fs = require("fs");
const listed = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const names = listed.tools.map((t) => t.name).sort();
const expected = ["add_watch", "evaluate", "expand_variable", "get_debug_session_status",
  "get_source_context", "get_stack_trace", "get_variables", "jump_to_line", "list_breakpoints",
  "list_debug_sessions", "list_run_configurations", "list_threads", "pause", "remove_breakpoint",
  "remove_watch", "resume", "run_configuration", "run_to_line", "select_stack_frame",
  "set_breakpoint", "set_exception_breakpoint", "set_variable", "start_debug_session",
  "step_into", "step_out", "step_over", "stop_debug_session", "trace_execution"];
console.log(`   ${names.length} tools: ${names.join(", ")}`);
if (JSON.stringify(names) !== JSON.stringify(expected)) process.exit(1);
for (const t of listed.tools) {
  if (!t.inputSchema || !t.outputSchema || !t.annotations) {
    console.error(`   ${t.name} lacks a schema or annotations`);
    process.exit(1);
  }
}
const bytes = (v) => Buffer.byteLength(JSON.stringify(v));
const sum = (f) => listed.tools.reduce((n, t) => n + f(t), 0);
console.log(`   ${bytes(listed)} bytes; descriptions + input schemas: ` +
  `${sum((t) => Buffer.byteLength(t.description) + bytes(t.inputSchema))} bytes; ` +
  `output schemas: ${sum((t) => bytes(t.outputSchema))} bytes`);
JS

echo "==> mcp-inspector --cli ... --method tools/call --tool-name list_run_configurations"
inspect --method tools/call --tool-name list_run_configurations > "$WORK/call.json" \
    || fail "tools/call exited with $?"
node - "$WORK/call.json" <<'JS' || fail "list_run_configurations did not return the sample's configurations"
const fs = require("fs");
const result = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
if (result.isError) { console.error(JSON.stringify(result)); process.exit(1); }
const configs = result.structuredContent.run_configurations;
const summary = configs.map((c) => `${c.name} (can_debug=${c.can_debug})`);
console.log(`   ${summary.join(", ")}`);
const want = [["Calculator App", true], ["Calculator Tests", true], ["npm build", false]];
const got = configs.map((c) => [c.name, c.can_debug]);
if (JSON.stringify(got) !== JSON.stringify(want)) process.exit(1);
JS

echo "==> mcp-inspector --cli ... --method resources/list (no session yet: listed all the same)"
for method in resources/list resources/templates/list; do
    inspect --method "$method" > "$WORK/resources.json" 2> "$WORK/lint.txt" \
        || { cat "$WORK/lint.txt" >&2; fail "$method exited with $?"; }
    node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
             const items = r.resources ?? r.resourceTemplates;
             const uris = items.map(i => i.uri ?? i.uriTemplate);
             if (!uris.includes("debugger://session") && !uris.includes("debugger://source/{file}"))
                 process.exit(1);' "$WORK/resources.json" \
        || { cat "$WORK/resources.json" >&2; fail "$method did not list the debugger's resources"; }
done
echo "   resources/list and resources/templates/list: the debugger's resources, before any session"
echo "inspector smoke: OK (28 tools listed, no --strict findings, list_run_configurations answered, resources listed)"
