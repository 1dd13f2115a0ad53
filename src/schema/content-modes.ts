import * as z from 'zod'
import { describeExpectation } from './describe-expectation.js'
import { recordedExtrasShape } from './recorded-extras.js'
import {
  MOVIEMODE,
  fixtureMoviemodeBodySchema,
  moviemodeContentSchema,
} from './moviemode-content.js'

/**
 * The two shapes of a content's `content` object in one mode: as a fixture
 * document stores it, and as the API serves it.
 */
interface ContentModeShapes {
  /** The stored body: what a fixture document holds for this mode. */
  readonly stored: z.ZodObject
  /**
   * The served body: the stored one plus the fields the API issues per
   * request (such as asset URLs).
   */
  readonly served: z.ZodObject
}

/**
 * "The `content` shape depends on the mode", in one place: each mode whose
 * shape is known, mapped to its stored (fixture) and served (API) body
 * schemas. The fixture schema's check, the API's `content` union, both JSON
 * Schema documents and the serializer are generated from it; a content of
 * any other mode keeps whatever object it was given. Adding a mode is one
 * entry here (plus its two schemas, each with a `.meta({ id })`).
 */
export const CONTENT_MODES = {
  [MOVIEMODE]: {
    stored: fixtureMoviemodeBodySchema,
    served: moviemodeContentSchema,
  },
} as const satisfies Record<string, ContentModeShapes>

/**
 * A mode with a known `content` shape.
 */
export type KnownContentMode = keyof typeof CONTENT_MODES

/**
 * The served body schema of any known mode.
 */
export type ServedContentSchema =
  (typeof CONTENT_MODES)[KnownContentMode]['served']

/**
 * The shapes of a mode, or `undefined` for a mode whose shape is not known.
 * @note `Object.hasOwn`, so modes such as `"constructor"` find nothing.
 */
export function findContentMode(mode: string): ContentModeShapes | undefined {
  return Object.hasOwn(CONTENT_MODES, mode)
    ? CONTENT_MODES[mode as KnownContentMode]
    : undefined
}

/**
 * How the stored body of a mode is written, for messages:
 * `mode "moviemode" takes content: { "movie_unique": … }`.
 */
function describeContentMode(mode: string): string {
  const shapes = findContentMode(mode)
  // @note The recorded extras every body may carry are not its shape.
  const keys = Object.keys(shapes?.stored.shape ?? {}).filter(
    (key) => !Object.hasOwn(recordedExtrasShape, key),
  )
  return `mode ${JSON.stringify(mode)} takes content: { ${keys.map((key) => `${JSON.stringify(key)}: …`).join(', ')} }`
}

/**
 * The problems of a content's `content` against the stored body of its mode,
 * as `custom` issues at `content.…` whose `params` carry the body's own issue
 * (`issue`, its path relative to the body), the `mode` and how its body is
 * written (`hint`), so a reader can word them like any other issue. None for
 * a mode whose shape is not known.
 */
export function findContentBodyIssues(
  mode: string,
  content: unknown,
): z.core.$ZodIssueCustom[] {
  const shapes = findContentMode(mode)
  if (shapes === undefined) return []
  const body = shapes.stored.safeParse(content, {
    reportInput: true,
    error: describeExpectation,
  })
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
 * The mode rule as a refinement of `fixtureContentSchema`: the record's
 * `content` must be the stored body of its mode.
 * @note zod skips a refinement once a number check inside the record failed
 * (`z.int()` aborts), so `parseFixtureDocument` runs `findContentBodyIssues`
 * on the raw input instead, to report every problem in one pass.
 */
export function checkStoredContentBody(
  record: { mode: string; content: Record<string, unknown> },
  context: z.core.$RefinementCtx,
): void {
  for (const issue of findContentBodyIssues(record.mode, record.content)) {
    context.addIssue({ ...issue })
  }
}

/**
 * Whether a record's `mode` and `content` can be read, even when other
 * fields of the record are wrong: `checkStoredContentBody` then runs too, so
 * one parse reports every problem of a document.
 */
export function hasReadableContentBody(payload: { value: unknown }): boolean {
  const record = payload.value
  if (typeof record !== 'object' || record === null) return false
  const { mode, content } = record as Record<string, unknown>
  return (
    typeof mode === 'string' &&
    typeof content === 'object' &&
    content !== null &&
    !Array.isArray(content)
  )
}

/**
 * The table as JSON Schema, for the `allOf` of a content object: for each
 * known mode, `if` `mode` is it, `then` `content` is a `$ref` to that mode's
 * body in `#/$defs/` (the stored one for the fixture document, the served
 * one for the API).
 * @throws when a body schema has no `.meta({ id })` to refer to.
 */
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
 * The `mode` and `content` properties of a served content in the strict
 * OpenAPI document: `mode` one of the known modes, `content` the served body
 * of that mode (a `$ref` into `#/$defs/`). With one known mode, `content` is
 * that body outright, so generated clients type `content.download_url` as a
 * string; with several, it is any of their bodies, tied to `mode` by the
 * conditions of `createContentModeConditions('served')`.
 */
export function createKnownModeProperties(): {
  mode: Record<string, unknown>
  content: Record<string, unknown>
} {
  const refs = contentModeSchemaIds('served').map((id) => ({
    $ref: `#/$defs/${id}`,
  }))
  return {
    mode: { type: 'string', enum: Object.keys(CONTENT_MODES) },
    content: refs.length === 1 ? refs[0]! : { anyOf: refs },
  }
}

/**
 * The `$defs` names the conditions of one side refer to.
 */
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
