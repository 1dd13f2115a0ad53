import * as z from 'zod'
import { FIXTURE_PARSE_OPTIONS } from './describe-expectation.js'
import { isObject } from './is-object.js'
import { recordedExtrasShape } from './recorded-extras.js'
import {
  MOVIEMODE,
  fixtureMoviemodeBodySchema,
  moviemodeContentSchema,
} from './moviemode-content.js'

interface ContentModeShapes {
  readonly stored: z.ZodObject
  /** The stored body plus the fields the API issues per request (such as asset URLs). */
  readonly served: z.ZodObject
}

/**
 * "The `content` shape depends on the mode", in one place: the fixture check, the API's `content` union, both JSON
 * Schema documents and the serializer are generated from it. Adding a mode is one entry (schemas with `.meta({ id })`).
 */
export const CONTENT_MODES = {
  [MOVIEMODE]: {
    stored: fixtureMoviemodeBodySchema,
    served: moviemodeContentSchema,
  },
} as const satisfies Record<string, ContentModeShapes>

export type KnownContentMode = keyof typeof CONTENT_MODES

export type ServedContentSchema =
  (typeof CONTENT_MODES)[KnownContentMode]['served']

/** @note `Object.hasOwn`, so modes such as `"constructor"` find nothing. */
export function findContentMode(mode: string): ContentModeShapes | undefined {
  return Object.hasOwn(CONTENT_MODES, mode)
    ? CONTENT_MODES[mode as KnownContentMode]
    : undefined
}

function describeContentMode(mode: string): string {
  const shapes = findContentMode(mode)
  // @note The recorded extras every body may carry are not its shape.
  const keys = Object.keys(shapes?.stored.shape ?? {}).filter(
    (key) => !Object.hasOwn(recordedExtrasShape, key),
  )
  return `mode ${JSON.stringify(mode)} takes content: { ${keys.map((key) => `${JSON.stringify(key)}: …`).join(', ')} }`
}

/** `params` carry the body's own issue, the `mode` and a `hint`, so a reader can word them like any other issue. */
export function findContentBodyIssues(
  mode: string,
  content: unknown,
): z.core.$ZodIssueCustom[] {
  const shapes = findContentMode(mode)
  if (shapes === undefined) return []
  const body = shapes.stored.safeParse(content, FIXTURE_PARSE_OPTIONS)
  if (body.success) return []
  const hint = describeContentMode(mode)
  return body.error.issues.map((issue) => ({
    code: 'custom',
    path: ['content', ...issue.path],
    message: `${issue.message} (${hint})`,
    input: issue.input,
    params: { issue, hint, mode },
  }))
}

/**
 * @note zod skips a refinement once a number check inside the record failed (`z.int()` aborts), so
 * `parseFixtureDocument` runs `findContentBodyIssues` on the raw input instead, to report every problem in one pass.
 */
export function checkStoredContentBody(
  record: { mode: string; content: Record<string, unknown> },
  context: z.core.$RefinementCtx,
): void {
  for (const issue of findContentBodyIssues(record.mode, record.content)) {
    context.addIssue({ ...issue })
  }
}

/** Lets `checkStoredContentBody` run even when other fields are wrong, so one parse reports every problem. */
export function hasReadableContentBody(payload: { value: unknown }): boolean {
  if (!isObject(payload.value)) return false
  const { mode, content } = payload.value as Record<string, unknown>
  return (
    typeof mode === 'string' && isObject(content) && !Array.isArray(content)
  )
}

/** The table as JSON Schema `if`/`then` conditions, for the `allOf` of a content object. */
export function createContentModeConditions(
  side: keyof ContentModeShapes,
): Array<Record<string, unknown>> {
  return Object.entries(CONTENT_MODES).map(([mode, shapes]) => ({
    if: { properties: { mode: { const: mode } }, required: ['mode'] },
    then: {
      properties: { content: { $ref: `#/$defs/${idOf(shapes[side])}` } },
    },
  }))
}

/**
 * With one known mode, `content` is that body outright, so generated clients type `content.download_url` as a
 * string; with several, any of them, tied to `mode` by `createContentModeConditions('served')`.
 */
export function createKnownModeProperties() {
  const refs = contentModeSchemaIds('served').map((id) => ({
    $ref: `#/$defs/${id}`,
  }))
  return {
    mode: { type: 'string', enum: Object.keys(CONTENT_MODES) },
    content: refs.length === 1 ? refs[0]! : { anyOf: refs },
  }
}

export function contentModeSchemaIds(side: keyof ContentModeShapes): string[] {
  return Object.values(CONTENT_MODES).map((shapes) => idOf(shapes[side]))
}

function idOf(schema: z.ZodType): string {
  const id = z.globalRegistry.get(schema)?.id
  if (id === undefined) {
    throw new Error(
      'Failed to describe a content mode as JSON Schema: one of its body schemas has no id. Give each body schema of CONTENT_MODES a `.meta({ id })` in src/schema/.',
    )
  }
  return id
}
