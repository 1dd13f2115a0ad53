// How the cost of a generated dataset grows with its size: at 1k, 10k, 100k
// and 1M contents (100 projects), each in a fresh process, the time until
// the mock is ready, the RSS and heap used after it (after a full GC), the
// heap per content, and the time of one content-detail request next to its
// time at 1k. Then the list of one project holding 10,000 contents: how long
// its request holds the event loop (answers are synchronous, so the time of
// `mock.handle` is the time the loop is blocked), the first time (sort and
// JSON of every item), again (cached), and after a change (items cached).
// Last, the CLI with `--projects 100 --contents 100000`: the time from spawn
// to its banner and its peak RSS until then (VmHWM, Linux only), beside the
// default dataset as the same-run baseline, and the CLI given the same
// dataset as a fixture file (`--fixtures`, ~50 MB).
//
//   npm run build && node bench/growth.js [--sizes 1000,10000] [--dist other/dist]
//
// --dist adds another build to compare (e.g. main's, before a change), in the
// same run, up to 100k contents; a size that does not load is reported as such.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { reportFigure } from './support/figures.js'

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000,1000000' },
    dist: { type: 'string', multiple: true, default: [] },
    child: { type: 'string' },
    list: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
  },
})
const OWN_DIST = fileURLToPath(new URL('../dist', import.meta.url))
const PROJECTS = 100
const LIST_SIZE = 10_000
/** The heap a size needs (MB), for sizes above the default heap's reach. */
const HEAP_MB = { 1_000_000: 4096 }

const median = (list) =>
  [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]
const mb = (bytes) => Math.round(bytes / 1e6)

const DIST_OF_CHILD =
  values.child === undefined
    ? undefined
    : pathToFileURL(`${values.child}/`).href
if (values.child !== undefined) {
  const dist = DIST_OF_CHILD
  const result = values.list
    ? await measureList(dist)
    : await measureSize(dist, Number(values.sizes))
  console.log(JSON.stringify(result))
  process.exit(0)
}

/** Runs this script as a child on one size and returns its result. */
function runChild(dist, args, heapMb) {
  const flags = ['--expose-gc']
  if (heapMb !== undefined) flags.push(`--max-old-space-size=${heapMb}`)
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [...flags, fileURLToPath(import.meta.url), '--child', dist, ...args],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.stderr.on('data', (chunk) => (err += chunk))
    child.once('exit', (code) => {
      if (code === 0) resolve(JSON.parse(out.trim().split('\n').pop()))
      else
        resolve({
          failed: /heap out of memory/i.test(err)
            ? 'heap out of memory'
            : `exit ${code}: ${err.trim().split('\n').slice(-3).join(' ')}`,
        })
    })
  })
}

async function measureSize(dist, contents) {
  const { createContentApiMock } = await import(`${dist}index.js`)
  globalThis.gc()
  const before = process.memoryUsage()
  const started = performance.now()
  const mock = createContentApiMock({
    seed: 1,
    size: { projects: PROJECTS, contents },
  })
  await mock.ready
  const readyMs = performance.now() - started
  globalThis.gc()
  const after = process.memoryUsage()
  return {
    contents,
    readyMs,
    rss: after.rss,
    heapUsed: after.heapUsed,
    bytesPerContent: (after.heapUsed - before.heapUsed) / contents,
    ...(await timeDetailsBeside(mock, contents)),
  }
}

/**
 * The detail time of this dataset, and (above 1k) the ratio to a 1k dataset
 * in the same process, measured alternately: the ratio of the lookups
 * alone, apart from the machine's load (the table's "vs 1k" compares
 * processes, and so also the collector's work over a larger heap).
 */
async function timeDetailsBeside(mock, contents) {
  if (contents <= 1000)
    return { detailNs: timeDetails([mock])[0], besideRatio: 1 }
  const { createContentApiMock } = await import(`${DIST_OF_CHILD}index.js`)
  const small = createContentApiMock({
    seed: 1,
    size: { projects: PROJECTS, contents: 1000 },
  })
  await small.ready
  const [big, base] = timeDetails([mock, small])
  return { detailNs: big, besideRatio: big / base }
}

/** 1,000 content-detail requests spread over the contents the main key sees. */
function detailRequests(mock) {
  const { index } = mock.db
  const visible = index.projectsByViewer.get('acct_alpha')
  const targets = []
  for (const [projectId] of visible) {
    for (const [id] of index.contentsByProject.get(projectId) ?? []) {
      targets.push({ projectId, id })
    }
  }
  const headers = new Headers({ authorization: 'Bearer demo-key-alpha' })
  return Array.from({ length: 1000 }, (_, i) => {
    const { projectId, id } = targets[Math.floor((i * targets.length) / 1000)]
    return {
      method: 'GET',
      origin: 'http://127.0.0.1:4010',
      path: `/public-api/v1/projects/${projectId}/contents/${id}`,
      query: '',
      headers,
    }
  })
}

