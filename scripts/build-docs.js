// Run by `npm run build` after tsc: puts the renderer of the API reference
// (`GET /docs`) into dist/docs/, so the package serves it itself and the page
// works offline. Scalar's code-split ES module build (an entry and its chunks)
// is copied, gzipped (`name.js.gz`: 1.3 of 4.4 MB, which the server sends
// as it is to a client that accepts gzip), into a folder named with the
// content hash of all its files (`__docs/scalar-<hash>/`, served with
// long-lived caching), and dist/docs/manifest.json tells the server the
// entry's path.
//
// @note The ES module build, not the one-file `standalone.js`: the page loads
// the entry and the chunks it imports (2.8 of 4.4 MB; the rest, such as the
// request editor, loads when used), which draws the reference in 0.6–0.8 of
// the time (bench/README.md, "The API reference's renderer").
// @note Scalar is a devDependency whose built files ship inside dist/: as a
// runtime dependency it would install 263 packages (~180 MB) and ask for
// Node 22.
import { createHash } from 'node:crypto'
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { fileURLToPath } from 'node:url'
import { writeGzippedCopy } from './support/write-gzipped-copy.js'

const root = fileURLToPath(new URL('../', import.meta.url))
const scalarDir = `${root}node_modules/@scalar/api-reference/`
const browserDir = `${scalarDir}dist/browser/`
const outDir = `${root}dist/docs/`
const ENTRY = 'standalone.esm.js'

const { version, license, author } = JSON.parse(
  readFileSync(`${scalarDir}package.json`, 'utf8'),
)
// The entry and every chunk, without source maps (17 MB the page never asks for).
const files = [
  ENTRY,
  ...readdirSync(`${browserDir}chunks`)
    .filter((name) => name.endsWith('.js'))
    .sort()
    .map((name) => `chunks/${name}`),
]
const hash = createHash('sha256')
for (const file of files)
  hash.update(file).update(readFileSync(browserDir + file))
const folder = `__docs/scalar-${hash.digest('hex').slice(0, 12)}/`

rmSync(outDir, { recursive: true, force: true })
mkdirSync(`${outDir}${folder}chunks`, { recursive: true })
for (const file of files) {
  writeGzippedCopy(`${outDir}${folder}${file}`, readFileSync(browserDir + file))
}
writeFileSync(
  `${outDir}manifest.json`,
  `${JSON.stringify({ renderer: { name: '@scalar/api-reference', version, script: `${folder}${ENTRY}` } }, null, 2)}\n`,
)
writeFileSync(
  `${outDir}NOTICE.md`,
  `${folder} holds the browser build of @scalar/api-reference ${version}, by ${author}, under the ${license} license: https://github.com/scalar/scalar/blob/main/LICENSE\n`,
)
