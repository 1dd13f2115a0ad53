// What the mock costs a client's own test suite, from the packed tarball as a
// consumer installs it: (1) `import('content-api-mock')` against
// `import('msw/node')`, each in a fresh process; (2) a suite of 20 vitest
// files, each calling `setupContentApiMock({ seed: 42 })` and making three
// requests, against the same 20 files with two hand-written msw handlers.
// Runs alternate between the two sides, so the machine's load falls on each
// alike; each figure is the median of the rounds' own ratios.
//
//   npm run build && node bench/consumer.js [--rounds 5] [--imports 9] [--compare other.tgz]
//
// --compare adds the tarball of another build (e.g. main's, before a change:
// `npm pack` in its checkout) to the same run, in a project of its own.
//
// @note Installed offline: the tarball unpacked into the project's
// node_modules/content-api-mock, every other package linked from this
// repository's node_modules (msw and vitest among them), as npm would lay
// them out flat.
import { execFileSync, spawnSync } from 'node:child_process'
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { reportFigure } from './support/figures.js'
import { median, medianRatio } from './support/median.js'

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    imports: { type: 'string', default: '9' },
    compare: { type: 'string' },
  },
})
const ROUNDS = Number(values.rounds)
const IMPORT_ROUNDS = Number(values.imports)
const FILES = 20
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs')
// Issue 28's goals, each against its same-run baseline.
const IMPORT_GOAL = 2
const SUITE_GOAL = 1.2

const work = mkdtempSync(join(tmpdir(), 'content-api-mock-bench-consumer-'))
process.on('exit', () => rmSync(work, { recursive: true, force: true }))

const [packed] = JSON.parse(
  execFileSync(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', work],
    { cwd: ROOT, encoding: 'utf8' },
  ),
)
const tarball = join(work, packed.filename)
console.log(
  `Packed ${packed.filename}: ${(packed.size / 1e6).toFixed(2)} MB, ` +
    `${(packed.unpackedSize / 1e6).toFixed(2)} MB unpacked, ${packed.entryCount} files`,
)

/** A project folder whose node_modules holds the tarball and the repo's packages. */
function createProject(name, files, from = tarball) {
  const project = join(work, name)
  const modules = join(project, 'node_modules')
  mkdirSync(modules, { recursive: true })
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry.startsWith('.') || entry === 'content-api-mock') continue
    symlinkSync(join(ROOT, 'node_modules', entry), join(modules, entry))
  }
  const own = join(modules, 'content-api-mock')
  mkdirSync(own)
  execFileSync('tar', ['-xzf', from, '-C', own, '--strip-components=1'])
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name, private: true, type: 'module' }),
  )
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(project, path, '..'), { recursive: true })
    writeFileSync(join(project, path), text)
  }
  return project
}

const REQUESTS = `
const headers = { authorization: 'Bearer demo-key-alpha' }
const base = 'https://api.example.com/public-api/v1'

it('lists the projects, reads one and lists its contents', async () => {
  const list = await (await fetch(\`\${base}/projects\`, { headers })).json()
  const id = list.data[0].project_unique
  const project = await fetch(\`\${base}/projects/\${id}\`, { headers })
  expect(project.status).toBe(200)
  const contents = await fetch(\`\${base}/projects/\${id}/contents\`, { headers })
  expect(contents.status).toBe(200)
})
`
const MOCK_FILE = `import { setupContentApiMock } from 'content-api-mock/vitest'
import { expect, it } from 'vitest'

setupContentApiMock({ seed: 42 })
${REQUESTS}`
const HAND_FILE = `import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'

const project = {
  project_unique: 'p1',
  project_name: 'Demo',
  description: '',
  created_at: '2026-01-01T00:00:00Z',
}
const server = setupServer(
  http.get('*/public-api/v1/projects', () =>
    HttpResponse.json({ data: [project], meta: { total: 1, limit: 20, offset: 0 } }),
  ),
  http.get('*/public-api/v1/projects/*', () =>
    HttpResponse.json({ data: project }),
  ),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())
${REQUESTS}`

const suiteFiles = (text) =>
  Object.fromEntries(
    Array.from({ length: FILES }, (_, index) => [
      `test/client-${String(index + 1).padStart(2, '0')}.test.js`,
      text,
    ]),
  )
const mockProject = createProject('with-mock', suiteFiles(MOCK_FILE))
const handProject = createProject('hand-written', suiteFiles(HAND_FILE))
const compareProject =
  values.compare === undefined
    ? undefined
    : createProject('compared', suiteFiles(MOCK_FILE), resolve(values.compare))

/** Milliseconds one command takes in `cwd`; throws when it fails. */
function timed(cwd, args) {
  const started = performance.now()
  const result = spawnSync(process.execPath, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', NO_COLOR: '1' },
  })
  const elapsed = performance.now() - started
  if (result.status !== 0) {
    throw new Error(
      `${args.join(' ')} failed in ${cwd}:\n${result.stdout.slice(0, 4000)}\n${result.stderr.slice(0, 4000)}`,
    )
  }
  return { elapsed, stdout: result.stdout }
}

