// How fast the explorer page loads on localhost and how big it is. Chromium
// opens `/` of a content-api-mock server in a fresh context (cold cache)
// and again in the same context (warm), and reports from navigation timing
// DOMContentLoaded, load, and the moment the first project card shows (the
// page has then loaded its config, the control API's keys and the API's
// project list). The baseline of the same run is a bare node:http page of
// one line. Medians of --rounds (default 10).
//
//   npm run build && node bench/page.js [--rounds 10]
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { createContentApiServer } from '../dist/server/index.js'
import { measure } from './support/measure-page.js'
import { median } from './support/median.js'

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '10' } },
})
const ROUNDS = Number(values.rounds)
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const manifest = JSON.parse(
  readFileSync(new URL('../dist/page/manifest.json', import.meta.url), 'utf8'),
)
console.log('The page bundle (dist/page/, vite, minified):\n')
let totalRaw = 0
let totalGzip = 0
for (const [kind, file] of Object.entries(manifest.explorer)) {
  const bytes = readFileSync(new URL(`../dist/page/${file}`, import.meta.url))
  const gzip = gzipSync(bytes).length
  totalRaw += bytes.length
  totalGzip += gzip
  console.log(
    `  ${kind.padEnd(4)} ${kb(bytes.length).padStart(9)} ${kb(gzip).padStart(9)} gz  ${file}`,
  )
}
console.log(
  `  all  ${kb(totalRaw).padStart(9)} ${kb(totalGzip).padStart(9)} gz\n`,
)

const server = await createContentApiServer({ port: 0 })
const bare = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
  response.end('<!doctype html><title>bare</title><p>hello</p>')
})
await new Promise((resolve) => bare.listen(0, '127.0.0.1', resolve))
const bareUrl = `http://127.0.0.1:${bare.address().port}/`
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})

const results = { bare: [], cold: [], warm: [] }
for (let round = 0; round < ROUNDS; round++) {
  const bareContext = await browser.newContext()
  results.bare.push(await measure(await bareContext.newPage(), bareUrl))
  await bareContext.close()
  const context = await browser.newContext()
  const page = await context.newPage()
  results.cold.push(await measure(page, `${server.url}/`, '.project-card'))
  results.warm.push(await measure(page, `${server.url}/`, '.project-card'))
  await context.close()
}
await browser.close()
await server.close()
bare.close()

const ms = (value) => (value === undefined ? '' : `${value.toFixed(0)} ms`)
console.log(
  `Page load on localhost, median of ${ROUNDS} (Chromium, navigation timing):\n`,
)
console.log(
  '  page                      DOMContentLoaded      load   projects shown',
)
for (const [name, label] of [
  ['bare', 'bare node:http (baseline)'],
  ['cold', 'explorer, cold cache'],
  ['warm', 'explorer, warm cache'],
]) {
  const rows = results[name]
  const shown =
    rows[0].shown === undefined ? undefined : median(rows.map((r) => r.shown))
  console.log(
    `  ${label.padEnd(26)}${ms(median(rows.map((r) => r.dcl))).padStart(10)}${ms(median(rows.map((r) => r.load))).padStart(10)}${ms(shown).padStart(17)}`,
  )
}
