import type * as z from 'zod'
import { CONTENT_MODES } from '../schema/content-modes.js'
import { createPicker } from '../schema/create-picker.js'
import type { FixtureProject } from '../schema/fixture.js'
import type { RecordedExtras } from '../schema/recorded-extras.js'
import { MOVIEMODE } from '../schema/moviemode-content.js'
import type { AssetUrls } from './asset-signer.js'
import { cached } from '../data/cached.js'
import type { ServedContent } from './content-at.js'
import {
  applyRecordedExtras,
  hasRecordedExtras,
} from './apply-recorded-extras.js'
import {
  contentDetailSchema,
  contentListItemSchema,
  progressSchema,
  projectDetailSchema,
  projectListItemSchema,
  publishResultSchema,
} from '../schema/resources.js'

// @note Records are immutable snapshots (`@msw/data` replaces a record on update), so a record can key its JSON.
const contentListItems = new WeakMap<ServedContent, string>()
const contentDetails = new WeakMap<ServedContent, DetailTemplate>()

/** JSON fragments around the per-request fields: `issued[i]` goes between `parts[i]` and `parts[i + 1]`. */
interface DetailTemplate {
  parts: readonly string[]
  issued: readonly string[]
}

const pickContentListItem = createPicker(contentListItemSchema)
// `content` is the last field of a content detail: the template is the rest, then `content`.
const pickContentDetailHead = createPicker(
  contentDetailSchema.omit({ content: true }),
)
// The spec's fields of each object, for `applyRecordedExtras`.
const PROJECT_FIELDS = new Set(Object.keys(projectDetailSchema.shape))
const CONTENT_FIELDS = new Set(Object.keys(contentDetailSchema.shape))
const PROGRESS_FIELDS = new Set(Object.keys(progressSchema.shape))
const PUBLISH_FIELDS = new Set(Object.keys(publishResultSchema.shape))
// Per mode with a known shape: the keys its stored body lacks are issued per request.
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

export const serializeProjectListItem = createProjectSerializer(
  projectListItemSchema,
)
export const serializeProjectDetail =
  createProjectSerializer(projectDetailSchema)

export function serializeContentListItem(content: ServedContent): string {
  return cached(contentListItems, content, () => {
    const view = pickContentListItem(content)
    if (hasContentExtras(content)) withContentExtras(view, content, view)
    return JSON.stringify(view)
  })
}

/** Modes of `CONTENT_MODES` get their served body (for `moviemode`, asset URLs issued per request); any other mode its stored object as is. */
export function serializeContentDetail(
  content: ServedContent,
  issueJson: (movieUnique: string) => AssetUrls,
): string {
  const template = cached(contentDetails, content, () =>
    createDetailTemplate(content),
  )
  const { parts } = template
  if (template.issued.length === 0) return parts[0]!
  // @note moviemode's asset URLs are issued for each request, never cached.
  const issued: Partial<AssetUrls> =
    content.mode === MOVIEMODE
      ? issueJson(content.content.movie_unique as string)
      : {}
  let json = parts[0]!
  for (let i = 0; i < template.issued.length; i++) {
    const key = template.issued[i] as keyof AssetUrls
    const value = issued[key]
    if (value === undefined) {
      throw new Error(
        `Failed to serialize content "${content.variation_unique}": the served body of mode "${content.mode}" needs "${key}", which is neither stored nor issued. Issue it in serializeContentDetail (src/api/serialize.ts).`,
      )
    }
    json += value + parts[i + 1]
  }
  return json
}

function createDetailTemplate(content: ServedContent): DetailTemplate {
  const headView: Record<string, unknown> = pickContentDetailHead(content)
  // @note The service's own members follow `content`, the last spec field.
  const after: Record<string, unknown> = {}
  if (hasContentExtras(content)) withContentExtras(headView, content, after)
  const head = JSON.stringify(headView).slice(0, -1)
  const tail = `${JSON.stringify(after)
    .slice(1, -1)
    .replace(/^(?=.)/, ',')}}`
  const served = servedBodies.get(content.mode)
  const recordedBody = findRecordedBody(content)
  if (served === undefined || recordedBody !== undefined) {
    const json = recordedBody ?? JSON.stringify(content.content)
    const body = json === '' ? '' : `,"content":${json}`
    return { parts: [`${head}${body}${tail}`], issued: [] }
  }
  const body = content.content as Record<string, unknown> & RecordedExtras
  const stored = served.pick(body)
  const absent = new Set(body.absent)
  const recorded = body.extra ?? {}
  const parts: string[] = []
  const issued: string[] = []
  let part = `${head},"content":{`
  let separator = ''
  for (const key of served.keys) {
    if (absent.has(key)) continue
    if (Object.hasOwn(recorded, key)) {
      part += `${separator}${JSON.stringify(key)}:${JSON.stringify(recorded[key])}`
    } else if (served.issued.has(key)) {
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
  for (const [key, value] of Object.entries(recorded)) {
    if (served.keys.includes(key)) continue
    part += `${separator}${JSON.stringify(key)}:${JSON.stringify(value)}`
    separator = ','
  }
  parts.push(`${part}}${tail}`)
  return { parts, issued }
}

/**
 * The JSON of a `content` recorded in place of the stored body (`''` when
 * the answer had none), or `undefined` to serve the stored body.
 */
function findRecordedBody(content: ServedContent): string | undefined {
  if (content.absent?.includes('content')) return ''
  if (content.extra === undefined || !Object.hasOwn(content.extra, 'content')) {
    return undefined
  }
  return JSON.stringify(content.extra.content)
}

/** A project's JSON as one view of it shows it, cached per record. */
function createProjectSerializer(schema: typeof projectListItemSchema) {
  const pick = createPicker(schema)
  const cache = new WeakMap<FixtureProject, string>()
  return (project: FixtureProject): string =>
    cached(cache, project, () => {
      const view = pick(project)
      return JSON.stringify(
        hasRecordedExtras(project)
          ? applyRecordedExtras(view, project, PROJECT_FIELDS)
          : view,
      )
    })
}

function hasContentExtras(content: ServedContent): boolean {
  return (
    hasRecordedExtras(content) ||
    hasRecordedExtras(content.progress) ||
    content.publish.some(hasRecordedExtras)
  )
}

/** Writes the recorded extras of a content, its progress and its publish results into a view of it. */
function withContentExtras(
  view: Record<string, unknown>,
  content: ServedContent,
  appendTo: Record<string, unknown>,
): void {
  const progress = view.progress as Record<string, unknown>
  applyRecordedExtras(progress, content.progress, PROGRESS_FIELDS)
  const publish = view.publish as Record<string, unknown>[] | undefined
  publish?.forEach((result, index) =>
    applyRecordedExtras(result, content.publish[index]!, PUBLISH_FIELDS),
  )
  applyRecordedExtras(view, content, CONTENT_FIELDS, appendTo)
}
