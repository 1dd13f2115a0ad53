import { createContentApiMock, FixtureError } from 'content-api-mock'
import { createSeedDocument } from 'content-api-mock/seed'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { BASE_URL } from '../support/api-client.js'
import { loadFixture } from '../support/load-fixture.js'
import { startServer, startSmallServer } from '../support/server.js'
import { startCli } from '../support/start-cli.js'

// A large fixture load (20,000 contents, ~10 MB) takes far longer than one
// request; the API keeps answering while it runs, from the data served
// before, and the new data is swapped in at once at the end. Orders of
// completion only, never times.

// @note Requests to the real servers of this file pass through.
const interceptor = setupServer()
beforeAll(() => interceptor.listen({ onUnhandledRequest: 'bypass' }))
afterEach(() => interceptor.resetHandlers())
afterAll(() => interceptor.close())

// @note Each test loads tens of megabytes on a machine that may be busy.
vi.setConfig({ testTimeout: 120_000 })
const HEADERS = { authorization: 'Bearer k_a' }

function bigDocument(): any {
  return createSeedDocument({ seed: 11, projects: 20, contents: 20_000 })
}

/** The old data (test/fixtures/small.json) lists 3 projects for k_a. */
async function countProjects(apiUrl: string): Promise<number> {
  const response = await fetch(`${apiUrl}/projects`, { headers: HEADERS })
  return ((await response.json()) as { meta: { total: number } }).meta.total
}

/** How many projects of a document an API key lists. */
function visibleTo(document: any, key: string): number {
  const { account } = document.api_keys.find(
    (apiKey: { key: string }) => apiKey.key === key,
  )
  return document.projects.filter(
    (project: { account: string; shared_with?: string[] }) =>
      project.account === account || project.shared_with?.includes(account),
  ).length
}

function putFixtures(adminUrl: string, document: unknown): Promise<Response> {
  return fetch(`${adminUrl}/fixtures`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(document),
  })
}

it('answers an API request made while PUT /__mock/fixtures loads a large document before the load finishes, from the data served before', async () => {
  await using server = await startSmallServer()
  const big = bigDocument()
  big.api_keys.push({ key: 'k_a', account: big.accounts[0].id })
  const events: string[] = []
  let probe: Promise<number> | undefined
  const load = server.mock.load
  // @note The probe is made when the load begins (the body received and
  // parsed), so an answer before the PUT's means the load let it through.
  vi.spyOn(server.mock, 'load').mockImplementation((document) => {
    probe = countProjects(server.apiUrl).finally(() => events.push('probe'))
    return load(document)
  })

  const response = await putFixtures(server.adminUrl, big)
  events.push('load')

  expect(response.status).toBe(200)
  expect(events).toEqual(['probe', 'load'])
  expect(await probe).toBe(3)
  expect(await countProjects(server.apiUrl)).toBe(visibleTo(big, 'k_a'))
})

it('answers a request made during mock.load() of a large document before the load finishes, from the data served before', async () => {
  const mock = createContentApiMock({ fixtures: loadFixture('small.json') })
  interceptor.use(...mock.handlers)
  await mock.ready
  const big = bigDocument()
  big.api_keys.push({ key: 'k_a', account: big.accounts[0].id })
  const events: string[] = []

  const loading = mock.load(big).then(() => events.push('load'))
  // @note A task, so the probe is made once the load has begun: its first
  // steps run as microtasks, before any timer.
  const probe = new Promise<number>((resolve) => {
    setTimeout(() => resolve(countProjects(BASE_URL)), 0)
  }).finally(() => events.push('probe'))
  await loading

  expect(events).toEqual(['probe', 'load'])
  expect(await probe).toBe(3)
  expect(mock.db.contents.count()).toBe(20_000)
})

it('keeps serving the old data when a large document fails its checks, and names the problem at its index', async () => {
  await using server = await startSmallServer()
  const big = bigDocument()
  big.contents[19_999].project_unique = 'nope'

  const response = await putFixtures(server.adminUrl, big)

  expect(response.status).toBe(400)
  const body = await response.json()
  expect(body.error.code).toBe('invalid_fixture')
  expect(body.error.issues).toEqual([
    {
      path: 'contents[19999].project_unique',
      message:
        'no such project "nope"; add it to "projects" or use one of its project_unique values',
    },
  ])
  expect(await countProjects(server.apiUrl)).toBe(3)
  await expect(server.mock.load(big)).rejects.toBeInstanceOf(FixtureError)
  expect(server.mock.db.contents.count()).toBe(4)
})

