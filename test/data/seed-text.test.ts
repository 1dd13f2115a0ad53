import { en } from '@faker-js/faker'
import {
  createContentApiMock,
  DEFAULT_API_KEY,
  type FixtureDocument,
} from 'content-api-mock'
import { createSeedDocument } from 'content-api-mock/seed'
import { it, expect } from 'vitest'

const SEEDS = Array.from({ length: 20 }, (_, index) => index + 1)

/**
 * Faker's product adjectives and the words of its catch phrases: what the
 * demo data read like before its words were curated ("oriental sneaker",
 * "Organic reciprocal firmware"). None may come back.
 */
const DENIED_WORDS = new Set(
  [
    ...en.commerce!.product_name!.adjective!,
    ...en.company!.adjective!,
    ...en.company!.descriptor!,
  ].map((word) => word.toLowerCase()),
)

function textOf(document: FixtureDocument): string[] {
  return [
    ...document.projects.flatMap((project) => [
      project.project_name,
      project.description,
    ]),
    ...document.contents.map((content) => content.title),
  ]
}

function deniedIn(text: string): string[] {
  const lower = text.toLowerCase()
  const found: string[] = []
  for (const word of DENIED_WORDS) {
    const escaped = word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
    if (new RegExp(`(^|[^a-z0-9-])${escaped}($|[^a-z0-9-])`).test(lower)) {
      found.push(word)
    }
  }
  return found
}

function mostRepeatedTitle(document: FixtureDocument): [string, number] {
  const counts = new Map<string, number>()
  let top: [string, number] = ['', 0]
  for (const { project_unique, title } of document.contents) {
    const key = `${project_unique}\n${title}`
    const count = (counts.get(key) ?? 0) + 1
    counts.set(key, count)
    if (count > top[1]) top = [title, count]
  }
  return top
}

it('uses none of faker’s product adjectives or catch-phrase words, over seeds 1 to 20', () => {
  for (const seed of SEEDS) {
    const document = createSeedDocument({ seed, projects: 12, contents: 200 })
    for (const text of textOf(document)) {
      expect(deniedIn(text), `seed ${seed}: ${text}`).toEqual([])
    }
  }
})

it('knows a denied word when it sees one', () => {
  expect(deniedIn('Stephanie tries the oriental sneaker')).toEqual(['oriental'])
  expect(deniedIn('Tagline: "Organic reciprocal firmware".')).toEqual([
    'organic',
    'reciprocal',
  ])
  expect(deniedIn('Pulse 3 Mini: the smartwatch for commuters')).toEqual([])
})

it('repeats a title at most 3 times within a project, over seeds 1 to 20', () => {
  for (const seed of SEEDS) {
    const document = createSeedDocument({ seed, projects: 12, contents: 200 })
    const [title, count] = mostRepeatedTitle(document)
    expect(count, `seed ${seed}: "${title}"`).toBeLessThanOrEqual(3)
  }
})

it('repeats a title at most 3 times in one project of 200 contents, over seeds 1 to 20', () => {
  for (const seed of SEEDS) {
    const document = createSeedDocument({ seed, projects: 1, contents: 200 })
    const [title, count] = mostRepeatedTitle(document)
    expect(count, `seed ${seed}: "${title}"`).toBeLessThanOrEqual(3)
    const titles = document.contents.map((content) => content.title)
    // Fewer than one in ten is a repeat.
    expect(new Set(titles).size, `seed ${seed}`).toBeGreaterThan(180)
  }
})

it('repeats a title at most 3 times in a live project list, history and stream together, over seeds 1 to 20', async () => {
  const get = (mock: ReturnType<typeof createContentApiMock>, path: string) => {
    const response = mock.handle({
      method: 'GET',
      origin: 'http://localhost',
      path: `/public-api/v1${path}`,
      query: '',
      headers: new Headers({ authorization: `Bearer ${DEFAULT_API_KEY}` }),
    })
    return JSON.parse(response!.body as string).data
  }
  for (const seed of SEEDS) {
    const mock = createContentApiMock({
      seed,
      live: true,
      size: { projects: 12, contents: 200 },
    })
    await mock.ready
    mock.clock.set(Date.parse('2026-11-22T12:00:00Z'))
    for (const project of get(mock, '/projects')) {
      const counts = new Map<string, number>()
      for (const { title } of get(
        mock,
        `/projects/${project.project_unique}/contents`,
      )) {
        counts.set(title, (counts.get(title) ?? 0) + 1)
      }
      const [title, count] = [...counts].reduce(
        (top, entry) => (entry[1] > top[1] ? entry : top),
        ['', 0],
      )
      expect(
        count,
        `seed ${seed}, ${project.project_name}: "${title}"`,
      ).toBeLessThanOrEqual(3)
    }
  }
})

it('opens the default dataset’s project list, newest first, on a project with contents', () => {
  for (const seed of SEEDS) {
    const document = createSeedDocument({ seed })
    const newest = [...document.projects].sort((left, right) =>
      right.created_at.localeCompare(left.created_at),
    )
    // Alpha's list and beta's: the projects each sees, newest first.
    for (const account of ['acct_alpha', 'acct_beta']) {
      const first = newest.find(
        (project) =>
          project.account === account ||
          (project.shared_with ?? []).includes(account),
      )!
      expect(
        document.contents.some(
          (content) => content.project_unique === first.project_unique,
        ),
        `seed ${seed}, ${account}: ${first.project_name}`,
      ).toBe(true)
    }
  }
})
