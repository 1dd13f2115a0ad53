import {
  DEFAULT_API_KEY,
  RECORDED_DEMO_KEY,
  createRecording,
  fixtureDocumentSchema,
  type RecordingFinding,
} from 'content-api-mock'
import type { ContentApiServerOptions } from 'content-api-mock/server'
import { expect, it } from 'vitest'
import { startServer } from './support/server.js'

const VARIANTS = [
  'extra-fields',
  'nullable',
  'other-modes',
  'publish-statuses',
] as const
const SIZE = { projects: 4, contents: 24 }

async function getJson(apiUrl: string, path: string, key: string) {
  const response = await fetch(`${apiUrl}${path}`, {
    headers: { authorization: `Bearer ${key}` },
  })
  expect(response.status, path).toBe(200)
  return (await response.json()) as Record<string, unknown>
}

/** Every API answer of a server for one key, by path, in walk order. */
async function walk(apiUrl: string, key: string) {
  const answers = new Map<string, Record<string, unknown>>()
  const get = async (path: string) => {
    const body = await getJson(apiUrl, path, key)
    answers.set(path, body)
    return body
  }
  const projects = (await get('/projects')).data as { project_unique: string }[]
  for (const { project_unique: projectId } of projects) {
    await get(`/projects/${projectId}`)
    const contents = (await get(`/projects/${projectId}/contents`)).data as {
      variation_unique: string
    }[]
    for (const { variation_unique: contentId } of contents) {
      await get(`/projects/${projectId}/contents/${contentId}`)
    }
  }
  return answers
}

/** Records a server by feeding its answers to a recording, as the CLI does. */
async function recordServer(options: ContentApiServerOptions) {
  await using server = await startServer({ size: SIZE, ...options })
  const answers = await walk(server.apiUrl, DEFAULT_API_KEY)
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

/** An answer with what differs by design masked: asset URLs, and values the variant draws per request. */
function comparable(
  body: unknown,
  perRequest: readonly string[] = [],
): unknown {
  return JSON.parse(JSON.stringify(body), (key, value: unknown) =>
    (key === 'download_url' || key === 'thumbnail_url') &&
    typeof value === 'string'
      ? 'issued'
      : perRequest.includes(key)
        ? 'masked'
        : value,
  )
}

it('records a seeded server into a fixture document that serves the same answers', async () => {
  const { answers, document, findings } = await recordServer({ seed: 7 })
  expect(fixtureDocumentSchema.safeParse(document).success).toBe(true)
  expect(document.$schema).toContain('fixture.schema.json')
  expect(document.api_keys[0]!.key).toBe(RECORDED_DEMO_KEY)
  expect(findings).toEqual([])
  await using replay = await startServer({ fixtures: document })
  const replayed = await walk(replay.apiUrl, RECORDED_DEMO_KEY)
  expect([...replayed.keys()]).toEqual([...answers.keys()])
  for (const [path, body] of answers) {
    expect(comparable(replayed.get(path)), path).toEqual(comparable(body))
  }
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
  ] as const) {
    expect(kinds, kind).toContain(kind)
  }
  await using replay = await startServer({ fixtures: document })
  const replayed = await walk(replay.apiUrl, RECORDED_DEMO_KEY)
  for (const [path, body] of answers) {
    const isDetail = !('meta' in body)
    const served = replayed.get(path)!
    // @note extra-fields draws `x_extension` per request path, so a list
    // item's differs from its detail's; the document keeps the detail's.
    // The envelope's own members (`meta.request_id`…) are the mock's.
    const masked = isDetail
      ? []
      : ['x_extension', 'request_id', 'schema_version']
    expect(comparable(served.data, masked), path).toEqual(
      comparable(body.data, masked),
    )
    if (isDetail) {
      expect(JSON.stringify(comparable(served.data)), path).toBe(
        JSON.stringify(comparable(body.data)),
      )
    }
  }
})
