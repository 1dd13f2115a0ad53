// How long `content-api-mock build-demo` takes, how big its folder is, and how
// fast the folder loads from a plain static server: Chromium opens it in a
// fresh context (cold: the Service Worker registers, the boot script loads
// the mock and generates its data) and again in the same context (warm: the
// worker is installed, files cached), until the first project card shows.
// The baseline of the same run is the same page served by the content-api-mock
// server (no worker, the data already in the server). Medians of --rounds.
//
//   npm run build && node bench/demo.js [--rounds 10]
import { execFileSync } from 'node:child_process'
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, normalize, sep } from 'node:path'
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
const CLI = new URL('../dist/cli/main.js', import.meta.url).pathname
const READY = '.project-card'

const work = mkdtempSync(join(tmpdir(), 'content-api-mock-bench-demo-'))
process.on('exit', () => rmSync(work, { recursive: true, force: true }))
const folder = join(work, 'demo')
let started = performance.now()
execFileSync(process.execPath, [CLI, 'build-demo', folder])
const buildMs = performance.now() - started

const files = readdirSync(folder, { recursive: true })
  .map((name) => join(folder, name))
  .filter((path) => statSync(path).isFile())
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const sizeOf = (paths) =>
  paths.reduce(
    (sum, path) => {
      const bytes = readFileSync(path)
      return {
        raw: sum.raw + bytes.length,
        gzip: sum.gzip + gzipSync(bytes).length,
      }
    },
    { raw: 0, gzip: 0 },
  )

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
}
const loaded = new Set()
const site = createServer((request, response) => {
  const path = new URL(request.url, 'http://127.0.0.1').pathname
  const file = normalize(
    join(folder, path.endsWith('/') ? `${path}index.html` : path),
  )
  if (!file.startsWith(folder + sep)) return void response.writeHead(404).end()
  try {
    const body = readFileSync(file)
    loaded.add(file)
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    })
    response.end(body)
  } catch {
    response.writeHead(404).end()
  }
})
await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve))
const siteUrl = `http://127.0.0.1:${site.address().port}/`
const server = await createContentApiServer({ port: 0 })
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})

const results = { server: [], cold: [], warm: [] }
for (let round = 0; round < ROUNDS; round++) {
  const serverContext = await browser.newContext()
  results.server.push(
    await measure(await serverContext.newPage(), `${server.url}/`, READY),
  )
  await serverContext.close()
  const context = await browser.newContext()
  const page = await context.newPage()
  results.cold.push(await measure(page, siteUrl, READY))
  results.warm.push(await measure(page, siteUrl, READY))
  await context.close()
}
await browser.close()
await server.close()
site.close()

const whole = sizeOf(files)
const first = sizeOf([...loaded])
console.log(
  `build-demo wrote ${files.length} files in ${buildMs.toFixed(0)} ms:`,
)
console.log(
  `  the folder          ${kb(whole.raw).padStart(10)} ${kb(whole.gzip).padStart(10)} gz`,
)
console.log(
  `  loaded by a visit   ${kb(first.raw).padStart(10)} ${kb(first.gzip).padStart(10)} gz  (to the first project card)\n`,
)
const ms = (value) => `${value.toFixed(0)} ms`
console.log(
  `Load on localhost, median of ${ROUNDS} (Chromium, navigation timing):\n`,
)
console.log(
  '  page                               DOMContentLoaded      load   projects shown',
)
for (const [name, label] of [
  ['server', 'server page (baseline)'],
  ['cold', 'build-demo folder, cold'],
  ['warm', 'build-demo folder, warm'],
]) {
  const rows = results[name]
  console.log(
    `  ${label.padEnd(35)}${ms(median(rows.map((r) => r.dcl))).padStart(10)}${ms(median(rows.map((r) => r.load))).padStart(10)}${ms(median(rows.map((r) => r.shown))).padStart(17)}`,
  )
}
