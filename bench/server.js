// Throughput of the standalone server against bare node:http, measured in the
// same run on the same machine: each server runs in a process of its own and
// autocannon loads it from this one. The baseline answers a prebuilt body of
// the same bytes with the same headers. The same for a server with live data
// (its clock at 10x), whose lists and progress are computed at answer time.
// Two ratios: requests per second, and requests per CPU-second of the server
// process alone. The second holds on a busy machine, where the load generator
// and other work take CPU from both servers unevenly.
//
//   npm run build && node bench/server.js [--duration 5] [--connections 20]
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { reportFigure } from './support/figures.js'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '20' },
  },
})
const DURATION = Number(values.duration)
const CONNECTIONS = Number(values.connections)
const KEY = 'demo-key-alpha'
const TRANSPORT = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
])

const work = mkdtempSync(join(tmpdir(), 'content-api-mock-bench-'))
const children = []
process.on('exit', () => {
  for (const child of children) child.kill()
  rmSync(work, { recursive: true, force: true })
})

function start(...args) {
  const child = spawn(
    process.execPath,
    [new URL('./support/serve.js', import.meta.url).pathname, ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
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

const serverAt = new Map()

/** The CPU time, in seconds, the server at `url` has used so far. */
function cpuSeconds(url) {
  const child = serverAt.get(url)
  return new Promise((resolve) => {
    child.once('message', ({ user, system }) => resolve((user + system) / 1e6))
    child.send('cpu')
  })
}

/** Loads `path` and counts the server's requests per second and per CPU-second. */
async function measure(url, path) {
  const cpuBefore = await cpuSeconds(url)
  const result = await load(url, path)
  const cpu = (await cpuSeconds(url)) - cpuBefore
  return {
    perSecond: result.requests.average,
    requests: result.requests.total,
    cpu,
  }
}

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

function load(url, path, duration = DURATION) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: url + path,
        connections: CONNECTIONS,
        duration,
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

/** A project's content list and the detail of its newest content. */
async function contentPaths(url) {
  const get = async (path) =>
    (
      await fetch(url + path, { headers: { authorization: `Bearer ${KEY}` } })
    ).json()
  for (const project of (await get('/public-api/v1/projects')).data) {
    const list = `/public-api/v1/projects/${project.project_unique}/contents`
    const contents = await get(list)
    if (contents.data.length > 0) {
      const detail = `${list}/${contents.data[0].variation_unique}`
      return { list, detail, body: await get(detail) }
    }
  }
  throw new Error(`no project with contents at ${url}`)
}

const [mockUrl, liveUrl] = await Promise.all([start('mock'), start('live')])
const paths = await contentPaths(mockUrl)
const livePaths = await contentPaths(liveUrl)
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
  bareOf.set(url, await start('bare', answersFile))
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
  await load(bareUrl, path, 1)
  await load(serverUrl, path, 1)
  const bare = []
  const mock = []
  for (let run = 0; run < 2; run++) {
    bare.push(await measure(bareUrl, path))
    mock.push(await measure(serverUrl, path))
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
