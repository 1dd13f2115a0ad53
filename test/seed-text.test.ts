import { en } from '@faker-js/faker'
import type { FixtureDocument } from 'content-api-mock'
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
