// Builds the boot script of `content-api-mock build-demo` folders (run by
// `npm run build` after tsc): src/demo/boot.ts with the whole mock and msw's
// setupWorker, bundled by vite into dist/demo/__page/ (the clips and the
// title-card renderer as chunks loaded on first use), msw's worker script
// from the same msw that was bundled (so their versions always match), and
// dist/demo/manifest.json naming the entry: `{ "boot": "__page/boot-<hash>.js" }`.
// build-demo copies these into each folder; vite is needed only here.
//
//   node scripts/build-demo-boot.js
import { copyFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { buildFingerprinted } from './support/build-fingerprinted.js'

const entry = fileURLToPath(new URL('../src/demo/boot.ts', import.meta.url))
const outDir = fileURLToPath(new URL('../dist/demo/', import.meta.url))
const started = performance.now()

const viteManifest = await buildFingerprinted({
  outDir,
  input: { boot: entry },
  // @note './': the chunks and their preloads resolve from the boot script's
  // own URL, so a folder served under a sub-path (/demo/) loads its own.
  base: './',
  // The demo dataset's faker locale makes one large chunk; that is fine.
  build: { chunkSizeWarningLimit: 10_000 },
})
const boot = Object.values(viteManifest).find((chunk) => chunk.isEntry)
if (boot === undefined) {
  throw new Error(
    'scripts/build-demo-boot.js: vite built no entry chunk from src/demo/boot.ts; check that the file exists.',
  )
}
copyFileSync(
  createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'),
  `${outDir}mockServiceWorker.js`,
)
writeFileSync(
  `${outDir}manifest.json`,
  `${JSON.stringify({ boot: boot.file }, null, 2)}\n`,
)
process.stderr.write(
  `content-api-mock: built the build-demo boot script into dist/demo/ in ${Math.round(performance.now() - started)} ms\n`,
)
