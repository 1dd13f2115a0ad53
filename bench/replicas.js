// What sharing state through Redis (--redis) costs a replica: content detail
// and project list throughput of a server with redis against the same server
// without it, in the same run (each in a process of its own, loaded in turn
// by autocannon from this one, alternating for --rounds; the ratio is the
// median of the rounds' ratios), the latency added per request (one request
// at a time), and the Redis client's import time and size. Starts its own
// redis-server (Debian's; skipped with one line without it).
//
//   npm run build && node bench/replicas.js [--duration 4] [--rounds 3] [--connections 20]
import { spawn, spawnSync } from 'node:child_process'
import { createServer } from 'node:net'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { reportFigure } from './support/figures.js'
import { median } from './support/median.js'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
  },
})
const DURATION = Number(values.duration)
const ROUNDS = Number(values.rounds)
const CONNECTIONS = Number(values.connections)
const KEY = 'demo-key-alpha'

if (spawnSync('redis-server', ['--version']).status !== 0) {
  console.log(
    'bench/replicas.js skipped: no redis-server (apt-get install redis-server)',
  )
  process.exit(0)
}

const children = []
process.on('exit', () => {
  for (const child of children) child.kill()
})

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
children.push(redis)
await new Promise((resolve) => {
  let output = ''
  redis.stdout.on('data', (chunk) => {
    output += chunk
    if (output.includes('Ready to accept connections')) resolve()
  })
})
const redisUrl = `redis://127.0.0.1:${port}`

const serverAt = new Map()

function start(...args) {
  const child = spawn(
    process.execPath,
    [new URL('./support/serve.js', import.meta.url).pathname, ...args],
    { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  )
  children.push(child)
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`server exited with ${code}`)),
    )
    createInterface({ input: child.stdout }).once('line', (url) => {
      serverAt.set(url, child)
      resolve(url)
    })
  })
}

/** The CPU time, in seconds, the server at `url` has used so far. */
function cpuSeconds(url) {
  const child = serverAt.get(url)
  return new Promise((resolve) => {
    child.once('message', ({ user, system }) => resolve((user + system) / 1e6))
    child.send('cpu')
  })
}

/** Loads `path` and counts requests per second and per CPU-second of the server alone. */
async function measure(url, path) {
  const before = await cpuSeconds(url)
  const result = await load(url, path)
  const cpu = (await cpuSeconds(url)) - before
  return {
    perSecond: result.requests.average,
    perCpu: result.requests.total / cpu,
  }
}

function load(url, path, connections = CONNECTIONS) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: url + path,
        connections,
        duration: DURATION,
        headers: { authorization: `Bearer ${KEY}` },
      },
      (error, result) => {
        if (error) return reject(error)
        if (result.non2xx > 0 || result.errors > 0) {
          return reject(
            new Error(
              `${path}: ${result.non2xx} non-2xx, ${result.errors} errors`,
            ),
          )
        }
        resolve(result)
      },
    )
  })
}

async function detailPath(url) {
  const get = async (path) =>
    (
      await fetch(url + path, { headers: { authorization: `Bearer ${KEY}` } })
    ).json()
  for (const project of (await get('/public-api/v1/projects')).data) {
    const list = `/public-api/v1/projects/${project.project_unique}/contents`
    const contents = await get(list)
    if (contents.data.length > 0)
      return `${list}/${contents.data[0].variation_unique}`
  }
  throw new Error(`no project with contents at ${url}`)
}

const [plainUrl, fleetUrl] = await Promise.all([
  start('mock'),
  start('fleet', redisUrl),
])
const detail = await detailPath(plainUrl)
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
  await load(plainUrl, path)
  await load(fleetUrl, path)
  const rounds = []
  for (let round = 0; round < ROUNDS; round++) {
    const plain = await measure(plainUrl, path)
    const fleet = await measure(fleetUrl, path)
    rounds.push({ plain, fleet })
  }
  const ratio = median(
    rounds.map(({ plain, fleet }) => fleet.perSecond / plain.perSecond),
  )
  const cpuRatio = median(
    rounds.map(({ plain, fleet }) => fleet.perCpu / plain.perCpu),
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
  const result = await load(url, detail, 1)
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