/**
 * Median time of one content-detail request of each mock, their rounds
 * alternating, so that the machine's load falls on each alike.
 */
function timeDetails(mocks) {
  const requests = mocks.map(detailRequests)
  const rounds = mocks.map(() => [])
  for (let round = 0; round < 9; round++) {
    mocks.forEach((mock, which) => {
      const start = performance.now()
      for (let i = 0; i < 10; i++) {
        for (const request of requests[which]) {
          if (mock.handle(request).status !== 200) throw new Error('not 200')
        }
      }
      rounds[which].push(((performance.now() - start) * 1e6) / 10_000)
    })
  }
  return rounds.map((list) => median(list.slice(2)))
}

async function measureList(dist) {
  const { createContentApiMock } = await import(`${dist}index.js`)
  const { createSeedDocument } = await import(
    `${dist}data/create-seed-document.js`
  )
  const document = createSeedDocument({ seed: 1, projects: 4, contents: 0 })
  const project = document.projects.find((p) => p.account === 'acct_alpha')
  const template = createSeedDocument({
    seed: 1,
    projects: 4,
    contents: LIST_SIZE,
  }).contents
  document.contents = template.map((content) => ({
    ...content,
    project_unique: project.project_unique,
  }))
  const mock = createContentApiMock({ fixtures: document })
  await mock.ready
  const request = {
    method: 'GET',
    origin: 'http://127.0.0.1:4010',
    path: `/public-api/v1/projects/${project.project_unique}/contents`,
    query: '',
    headers: new Headers({ authorization: 'Bearer demo-key-alpha' }),
  }
  const time = () => {
    const start = performance.now()
    const response = mock.handle(request)
    const ms = performance.now() - start
    if (response.status !== 200) throw new Error(`list: ${response.status}`)
    return ms
  }
  const firstMs = time()
  const cachedMs = time()
  await mock.contents.patch(document.contents[0].variation_unique, {
    title: 'Changed',
  })
  const afterChangeMs = time()
  return { items: LIST_SIZE, firstMs, cachedMs, afterChangeMs }
}

const dists = { 'this build': OWN_DIST }
for (const dist of values.dist) dists[dist] = dist
const sizes = values.sizes.split(',').map(Number)
const rows = []
/** This build's results by size, for the summary. */
const own = new Map()
for (const [name, dist] of Object.entries(dists)) {
  let baseNs
  for (const size of sizes) {
    if (name !== 'this build' && size > 100_000) continue
    const result = await runChild(
      dist,
      ['--sizes', String(size)],
      HEAP_MB[size],
    )
    if (result.failed !== undefined) {
      rows.push({ build: name, contents: size, 'ready (ms)': result.failed })
      continue
    }
    baseNs ??= result.detailNs
    if (name === 'this build') own.set(size, result)
    rows.push({
      build: name,
      contents: size,
      'ready (ms)': Math.round(result.readyMs),
      'RSS (MB)': mb(result.rss),
      'heap used (MB)': mb(result.heapUsed),
      'heap per content (B)': Math.round(result.bytesPerContent),
      'detail (µs)': (result.detailNs / 1000).toFixed(1),
      'detail vs 1k': `${(result.detailNs / baseNs).toFixed(2)}×`,
      'vs 1k, same process': `${result.besideRatio.toFixed(2)}×`,
    })
  }
}
console.log(
  `Growth of a generated dataset (${PROJECTS} projects), each size in a fresh process; heap after a full GC${Object.keys(HEAP_MB).length > 0 ? `; ${Object.entries(HEAP_MB).map(([size, heap]) => `${size} contents with --max-old-space-size=${heap}`)}` : ''}:`,
)
console.table(rows)
for (const size of [100_000, 1_000_000]) {
  const result = own.get(size)
  if (result === undefined) continue
  reportFigure({
    what: `content detail at ${size.toLocaleString('en')} contents`,
    value: `${result.besideRatio.toFixed(2)}× (${(result.detailNs / 1000).toFixed(1)} µs)`,
    baseline: '1,000 contents, same process, rounds alternating',
    goal: '≤ 1.2×',
    met: result.besideRatio <= 1.2,
  })
}
const largest = own.get(Math.max(...own.keys()))
const tenth = own.get(10_000)
if (largest !== undefined && tenth !== undefined && largest !== tenth) {
  const ratio = largest.bytesPerContent / tenth.bytesPerContent
  reportFigure({
    what: `heap per content at ${largest.contents.toLocaleString('en')} contents (ready in ${(largest.readyMs / 1000).toFixed(1)} s, RSS ${mb(largest.rss)} MB)`,
    value: `${Math.round(largest.bytesPerContent)} B, ${ratio.toFixed(2)}× at 10,000`,
    baseline: `${Math.round(tenth.bytesPerContent)} B at 10,000`,
    goal: 'linear (≈ 1×)',
    met: ratio <= 1.1,
  })
}

