// What keeping one state in Redis (--redis) costs a replica: content detail
// and project list throughput of a server with redis against the same server
// without it, in the same run (each in a process of its own, loaded in turn
// by autocannon from this one, alternating for --rounds; the ratio is the
// median of the rounds' ratios), the latency added per request (one request
// at a time), and the Redis client's import time and size. Starts its own
// redis-server (Debian's; skipped with one line without it).
//
// Then control writes through the replicas of one fleet, each behind a fault
// proxy: the time to acknowledge a write, and whether reads right after it
// see it, without faults, with a replica frozen and with one cut off.
//
//   npm run build && node bench/replicas.js [--duration 4] [--rounds 3] [--connections 20] [--writes 150]
import { spawn, spawnSync } from 'node:child_process'
import { createServer } from 'node:net'
import { parseArgs } from 'node:util'
import { startFaultProxy } from './support/fault-proxy.js'
import { reportFigure } from './support/figures.js'
import { median } from './support/median.js'
import {
  findContentPaths,
  KEY,
  load,
  measure,
  signalServed,
  startServed,
} from './support/served.js'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
    writes: { type: 'string', default: '150' },
  },
})
const DURATION = Number(values.duration)
const ROUNDS = Number(values.rounds)
const CONNECTIONS = Number(values.connections)
const LOAD = { connections: CONNECTIONS, duration: DURATION }

if (spawnSync('redis-server', ['--version']).status !== 0) {
  console.log(
    'bench/replicas.js skipped: no redis-server (apt-get install redis-server)',
  )
  process.exit(0)
}

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address()
    probe.close(() => resolve(port))
  })
})
const redis = spawn(
  'redis-server',
  [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
)
process.on('exit', () => redis.kill())
await new Promise((resolve) => {
  let output = ''
  redis.stdout.on('data', (chunk) => {
    output += chunk
    if (output.includes('Ready to accept connections')) resolve()
  })
})
const redisUrl = `redis://127.0.0.1:${port}`

const [plainUrl, fleetUrl] = await Promise.all([
  startServed('mock'),
  startServed('fleet', redisUrl),
])
const { detail } = await findContentPaths(plainUrl)
const rows = []
// The last row: while a scenario is in force (a rate limit no request
// reaches), each request of a fleet takes its counting lock, so that the
// fleet counts as one server; no goal, the price of exact counts.
const RATE_LIMITED = 'project list, rate limit in force'
for (const [name, path] of [
  ['content detail', detail],
  ['project list', '/public-api/v1/projects'],
  [RATE_LIMITED, '/public-api/v1/projects'],
]) {
  if (name === RATE_LIMITED) {
    for (const url of [plainUrl, fleetUrl]) {
      const added = await fetch(`${url}/__mock/scenarios`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rateLimit: { limit: 1e9, window: '1h' } }),
      })
      if (added.status !== 201) throw new Error(`scenario: ${added.status}`)
    }
  }
  // Warm both, then measure in turn, round after round: a machine that
  // gets busier or quieter moves both sides of a round alike.
  await load(plainUrl, path, LOAD)
  await load(fleetUrl, path, LOAD)
  const rounds = []
  for (let round = 0; round < ROUNDS; round++) {
    const plain = await measure(plainUrl, path, LOAD)
    const fleet = await measure(fleetUrl, path, LOAD)
    rounds.push({ plain, fleet })
  }
  const ratio = median(
    rounds.map(({ plain, fleet }) => fleet.perSecond / plain.perSecond),
  )
  const cpuRatio = median(
    rounds.map(
      ({ plain, fleet }) =>
        fleet.requests / fleet.cpu / (plain.requests / plain.cpu),
    ),
  )
  rows.push({
    endpoint: name,
    'without --redis req/s': Math.round(
      median(rounds.map(({ plain }) => plain.perSecond)),
    ),
    'with --redis req/s': Math.round(
      median(rounds.map(({ fleet }) => fleet.perSecond)),
    ),
    ratio: ratio.toFixed(2),
    rounds: rounds
      .map(({ plain, fleet }) => (fleet.perSecond / plain.perSecond).toFixed(2))
      .join(' '),
    'req per CPU-s ratio': cpuRatio.toFixed(2),
  })
  reportFigure({
    what: `${name}, requests per CPU-second of the server with --redis vs without`,
    value: cpuRatio.toFixed(2),
    baseline: 'the same server without --redis, same run',
  })
  reportFigure({
    what: `${name}, req/s with --redis vs without (median of ${ROUNDS} rounds)`,
    value: ratio.toFixed(2),
    baseline: 'the same server without --redis, same run',
    ...(name === RATE_LIMITED ? {} : { goal: '≥ 0.75', met: ratio >= 0.75 }),
  })
}
console.table(rows)
for (const url of [plainUrl, fleetUrl]) {
  await fetch(`${url}/__mock/scenarios`, { method: 'DELETE' })
}

