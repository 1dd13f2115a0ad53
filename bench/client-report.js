// What the client report costs: computing it over a full default journal
// (1,000 entries) and over 100,000, from a journal the mock itself wrote
// (several keys, their lists, details and asset-free mistakes, with 500s and
// a rate limit, sent in a tight loop so that every rule has entries to
// weigh); and what its fields cost each request: `mock.handle` of a content
// detail in a hot loop, this build against another one when --compare names
// its dist folder (e.g. a copy of dist/ made before the change), the two
// alternating, per-request times and their ratio per round.
//
//   npm run build && node bench/client-report.js [--runs 7] [--compare <other dist>]
import { resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { createClientReport, createContentApiMock } from '../dist/index.js'
import { reportFigure } from './support/figures.js'
import { median, medianRatio } from './support/median.js'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    compare: { type: 'string' },
  },
})
const RUNS = Number(values.runs)
const ORIGIN = 'http://127.0.0.1:4010'
const PREFIX = '/public-api/v1'

/** The requests of a few clients, good and bad, to replay in turn. */
function trafficOf(mock) {
  const keys = mock.db.apiKeys.all().map((record) => record.key)
  const projects = mock.db.projects.all()
  const contents = mock.db.contents.all().slice(0, 20)
  const request = (path, key, method = 'GET') => ({
    method,
    origin: ORIGIN,
    path: `${PREFIX}${path}`,
    query: '',
    headers: new Headers(
      key === undefined ? {} : { authorization: `Bearer ${key}` },
    ),
  })
  const requests = []
  for (const key of keys) {
    requests.push(request('/projects', key))
    for (const project of projects) {
      requests.push(
        request(`/projects/${project.project_unique}/contents`, key),
      )
    }
    for (const content of contents) {
      requests.push(
        request(
          `/projects/${content.project_unique}/contents/${content.variation_unique}`,
          key,
        ),
      )
    }
    requests.push(request('/project', key), request('/projects/%20', key))
    requests.push(request('/projects', key, 'POST'))
  }
  requests.push(request('/projects'), request('/projects', 'k_wrong'))
  return requests
}

/** A mock whose journal holds `size` entries of that traffic. */
async function fillJournal(size) {
  const mock = createContentApiMock({
    seed: 1,
    journalSize: size,
    rateLimit: { limit: 200, window: '1s' },
    scenarios: [{ name: 'flaky', probability: 0.05, status: 500 }],
  })
  await mock.ready
  const requests = trafficOf(mock)
  for (let i = 0; i < size; i++) mock.handle(requests[i % requests.length])
  return mock
}

/** Milliseconds of `work`, the median of RUNS runs after one to warm up. */
function time(work) {
  work()
  const times = []
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now()
    work()
    times.push(performance.now() - started)
  }
  return median(times)
}

console.log(`node ${process.version}, medians of ${RUNS} runs`)
console.log(
  'journal entries   list()     report of the list   mock.clientReport()   findings',
)
for (const size of [1_000, 100_000]) {
  const mock = await fillJournal(size)
  const entries = mock.requests.list()
  const listMs = time(() => mock.requests.list())
  const reportMs = time(() => createClientReport(entries))
  const wholeMs = time(() => mock.clientReport())
  const { findings } = mock.clientReport()
  const cells = [listMs, reportMs, wholeMs].map((ms) => `${ms.toFixed(1)} ms`)
  console.log(
    `${String(size).padStart(15)}   ${cells[0].padEnd(10)} ${cells[1].padEnd(20)} ${cells[2].padEnd(21)} ${findings.length} (${findings.map((finding) => finding.rule).join(', ')})`,
  )
  reportFigure({
    what: `client report over ${size.toLocaleString('en')} journal entries`,
    value: `${wholeMs.toFixed(1)} ms`,
    baseline: `listing them alone: ${listMs.toFixed(1)} ms`,
  })
}

if (values.compare !== undefined) {
  const other = await import(
    pathToFileURL(resolve(values.compare, 'index.js')).href
  )
  const detail = async (create) => {
    const mock = create({ seed: 1 })
    await mock.ready
    const content = mock.db.contents.all()[0]
    const request = {
      method: 'GET',
      origin: ORIGIN,
      path: `${PREFIX}/projects/${content.project_unique}/contents/${content.variation_unique}`,
      query: '',
      headers: new Headers({ authorization: 'Bearer demo-key-alpha' }),
    }
    return () => {
      const started = performance.now()
      for (let i = 0; i < 20_000; i++) mock.handle(request)
      return ((performance.now() - started) * 1000) / 20_000
    }
  }
  const mine = await detail(createContentApiMock)
  const theirs = await detail(other.createContentApiMock)
  mine()
  theirs()
  const [mineTimes, theirTimes] = [[], []]
  for (let round = 0; round < RUNS * 2; round++) {
    if (round % 2 === 0) {
      mineTimes.push(mine())
      theirTimes.push(theirs())
    } else {
      theirTimes.push(theirs())
      mineTimes.push(mine())
    }
  }
  const ratio = medianRatio(mineTimes, theirTimes)
  console.log(
    `\nmock.handle of a content detail: ${median(mineTimes).toFixed(2)} µs against ${median(theirTimes).toFixed(2)} µs (${values.compare}), ${ratio.toFixed(3)}× per round (median)`,
  )
  reportFigure({
    what: 'mock.handle of a content detail vs the other build',
    value: `${ratio.toFixed(3)}×`,
    baseline: `${values.compare}, same run`,
  })
}
