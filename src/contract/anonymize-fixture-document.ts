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

/** The host of every URL an anonymized document holds. */
const FAKE_HOST = 'https://example.com'
// Members whose text an anonymized document replaces wherever they are
// (extras, bodies of other modes); IDs (`*_unique`), times and the rest stay.
const TEXT_FIELD = /title|name|description|caption|text|excerpt|body|comment/i

/**
 * A copy of a recorded fixture document with its words replaced by seeded
 * fake ones: project names and descriptions, content titles, post URLs, and
 * in recorded extras and other modes' bodies every URL and every text member
 * (`title`, `text`, `excerpt`, `body_html`…). IDs, structure, counts,
 * modes, statuses, numbers and timestamps are kept, so the document answers
 * the same shapes; the same seed gives the same words, each drawn from the
 * record's own ID.
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
    ...(content.publish === undefined
      ? {}
      : {
          publish: content.publish.map((result) =>
            withFakeExtras(fake, { ...result, post_url: fake.url() }),
          ),
        }),
    ...(content.progress === undefined
      ? {}
      : { progress: withFakeExtras(fake, content.progress) }),
  })
}

interface Faker {
  pick<T>(items: readonly T[]): T
  int(below: number): number
  url(): string
  text(): string
}

function createFaker(seed: number, id: string): Faker {
  const random = createVariantRandom(seed, 'anonymize', id)
  const int = (below: number) => Math.floor(random() * below)
  const hex = () => int(0x100000000).toString(16).padStart(8, '0')
  return {
    pick: (items) => items[int(items.length)]!,
    int,
    url: () => `${FAKE_HOST}/${hex()}`,
    text: () =>
      `${capitalize(COLORS[int(COLORS.length)]!)} ${PRODUCT_LINES[int(PRODUCT_LINES.length)]!.item} in ${CITIES[int(CITIES.length)]!}`,
  }
}

function withFakeExtras<T extends RecordedExtras>(fake: Faker, record: T): T {
  if (record.extra === undefined) return record
  return {
    ...record,
    extra: fakeValues(fake, record.extra) as Record<string, unknown>,
  }
}

/** Replaces URLs and text members, at any depth; keeps everything else. */
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
