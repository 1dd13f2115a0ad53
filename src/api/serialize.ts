import type * as z from 'zod'
import { CONTENT_MODES } from '../schema/content-modes.js'
import { createPicker } from '../schema/create-picker.js'
import type { FixtureProject } from '../schema/fixture.js'
import { MOVIEMODE } from '../schema/moviemode-content.js'
import type { ServedContent } from './content-at.js'
import {
  contentDetailSchema,
  contentListItemSchema,
  projectDetailSchema,
  projectListItemSchema,
} from '../schema/resources.js'

/**
 * @note Records are immutable snapshots (`@msw/data` replaces a record on
 * update), so the JSON of a record can be cached by the record itself.
 */
const projectListItems = new WeakMap<FixtureProject, string>()
const projectDetails = new WeakMap<FixtureProject, string>()
const contentListItems = new WeakMap<ServedContent, string>()
const contentDetails = new WeakMap<ServedContent, DetailTemplate>()

/**
 * A content detail as cached: JSON fragments, between which the fields of
 * the served body that are issued per request are written (`issued[i]` goes
 * between `parts[i]` and `parts[i + 1]`).
 */
interface DetailTemplate {
  parts: readonly string[]
  issued: readonly string[]
}

// The fields of each response come from its schema, in schema order.
const pickProjectListItem = createPicker(projectListItemSchema)
const pickProjectDetail = createPicker(projectDetailSchema)
const pickContentListItem = createPicker(contentListItemSchema)
// `content` is the last field of a content detail: the cached template is
// the detail without it, then `content`.
const pickContentDetailHead = createPicker(
  contentDetailSchema.omit({ content: true }),
)
// For each mode with a known shape: its served body's picker and keys, and
// the keys its stored body does not hold, which are issued per request.
const servedBodies = new Map(
  Object.entries(CONTENT_MODES).map(([mode, shapes]) => {
    const keys = Object.keys(shapes.served.shape)
    const pick = createPicker<z.core.$ZodType>(shapes.served)
    return [
      mode,
      {
        pick: pick as (body: object) => Record<string, unknown>,
        keys,
        issued: new Set(keys.filter((key) => !(key in shapes.stored.shape))),
      },
    ]
  }),
)

/**
 * The JSON of a project as a list item (spec 2.1): only the list fields.
 * @example
 * `[${projects.map(serializeProjectListItem).join(',')}]`
 */
export function serializeProjectListItem(project: FixtureProject): string {
  return cached(projectListItems, project, () =>
    JSON.stringify(pickProjectListItem(project)),
  )
}

/**
 * The JSON of a project detail (spec 2.2).
 * @example
 * `{"data":${serializeProjectDetail(project)}}`
 */
export function serializeProjectDetail(project: FixtureProject): string {
  return cached(projectDetails, project, () =>
    JSON.stringify(pickProjectDetail(project)),
  )
}

/**
 * The JSON of a content as a list item (spec 2.3): only the list fields.
 * @example
 * `[${contents.map(serializeContentListItem).join(',')}]`
 */
export function serializeContentListItem(content: ServedContent): string {
  return cached(contentListItems, content, () =>
    JSON.stringify(pickContentListItem(content)),
  )
}

/**
 * The JSON of a content detail (spec 2.4). A content of a mode with a known
 * shape gets the served body of its mode (`CONTENT_MODES`): for `moviemode`,
 * the stored body plus the asset URLs issued for this request. A content of
 * any other mode gets its stored object as it is.
 * @example
 * serializeContentDetail(content, (movieUnique) => signer.issueUrls(origin, movieUnique))
 */
export function serializeContentDetail(
  content: ServedContent,
  issueUrls: (movieUnique: string) => {
    download_url: string
    thumbnail_url: string
  },
): string {
  const template = cached(contentDetails, content, () =>
    createDetailTemplate(content),
  )
  const { parts } = template
  if (template.issued.length === 0) return parts[0]!
  // @note The one behaviour that differs by mode: moviemode's asset URLs
  // are issued for each request, never cached.
  const issued: Record<string, unknown> =
    content.mode === MOVIEMODE
      ? issueUrls(content.content.movie_unique as string)
      : {}
  let json = parts[0]!
  for (let i = 0; i < template.issued.length; i++) {
    const key = template.issued[i]!
    if (issued[key] === undefined) {
      throw new Error(
        `Failed to serialize content "${content.variation_unique}": the served body of mode "${content.mode}" needs "${key}", which is neither stored nor issued. Issue it in serializeContentDetail (src/api/serialize.ts).`,
      )
    }
    json += JSON.stringify(issued[key]) + parts[i + 1]
  }
  return json
}

function createDetailTemplate(content: ServedContent): DetailTemplate {
  const head = JSON.stringify(pickContentDetailHead(content)).slice(0, -1)
  const served = servedBodies.get(content.mode)
  if (served === undefined) {
    return {
      parts: [`${head},"content":${JSON.stringify(content.content)}}`],
      issued: [],
    }
  }
  const stored = served.pick(content.content)
  const parts: string[] = []
  const issued: string[] = []
  let part = `${head},"content":{`
  let separator = ''
  for (const key of served.keys) {
    if (served.issued.has(key)) {
      parts.push(`${part}${separator}${JSON.stringify(key)}:`)
      issued.push(key)
      part = ''
    } else if (stored[key] !== undefined) {
      part += `${separator}${JSON.stringify(key)}:${JSON.stringify(stored[key])}`
    } else {
      continue
    }
    separator = ','
  }
  parts.push(`${part}}}`)
  return { parts, issued }
}

function cached<Key extends object, Value>(
  cache: WeakMap<Key, Value>,
  key: Key,
  create: () => Value,
): Value {
  let value = cache.get(key)
  if (value === undefined) {
    value = create()
    cache.set(key, value)
  }
  return value
}
