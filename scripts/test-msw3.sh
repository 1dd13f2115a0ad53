#!/usr/bin/env bash
# On a Node.js below msw 3's floor (20), checks first that pnpm's default
# install of the packed package (msw 3) fails at once with one clear line.
# Then runs the interceptor suites (every test file that calls `useMswServer` or `useSmallDatasetServer`)
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
SUITE_MARKER='useMswServer\|useSmallDatasetServer\|setupContentApiMock'

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

# pnpm's default on the Node.js first on PATH: `pnpm add -D msw` picks msw 3
# for the peer range. Below msw 3's floor (Node.js 20), creating the mock must
# fail at once with the one line that says to install msw@^2.
if node -e 'process.exit(Promise.withResolvers ? 0 : 1)'; then
  log "skipping the Node.js 20 consumer check: $(node --version) has Promise.withResolvers"
else
  log "packing the project for a pnpm consumer on $(node --version)"
  mkdir "$work/consumer"
  (cd "$root" && npm pack --silent --pack-destination "$work/consumer" >/dev/null)
  cd "$work/consumer"
  echo '{ "name": "consumer", "private": true, "type": "module" }' >package.json
  npx --yes pnpm@9 add ./content-api-mock-*.tgz
  npx --yes pnpm@9 add -D msw
  consumer_msw="$(node -p "require('./node_modules/msw/package.json').version")"
  [[ "$consumer_msw" == 3.* ]] || fail "pnpm installed msw $consumer_msw, expected msw 3."
  echo "import { createContentApiMock } from 'content-api-mock'; createContentApiMock()" >check.mjs
  if node check.mjs 2>stderr.txt; then
    fail "createContentApiMock() with msw $consumer_msw on $(node --version) did not throw."
  fi
  grep -q '^Error: content-api-mock: msw 3 needs Node.js 22.12 or later, .*install msw@^2' stderr.txt ||
    fail "the error with msw $consumer_msw on $(node --version) does not say to install msw@^2: $(cat stderr.txt)"
  log "passed: msw $consumer_msw on $(node --version) fails at once with: $(grep '^Error: ' stderr.txt)"
  cd "$root"
fi

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
