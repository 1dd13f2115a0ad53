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
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'rolldown'

const cliDir = fileURLToPath(new URL('../dist/cli/', import.meta.url))

rmSync(`${cliDir}chunks`, { recursive: true, force: true })
await build({
  input: { main: `${cliDir}main.js` },
  platform: 'node',
  external: [/^msw(\/|$)/, /^node:/],
  logLevel: 'warn',
  output: {
    dir: cliDir,
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    minify: false,
  },
})
