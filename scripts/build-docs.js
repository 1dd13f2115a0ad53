// Run by `npm run build` after tsc: puts the renderer of the API reference
// (`GET /docs`) into dist/docs/, so the package serves it itself and the page
// works offline. Scalar's standalone bundle is copied under a name with its
// content hash (`__docs/scalar-<hash>.js`, served with long-lived caching), and
// dist/docs/manifest.json tells the server that name.
//
// @note Scalar is a devDependency whose one self-contained file ships inside
// dist/: as a runtime dependency it would install 263 packages (~180 MB) and
// ask for Node 22 (bench/README.md, "The API reference's renderer").
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../', import.meta.url))
const scalarDir = `${root}node_modules/@scalar/api-reference/`
const outDir = `${root}dist/docs/`

const { version, license, author } = JSON.parse(
  readFileSync(`${scalarDir}package.json`, 'utf8'),
)
const script = readFileSync(`${scalarDir}dist/browser/standalone.js`)
const hash = createHash('sha256').update(script).digest('hex').slice(0, 12)
const scriptPath = `__docs/scalar-${hash}.js`

rmSync(outDir, { recursive: true, force: true })
mkdirSync(`${outDir}__docs`, { recursive: true })
writeFileSync(`${outDir}${scriptPath}`, script)
writeFileSync(
  `${outDir}manifest.json`,
  `${JSON.stringify({ renderer: { name: '@scalar/api-reference', version, script: scriptPath } }, null, 2)}\n`,
)
writeFileSync(
  `${outDir}NOTICE.md`,
  `${scriptPath} is the standalone bundle of @scalar/api-reference ${version}, by ${author}, under the ${license} license: https://github.com/scalar/scalar/blob/main/LICENSE\n`,
)
