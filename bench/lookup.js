// Detail lookups must not slow down as the dataset grows: @msw/data finds
// records by scanning, so the mock keeps its own indexes. This measures one
// content-detail request through the mock's core at 1k and 100k contents,
// and, as the baseline of the same run, @msw/data's own findFirst scan.
//
//   npm run build && node bench/lookup.js
import { performance } from 'node:perf_hooks'
import { createContentApiMock } from '../dist/index.js'
import { median } from './support/median.js'

const SIZES = [1_000, 100_000]
const ROUNDS = 5

async function measure(contents) {
  const started = performance.now()
  const mock = createContentApiMock({
    seed: 1,
    size: { projects: 20, contents },
  })
  await mock.ready
  const loadMs = performance.now() - started

  const all = mock.db.contents.all()
  // Spread the lookups over the whole dataset, visible to the main key.
  const visible = new Set(
    mock.db.projects
      .findMany((q) => q.where((p) => p.account === 'acct_alpha'))
      .map((p) => p.project_unique),
  )
  const targets = all.filter((c) => visible.has(c.project_unique))
  const picks = Array.from(
    { length: 1000 },
    (_, i) => targets[Math.floor((i * targets.length) / 1000)],
  )
  const headers = new Headers({ authorization: 'Bearer demo-key-alpha' })
  const requests = picks.map((c) => ({
    method: 'GET',
    origin: 'http://127.0.0.1:4010',
    path: `/public-api/v1/projects/${c.project_unique}/contents/${c.variation_unique}`,
    query: '',
    headers,
  }))

  const mockTimes = []
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now()
    for (let i = 0; i < 20; i++) {
      for (const request of requests) {
        const response = mock.handle(request)
        if (response.status !== 200)
          throw new Error(`unexpected ${response.status}`)
      }
    }
    mockTimes.push(
      ((performance.now() - start) * 1000) / (20 * requests.length),
    )
  }

  const scanTimes = []
  const scanPicks = picks.slice(0, 50)
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now()
    for (const c of scanPicks) {
      mock.db.contents.findFirst((q) =>
        q.where({ variation_unique: c.variation_unique }),
      )
    }
    scanTimes.push(((performance.now() - start) * 1000) / scanPicks.length)
  }
  return { contents, loadMs, mock: median(mockTimes), scan: median(scanTimes) }
}

const results = []
for (const size of SIZES) results.push(await measure(size))

console.log(
  'content detail lookup, median of %d rounds (µs per request)',
  ROUNDS,
)
console.log(
  'contents   load (ms)   mock.handle   @msw/data findFirst (baseline)',
)
for (const r of results) {
  console.log(
    `${String(r.contents).padStart(8)}   ${r.loadMs.toFixed(0).padStart(9)}   ${r.mock.toFixed(2).padStart(11)}   ${r.scan.toFixed(2).padStart(12)}`,
  )
}
const [small, large] = results
console.log(
  `ratio 100k/1k: mock.handle ${(large.mock / small.mock).toFixed(2)}x, findFirst scan ${(large.scan / small.scan).toFixed(1)}x`,
)
