#!/usr/bin/env bash
# The official MCP conformance suite (@modelcontextprotocol/conformance, pinned in
# tests/mcp-node.sh) against `serve`: every scenario of every suite runs; those only the
# suite's reference server can pass are listed, each with why, in
# tests/conformance-baseline.yml. Exits non-zero when an applicable scenario fails or a
# listed one starts to pass (the list is then out of date).
#
#   tests/conformance.sh [BINARY]     (default: $JBD_BINARY, else target/debug/jetbrains-debugger-mcp)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="${1:-${JBD_BINARY:-$ROOT/target/debug/jetbrains-debugger-mcp}}"
BIN="$(readlink -f "$BIN" 2>/dev/null || echo "$BIN")"
[ -x "$BIN" ] || { echo "conformance: no binary at $BIN (cargo build -p jetbrains-debugger-mcp)" >&2; exit 1; }
NODE_DIR="$(bash "$ROOT/tests/mcp-node.sh")"
BASELINE="$ROOT/tests/conformance-baseline.yml"

WORK="$(mktemp -d)"
SERVER=""
cleanup() {
    [ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null && wait "$SERVER" 2>/dev/null
    rm -rf "$WORK"
}
trap cleanup EXIT

PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
# --no-auth: the suite's client (0.1.16) cannot send a header (`new StreamableHTTPClientTransport(url)`
# with no requestInit; its only --token is a GitHub token), so the endpoint's access token check
# is off here; the e2e tests (tests/e2e/protocol/test_auth.py) cover it.
JETBRAINS_DEBUGGER_STATE_DIR="$WORK/state" "$BIN" serve --no-auth --port "$PORT" --project "$ROOT/examples/calculator" \
    > "$WORK/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 100); do
    (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null && break
    kill -0 "$SERVER" 2>/dev/null || { cat "$WORK/server.log" >&2; echo "conformance: the server exited" >&2; exit 1; }
    sleep 0.1
done

echo "==> conformance suite $(node_version="$("$NODE_DIR/node_modules/.bin/node" --version)"; echo "0.1.16, node $node_version") against serve on port $PORT"
status=0
(cd "$WORK" && PATH="$NODE_DIR/node_modules/.bin:$PATH" conformance server --url "http://127.0.0.1:$PORT/mcp" \
    --suite all --expected-failures "$BASELINE" -o "$WORK/results") > "$WORK/report.txt" 2>&1 || status=$?
sed -n '/=== SUMMARY ===/,$p' "$WORK/report.txt" | grep -v '^Total:'
# Listed, yet partly applicable: its SSE transport checks must pass.
python3 - "$WORK/results" <<'PY' || status=1
import json, pathlib, sys
results = list(pathlib.Path(sys.argv[1]).glob("server-server-sse-polling-*/checks.json"))
checks = {c["id"]: c["status"] for c in json.loads(results[0].read_text())} if results else {}
for check in ["server-sse-priming-event", "server-sse-retry-field"]:
    print(f"  {check}: {checks.get(check, 'not run')}")
    if checks.get(check) != "SUCCESS":
        sys.exit(1)
PY
listed="$(grep -cE '^  - ' "$BASELINE")"
scenarios="$(grep -cE '^[✓✗] ' "$WORK/report.txt" || true)"
if [ "$status" -ne 0 ] || [ "$scenarios" -le "$listed" ]; then
    cat "$WORK/report.txt" >&2
    echo "conformance: FAILED (exit $status): an applicable scenario failed, or a listed one now passes" >&2
    exit 1
fi
echo "conformance: $((scenarios - listed)) applicable scenarios passed, $listed not applicable (tests/conformance-baseline.yml)"
