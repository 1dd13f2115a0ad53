import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  DEFAULT_API_KEY,
  RECORDED_DEMO_KEY,
  fixtureDocumentSchema,
  type FixtureDocument,
} from 'content-api-mock'
import type { ContentApiServerOptions } from 'content-api-mock/server'
import { afterAll, beforeAll, expect, it } from 'vitest'
// runCli in-process, with an io of the test's own, so the progress view and
// its TTY switches can be read; the command is not an export of the package.
import type { CliIo } from '../../../src/cli/output/create-process-io.js'
import { runCli } from '../../../src/cli/run-cli.js'
import { startServer } from '../../support/server.js'
import { startCli } from '../../support/start-cli.js'
import { expectSameAnswers, walkApi } from '../../support/walk-api.js'

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const SIZE = { projects: 4, contents: 10 }
let tmp: string
let runs = 0

beforeAll(() => {
  tmp = mkdtempSync(join(ROOT, 'test', '.tmp-record-'))
})

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true })
})

interface Run {
  code: number
  stdout: string
  stderr: string
  out: string
}

/** Runs `content-api-mock record` in this process against `apiUrl`, into a new file. */
async function record(
  apiUrl: string,
  args: readonly string[] = [],
  env: Record<string, string> = { CONTENT_API_KEY: DEFAULT_API_KEY },
): Promise<Run> {
  const out = join(tmp, `recording-${runs++}.json`)
  let stdout = ''
  let stderr = ''
  const io: CliIo = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
    onStopSignal: () => () => {},
    exit(code) {
      throw new Error(`The CLI tried to end the process with ${code}.`)
    },
  }
  const code = await runCli(
    ['record', '--target', apiUrl, '--out', out, '--rate', '200', ...args],
    io,
  )
  return { code, stdout, stderr, out }
}

function readDocument(run: Run): FixtureDocument {
  return JSON.parse(readFileSync(run.out, 'utf8')) as FixtureDocument
}

async function recordServer(
  options: ContentApiServerOptions,
  args: readonly string[] = [],
) {
  await using server = await startServer({ size: SIZE, ...options })
  const answers = await walkApi(server.apiUrl, DEFAULT_API_KEY)
  const run = await record(server.apiUrl, args)
  return { answers, run }
}

it('records a seeded server into a file that --fixtures serves with the same answers', async () => {
  const { answers, run } = await recordServer({ seed: 3 })
  expect(run.stderr).not.toMatch(/retry|failed/)
  expect(run.code, run.stdout).toBe(0)
  expect(run.stdout).toMatch(
    /^Recorded http:\/\/127\.0\.0\.1:\d+\/public-api\/v1 into /,
  )
  expect(run.stdout).toContain('Not fetched none')
  expect(run.stdout).toContain('Off spec    nothing')
  const text = readFileSync(run.out, 'utf8')
  expect(text).not.toContain(DEFAULT_API_KEY)
  expect(fixtureDocumentSchema.safeParse(JSON.parse(text)).success).toBe(true)
  await using served = await startCli(['--fixtures', run.out, '--port', '0'])
  const replayed = await walkApi(served.apiUrl, RECORDED_DEMO_KEY)
  expectSameAnswers(replayed, answers)
})

it('records a server sending unknown fields, nulls, other modes and statuses, and serves the same bodies back', async () => {
  const { answers, run } = await recordServer({
    seed: 5,
    variants: ['extra-fields', 'nullable', 'other-modes', 'publish-statuses'],
  })
  expect(run.code, run.stderr).toBe(0)
  for (const finding of [
    'unknown-field ×',
    'null-field ×',
    'absent-field ×',
    'other-mode ×',
    'other-status ×',
  ]) {
    expect(run.stdout).toContain(finding)
  }
  await using replay = await startServer({ fixtures: readDocument(run) })
  const replayed = await walkApi(replay.apiUrl, RECORDED_DEMO_KEY)
  expectSameAnswers(replayed, answers, [
    'x_extension',
    'request_id',
    'schema_version',
  ])
})

it('finishes against a rate-limited server, waiting out each Retry-After', async () => {
  await using server = await startServer({
    seed: 3,
    size: { projects: 4, contents: 6 },
  })
  const answers = await walkApi(server.apiUrl, DEFAULT_API_KEY)
  server.mock.scenarios.add({ rateLimit: { limit: 3, window: '1s' } })
  server.mock.requests.clear()
  const run = await record(server.apiUrl, ['--concurrency', '1'])
  expect(run.code, run.stderr).toBe(0)
  expect(run.stdout).toMatch(
    /Requests {4}\d+ sent, [1-9]\d* retr\w+, [1-9]\d* answered 429/,
  )
  expect(run.stdout).toContain('Not fetched none')
  const contents = [...answers.keys()].filter((path) =>
    path.includes('/contents/'),
  )
  expect(readDocument(run).contents).toHaveLength(contents.length)
  // @note One request at a time: a client that waits out Retry-After (the
  // window's end) never meets two 429s in a row; one that retries sooner does.
  const statuses = server.mock.requests
    .list()
    .map((entry) => entry.status)
    .join(' ')
  expect(statuses).toContain('429')
  expect(statuses).not.toContain('429 429')
})

