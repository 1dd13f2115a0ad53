import {
  BETA_API_KEY,
  DEFAULT_API_KEY,
  EXPIRED_API_KEY,
  fixtureDocumentSchema,
  PUBLIC_ID_PATTERN,
  REVOKED_API_KEY,
  type FixtureDocument,
} from 'content-api-mock'
import { createSeedDocument } from 'content-api-mock/seed'
import { it, expect, vi } from 'vitest'

const TOTAL_STEPS = 5
// The default reference date, as docs/fixtures.md states it.
const DEFAULT_REFERENCE_DATE = '2026-01-15T12:00:00.000Z'

const POST_URL_PATTERNS: Record<string, RegExp> = {
  youtube: /^https:\/\/www\.youtube\.com\/watch\?v=[A-Za-z0-9_-]{11}$/,
  instagram: /^https:\/\/www\.instagram\.com\/reel\/[A-Za-z0-9_-]{11}\/$/,
  tiktok: /^https:\/\/www\.tiktok\.com\/@[a-z0-9._]+\/video\/\d{19}$/,
  x: /^https:\/\/x\.com\/[A-Za-z0-9_]{1,15}\/status\/\d{19}$/,
  facebook:
    /^https:\/\/www\.facebook\.com\/[A-Za-z0-9.]+\/videos\/[1-9]\d{14,15}$/,
  medium:
    /^https:\/\/medium\.com\/@[a-z0-9._-]+\/[a-z0-9]+(?:-[a-z0-9]+)*-[0-9a-f]{12}$/,
}

function isVisibleTo(
  project: FixtureDocument['projects'][number],
  account: string,
): boolean {
  return (
    project.account === account || (project.shared_with ?? []).includes(account)
  )
}

function expectValidDocument(document: FixtureDocument): void {
  const result = fixtureDocumentSchema.safeParse(document)
  expect(result.error?.issues.slice(0, 5)).toBeUndefined()
}

function expectRealisticRecords(
  document: FixtureDocument,
  referenceDate: string,
): void {
  const now = Date.parse(referenceDate)
  const projects = new Map(
    document.projects.map((project) => [project.project_unique, project]),
  )
  const ids = new Set<string>()
  const addId = (id: string) => {
    expect(id).toMatch(PUBLIC_ID_PATTERN)
    expect(ids.has(id), `duplicate ID ${id}`).toBe(false)
    ids.add(id)
  }
  const expectTimestamp = (timestamp: string) => {
    expect(new Date(timestamp).toISOString()).toBe(timestamp)
  }

  for (const project of document.projects) {
    addId(project.project_unique)
    expectTimestamp(project.created_at)
    expect(Date.parse(project.created_at)).toBeLessThan(now)
    expect(project.project_name.length).toBeGreaterThan(0)
    expect(project.description.length).toBeGreaterThan(0)
  }

  for (const content of document.contents) {
    addId(content.variation_unique)
    addId(String(content.content.movie_unique))
    expect(content.mode).toBe('moviemode')
    expectTimestamp(content.created_at)

    const project = projects.get(content.project_unique)
    expect(project, `project of ${content.variation_unique}`).toBeDefined()
    const createdAt = Date.parse(content.created_at)
    expect(createdAt).toBeGreaterThan(Date.parse(project!.created_at))
    expect(createdAt).toBeLessThan(now)

    const { step_process, is_complete } = content.progress!
    expect(step_process).toBeGreaterThanOrEqual(1)
    expect(step_process).toBeLessThanOrEqual(TOTAL_STEPS)
    expect(is_complete).toBe(step_process === TOTAL_STEPS)
    if (!is_complete) expect(content.publish).toEqual([])

    const platforms = content.publish!.map((result) => result.platform)
    expect(new Set(platforms).size).toBe(platforms.length)
    expect(platforms.length).toBeLessThanOrEqual(4)
    for (const result of content.publish!) {
      expect(result.status).toBe('success')
      expect(result.post_url).toMatch(POST_URL_PATTERNS[result.platform]!)
      expectTimestamp(result.posted_at)
      expect(Date.parse(result.posted_at)).toBeGreaterThan(createdAt)
      expect(Date.parse(result.posted_at)).toBeLessThanOrEqual(now)
    }
  }
}

