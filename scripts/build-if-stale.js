// Runs before `npm start`: builds dist/ only when it is missing or older than
// what it is built from, so that the first start after `npm ci` builds, a
// later one takes no build at all, and a start after editing src/ still
// serves the edit. Its own words go to stderr: stdout stays the request log's.
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../', import.meta.url))
const BUILD_INPUTS = [
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'tsconfig.browser.json',
]

const reason = findStaleness()
if (reason !== undefined) {
  process.stderr.write(`content-api-mock: ${reason}; building first\n`)
  const build = spawnSync('npm', ['run', '--silent', 'build'], {
    cwd: root,
    // The build's own output is for a person, not for a log pipe on stdout.
    stdio: ['ignore', process.stderr, process.stderr],
    shell: process.platform === 'win32',
  })
  if (build.status !== 0) {
    process.stderr.write(
      'content-api-mock: the build failed (see above); fix it, or run "npm run build" to see it alone\n',
    )
    process.exit(build.status ?? 1)
  }
}

/**
 * Why dist/ must be rebuilt, or undefined when it is up to date: a source or
 * build setting newer than the build, or a source added or removed since.
 */
function findStaleness() {
  const builtAt = modifiedAt('dist/index.js')
  if (builtAt === undefined) return 'dist/ is missing'
  const sources = listFiles('src').filter((file) => file.endsWith('.ts'))
  // The page (src/page/, its HTML and CSS too) and build-demo's boot script
  // (src/demo/) are bundled by vite into dist/page/ and dist/demo/, not
  // compiled file by file.
  const pageSources = listFiles('src/page')
  for (const file of [...BUILD_INPUTS, ...sources, ...pageSources]) {
    if ((modifiedAt(file) ?? 0) > builtAt) return `${file} changed`
  }
  if (modifiedAt('dist/page/index.html') === undefined) {
    return 'dist/page/ is missing'
  }
  if (modifiedAt('dist/demo/manifest.json') === undefined) {
    return 'dist/demo/ is missing'
  }
  if (modifiedAt('dist/docs/manifest.json') === undefined) {
    return 'dist/docs/ is missing'
  }
  const expected = new Set(
    sources
      .filter((file) => !/^src\/(page|demo)\//.test(file))
      .map((file) => `dist/${file.slice('src/'.length, -'.ts'.length)}.js`),
  )
  const built = listFiles('dist').filter(
    // dist/docs/ holds the API reference's renderer, copied, not compiled;
    // dist/chunks/ the parts of the bundled entries (scripts/build-bundles.js).
    (file) =>
      file.endsWith('.js') && !/^dist\/(page|demo|docs|chunks)\//.test(file),
  )
  if (built.length !== expected.size || built.some((f) => !expected.has(f))) {
    return 'a file was added to or removed from src/'
  }
  return undefined
}

function modifiedAt(file) {
  try {
    return statSync(root + file).mtimeMs
  } catch {
    return undefined
  }
}

function listFiles(folder) {
  return readdirSync(root + folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      `${entry.parentPath ?? entry.path}/${entry.name}`
        .slice(root.length)
        .replaceAll('\\', '/'),
    )
}
