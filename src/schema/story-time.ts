import * as z from 'zod'
import { DURATION_PATTERN, parseDuration } from './parse-duration.js'
import { timestampSchema } from './primitives.js'

/** `+` and a duration of the clock's grammar: `+0s`, `+90s`, `+2m`, `+1h`. */
const STORY_OFFSET_PATTERN = new RegExp(
  `^\\+${DURATION_PATTERN.source.slice(1)}`,
)

const INSTANT_MESSAGE =
  'expected an ISO 8601 UTC timestamp such as "2024-03-01T09:30:00Z", or an offset from the start of the story: "+" and a count with a unit (ms, s, m, h), such as "+0s", "+90s", "+2m" or "+1h"'

/** A timestamp, or an offset such as `"+2m"` from the mock clock's time when the document is loaded. */
export const fixtureInstantSchema = z
  .union(
    [
      timestampSchema,
      z.string().regex(STORY_OFFSET_PATTERN).meta({
        description:
          'Offset from the start of the story (the mock clock when the document is loaded), e.g. "+2m".',
      }),
    ],
    { error: () => INSTANT_MESSAGE },
  )
  .meta({ description: 'ISO 8601 UTC timestamp, or "+" and a duration.' })

/** `"+2m"` → 120000; undefined for anything else, an absolute timestamp included. */
export function readStoryOffset(value: unknown): number | undefined {
  if (typeof value !== 'string' || !STORY_OFFSET_PATTERN.test(value)) {
    return undefined
  }
  return parseDuration(value.slice(1))
}

export function resolveInstant(value: string, start: number): string {
  const offset = readStoryOffset(value)
  return offset === undefined ? value : new Date(start + offset).toISOString()
}