it('returns the same document for the same options', () => {
  const first = createSeedDocument({ seed: 42, contents: 500 })
  const second = createSeedDocument({ seed: 42, contents: 500 })
  expect(JSON.stringify(second)).toBe(JSON.stringify(first))
  expect(JSON.stringify(createSeedDocument())).toBe(
    JSON.stringify(createSeedDocument({ seed: 1 })),
  )
})

it('returns different data for a different seed', () => {
  const first = createSeedDocument({ seed: 1 })
  const second = createSeedDocument({ seed: 2 })
  expect(second.projects.map((project) => project.project_unique)).not.toEqual(
    first.projects.map((project) => project.project_unique),
  )
  expect(second.contents.map((content) => content.title)).not.toEqual(
    first.contents.map((content) => content.title),
  )
  expect(JSON.stringify(createSeedDocument({ seed: 2 ** 40 }))).not.toBe(
    JSON.stringify(createSeedDocument({ seed: 0 })),
  )
})

it('does not read the clock', () => {
  vi.useFakeTimers()
  try {
    vi.setSystemTime(new Date('2001-01-01T00:00:00.000Z'))
    const early = JSON.stringify(createSeedDocument())
    vi.setSystemTime(new Date('2099-12-31T23:59:59.000Z'))
    const late = JSON.stringify(createSeedDocument())
    expect(late).toBe(early)
  } finally {
    vi.useRealTimers()
  }
})

it('keeps content #i unchanged when the content count grows', () => {
  const small = createSeedDocument({ contents: 40 })
  const large = createSeedDocument({ contents: 400 })
  expect(large.projects).toEqual(small.projects)
  expect(large.contents.slice(0, 40)).toEqual(small.contents)
  expect(large.api_keys).toEqual(small.api_keys)
})

it('keeps project #i unchanged when the project count grows', () => {
  const small = createSeedDocument({ projects: 8 })
  const large = createSeedDocument({ projects: 20 })
  expect(large.projects.slice(0, 8)).toEqual(small.projects)
})

it('passes the fixture document schema', () => {
  expectValidDocument(createSeedDocument())
  expectValidDocument(
    createSeedDocument({ seed: 7, projects: 30, contents: 3000 }),
  )
  expectValidDocument(createSeedDocument({ projects: 0, contents: 0 }))
})

it('leaves out the $schema and version keys', () => {
  const document = createSeedDocument()
  expect(Object.keys(document)).toEqual([
    'accounts',
    'api_keys',
    'projects',
    'contents',
  ])
})

it('creates the documented accounts and keys', () => {
  const document = createSeedDocument()
  expect(document.accounts).toEqual([
    { id: 'acct_alpha', name: 'Alpha Studio' },
    { id: 'acct_beta', name: 'Beta Media' },
  ])
  expect(document.api_keys).toEqual([
    { key: DEFAULT_API_KEY, account: 'acct_alpha' },
    { key: BETA_API_KEY, account: 'acct_beta' },
    {
      key: EXPIRED_API_KEY,
      account: 'acct_alpha',
      expires_at: expect.any(String),
    },
    { key: REVOKED_API_KEY, account: 'acct_alpha', revoked: true },
  ])
  const expired = document.api_keys[2]!
  expect(Date.parse(expired.expires_at!)).toBeLessThan(
    Date.parse(DEFAULT_REFERENCE_DATE),
  )
})

it('replaces only the main key with the apiKey option', () => {
  const document = createSeedDocument({ apiKey: 'my-test-key' })
  const defaults = createSeedDocument()
  expect(document.api_keys[0]).toEqual({
    key: 'my-test-key',
    account: 'acct_alpha',
  })
  expect(document.api_keys.slice(1)).toEqual(defaults.api_keys.slice(1))
  expect({ ...document, api_keys: [] }).toEqual({ ...defaults, api_keys: [] })
})