it('runs loads one after another, so the last one sent is what stays served', async () => {
  await using server = await startServer()
  const load = server.mock.load
  let second: Promise<Response> | undefined
  // @note The second PUT is sent once the first one's load has begun.
  vi.spyOn(server.mock, 'load').mockImplementation((document) => {
    second ??= putFixtures(server.adminUrl, loadFixture('small.json'))
    return load(document)
  })

  const first = await putFixtures(server.adminUrl, bigDocument())

  expect(first.status).toBe(200)
  expect((await second)?.status).toBe(200)
  expect(server.mock.db.contents.count()).toBe(4)
})

it('answers invalid_json to a large body that is not JSON, and invalid_fixture naming the path to one nested 3,000 levels deep', async () => {
  await using server = await startSmallServer()
  const text = JSON.stringify(bigDocument())

  const broken = await fetch(`${server.adminUrl}/fixtures`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: text.slice(0, -1),
  })
  expect(broken.status).toBe(400)
  expect((await broken.json()).error.code).toBe('invalid_json')

  const deep = await fetch(`${server.adminUrl}/fixtures`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: text.replace(
      /"content":\{/,
      `"content":{"scenes":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)},`,
    ),
  })
  expect(deep.status).toBe(400)
  const body = await deep.json()
  expect(body.error.code).toBe('invalid_fixture')
  expect(body.error.issues).toHaveLength(1)
  expect(body.error.issues[0].path).toBe(
    `contents[0].content.scenes${'.a'.repeat(96)}`,
  )
  expect(await countProjects(server.apiUrl)).toBe(3)
})

it('loads a large gzip-compressed PUT /__mock/fixtures body, which body-parser inflates before the worker parses it', async () => {
  await using server = await startSmallServer()
  const big = bigDocument()
  const body = gzipSync(JSON.stringify(big))

  const response = await fetch(`${server.adminUrl}/fixtures`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    body,
  })

  expect(body.length).toBeGreaterThan(1_048_576)
  expect(response.status).toBe(200)
  expect(server.mock.db.contents.count()).toBe(20_000)
})

it('keeps serving when a client stops sending a large PUT /__mock/fixtures body halfway, and loads the next one', async () => {
  await using server = await startSmallServer()
  const text = JSON.stringify(bigDocument())
  const url = new URL(`${server.adminUrl}/fixtures`)
  await new Promise<void>((resolve) => {
    const request = httpRequest(url, {
      method: 'PUT',
      headers: {
        host: url.host,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
      },
    })
    request.on('error', () => resolve())
    request.write(text.slice(0, text.length / 2), () => {
      request.destroy()
      resolve()
    })
  })

  expect(await countProjects(server.apiUrl)).toBe(3)
  const response = await putFixtures(server.adminUrl, JSON.parse(text))
  expect(response.status).toBe(200)
  expect(server.mock.db.contents.count()).toBe(20_000)
})

it('reloads a large --watch fixture file through the bundled CLI, and keeps the data when a record of it is wrong or nests too deep', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'content-api-mock-big-'))
  const path = join(folder, 'big.json')
  await writeFile(path, JSON.stringify(loadFixture('small.json')))
  await using cli = await startCli([
    '--fixtures',
    path,
    '--watch',
    '--port',
    '0',
  ])
  const big = bigDocument()
  big.api_keys.push({ key: 'k_a', account: big.accounts[0].id })

  big.contents[19_999].project_unique = 'nope'
  await writeFile(path, JSON.stringify(big))
  await cli.waitFor(
    /kept the previous data: Failed to load the fixture file \S+big\.json: 1 problem found.*\n {2}contents\[19999\]\.project_unique: no such project "nope"/,
  )
  expect(await countProjects(cli.apiUrl)).toBe(3)

  const deep = structuredClone(big)
  deep.contents[19_999].project_unique = big.projects[0].project_unique
  deep.contents[5].content.scenes = JSON.parse(
    `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  )
  await writeFile(path, JSON.stringify(deep))
  await cli.waitFor(
    /kept the previous data: The fixture file \S+big\.json nests objects and arrays more than 100 levels deep, at contents\[5\]\.content\.scenes\.a\.a\.a\.a…/,
  )
  expect(await countProjects(cli.apiUrl)).toBe(3)

  big.contents[19_999].project_unique = big.projects[0].project_unique
  await writeFile(path, JSON.stringify(big))
  await cli.waitFor(/reloaded 20 projects, 20000 contents from \S+big\.json\n/)
  expect(await countProjects(cli.apiUrl)).toBe(visibleTo(big, 'k_a'))
  await rm(folder, { recursive: true, force: true })
})
