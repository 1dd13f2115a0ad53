// What the API reference at /docs costs a visitor: the bytes the browser
// receives (headers and bodies, as Chromium counts them) and the time until
// the four operations are shown, each in a fresh context (cold cache), on
// localhost and over an emulated link of a hosted demo (20 Mbit/s down,
// 5 up, 40 ms round trip). The same run compares the page as served
// (compressed: gzip where the browser accepts it, the default) with the
// page asked for with `Accept-Encoding: identity` (nothing compressed: how
// /docs was served before its files and answers were gzipped). Medians of
// --rounds (default 5).
//
//   npm run build && node bench/docs-transfer.js [--rounds 5]
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { createContentApiServer } from '../dist/server/index.js'
import { reportFigure } from './support/figures.js'
import { median } from './support/median.js'

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '5' } },
})
const ROUNDS = Number(values.rounds)
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const SUMMARIES = [
  'List projects',
  'Get a project',
  'List the contents of a project',
  'Get a content',
]
const LINKS = {
  localhost: undefined,
  'hosted demo link': {
    offline: false,
    latency: 40,
    downloadThroughput: (20 * 1024 * 1024) / 8,
    uploadThroughput: (5 * 1024 * 1024) / 8,
  },
}
const ENCODINGS = {
  identity: { 'accept-encoding': 'identity' },
  compressed: undefined,
}

const server = await createContentApiServer({ port: 0 })
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})

/** Opens /docs once in a fresh context: bytes received, ms to the operations. */
async function openDocs(link, encoding) {
  const context = await browser.newContext({ extraHTTPHeaders: encoding })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  if (link !== undefined) {
    await cdp.send('Network.emulateNetworkConditions', link)
  }
  let bytes = 0
  const encodings = new Set()
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength
  })
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [
        name.toLowerCase(),
        value,
      ]),
    )
    encodings.add(headers['content-encoding'] ?? 'none')
  })
  await page.goto(`${server.url}/docs`)
  // Read in the page the moment the last summary shows, so the round trip
  // to Playwright is not counted.
  const handle = await page.waitForFunction(
    (summaries) =>
      summaries.every((summary) =>
        document.body.textContent?.includes(summary),
      ) && performance.now(),
    SUMMARIES,
    { polling: 'raf', timeout: 120_000 },
  )
  const shown = await handle.jsonValue()
  await context.close()
  return { bytes, shown, encodings: [...encodings].sort().join(', ') }
}

const results = {}
for (const link of Object.keys(LINKS)) {
  for (const encoding of Object.keys(ENCODINGS)) {
    const runs = []
    for (let round = 0; round < ROUNDS; round++) {
      runs.push(await openDocs(LINKS[link], ENCODINGS[encoding]))
    }
    results[`${link} ${encoding}`] = {
      bytes: median(runs.map((run) => run.bytes)),
      shown: median(runs.map((run) => run.shown)),
      encodings: runs[0].encodings,
    }
  }
}
await browser.close()
await server.close()

const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`
console.log(
  `GET /docs until its four operations show, median of ${ROUNDS} (Chromium, cold cache):\n`,
)
console.log(
  '  link               encoding       received   operations shown   content-encoding seen',
)
for (const [name, result] of Object.entries(results)) {
  const [link, encoding] = name.split(/ (?=identity|compressed)/)
  console.log(
    `  ${link.padEnd(19)}${encoding.padEnd(13)}${kb(result.bytes).padStart(10)}${`${result.shown.toFixed(0)} ms`.padStart(19)}   ${result.encodings}`,
  )
}

for (const link of Object.keys(LINKS)) {
  const before = results[`${link} identity`]
  const after = results[`${link} compressed`]
  const bytesRatio = after.bytes / before.bytes
  const timeRatio = after.shown / before.shown
  console.log(
    `\n  ${link}: ${kb(after.bytes)} instead of ${kb(before.bytes)} (${bytesRatio.toFixed(2)}×), operations shown in ${after.shown.toFixed(0)} instead of ${before.shown.toFixed(0)} ms (${timeRatio.toFixed(2)}×)`,
  )
  reportFigure({
    what: `/docs bytes received, compressed vs identity (${link})`,
    value: `${kb(after.bytes)} (${bytesRatio.toFixed(2)}×)`,
    baseline: `identity, same run: ${kb(before.bytes)}`,
    goal: '≤ 0.5×',
    met: bytesRatio <= 0.5,
  })
  reportFigure({
    what: `/docs time to the four operations, compressed vs identity (${link})`,
    value: `${after.shown.toFixed(0)} ms (${timeRatio.toFixed(2)}×)`,
    baseline: `identity, same run: ${before.shown.toFixed(0)} ms`,
    goal: link === 'localhost' ? '' : '< 1×',
    met: link === 'localhost' ? undefined : timeRatio < 1,
  })
}
