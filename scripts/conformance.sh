#!/usr/bin/env bash
# The official MCP conformance suite against a real `lens serve` (built), at both protocol
# revisions Lens serves on one /mcp: stateless 2026-07-28 and 2025-11-25 sessions. The suite
# needs Node 22, which Lens does not: Node 22 and the suite are installed from npm into
# .tools/conformance (not Lens's dependencies). `--conformance` (hidden) lists the three
# diagnostic tools the suite's server-stateless scenario calls.
set -euo pipefail
cd "$(dirname "$0")/.."

NODE22_VERSION=22.23.3
SUITE_VERSION=0.2.0-alpha.12
SCENARIOS_2026=(server-stateless caching tools-list dns-rebinding-protection resources-list
  sep-2164-resource-not-found prompts-list completion-complete)
SCENARIOS_2025=(server-initialize ping tools-list server-session-lifecycle dns-rebinding-protection
  resources-list prompts-list completion-complete)
# Not run: resources-read-text and resources-templates-read read `test://static-text` and
# `test://template/123/data`, fixtures of the suite's own reference server, which no notes server
# has. Their checks (contents with uri, mimeType and text; a template URI read with its
# parameter in the answer) are made over Lens's own `lens://{+path}` notes in
# apps/mcp/test/resources.test.ts.

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

LENS_LOG_LEVEL=warn node apps/server/dist/cli.js serve --data "$work/data" --init --port 0 --conformance \
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
run() { # VERSION SCENARIO
  local out summary bad=0
  out=$("$node22" "$suite" server --url "$url" --spec-version "$1" --scenario "$2" 2>&1) || bad=1
  summary=$(grep -E '^Passed: ' <<<"$out" | tail -1 || true)
  # A scenario that does not apply is skipped with exit 0: that is a failure here.
  if grep -q "SKIPPED: scenario" <<<"$out" || [ -z "$summary" ]; then bad=1; fi
  echo "    $1 $2: ${summary:-no result}"
  if [ "$bad" = 1 ]; then echo "$out" >&2; failed=1; fi
}
for scenario in "${SCENARIOS_2026[@]}"; do run 2026-07-28 "$scenario"; done
for scenario in "${SCENARIOS_2025[@]}"; do run 2025-11-25 "$scenario"; done
exit "$failed"
