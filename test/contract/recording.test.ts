import {
  DEFAULT_API_KEY,
  RECORDED_DEMO_KEY,
  createRecording,
  fixtureDocumentSchema,
  type RecordingFinding,
} from 'content-api-mock'
import type { ContentApiServerOptions } from 'content-api-mock/server'
import { expect, it } from 'vitest'
import { startServer } from '../support/server.js'
import { expectSameAnswers, walkApi } from '../support/walk-api.js'

const VARIANTS = [
  'extra-fields',
  'nullable',
  'other-modes',
  'publish-statuses',
] as const
const SIZE = { projects: 4, contents: 24 }
// extra-fields draws these per request, so list items and details differ.
const PER_REQUEST = ['x_extension', 'request_id', 'schema_version']

/** Records a server by feeding its answers to a recording, as the CLI does. */
async function recordServer(options: ContentApiServerOptions) {
  await using server = await startServer({ size: SIZE, ...options })
  const answers = await walkApi(server.apiUrl, DEFAULT_API_KEY)
  const recording = createRecording()
  for (const [path, body] of answers) {
    const parts = path.split('/').slice(1)
    if (parts.length === 1) recording.addProjects(body)
    else if (parts.length === 2) recording.addProjectDetail(body)
    else if (parts.length === 3) recording.addContents(parts[1]!, body)
    else recording.addContentDetail(parts[1]!, body)
  }
  return {
    answers,
    document: recording.toFixtureDocument(),
    findings: recording.findings(),
  }
}

it('records a seeded server into a fixture document that serves the same answers', async () => {
  const { answers, document, findings } = await recordServer({ seed: 7 })
  expect(fixtureDocumentSchema.safeParse(document).success).toBe(true)
  expect(document.$schema).toContain('fixture.schema.json')
  expect(document.api_keys[0]!.key).toBe(RECORDED_DEMO_KEY)
  expect(findings).toEqual([])
  await using replay = await startServer({ fixtures: document })
  const replayed = await walkApi(replay.apiUrl, RECORDED_DEMO_KEY)
  expectSameAnswers(replayed, answers)
})

it('keeps unknown fields, nulls, other modes and publish statuses so the recording serves them back', async () => {
  const { answers, document, findings } = await recordServer({
    seed: 11,
    variants: [...VARIANTS],
  })
  expect(fixtureDocumentSchema.safeParse(document).success).toBe(true)
  const kinds = new Set(
    findings.map((finding: RecordingFinding) => finding.kind),
  )
  for (const kind of [
    'unknown-field',
    'null-field',
    'absent-field',
    'other-mode',
    'other-status',
    'envelope-field',
    'differs-between-views',
  ] as const) {
    expect(kinds, kind).toContain(kind)
  }
  await using replay = await startServer({ fixtures: document })
  const replayed = await walkApi(replay.apiUrl, RECORDED_DEMO_KEY)
  expectSameAnswers(replayed, answers, PER_REQUEST)
})

it('records answers fed in any order, a content detail without its list or project included', () => {
  const recording = createRecording({ demoKey: 'k_recorded' })
  recording.addContentDetail('p9', {
    data: {
      mode: 'moviemode',
      variation_unique: 'v1',
      title: 'Teaser',
      progress: { step_process: 2, is_complete: false },
      created_at: '2024-03-02T10:00:00Z',
      publish: [],
      content: { movie_unique: 'm1', download_url: null },
    },
  })
  const document = recording.toFixtureDocument()
  expect(fixtureDocumentSchema.safeParse(document).success).toBe(true)
  expect(document.api_keys).toEqual([
    { key: 'k_recorded', account: 'acct_recorded' },
  ])
  expect(document.projects.map((project) => project.project_unique)).toEqual([
    'p9',
  ])
  expect(document.contents[0]!.content).toEqual({
    movie_unique: 'm1',
    extra: { download_url: null },
    absent: ['thumbnail_url'],
  })
  expect(
    recording.findings().map((finding) => `${finding.kind} ${finding.where}`),
  ).toEqual([
    'not-recorded project p9',
    'null-field content v1 content',
    'absent-field content v1 content',
  ])
})

it('reports an answer that is not an envelope, and items without a valid ID, instead of keeping them', () => {
  const recording = createRecording()
  expect(recording.addProjects('<html>')).toEqual([])
  expect(
    recording.addProjects({
      data: [{ project_unique: 'has space' }, 7],
      meta: { total: 2 },
    }),
  ).toEqual([])
  expect(recording.toFixtureDocument().projects).toEqual([])
  expect(recording.findings().map((finding) => finding.kind)).toEqual([
    'not-recorded',
    'not-recorded',
    'not-recorded',
  ])
})

it('keeps a member named __proto__ in "extra" as its finding says, and leaves Object.prototype clean', () => {
  const recording = createRecording()
  // As JSON.parse reads a service's answer: "__proto__" is an own member.
  recording.addProjects(
    JSON.parse(
      '{"data":[{"project_unique":"p1","project_name":"Launch","created_at":"2024-03-02T10:00:00Z","__proto__":{"polluted":true}}],"meta":{"total":1}}',
    ),
  )
  recording.addContentDetail(
    'p1',
    JSON.parse(
      '{"data":{"mode":"moviemode","variation_unique":"v1","title":"Teaser","progress":{"step_process":2,"is_complete":false,"__proto__":{"polluted":true}},"created_at":"2024-03-02T10:00:00Z","publish":[],"content":{"movie_unique":"m1","download_url":null,"thumbnail_url":null},"__proto__":{"polluted":true}}}',
    ),
  )
  const document = recording.toFixtureDocument()
  const project = document.projects[0]!
  const content = document.contents[0]!
  for (const extra of [project.extra, content.extra, content.progress?.extra]) {
    expect(Object.keys(extra ?? {})).toContain('__proto__')
    expect(Object.getPrototypeOf(extra)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(extra, '__proto__')?.value).toEqual({
      polluted: true,
    })
  }
  expect(JSON.parse(JSON.stringify(document)).projects[0].extra).toEqual(
    JSON.parse('{"__proto__":{"polluted":true}}'),
  )
  expect(
    recording
      .findings()
      .filter((finding) => finding.field === '__proto__')
      .map((finding) => `${finding.kind} ${finding.where}`),
  ).toEqual([
    'unknown-field project p1',
    'unknown-field content v1',
    'unknown-field content v1 progress',
  ])
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  expect(fixtureDocumentSchema.safeParse(document).success).toBe(true)
})