// One request at a time: what a request waits for Redis, as the time per
// request of one connection (autocannon's latency is in whole 0.01 ms).
const single = []
for (const [name, url] of [
  ['without --redis', plainUrl],
  ['with --redis', fleetUrl],
]) {
  const result = await load(url, detail, { connections: 1, duration: DURATION })
  single.push({
    server: name,
    'ms per request': (DURATION * 1000) / result.requests.total,
  })
}
const added = single[1]['ms per request'] - single[0]['ms per request']
console.table(single)
console.log(
  `added latency per request (content detail, one at a time): ${added.toFixed(3)} ms`,
)
reportFigure({
  what: 'content detail, latency added by --redis (one request at a time)',
  value: `${added.toFixed(3)} ms`,
  baseline: 'the same server without --redis, same run',
})

await measureWrites(Number(values.writes))

// The Redis client: its import in a fresh process, and what it loads.
const imports = []
let loaded
for (let run = 0; run < 5; run++) {
  const { stdout } = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { createRequire } from 'node:module'
       import { statSync } from 'node:fs'
       const t = performance.now()
       await import('ioredis')
       const ms = performance.now() - t
       const files = Object.keys(createRequire(import.meta.url).cache)
       const bytes = files.reduce((sum, file) => sum + statSync(file).size, 0)
       console.log(JSON.stringify({ ms, files: files.length, bytes }))`,
    ],
    { encoding: 'utf8' },
  )
  loaded = JSON.parse(stdout)
  imports.push(loaded.ms)
}
console.log(
  `ioredis import: median ${median(imports).toFixed(0)} ms of 5 fresh processes; it loads ${loaded.files} files, ${(loaded.bytes / 1024).toFixed(0)} KiB (an external of the bundles, loaded only with --redis)`,
)
reportFigure({
  what: 'ioredis import (fresh process, median of 5), loaded only with --redis',
  value: `${median(imports).toFixed(0)} ms`,
})
process.exit(0)

/**
 * Control writes (a PATCH of one project) through two replicas of a fleet of
 * three in turn, one at a time, each followed by a read through the next
 * replica, which must show it (or refuse); each replica reaches Redis
 * through a fault proxy. Faults go to the third replica: frozen (SIGSTOP),
 * or its Redis link stalled (held bytes, as in a partition).
 */
async function measureWrites(writes) {
  const proxies = []
  const urls = []
  for (let i = 0; i < 3; i++) {
    proxies.push(await startFaultProxy({ host: '127.0.0.1', port }))
    urls.push(await startServed('fleet', proxies[i].url, `writes-${port}`))
  }
  const headers = { authorization: `Bearer ${KEY}` }
  const [{ project_unique: id }] = (
    await (await fetch(`${urls[0]}/public-api/v1/projects`, { headers })).json()
  ).data
  let written = 0
  const table = []
  for (const fault of ['none', 'frozen', 'stalled']) {
    if (fault === 'frozen') signalServed(urls[2], 'SIGSTOP')
    if (fault === 'stalled') proxies[2].set('stall')
    const times = []
    let stale = 0
    let refused = 0
    for (let i = 0; i < writes; i++) {
      const description = `write ${++written}`
      const sent = performance.now()
      const answer = await fetch(`${urls[i % 2]}/__mock/projects/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ description }),
      })
      times.push(performance.now() - sent)
      if (answer.status !== 200) throw new Error(`write: ${answer.status}`)
      const reader = fault === 'frozen' ? urls[(i + 1) % 2] : urls[(i + 1) % 3]
      const read = await fetch(`${reader}/public-api/v1/projects/${id}`, {
        headers,
      })
      if (read.status !== 200) refused++
      else if ((await read.json()).data.description !== description) stale++
    }
    if (fault === 'frozen') signalServed(urls[2], 'SIGCONT')
    if (fault === 'stalled') proxies[2].set('pass')
    times.sort((a, b) => a - b)
    const at = (q) =>
      times[Math.min(times.length - 1, Math.floor(q * times.length))]
    table.push({
      fault,
      writes,
      'p50 ms': at(0.5).toFixed(1),
      'p99 ms': at(0.99).toFixed(1),
      'max ms': times[times.length - 1].toFixed(1),
      'stale reads': stale,
      'refused reads': refused,
    })
    reportFigure({
      what: `control write acknowledged, p50 / p99, fault: ${fault}`,
      value: `${at(0.5).toFixed(0)} / ${at(0.99).toFixed(0)} ms`,
      ...(fault === 'none'
        ? { goal: 'p50 ≤ 100 ms', met: at(0.5) <= 100 }
        : {}),
    })
    reportFigure({
      what: `reads right after a write that missed it, fault: ${fault}`,
      value: stale,
      goal: '0',
      met: stale === 0,
    })
    console.table(table.slice(-1))
  }
}
