import type { FixtureContent } from '../schema/fixture.js'
import { cached } from '../data/cached.js'
import type { ListItemAt } from './list-body.js'
import type { Progress, PublishResult } from '../schema/resources.js'
import {
  PENDING_PUBLISH_STATUS,
  type FixtureTimeline,
} from '../schema/timeline.js'

/** `progress` and `publish` fixed, whether stored or computed from the timeline. */
export type ServedContent = FixtureContent & {
  progress: Progress
  publish: PublishResult[]
}

/** `[from, until)` in epoch ms is the span in which it stays so. */
type ContentState = ListItemAt<ServedContent>

interface ParsedTimeline {
  createdAt: number
  stepEnds: number[]
  publish: Array<{ requestedAt: number; settledAt: number }>
}

const ALWAYS = { from: -Infinity, until: Infinity }
const parsedTimelines = new WeakMap<FixtureContent, ParsedTimeline>()
// @note One object per state, so the serializer's caches hold one JSON per state, not per request.
const statesByRecord = new WeakMap<FixtureContent, Map<string, ServedContent>>()

/**
 * Not there before `created_at`; progress steps at `step_ends`; each publish result appears `pending` at
 * `requested_at` and settles at `settled_at`.
 * @note A pure function of record and clock: no timer runs, so every adapter and replica agrees.
 */
export function contentAt(content: FixtureContent, now: number): ContentState {
  const { timeline } = content
  if (timeline === undefined) {
    return { visible: true, content: content as ServedContent, ...ALWAYS }
  }
  const parsed = parseTimeline(content, timeline)
  if (now < parsed.createdAt) {
    return { visible: false, from: -Infinity, until: parsed.createdAt }
  }
  let from = parsed.createdAt
  let until = Infinity
  const passed = (time: number): boolean => {
    if (time <= now) {
      from = Math.max(from, time)
      return true
    }
    until = Math.min(until, time)
    return false
  }

  let stepsDone = 0
  for (const end of parsed.stepEnds) if (passed(end)) stepsDone++
  let key = String(stepsDone)
  const phases = parsed.publish.map(({ requestedAt, settledAt }) => {
    const phase = !passed(requestedAt) ? 0 : !passed(settledAt) ? 1 : 2
    key += phase
    return phase
  })

  const states = cached(statesByRecord, content, () => new Map())
  const served = cached(states, key, () =>
    createServedContent(content, timeline, stepsDone, phases),
  )
  return { visible: true, content: served, from, until }
}

function createServedContent(
  content: FixtureContent,
  timeline: FixtureTimeline,
  stepsDone: number,
  phases: readonly number[],
): ServedContent {
  const steps = timeline.step_ends.length
  const publish = (timeline.publish ?? []).flatMap((result, i) => {
    const pending = phases[i] === 1
    return phases[i] === 0
      ? []
      : {
          platform: result.platform,
          status: pending ? PENDING_PUBLISH_STATUS : result.status,
          post_url: result.post_url,
          posted_at: pending ? result.requested_at : result.settled_at!,
        }
  })
  return Object.freeze({
    ...content,
    progress: {
      step_process: Math.min(stepsDone + 1, steps),
      is_complete: stepsDone === steps,
    },
    publish,
  })
}

function parseTimeline(
  content: FixtureContent,
  timeline: FixtureTimeline,
): ParsedTimeline {
  return cached(parsedTimelines, content, () => ({
    createdAt: Date.parse(content.created_at),
    stepEnds: timeline.step_ends.map((time) => Date.parse(time)),
    publish: (timeline.publish ?? []).map((result) => ({
      requestedAt: Date.parse(result.requested_at),
      settledAt:
        result.settled_at === undefined
          ? Infinity
          : Date.parse(result.settled_at),
    })),
  }))
}