// (1) The import, each in a fresh process, in the consumer project.
const importArgs = (specifier) => [
  '--input-type=module',
  '-e',
  `const t = performance.now(); await import(${JSON.stringify(specifier)}); console.log(performance.now() - t)`,
]
const importTimes = {
  main: [],
  vitest: [],
  msw: [],
  mswNode: [],
  compared: [],
}
const IMPORTS = {
  main: 'content-api-mock',
  vitest: 'content-api-mock/vitest',
  msw: 'msw',
  mswNode: 'msw/node',
}
timed(mockProject, importArgs('content-api-mock')) // warms the file cache
for (let round = 0; round < IMPORT_ROUNDS; round++) {
  for (const [key, specifier] of Object.entries(IMPORTS)) {
    const { stdout } = timed(mockProject, importArgs(specifier))
    importTimes[key].push(Number(stdout.trim()))
  }
  if (compareProject === undefined) continue
  const { stdout } = timed(compareProject, importArgs('content-api-mock'))
  importTimes.compared.push(Number(stdout.trim()))
}
const importRows = Object.entries(IMPORTS).map(([key, specifier]) => [
  specifier,
  importTimes[key],
])
if (compareProject !== undefined) {
  importRows.push([
    `content-api-mock (${values.compare})`,
    importTimes.compared,
  ])
}
console.log(
  `\nImport in a fresh process, median of ${IMPORT_ROUNDS} (ms; ratio: median of each round's):`,
)
console.table(
  importRows.map(([name, times]) => ({
    import: name,
    ms: Math.round(median(times)),
    'vs msw/node': `${medianRatio(times, importTimes.mswNode).toFixed(2)}×`,
  })),
)

// (2) The suites, alternating.
// vitest's own phases, summed over the files ("import 12.2s"): where the
// difference goes.
const phaseOf = (stdout, phase) => {
  const match = new RegExp(`${phase} ([\\d.]+)(m?s)`).exec(stdout)
  if (match === null) return Number.NaN
  return Number(match[1]) * (match[2] === 's' ? 1000 : 1)
}
const suites = [
  ['setupContentApiMock({ seed: 42 })', mockProject],
  ['two hand-written msw handlers', handProject],
  ...(compareProject === undefined
    ? []
    : [[`setupContentApiMock, ${values.compare}`, compareProject]]),
].map(([name, project]) => ({ name, project, wall: [], import: [], tests: [] }))
const runSuite = (suite) => {
  const { elapsed, stdout } = timed(suite.project, [
    VITEST,
    'run',
    '--reporter=dot',
  ])
  suite.wall.push(elapsed)
  suite.import.push(phaseOf(stdout, 'import'))
  suite.tests.push(phaseOf(stdout, 'tests'))
}
runSuite({ ...suites[0], wall: [], import: [], tests: [] }) // warms the caches
for (let round = 0; round < ROUNDS; round++) {
  for (const suite of suites) runSuite(suite)
}
const [mockSuite, handSuite] = suites
const suiteRatio = medianRatio(mockSuite.wall, handSuite.wall)
console.log(
  `\n${FILES} vitest files, three requests each, median of ${ROUNDS} runs (ms):`,
)
console.table(
  suites.map((suite) => ({
    suite: suite.name,
    median: Math.round(median(suite.wall)),
    range: `${Math.round(Math.min(...suite.wall))}–${Math.round(Math.max(...suite.wall))}`,
    'vs hand-written': `${medianRatio(suite.wall, handSuite.wall).toFixed(2)}×`,
    "vitest's import phase": Math.round(median(suite.import)),
    "vitest's tests phase": Math.round(median(suite.tests)),
  })),
)

const importRatio = medianRatio(importTimes.main, importTimes.mswNode)
reportFigure({
  what: "import('content-api-mock') from the tarball",
  value: `${Math.round(median(importTimes.main))} ms (${importRatio.toFixed(2)}×)`,
  baseline: `import('msw/node') ${Math.round(median(importTimes.mswNode))} ms`,
  goal: `≤ ${IMPORT_GOAL}× msw/node`,
  met: importRatio <= IMPORT_GOAL,
})
reportFigure({
  what: `${FILES}-file vitest suite, setupContentApiMock({ seed: 42 })`,
  value: `${Math.round(median(mockSuite.wall))} ms (${suiteRatio.toFixed(2)}×)`,
  baseline: `two hand-written msw handlers ${Math.round(median(handSuite.wall))} ms`,
  goal: `≤ ${SUITE_GOAL}× hand-written`,
  met: suiteRatio <= SUITE_GOAL,
})
reportFigure({
  what: 'package size (npm pack)',
  value: `${(packed.unpackedSize / 1e6).toFixed(2)} MB unpacked, ${packed.entryCount} files`,
  baseline: `${(packed.size / 1e6).toFixed(2)} MB packed`,
  goal: '≤ 5.9 MB unpacked',
  met: packed.unpackedSize <= 5.9e6,
})
