// Builds the browser pages of src/page/ into dist/page/ (run by `npm run
// build` after tsc): index.html, its fingerprinted assets under
// dist/page/__page/, referred to by RELATIVE URLs so that the same folder works
// at `/` of the server and under any sub-path of a static host, and
// dist/page/manifest.json naming them (each with a gzipped copy beside it):
// `{ "explorer": { "js": "__page/explorer-<hash>.js", "css": "__page/…" } }`.
//
//   node scripts/build-page.js
import { readdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { buildFingerprinted } from './support/build-fingerprinted.js'
import { writeGzippedCopy } from './support/write-gzipped-copy.js'

const root = fileURLToPath(new URL('../src/page/', import.meta.url))
const outDir = fileURLToPath(new URL('../dist/page/', import.meta.url))

// Vite's own manifest is keyed by source path; the server and build-demo want
// the entry's files by name, so it is rewritten to that.
const viteManifest = await buildFingerprinted({
  outDir,
  root,
  // @note './' makes vite write `__page/…` into index.html, not `/__page/…`.
  base: './',
  input: { explorer: `${root}index.html` },
  build: { assetsDir: '__page' },
})
const entry = viteManifest['index.html']
if (entry === undefined || entry.css?.length !== 1) {
  throw new Error(
    `scripts/build-page.js: vite built no "index.html" entry with one CSS file (got ${JSON.stringify(Object.keys(viteManifest))}); check src/page/index.html and src/page/main.ts.`,
  )
}
const manifest = { explorer: { js: entry.file, css: entry.css[0] } }
// The server sends these gzipped to a browser that takes gzip; a build-demo
// folder gets the copies too, for a static host that serves them
// (nginx's gzip_static).
for (const name of readdirSync(`${outDir}__page`)) {
  if (/\.(?:js|css)$/.test(name)) writeGzippedCopy(`${outDir}__page/${name}`)
}
writeFileSync(
  `${outDir}manifest.json`,
  `${JSON.stringify(manifest, null, 2)}\n`,
)
