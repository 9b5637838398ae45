#!/usr/bin/env bash
# The official MCP conformance suite against a real `lens serve` (built): the 2025-11-25
# scenarios Lens passes today. The suite needs Node 22, which Lens does not: Node 22 and the
# suite are installed from npm into .tools/conformance (not Lens's dependencies). The
# 2026-07-28 scenarios join this list with issue 30 (docs/research/mcp-2026-07-28.md).
set -euo pipefail
cd "$(dirname "$0")/.."

NODE22_VERSION=22.23.3
SUITE_VERSION=0.2.0-alpha.12
SCENARIOS_2025=(server-initialize ping tools-list server-session-lifecycle)

tools=.tools/conformance
suite="$tools/node_modules/@modelcontextprotocol/conformance/dist/index.js"
node22="$tools/node_modules/.bin/node"
installed() {
  [ -x "$node22" ] && [ "$("$node22" -v)" = "v$NODE22_VERSION" ] && [ -f "$suite" ] &&
    grep -q "\"version\": \"$SUITE_VERSION\"" "$tools/node_modules/@modelcontextprotocol/conformance/package.json"
}
if ! installed; then
  echo "==> installing Node $NODE22_VERSION and the MCP conformance suite $SUITE_VERSION into $tools"
  mkdir -p "$tools"
  # Not --ignore-scripts: node@22's preinstall fetches its platform's binary package from npm.
  npm install --prefix "$tools" --no-audit --no-fund --loglevel=error \
    "node@$NODE22_VERSION" "@modelcontextprotocol/conformance@$SUITE_VERSION" >/dev/null
fi

work=$(mktemp -d)
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

LENS_LOG_LEVEL=warn node apps/server/dist/cli.js serve --data "$work/data" --init --port 0 \
  >"$work/out" 2>"$work/err" &
server_pid=$!
url=""
for _ in $(seq 1 300); do
  url=$(grep -oE 'MCP +http://[^ ]+/mcp' "$work/out" | head -1 | awk '{print $2}' || true)
  [ -n "$url" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/err" >&2; echo "lens serve exited" >&2; exit 1; }
  sleep 0.1
done
[ -n "$url" ] || { cat "$work/err" >&2; echo "lens serve did not start" >&2; exit 1; }
echo "==> MCP conformance $SUITE_VERSION against $url"

failed=0
for scenario in "${SCENARIOS_2025[@]}"; do
  out=$("$node22" "$suite" server --url "$url" --spec-version 2025-11-25 --scenario "$scenario" 2>&1) || {
    failed=1
  }
  summary=$(grep -E '^Passed: ' <<<"$out" | tail -1 || true)
  # A scenario that does not apply is skipped with exit 0: that is a failure here.
  if grep -q "SKIPPED: scenario" <<<"$out" || [ -z "$summary" ]; then failed=1; fi
  echo "    2025-11-25 $scenario: ${summary:-no result}"
  if [ "$failed" = 1 ]; then echo "$out" >&2; break; fi
done
exit "$failed"
