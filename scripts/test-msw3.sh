#!/usr/bin/env bash
# Runs the interceptor suites (every test file that calls `useMswServer`)
# under Node 22 with msw 3, the upper end of the `msw` peer range, in a
# throwaway copy of the project, so the main node_modules stays as it is.
#
# Node 22 comes from the npm registry: the platform package `node-<os>-<arch>`
# ships `bin/node` in its tarball, so `npm pack` and `tar` are enough (the
# `node` package would need its install script to set that binary up).
#
# Usage: bash scripts/test-msw3.sh
set -euo pipefail

NODE_MAJOR=22
MSW_RANGE='^3'
# The one place that says which suites run: those using the MSW interceptor.
SUITE_MARKER='useMswServer\|setupContentApiMock'

root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/content-api-mock-msw3.XXXXXX")"
trap 'rm -rf "$work"' EXIT

started=$SECONDS
log() {
  echo "[test-msw3 +$((SECONDS - started))s] $*"
}
fail() {
  echo "[test-msw3] FAILED: $*" >&2
  exit 1
}

package="node-$(node -p process.platform)-$(node -p process.arch)"
log "downloading Node $NODE_MAJOR ($package@$NODE_MAJOR) from the npm registry"
mkdir "$work/node"
tarball="$(cd "$work/node" && npm pack --silent "$package@$NODE_MAJOR")"
tar -xzf "$work/node/$tarball" -C "$work/node"
[ -x "$work/node/package/bin/node" ] ||
  fail "$package@$NODE_MAJOR has no executable bin/node. Check the package's contents with \"npm pack $package@$NODE_MAJOR\"."
export PATH="$work/node/package/bin:$PATH"
hash -r

node_version="$(node --version)"
log "node --version: $node_version ($(command -v node)); npm $(npm --version)"
[[ "$node_version" == "v$NODE_MAJOR."* ]] ||
  fail "expected Node $NODE_MAJOR first on PATH, got $node_version."

log "copying the project (without node_modules, dist, .git) to $work/project"
mkdir "$work/project"
tar -C "$root" \
  --exclude=./node_modules --exclude=./dist --exclude=./.git --exclude=./coverage \
  -cf - . | tar -C "$work/project" -xf -
cd "$work/project"

log "npm ci"
npm ci
log "npm install --no-save msw@$MSW_RANGE"
npm install --no-save "msw@$MSW_RANGE"
msw_version="$(node -p "JSON.parse(require('node:fs').readFileSync('node_modules/msw/package.json', 'utf8')).version")"
log "installed msw: $msw_version"
[[ "$msw_version" == 3.* ]] || fail "expected msw 3 in node_modules, got $msw_version."

log "npm run build (tsc against msw $msw_version's types)"
npm run build

mapfile -t suites < <(grep -rl --include='*.test.ts' "$SUITE_MARKER" test | sort)
[ "${#suites[@]}" -gt 0 ] ||
  fail "no test file under test/ calls $SUITE_MARKER; the suite selection in scripts/test-msw3.sh is out of date."
log "vitest run under Node $node_version with msw $msw_version: ${suites[*]}"
npx --no-install vitest run "${suites[@]}"

log "passed: Node $node_version, msw $msw_version"