it('shares one beta project read-only with alpha', () => {
  const { projects } = createSeedDocument()
  const shared = projects.filter(
    (project) =>
      project.account === 'acct_beta' && isVisibleTo(project, 'acct_alpha'),
  )
  expect(shared).toHaveLength(1)
  expect(shared[0]).toMatchObject({
    is_readonly: true,
    shared_with: ['acct_alpha'],
  })
  expect(
    projects
      .filter((project) => project.is_readonly)
      .map((p) => p.project_unique),
  ).toEqual([shared[0]!.project_unique])
})

it('gives beta a project alpha cannot see', () => {
  const { projects } = createSeedDocument()
  const hidden = projects.filter(
    (project) => !isVisibleTo(project, 'acct_alpha'),
  )
  expect(hidden.length).toBeGreaterThanOrEqual(1)
  for (const project of hidden) expect(project.account).toBe('acct_beta')
  expect(
    projects.filter((project) => project.account === 'acct_alpha').length,
  ).toBeGreaterThan(projects.length / 2)
})

it('gives alpha exactly one project without contents', () => {
  const { projects, contents } = createSeedDocument()
  const used = new Set(contents.map((content) => content.project_unique))
  const empty = projects.filter((project) => !used.has(project.project_unique))
  expect(empty).toHaveLength(1)
  expect(empty[0]!.account).toBe('acct_alpha')
})

it('mixes complete and in-progress contents with and without publish results', () => {
  const { contents } = createSeedDocument()
  const complete = contents.filter((content) => content.progress!.is_complete)
  expect(complete.length).toBeGreaterThan(0)
  expect(complete.length).toBeLessThan(contents.length)
  expect(complete.some((content) => content.publish!.length === 0)).toBe(true)
  expect(complete.some((content) => content.publish!.length >= 2)).toBe(true)
  const platforms = new Set(
    contents.flatMap((content) =>
      content.publish!.map((result) => result.platform),
    ),
  )
  expect([...platforms].sort()).toEqual([
    'facebook',
    'instagram',
    'medium',
    'tiktok',
    'x',
    'youtube',
  ])
})

it('keeps every record realistic', () => {
  for (const seed of [1, 2, 3]) {
    const document = createSeedDocument({ seed, projects: 12, contents: 2000 })
    expectRealisticRecords(document, DEFAULT_REFERENCE_DATE)
  }
})

it('places every timestamp before a custom reference date', () => {
  const referenceDate = '2020-06-01T00:00:00.000Z'
  const document = createSeedDocument({ referenceDate, contents: 500 })
  expectValidDocument(document)
  expectRealisticRecords(document, referenceDate)
})

it('builds 100,000 contents with unique IDs', () => {
  // Its speed is measured by bench/lookup.js, not asserted here.
  const document = createSeedDocument({ contents: 100_000 })
  expect(document.contents).toHaveLength(100_000)
  const variations = new Set(
    document.contents.map((content) => content.variation_unique),
  )
  const movies = new Set(
    document.contents.map((content) => String(content.content.movie_unique)),
  )
  expect(variations.size).toBe(100_000)
  expect(movies.size).toBe(100_000)
}, 60_000)

it('rejects invalid options with a message that names the option', () => {
  expect(() => createSeedDocument({ contents: -1 })).toThrow(/"contents"/)
  expect(() => createSeedDocument({ projects: 2.5 })).toThrow(/"projects"/)
  expect(() => createSeedDocument({ seed: 1.5 })).toThrow(/"seed"/)
  expect(() => createSeedDocument({ referenceDate: 'tomorrow' })).toThrow(
    /"referenceDate"/,
  )
  expect(() => createSeedDocument({ apiKey: 'has space' })).toThrow(/"apiKey"/)
  expect(() => createSeedDocument({ apiKey: BETA_API_KEY })).toThrow(/"apiKey"/)
  expect(() => createSeedDocument({ projects: 0, contents: 1 })).toThrow(
    /"projects"/,
  )
})
