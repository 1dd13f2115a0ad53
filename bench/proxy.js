// Proxy mode (--proxy) must cost the requests the mock answers itself
// nothing, and a forwarded one little beyond the real service's own time.
// This measures, rounds alternating so that the machine's load hits each
// alike (the first round warms up):
// 1. the mock's own answer to a content detail it holds, through
//    `core.handle`, with proxy mode on beside it off (the baseline);
// 2. over loopback HTTP, one content detail at a time: asked of the real
//    service directly (the baseline) and through a mock with --proxy-all.
//
//   npm run build && node bench/proxy.js
import { performance } from 'node:perf_hooks'
import { createMockCore } from '../dist/api/create-mock-core.js'
import { createContentApiServer } from '../dist/server/index.js'
import { reportFigure } from './support/figures.js'
import { median, medianRatio } from './support/median.js'

const ROUNDS = 9
const PER_ROUND = 10_000
const HTTP_PER_ROUND = 200
const headers = new Headers({ authorization: 'Bearer demo-key-alpha' })
const request = (path) => ({
  method: 'GET',
  origin: 'http://127.0.0.1:4010',
  path,
  query: '',
  headers,
})

const plain = createMockCore({ seed: 1 })
const proxying = createMockCore(
  { seed: 1 },
  { upstream: { origin: 'http://127.0.0.1:9', all: false } },
)
await Promise.all([plain.ready, proxying.ready])
const ask = (path) => JSON.parse(plain.handle(request(path)).body).data
let detail
for (const project of ask('/public-api/v1/projects')) {
  const contents = ask(
    `/public-api/v1/projects/${project.project_unique}/contents`,
  )
  if (contents.length === 0) continue
  detail = `/public-api/v1/projects/${project.project_unique}/contents/${contents[0].variation_unique}`
  break
}

const cores = [
  ['proxy mode off (baseline)', plain],
  ['proxy mode on, a detail it holds', proxying],
]
// Each round starts with the other core; the ratio is the median of the
// rounds' own ratios.
const coreTimes = cores.map(() => [])
for (let round = 0; round <= ROUNDS; round++) {
  const order = round % 2 === 0 ? cores : [...cores].reverse()
  order.forEach(([, core]) => {
    const index = cores.findIndex(([, each]) => each === core)
    const start = performance.now()
    for (let i = 0; i < PER_ROUND; i++) {
      const answer = core.handle(request(detail))
      if (answer.status !== 200 || answer.forward !== undefined) {
        throw new Error('unexpected answer')
      }
    }
    if (round > 0) {
      coreTimes[index].push(((performance.now() - start) * 1000) / PER_ROUND)
    }
  })
}
const coreMedians = coreTimes.map(median)
const ownRatio = medianRatio(coreTimes[1], coreTimes[0])
console.table(
  cores.map(([name], index) => ({
    'core.handle, content detail': name,
    'µs per request (median)': coreMedians[index].toFixed(2),
    'vs baseline': (index === 0 ? 1 : ownRatio).toFixed(2),
  })),
)

const real = await createContentApiServer({ port: 0, seed: 1 })
const mock = await createContentApiServer({
  port: 0,
  upstream: { url: real.apiUrl, all: true },
})
const targets = [
  ['the real service directly (baseline)', real.url],
  ['through the mock, --proxy-all', mock.url],
]
const httpTimes = targets.map(() => [])
const init = { headers: { authorization: 'Bearer demo-key-alpha' } }
for (let round = 0; round <= ROUNDS; round++) {
  for (const [index, [, origin]] of targets.entries()) {
    const start = performance.now()
    for (let i = 0; i < HTTP_PER_ROUND; i++) {
      const response = await fetch(`${origin}${detail}`, init)
      if (response.status !== 200) throw new Error('unexpected status')
      await response.arrayBuffer()
    }
    if (round > 0) {
      httpTimes[index].push((performance.now() - start) / HTTP_PER_ROUND)
    }
  }
}
await Promise.all([mock.close(), real.close()])
const httpMedians = httpTimes.map(median)
console.table(
  targets.map(([name], index) => ({
    'GET content detail over loopback, one at a time': name,
    'ms per request (median)': httpMedians[index].toFixed(3),
    'vs baseline': (httpMedians[index] / httpMedians[0]).toFixed(2),
  })),
)

reportFigure({
  what: 'proxy mode on: a detail the mock holds, time vs off',
  value: `${ownRatio.toFixed(2)}×`,
  baseline: 'proxy mode off, same run',
  goal: '≤ 1.05×',
  met: ownRatio <= 1.05,
})
const hopRatio = httpMedians[1] / httpMedians[0]
reportFigure({
  what: 'a detail through --proxy-all, latency vs direct',
  value: `${hopRatio.toFixed(2)}× (+${(httpMedians[1] - httpMedians[0]).toFixed(2)} ms)`,
  baseline: 'the real service asked directly, same run',
  goal: '',
})
