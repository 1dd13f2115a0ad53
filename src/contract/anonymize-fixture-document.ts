import { createVariantRandom } from '../api/variants/create-variant-random.js'
import { isJsonRecord } from '../data/is-json-record.js'
import { PRODUCT_LINES } from '../data/seed/product-lines.js'
import {
  CITIES,
  COLORS,
  DESCRIPTION_LEADS,
  SEASONS,
} from '../data/seed/word-lists.js'
import type {
  FixtureContent,
  FixtureDocument,
  FixtureProject,
} from '../schema/fixture.js'
import type { RecordedExtras } from '../schema/recorded-extras.js'

const FAKE_HOST = 'https://example.com'
// Members whose text an anonymized document replaces wherever they are
// (extras, bodies of other modes); IDs (`*_unique`), times and the rest stay.
const TEXT_FIELD = /title|name|description|caption|text|excerpt|body|comment/i

/**
 * A recorded fixture document with its words and URLs replaced by fake ones,
 * drawn from the seed and each record's ID; IDs, structure, counts, modes,
 * statuses, numbers and times kept, so it answers the same shapes.
 */
export function anonymizeFixtureDocument(
  document: FixtureDocument,
  seed: number,
): FixtureDocument {
  return {
    ...document,
    projects: document.projects.map((project) =>
      anonymizeProject(project, seed),
    ),
    contents: document.contents.map((content) =>
      anonymizeContent(content, seed),
    ),
  }
}

function anonymizeProject(
  project: FixtureProject,
  seed: number,
): FixtureProject {
  const fake = createFaker(seed, project.project_unique)
  const line = fake.pick(PRODUCT_LINES).line
  return withFakeExtras(fake, {
    ...project,
    project_name: `${fake.pick(SEASONS)} ${line} ${fake.pick(['Launch', 'Lookbook', 'Series'])}`,
    description:
      project.description === ''
        ? ''
        : `${fake.pick(DESCRIPTION_LEADS)} for ${fake.pick(CITIES)}`,
  })
}

function anonymizeContent(
  content: FixtureContent,
  seed: number,
): FixtureContent {
  const fake = createFaker(seed, content.variation_unique)
  const { item } = fake.pick(PRODUCT_LINES)
  return withFakeExtras(fake, {
    ...content,
    title: `${capitalize(fake.pick(COLORS))} ${item} ${fake.int(100)}`,
    // @note A moviemode body is IDs (and extras); another mode's is as sent.
    content: fakeValues(fake, content.content) as Record<string, unknown>,
    ...(content.publish && {
      publish: content.publish.map((result) =>
        withFakeExtras(fake, { ...result, post_url: fake.url() }),
      ),
    }),
    ...(content.progress && {
      progress: withFakeExtras(fake, content.progress),
    }),
  })
}

type Faker = ReturnType<typeof createFaker>

function createFaker(seed: number, id: string) {
  const random = createVariantRandom(seed, 'anonymize', id)
  const int = (below: number) => Math.floor(random() * below)
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!
  const hex = () => int(0x100000000).toString(16).padStart(8, '0')
  return {
    pick,
    int,
    url: () => `${FAKE_HOST}/${hex()}`,
    text: () =>
      `${capitalize(pick(COLORS))} ${pick(PRODUCT_LINES).item} in ${pick(CITIES)}`,
  }
}

function withFakeExtras<T extends RecordedExtras>(fake: Faker, record: T): T {
  if (record.extra === undefined) return record
  return {
    ...record,
    extra: fakeValues(fake, record.extra) as Record<string, unknown>,
  }
}

function fakeValues(fake: Faker, value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    if (/^https?:\/\//i.test(value)) return fake.url()
    if (TEXT_FIELD.test(key) && !key.endsWith('_unique') && value !== '') {
      return fake.text()
    }
    return value
  }
  if (Array.isArray(value)) {
    return value.map((item) => fakeValues(fake, item, key))
  }
  if (isJsonRecord(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [
        name,
        fakeValues(fake, item, name),
      ]),
    )
  }
  return value
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
