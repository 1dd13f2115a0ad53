// Run by `npm run build` after tsc: bundles the CLI into dist/cli/main.js
// (the package's bin) and its lazily loaded parts into dist/cli/chunks/, with
// every dependency inlined but msw, so the command starts in a few files
// instead of ~800 modules.
//
// @note Why: @msw/data imports es-toolkit's index, 506 ES modules, and zod
// 95 more; Node resolves and compiles each at start-up. Bundled, the CLI
// reaches its banner in 0.4 of the time (bench/startup.js). The library
// entries (`content-api-mock`, `/server`, `/vitest`) stay as tsc writes them:
// their users' bundlers and test runners do this themselves.
// @note msw stays outside: a `--handlers` file imports msw itself, and its
// handlers must be built by the same msw that answers them.
// @note A worker started with `new Worker(new URL('./x-worker.js',
// import.meta.url))` is bundled as an entry of its own, and the URL rewritten
// to it: the module that starts it lands in a chunk of another folder.
import { rmSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'rolldown'

const cliDir = fileURLToPath(new URL('../dist/cli/', import.meta.url))
// The library's modules the CLI imports as they are, not inlined: pure, with
// no dependency of their own, and the package's largest (the sample clips, the
// title-card renderer), so the package holds them once.
const sharedDirs = ['media', 'random'].map((name) =>
  fileURLToPath(new URL(`../dist/${name}/`, import.meta.url)),
)

rmSync(`${cliDir}chunks`, { recursive: true, force: true })
await build({
  input: { main: `${cliDir}main.js` },
  platform: 'node',
  external: (id, _importer, isResolved) =>
    /^(msw(\/|$)|node:)/.test(id) ||
    (isResolved && sharedDirs.some((dir) => id.startsWith(dir))),
  makeAbsoluteExternalsRelative: true,
  logLevel: 'warn',
  plugins: [workerFiles()],
  output: {
    dir: cliDir,
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    minify: false,
    // Readable code for a stack trace, without the JSDoc of every module
    // inlined (a third of the bytes); license notices stay.
    comments: { legal: true, annotation: false, jsdoc: false },
  },
})

/** Emits each `new URL('./…-worker.js', import.meta.url)` as a chunk. */
function workerFiles() {
  const pattern =
    /new URL\((['"])(\.\.?\/[^'"]+-worker\.js)\1,\s*import\.meta\.url\)/g
  return {
    name: 'worker-files',
    transform(code, id) {
      if (!code.includes('-worker.js')) return null
      const rewritten = code.replace(pattern, (_match, _quote, path) => {
        const referenceId = this.emitFile({
          type: 'chunk',
          id: resolve(dirname(id), path),
          fileName: `chunks/${path.slice(path.lastIndexOf('/') + 1)}`,
        })
        return `new URL(import.meta.ROLLUP_FILE_URL_${referenceId})`
      })
      return rewritten === code ? null : { code: rewritten, map: null }
    },
  }
}
