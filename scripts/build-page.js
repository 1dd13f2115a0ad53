// Builds the browser pages of src/page/ into dist/page/ (run by `npm run
// build` after tsc): index.html, its fingerprinted assets under
// dist/page/__page/, referred to by RELATIVE URLs so that the same folder works
// at `/` of the server and under any sub-path of a static host, and
// dist/page/manifest.json naming them:
// `{ "explorer": { "js": "__page/explorer-<hash>.js", "css": "__page/…" } }`.
//
//   node scripts/build-page.js
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

const root = fileURLToPath(new URL('../src/page/', import.meta.url))
const outDir = fileURLToPath(new URL('../dist/page/', import.meta.url))

await build({
  configFile: false,
  root,
  // @note './' makes vite write `__page/…` into index.html, not `/__page/…`.
  base: './',
  logLevel: 'warn',
  publicDir: false,
  build: {
    outDir,
    emptyOutDir: true,
    assetsDir: '__page',
    manifest: 'vite-manifest.json',
    reportCompressedSize: false,
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { explorer: `${root}index.html` },
      output: {
        entryFileNames: '__page/[name]-[hash].js',
        chunkFileNames: '__page/[name]-[hash].js',
        assetFileNames: '__page/[name]-[hash][extname]',
      },
    },
  },
})

// Vite's own manifest is keyed by source path; the server and build-demo want
// the entry's files by name, so it is rewritten to that and removed.
const viteManifestPath = `${outDir}vite-manifest.json`
const viteManifest = JSON.parse(readFileSync(viteManifestPath, 'utf8'))
rmSync(viteManifestPath)
const entry = viteManifest['index.html']
if (entry === undefined || entry.css?.length !== 1) {
  throw new Error(
    `scripts/build-page.js: vite built no "index.html" entry with one CSS file (got ${JSON.stringify(Object.keys(viteManifest))}); check src/page/index.html and src/page/main.ts.`,
  )
}
const manifest = { explorer: { js: entry.file, css: entry.css[0] } }
writeFileSync(
  `${outDir}manifest.json`,
  `${JSON.stringify(manifest, null, 2)}\n`,
)