const lists = []
for (const [name, dist] of Object.entries(dists)) {
  const result = await runChild(dist, ['--list'])
  lists.push({
    build: name,
    items: result.items,
    'first (ms)': result.firstMs?.toFixed(1) ?? result.failed,
    'cached (ms)': result.cachedMs?.toFixed(2),
    'after a change (ms)': result.afterChangeMs?.toFixed(1),
  })
}
console.log(
  `The list of one project of ${LIST_SIZE.toLocaleString('en')} contents: time the request holds the event loop (goal ≤ ~100 ms):`,
)
console.table(lists)
const ownList = lists[0]
if (ownList['cached (ms)'] !== undefined) {
  reportFigure({
    what: `list of ${LIST_SIZE.toLocaleString('en')} contents, event loop blocked (first request)`,
    value: `${ownList['first (ms)']} ms`,
    baseline: `cached ${ownList['cached (ms)']} ms`,
    goal: '≤ ~100 ms',
    met: Number(ownList['first (ms)']) <= 100,
  })
}

/** Milliseconds from spawn to the banner's URL, and the peak RSS until then. */
function cliToBanner(cli, args) {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, [cli, ...args], {
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    let seen = ''
    child.stdout.on('data', (chunk) => {
      seen += chunk
      if (!seen.includes('http://')) return
      const ms = performance.now() - started
      let peak
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
        peak = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]) * 1024
      } catch {
        peak = undefined
      }
      child.kill('SIGKILL')
      resolve({ ms, peak })
    })
    child.once('exit', (code) => {
      if (!seen.includes('http://'))
        reject(new Error(`exited ${code}: ${seen}`))
    })
  })
}

const CLI_ARGS = ['--projects', '100', '--contents', '100000', '--port', '0']
const DEFAULT_SIZE = 'this build, default dataset'
const FIXTURE_FILE = ', the same as --fixtures'
const fixtureFolder = mkdtempSync(join(tmpdir(), 'growth-bench-'))
process.on('exit', () => rmSync(fixtureFolder, { recursive: true }))
const fixtureFile = join(fixtureFolder, 'contents-100k.json')
{
  const { createSeedDocument } = await import(
    `${OWN_DIST}/data/create-seed-document.js`
  )
  writeFileSync(
    fixtureFile,
    JSON.stringify(
      createSeedDocument({ seed: 1, projects: 100, contents: 100_000 }),
    ),
  )
}
const cliTimes = Object.fromEntries(
  [
    ...Object.keys(dists).flatMap((name) => [name, name + FIXTURE_FILE]),
    DEFAULT_SIZE,
  ].map((name) => [name, []]),
)
for (let run = 0; run < Number(values.runs); run++) {
  for (const [name, dist] of Object.entries(dists)) {
    cliTimes[name].push(await cliToBanner(`${dist}/cli/main.js`, CLI_ARGS))
    cliTimes[name + FIXTURE_FILE].push(
      await cliToBanner(`${dist}/cli/main.js`, [
        '--fixtures',
        fixtureFile,
        '--port',
        '0',
      ]),
    )
  }
  cliTimes[DEFAULT_SIZE].push(
    await cliToBanner(`${OWN_DIST}/cli/main.js`, ['--port', '0']),
  )
}
console.log(
  `The CLI with ${CLI_ARGS.slice(0, 4).join(' ')}: spawn to banner and peak RSS, median of ${values.runs} (goal ≤ 2 s, ≤ 250 MB):`,
)
console.table(
  Object.entries(cliTimes).map(([name, list]) => ({
    build: name,
    'to banner (ms)': Math.round(median(list.map((run) => run.ms))),
    'peak RSS (MB)': mb(median(list.map((run) => run.peak ?? NaN))),
  })),
)
const cliMs = median(cliTimes['this build'].map((run) => run.ms))
const cliPeak = median(cliTimes['this build'].map((run) => run.peak ?? NaN))
const defaultMs = median(cliTimes[DEFAULT_SIZE].map((run) => run.ms))
reportFigure({
  what: 'CLI --projects 100 --contents 100000, spawn to banner',
  value: `${Math.round(cliMs)} ms`,
  baseline: `default dataset ${Math.round(defaultMs)} ms`,
  // @note 2 s on the quiet 2-core machine, where the default dataset takes
  // 0.37 s: 5.4× it holds the same goal on a busy machine.
  goal: '≤ 2 s, or ≤ 5.4× the default dataset',
  met: cliMs <= 2000 || cliMs / defaultMs <= 5.4,
})
reportFigure({
  what: 'CLI --projects 100 --contents 100000, peak RSS to banner',
  value: `${mb(cliPeak)} MB`,
  baseline: `default dataset ${mb(median(cliTimes[DEFAULT_SIZE].map((run) => run.peak ?? NaN)))} MB`,
  goal: '≤ 250 MB',
  met: cliPeak <= 250e6,
})
