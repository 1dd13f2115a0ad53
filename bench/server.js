// Throughput of the standalone server against bare node:http, measured in the
// same run on the same machine: each server runs in a process of its own and
// autocannon loads it from this one. The baseline answers a prebuilt body of
// the same bytes with the same headers. The same for a server with live data
// (its clock at 10x), whose lists and progress are computed at answer time.
// Two ratios: requests per second, and requests per CPU-second of the server
// process alone. The second holds on a busy machine, where the load generator
// and other work take CPU from both servers unevenly.
// With --compare, the mock's API endpoints are also loaded head to head
// against the same server from another build (e.g. a copy of dist/ made
// before a change), alternating, and their ratio printed.
//
//   npm run build && node bench/server.js [--duration 5] [--connections 20]
//     [--compare <other dist folder>] [--rounds 4]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { reportFigure } from './support/figures.js'
import { median } from './support/median.js'
import {
  findContentPaths,
  KEY,
  load,
  measure,
  startServed,
} from './support/served.js'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '20' },
    compare: { type: 'string' },
    rounds: { type: 'string', default: '4' },
  },
})
const DURATION = Number(values.duration)
const CONNECTIONS = Number(values.connections)
const LOAD = { connections: CONNECTIONS, duration: DURATION }
const TRANSPORT = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
])

const work = mkdtempSync(join(tmpdir(), 'content-api-mock-bench-'))
process.on('exit', () => rmSync(work, { recursive: true, force: true }))

async function capture(url, path) {
  const response = await fetch(url + path, {
    headers: { authorization: `Bearer ${KEY}` },
  })
  const headers = {}
  response.headers.forEach((value, name) => {
    if (!TRANSPORT.has(name)) headers[name] = value
  })
  const body = Buffer.from(await response.arrayBuffer()).toString('base64')
  return { path, headers, body }
}

const [mockUrl, liveUrl] = await Promise.all([
  startServed('mock'),
  startServed('live'),
])
const paths = await findContentPaths(mockUrl)
const livePaths = await findContentPaths(liveUrl)
const thumbnail = new URL(paths.body.data.content.thumbnail_url)
// [name, server, path]
const endpoints = [
  ['project list', mockUrl, '/public-api/v1/projects'],
  ['content list', mockUrl, paths.list],
  ['content detail', mockUrl, paths.detail],
  // Rendered once by the capture below, then served from the card cache.
  ['thumbnail', mockUrl, thumbnail.pathname + thumbnail.search],
  ['live: content list', liveUrl, livePaths.list],
  ['live: detail', liveUrl, livePaths.detail],
]

// One bare server per mock server: the two serve the same paths.
const bareOf = new Map()
for (const url of [mockUrl, liveUrl]) {
  const answers = await Promise.all(
    endpoints
      .filter(([, server]) => server === url)
      .map(([, , path]) => capture(url, path)),
  )
  const answersFile = join(work, `answers-${bareOf.size}.json`)
  writeFileSync(answersFile, JSON.stringify(answers))
  bareOf.set(url, await startServed('bare', answersFile))
}

console.log(
  `node ${process.version}, ${CONNECTIONS} connections, 2 alternating runs of ${DURATION} s per server (means), after 1 s of warm-up`,
)
console.log(
  'endpoint           bare (req/s)   mock (req/s)   ratio   bare (req/CPU-s)   mock (req/CPU-s)   ratio',
)
const summary = []
for (const [name, serverUrl, path] of endpoints) {
  const bareUrl = bareOf.get(serverUrl)
  // Warm up the load generator and both servers, then alternate the two
  // servers over two runs each, so neither gets the machine in a better state.
  await load(bareUrl, path, { connections: CONNECTIONS, duration: 1 })
  await load(serverUrl, path, { connections: CONNECTIONS, duration: 1 })
  const bare = []
  const mock = []
  for (let run = 0; run < 2; run++) {
    bare.push(await measure(bareUrl, path, LOAD))
    mock.push(await measure(serverUrl, path, LOAD))
  }
  const perSecond = (runs) => (runs[0].perSecond + runs[1].perSecond) / 2
  const perCpu = (runs) =>
    (runs[0].requests + runs[1].requests) / (runs[0].cpu + runs[1].cpu)
  const cells = [
    perSecond(bare).toFixed(0).padStart(12),
    perSecond(mock).toFixed(0).padStart(12),
    (perSecond(mock) / perSecond(bare)).toFixed(2).padStart(5),
    perCpu(bare).toFixed(0).padStart(16),
    perCpu(mock).toFixed(0).padStart(16),
    (perCpu(mock) / perCpu(bare)).toFixed(2).padStart(5),
  ]
  console.log(`${name.padEnd(18)} ${cells.join('   ')}`)
  summary.push({
    name,
    perSecond: perSecond(mock) / perSecond(bare),
    perCpu: perCpu(mock) / perCpu(bare),
  })
}
if (values.compare !== undefined) {
  await compareBuilds(values.compare, Number(values.rounds))
}

// Issue 11's goals: a content detail at half of bare node:http's rate or
// more, a list at 0.6 or more, in every run.
for (const [name, goal] of [
  ['content detail', 0.5],
  ['content list', 0.6],
  ['project list', 0.6],
]) {
  const { perSecond, perCpu } = summary.find((row) => row.name === name)
  reportFigure({
    what: `${name}: req/s, and req per CPU-second, vs bare`,
    value: `${perSecond.toFixed(2)}, ${perCpu.toFixed(2)}`,
    baseline: 'bare node:http, same bytes, same run',
    goal: `≥ ${goal}`,
    met: Math.min(perSecond, perCpu) >= goal,
  })
}
process.exit(0)

/**
 * This build's mock against `otherDist`'s on the API endpoints, `rounds`
 * alternating runs each (which goes first alternates too), as ratios of
 * req/s and req per CPU-second, medians over the rounds.
 */
async function compareBuilds(otherDist, rounds) {
  // Both fresh: the server the bare comparison loaded answered about 0.8
  // times as fast as a fresh one of the same build.
  const [ownUrl, otherUrl] = await Promise.all([
    startServed('mock'),
    startServed('mock', otherDist),
  ])
  console.log(
    `\nthis build against ${otherDist}: ${rounds} alternating rounds of ${DURATION} s, medians`,
  )
  console.log('endpoint           req/s ratio   req/CPU-s ratio')
  for (const [name, server, path] of endpoints) {
    if (server !== mockUrl || name === 'thumbnail') continue
    await load(otherUrl, path, { connections: CONNECTIONS, duration: 1 })
    await load(ownUrl, path, { connections: CONNECTIONS, duration: 1 })
    const perSecond = []
    const perCpu = []
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [ownUrl, otherUrl] : [otherUrl, ownUrl]
      const runs = {}
      for (const url of order) runs[url] = await measure(url, path, LOAD)
      const [mine, theirs] = [runs[ownUrl], runs[otherUrl]]
      perSecond.push(mine.perSecond / theirs.perSecond)
      perCpu.push(mine.requests / mine.cpu / (theirs.requests / theirs.cpu))
    }
    const cells = [median(perSecond), median(perCpu)].map((value) =>
      value.toFixed(3).padStart(11),
    )
    console.log(`${name.padEnd(18)} ${cells.join('   ')}`)
    reportFigure({
      what: `${name}: req/s and req per CPU-second vs the other build`,
      value: `${median(perSecond).toFixed(3)}, ${median(perCpu).toFixed(3)}`,
      baseline: `${otherDist}, same run`,
    })
  }
}
