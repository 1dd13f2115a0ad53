import * as z from 'zod'
import { timestampSchema, urlSchema } from './primitives.js'
import { fixtureInstantSchema, readStoryOffset } from './story-time.js'

/**
 * The status a publish result of a timeline has between the time publishing
 * was requested and the time it settled.
 * @note The spec shows one status, `success`; this one, `failed` and the
 * order pending → settled are the mock's choice (see the README's "not
 * shown" list).
 */
export const PENDING_PUBLISH_STATUS = 'pending'

/**
 * One publish result of a timeline: absent before `requested_at`, then
 * `pending` (posted_at: `requested_at`), then from `settled_at` on its final
 * `status` (posted_at: `settled_at`). Without `settled_at` it stays pending.
 */
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

/**
 * When a content generates and publishes: `step_ends[i]` is the time step
 * i + 1 ends, so `progress` is step 1 from `created_at`, step i + 2 from
 * `step_ends[i]`, and complete (the last step) from the last entry on. The
 * content is not there before its `created_at`.
 */
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

/**
 * A problem of a content's timeline rules, at a path inside the content.
 */
interface TimelineIssue {
  path: Array<string | number>
  message: string
}

/**
 * The rules of a content's timeline a shape cannot say, read from a raw
 * content record wherever its fields can be read: `progress` and `publish`
 * come from the timeline when there is one and from the record otherwise
 * (not both, not neither); steps end after `created_at` and after each
 * other; publishing is requested once the last step has ended and settles
 * after it was requested.
 */
export function findTimelineIssues(
  content: Readonly<Record<string, unknown>>,
): TimelineIssue[] {
  const issues: TimelineIssue[] = []
  const timeline = content.timeline
  if (timeline === undefined) {
    if (content.progress === undefined) {
      issues.push({
        path: ['progress'],
        message:
          'missing; expected a progress object, or a timeline that computes it',
      })
    }
    if (content.publish === undefined) {
      issues.push({
        path: ['publish'],
        message:
          'missing; expected an array of publish results, or a timeline that computes them',
      })
    }
    return issues
  }
  for (const field of ['progress', 'publish'] as const) {
    if (content[field] !== undefined) {
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

/**
 * The rule of `findTimelineIssues` that JSON Schema can say, for editors: a
 * content has `progress` and `publish`, or a `timeline` and neither of them.
 */
export function createTimelineCondition(): Record<string, unknown> {
  // @note Each `required` names properties of its own schema object, as
  // strict validators (ajv's strictRequired) ask.
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

/** A readable time of a timeline: epoch milliseconds, or a story offset. */
interface ReadTime {
  ms: number
  offset: boolean
}

/**
 * Adds an issue at `path` when `time` comes before `bound` (or at it, when
 * `strict`); a time that is missing or not readable is the shape's problem,
 * and a timestamp is not compared with a story offset (their order depends
 * on when the story starts).
 */
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

/** A valid timestamp or story offset, read; else undefined. */
function readTime(value: unknown): ReadTime | undefined {
  const offset = readStoryOffset(value)
  if (offset !== undefined) return { ms: offset, offset: true }
  if (typeof value !== 'string' || !timestampSchema.safeParse(value).success) {
    return undefined
  }
  return { ms: Date.parse(value), offset: false }
}
