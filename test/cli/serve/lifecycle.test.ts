import { rename, writeFile } from 'node:fs/promises'
import { expect, it } from 'vitest'
// The CLI runs as a child process; from src/ come only the colour rules and
// the option tables that the expected texts are built from.
import {
  createStyles,
  shouldUseColor,
} from '../../../src/cli/output/create-styles.js'
import { PREFIX, startCli, get, writeTemp } from '../../support/cli-process.js'
import { loadFixture } from '../../support/load-fixture.js'
import { SLOW_HANDLERS_MODULE } from '../../support/slow-handlers.js'

// A serve process over its life: signals, a --handlers file, --watch reloads,
// and colour only on a terminal.

it('finishes a request in flight on SIGTERM, then exits 0', async () => {
  const handlers = await writeTemp('slow-handlers.mjs', SLOW_HANDLERS_MODULE)
  const cli = await startCli(['--handlers', handlers])
  const pending = get(`${cli.apiUrl}/slow`)
  await cli.waitFor('stdout', /slow request started/)
  cli.child.kill('SIGTERM')
  const response = await pending
  expect(response.status).toBe(200)
  expect(await response.json()).toEqual({ slow: true })
  expect(await cli.exited).toBe(0)
  expect(cli.stderr()).toMatch(
    /^content-api-mock: SIGTERM received: stopping, finishing open requests \(at most 10000 ms; SIGTERM again exits at once\)\ncontent-api-mock: stopped\n$/,
  )
})

it('stops on SIGINT with exit code 0', async () => {
  const cli = await startCli([])
  cli.child.kill('SIGINT')
  expect(await cli.exited).toBe(0)
  expect(cli.stderr()).toContain(`${PREFIX}stopped\n`)
})

it('answers with the handlers of a --handlers file before the mock', async () => {
  const handlers = await writeTemp(
    'override-handlers.mjs',
    `import { http, HttpResponse } from 'msw'
export default [
  http.get('*/public-api/v1/projects', () =>
    HttpResponse.json({ data: [], meta: { total: 0 } }),
  ),
]
`,
  )
  const cli = await startCli(['--handlers', handlers])
  expect(cli.stdout()).toMatch(
    /Handlers +1 handler from \S+override-handlers\.mjs/,
  )
  const overridden = await get(`${cli.apiUrl}/projects`)
  expect(await overridden.json()).toEqual({ data: [], meta: { total: 0 } })
  // Everything else is still the mock's.
  expect(
    (await get(`${cli.apiUrl}/projects/nope`, 'demo-key-alpha')).status,
  ).toBe(404)
})

it('reloads the --watch fixture file when it changes', async () => {
  const document = loadFixture('small.json')
  const path = await writeTemp(
    'watched.json',
    JSON.stringify(document, null, 2),
  )
  const cli = await startCli(['--fixtures', path, '--watch'])
  const before = await (await get(`${cli.apiUrl}/projects/p1`, 'k_a')).json()
  expect(before.data.project_name).toBe('Spring Sneaker Launch')

  document.projects[0].project_name = 'Summer Sneaker Launch'
  await writeFile(path, JSON.stringify(document, null, 2))
  await cli.waitFor(
    'stderr',
    /reloaded 4 projects, 4 contents from \S+watched\.json\n/,
  )
  const after = await (await get(`${cli.apiUrl}/projects/p1`, 'k_a')).json()
  expect(after.data.project_name).toBe('Summer Sneaker Launch')
})

it('reloads a --watch fixture file that an editor replaces by renaming', async () => {
  const document = loadFixture('small.json')
  const path = await writeTemp('renamed.json', JSON.stringify(document))
  const cli = await startCli(['--fixtures', path, '--watch'])

  document.projects.pop()
  await writeFile(`${path}.swp`, JSON.stringify(document))
  await rename(`${path}.swp`, path)
  await cli.waitFor(
    'stderr',
    /reloaded 3 projects, 4 contents from \S+renamed\.json\n/,
  )
  expect((await get(`${cli.apiUrl}/projects/p4`, 'k_a')).status).toBe(404)
})

it('keeps the previous data when a --watch edit is invalid and logs why', async () => {
  const document = loadFixture('small.json')
  const path = await writeTemp('kept.json', JSON.stringify(document))
  const cli = await startCli(['--fixtures', path, '--watch'])

  document.projects[0].project_name = 'Never served'
  document.contents[0].project_unique = 'p9'
  await writeFile(path, JSON.stringify(document))
  await cli.waitFor(
    'stderr',
    /content-api-mock: warning: kept the previous data: Failed to load the fixture file \S+kept\.json: 1 problem found.*\n {2}contents\[0\]\.project_unique: no such project "p9"/,
  )
  await writeFile(path, '{ "version": 1,')
  await cli.waitFor(
    'stderr',
    /kept the previous data: The fixture file \S+kept\.json is not valid JSON/,
  )

  const body = await (await get(`${cli.apiUrl}/projects/p1`, 'k_a')).json()
  expect(body.data.project_name).toBe('Spring Sneaker Launch')
  expect(cli.stderr()).not.toContain('reloaded')
})

it('colors output only on a terminal and never with NO_COLOR set', () => {
  expect(shouldUseColor({ isTTY: true }, {})).toBe(true)
  expect(shouldUseColor({ isTTY: true }, { NO_COLOR: '' })).toBe(true)
  expect(shouldUseColor({ isTTY: true }, { NO_COLOR: '1' })).toBe(false)
  expect(shouldUseColor({ isTTY: false }, {})).toBe(false)
  expect(shouldUseColor({}, {})).toBe(false)
  expect(createStyles(true).bold('x')).toBe('\u001b[1mx\u001b[22m')
  expect(createStyles(false).bold('x')).toBe('x')
})