it('retries dropped connections, reports what kept failing, and still writes the rest', async () => {
  await using server = await startServer({ size: SIZE, seed: 3 })
  const answers = await walkApi(server.apiUrl, DEFAULT_API_KEY)
  const contentPaths = [...answers.keys()].filter((path) =>
    path.includes('/contents/'),
  )
  const broken = contentPaths[0]!
  server.mock.scenarios.add({ networkError: true, every: 4 })
  server.mock.scenarios.add({ status: 500, match: { path: broken } })
  const run = await record(server.apiUrl)
  expect(run.code, run.stderr).toBe(0)
  expect(run.stderr).toMatch(/^retry: GET \/\S+ \(network error/m)
  expect(run.stdout).toContain('Not fetched 1 (left out of the file):')
  expect(run.stdout).toContain(`GET ${broken}: HTTP 500 after 5 attempts`)
  const document = readDocument(run)
  expect(document.contents).toHaveLength(contentPaths.length)
  expect(run.stdout).toMatch(/not-recorded ×1\n/)
})

it('anonymizes titles, descriptions and URLs, keeping IDs, counts and timestamps, the same for the same seed', async () => {
  await using server = await startServer({ size: SIZE, seed: 3 })
  const plain = readDocument(await record(server.apiUrl))
  const first = await record(server.apiUrl, ['--anonymize', '--seed', '9'])
  const again = await record(server.apiUrl, ['--anonymize', '--seed', '9'])
  expect(first.stdout).toContain(', anonymized.')
  const anonymized = readDocument(first)
  expect(readFileSync(again.out, 'utf8')).toBe(readFileSync(first.out, 'utf8'))
  const shape = (document: FixtureDocument) => ({
    projects: document.projects.map(({ project_unique, created_at }) => [
      project_unique,
      created_at,
    ]),
    contents: document.contents.map((content) => [
      content.variation_unique,
      content.created_at,
      content.mode,
      content.progress,
      content.content,
      content.publish?.map(({ platform, status, posted_at }) => [
        platform,
        status,
        posted_at,
      ]),
    ]),
  })
  expect(shape(anonymized)).toEqual(shape(plain))
  const words = (document: FixtureDocument) => [
    ...document.projects.flatMap((project) => [
      project.project_name,
      project.description,
    ]),
    ...document.contents.flatMap((content) => [
      content.title,
      ...(content.publish ?? []).map((result) => result.post_url),
    ]),
  ]
  const plainWords = new Set(words(plain).filter((word) => word !== ''))
  for (const word of words(anonymized)) expect(plainWords).not.toContain(word)
})

it('downloads each thumbnail and video into a folder that --media-dir serves', async () => {
  await using server = await startServer({ size: SIZE, seed: 3 })
  const mediaDir = join(tmp, `media-${runs}`)
  const run = await record(server.apiUrl, ['--media-dir', mediaDir])
  expect(run.code, run.stderr).toBe(0)
  const document = readDocument(run)
  const movies = document.contents.map(
    (content) => content.content.movie_unique as string,
  )
  expect(readdirSync(mediaDir).sort()).toEqual(
    movies.flatMap((movie) => [`${movie}.jpg`, `${movie}.mp4`]).sort(),
  )
  expect(run.stdout).toContain(`${movies.length * 2} media files`)
  await using replay = await startServer({ fixtures: document, mediaDir })
  const replayed = await walkApi(replay.apiUrl, RECORDED_DEMO_KEY)
  for (const [path, body] of replayed) {
    const content = (body.data as { content?: Record<string, string> }).content
    if (content === undefined) continue
    const movie = content.movie_unique!
    for (const [url, file] of [
      [content.download_url!, `${movie}.mp4`],
      [content.thumbnail_url!, `${movie}.jpg`],
    ] as const) {
      const asset = Buffer.from(await (await fetch(url)).arrayBuffer())
      expect(asset.equals(readFileSync(join(mediaDir, file))), path).toBe(true)
    }
  }
})

it('exits 2 with one line and writes nothing when the service cannot be read', async () => {
  await using server = await startServer({ size: SIZE })
  const closed = await startServer()
  const closedUrl = closed.apiUrl
  await closed.close()
  const cases: Array<[string, string[], Record<string, string>, RegExp]> = [
    [
      closedUrl,
      [],
      { CONTENT_API_KEY: DEFAULT_API_KEY },
      /^content-api-mock: Cannot read http:\S+\/projects \(network error/,
    ],
    [
      server.apiUrl,
      [],
      { CONTENT_API_KEY: 'not-a-key' },
      /refused the API key \(401\)\. Check --api-key \(or \$CONTENT_API_KEY\)/,
    ],
    [
      `${server.url}/v2`,
      [],
      { CONTENT_API_KEY: DEFAULT_API_KEY },
      /answered 404\. Check --target/,
    ],
    [
      'not a url',
      [],
      { CONTENT_API_KEY: DEFAULT_API_KEY },
      /argument 'not a url' is invalid\. "not a url" is not a URL/,
    ],
    [
      server.apiUrl,
      [],
      {},
      /needs an API key of the service: set \$CONTENT_API_KEY/,
    ],
  ]
  for (const [target, args, env, message] of cases) {
    const run = await record(target, args, env)
    expect(run.code, `${target}: ${run.stderr}`).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(message)
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1)
    expect(existsSync(run.out), target).toBe(false)
  }
})
