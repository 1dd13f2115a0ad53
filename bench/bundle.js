// What the mock adds to a browser app: vite (rolldown) bundles a page that
// starts createContentApiMock's handlers with setupWorker, and this reports
// the size of the chunk the page loads at once and of the chunks it loads
// only when asked (the title-card renderer and each clip, split off by their
// `import()`), raw and gzipped. The baseline of the same run is msw's
// setupWorker alone.
//
//   npm run build && node bench/bundle.js [--package <dir of a built checkout>]
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'

const { values } = parseArgs({
  options: { package: { type: 'string', default: '.' } },
})
const ENTRY = resolve(values.package, 'dist/index.js')
const work = mkdtempSync(join(tmpdir(), 'content-api-mock-bundle-'))
process.on('exit', () => rmSync(work, { recursive: true, force: true }))

const PAGES = {
  'msw setupWorker alone (baseline)': `import { http, HttpResponse } from 'msw'
import { setupWorker } from 'msw/browser'
await setupWorker(http.get('/x', () => HttpResponse.json({}))).start()`,
  'createContentApiMock + setupWorker': `import { createContentApiMock } from 'content-api-mock'
import { setupWorker } from 'msw/browser'
await setupWorker(...createContentApiMock().handlers).start({ quiet: true })`,
}

async function bundle(name, source) {
  const dir = join(work, String(Object.keys(PAGES).indexOf(name)))
  await build({
    configFile: false,
    logLevel: 'silent',
    root: work,
    resolve: { alias: [{ find: /^content-api-mock$/, replacement: ENTRY }] },
    plugins: [
      {
        name: 'page',
        resolveId: (id) => (id === 'virtual:page' ? id : undefined),
        load: (id) => (id === 'virtual:page' ? source : undefined),
      },
    ],
    build: {
      outDir: dir,
      emptyOutDir: true,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 100_000,
      rollupOptions: { input: { page: 'virtual:page' } },
    },
  })
  const chunks = readdirSync(join(dir, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const bytes = readFileSync(join(dir, 'assets', file))
      return {
        file,
        raw: statSync(join(dir, 'assets', file)).size,
        gzip: gzipSync(bytes).length,
      }
    })
  return chunks
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
console.log(`Browser bundle of ${ENTRY} (vite, minified):\n`)
for (const [name, source] of Object.entries(PAGES)) {
  const chunks = await bundle(name, source)
  const main = chunks.find((chunk) => chunk.file.startsWith('page'))
  const lazy = chunks.filter((chunk) => chunk !== main)
  const lazyRaw = lazy.reduce((sum, chunk) => sum + chunk.raw, 0)
  const lazyGzip = lazy.reduce((sum, chunk) => sum + chunk.gzip, 0)
  console.log(`${name}`)
  console.log(`  loaded at once: ${kb(main.raw)} (${kb(main.gzip)} gzipped)`)
  if (lazy.length > 0) {
    console.log(
      `  loaded on demand: ${lazy.length} chunks, ${kb(lazyRaw)} (${kb(lazyGzip)} gzipped)`,
    )
    for (const chunk of lazy.sort((a, b) => b.raw - a.raw)) {
      console.log(
        `    ${chunk.file.padEnd(40)} ${kb(chunk.raw).padStart(10)} ${kb(chunk.gzip).padStart(10)} gz`,
      )
    }
  }
}
