import * as z from 'zod'
import { timestampSchema, urlSchema } from './primitives.js'
import { fixtureInstantSchema, readStoryOffset } from './story-time.js'

/** @note The spec shows one status, `success`; this one, `failed` and pending → settled are the mock's choice. */
export const PENDING_PUBLISH_STATUS = 'pending'

/** `posted_at` is `requested_at` while pending, then `settled_at`; without `settled_at` it stays pending. */
export const fixtureTimelinePublishSchema = z
  .strictObject({
    platform: z.string().min(1),
    post_url: urlSchema,
    requested_at: fixtureInstantSchema,
    settled_at: fixtureInstantSchema.optional(),
    status: z.string().min(1),
  })
  .meta({
    id: 'FixtureTimelinePublish',
    description:
      'A publish result that appears at requested_at as "pending" and takes its status at settled_at.',
  })

/** `progress` is step 1 from `created_at`, step i + 2 from `step_ends[i]`, and complete from the last entry on. */
export const fixtureTimelineSchema = z
  .strictObject({
    step_ends: z.array(fixtureInstantSchema).min(1).max(100),
    publish: z.array(fixtureTimelinePublishSchema).optional(),
  })
  .meta({
    id: 'FixtureTimeline',
    description:
      'Makes progress and publish a function of the mock clock: step i + 1 ends at step_ends[i]; publish results appear and settle at their times.',
  })

export type FixtureTimeline = z.infer<typeof fixtureTimelineSchema>
export type FixtureTimelinePublish = z.infer<
  typeof fixtureTimelinePublishSchema
>

interface TimelineIssue {
  path: Array<string | number>
  message: string
}

/** What a content without a timeline must hold instead. */
const FIXED_FIELDS = {
  progress: 'a progress object, or a timeline that computes it',
  publish: 'an array of publish results, or a timeline that computes them',
}

/** The timeline rules a shape cannot say, read from a raw record wherever its fields can be read. */
export function findTimelineIssues(
  content: Readonly<Record<string, unknown>>,
): TimelineIssue[] {
  const issues: TimelineIssue[] = []
  const timeline = content.timeline
  // Each fixed field is missing without a timeline, and one too many beside it.
  for (const [field, expected] of Object.entries(FIXED_FIELDS)) {
    const given = content[field] !== undefined
    if (timeline === undefined && !given) {
      issues.push({ path: [field], message: `missing; expected ${expected}` })
    } else if (timeline !== undefined && given) {
      issues.push({
        path: [field],
        message: `computed from "timeline" at every answer; remove "${field}", or remove "timeline" to keep it fixed`,
      })
    }
  }
  if (typeof timeline !== 'object' || timeline === null) return issues
  const { step_ends: stepEnds, publish } = timeline as Record<string, unknown>

  let previous = { time: readTime(content.created_at), name: 'created_at' }
  if (Array.isArray(stepEnds)) {
    stepEnds.forEach((value, i) => {
      const time = readTime(value)
      if (time === undefined) return
      checkOrder(issues, ['timeline', 'step_ends', i], time, previous.time, {
        strict: true,
        message: (bound) =>
          `expected a time after ${previous.name} (${bound}), found ${JSON.stringify(value)}`,
      })
      previous = { time, name: `step_ends[${i}]` }
    })
  }
  if (!Array.isArray(publish)) return issues
  const completedAt = previous.time
  publish.forEach((result: unknown, i) => {
    if (typeof result !== 'object' || result === null) return
    const { requested_at: requested, settled_at: settled } = result as Record<
      string,
      unknown
    >
    const path = ['timeline', 'publish', i]
    const requestedAt = readTime(requested)
    checkOrder(issues, [...path, 'requested_at'], requestedAt, completedAt, {
      message: (bound) =>
        `expected a time at or after the last step ends (${previous.name}, ${bound}): a content is published once it is generated; found ${JSON.stringify(requested)}`,
    })
    checkOrder(
      issues,
      [...path, 'settled_at'],
      readTime(settled),
      requestedAt,
      {
        message: (bound) =>
          `expected a time at or after requested_at (${bound}), found ${JSON.stringify(settled)}`,
      },
    )
  })
  return issues
}

/** The rule of `findTimelineIssues` that JSON Schema can say, for editors. */
export function createTimelineCondition(): Record<string, unknown> {
  // Each `required` names properties of its own schema object, as ajv's strictRequired asks.
  const has = (...names: string[]) => ({
    properties: Object.fromEntries(names.map((name) => [name, true])),
    required: names,
  })
  return {
    if: has('timeline'),
    then: { not: { anyOf: [has('progress'), has('publish')] } },
    else: has('progress', 'publish'),
  }
}

type ReadTime = NonNullable<ReturnType<typeof readTime>>

/** A timestamp is not compared with a story offset: their order depends on when the story starts. */
function checkOrder(
  issues: TimelineIssue[],
  path: TimelineIssue['path'],
  time: ReadTime | undefined,
  bound: ReadTime | undefined,
  rule: { strict?: boolean; message: (bound: string) => string },
): void {
  if (time === undefined || bound === undefined) return
  if (time.offset !== bound.offset) return
  if (rule.strict ? time.ms > bound.ms : time.ms >= bound.ms) return
  const written = bound.offset
    ? `+${bound.ms / 1000}s`
    : new Date(bound.ms).toISOString()
  issues.push({ path, message: rule.message(written) })
}

function readTime(value: unknown) {
  const offset = readStoryOffset(value)
  if (offset !== undefined) return { ms: offset, offset: true }
  if (typeof value !== 'string' || !timestampSchema.safeParse(value).success) {
    return undefined
  }
  return { ms: Date.parse(value), offset: false }
}
