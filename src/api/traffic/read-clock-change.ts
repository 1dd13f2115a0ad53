import { parseDuration } from './parse-duration.js'
import { ControlInputError } from './control-input-error.js'

/**
 * An ISO 8601 date, or date and time with a zone: a time without a zone
 * would be read in the server's local zone, which a tester cannot see.
 */
const ISO_TIME =
  /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/i

/**
 * Reads a `POST /__mock/clock` body: `set` (an ISO 8601 time with a zone, or
 * epoch milliseconds), `advance` (milliseconds, or `30s`, `1m`, `2h`;
 * negative goes back), or both: set first, then advance.
 * @throws {ControlInputError} naming the bad field.
 * @example
 * readClockChange({ advance: '1m' }, Date.now()) // { advance: 60000 }
 */
export function readClockChange(
  body: unknown,
  now: number,
): { set?: number; advance?: number } {
  const usage =
    'Send {"set": "2030-01-01T00:00:00Z"} to stop the clock at a time, {"advance": "1m"} to move it, or DELETE /__mock/clock to go back to real time.'
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ControlInputError(
      'invalid_clock',
      `Expected a JSON object. ${usage}`,
    )
  }
  const unknown = Object.keys(body).filter(
    (name) => name !== 'set' && name !== 'advance',
  )
  if (unknown.length > 0) {
    throw new ControlInputError(
      'invalid_clock',
      `Unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `"${name}"`).join(', ')}. ${usage}`,
    )
  }
  const { set, advance } = body as { set?: unknown; advance?: unknown }
  if (set === undefined && advance === undefined) {
    throw new ControlInputError('invalid_clock', `Nothing to change. ${usage}`)
  }
  const change: { set?: number; advance?: number } = {}
  if (set !== undefined) {
    change.set = readTime(set)
    if (change.set === undefined) {
      throw new ControlInputError(
        'invalid_clock',
        `Invalid "set" ${JSON.stringify(set)}: expected an ISO 8601 time with a zone, such as "2030-01-01T00:00:00Z", or epoch milliseconds.`,
      )
    }
  }
  if (advance !== undefined) {
    change.advance = readOffset(advance)
    const target = (change.set ?? now) + (change.advance ?? 0)
    if (
      change.advance === undefined ||
      Number.isNaN(new Date(target).getTime())
    ) {
      throw new ControlInputError(
        'invalid_clock',
        `Invalid "advance" ${JSON.stringify(advance)}: expected milliseconds (a number, negative to go back) or a count with a unit, such as "500ms", "30s", "1m", "2h" or "-1h", that keeps the clock within the dates JavaScript can hold.`,
      )
    }
  }
  return change
}

/** Epoch milliseconds from a number or a zoned ISO 8601 time; else undefined. */
function readTime(value: unknown): number | undefined {
  const time =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && ISO_TIME.test(value)
        ? Date.parse(value)
        : Number.NaN
  return Number.isNaN(new Date(time).getTime()) ? undefined : time
}

/** Signed milliseconds from a number, `"1500"` or `"-1h"`; else undefined. */
function readOffset(value: unknown): number | undefined {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : undefined
  }
  if (typeof value !== 'string') return undefined
  const text = value.trim()
  const sign = text.startsWith('-') ? -1 : 1
  const magnitude = sign === -1 ? text.slice(1) : text
  if (/^\d+(?:\.\d+)?$/.test(magnitude)) return sign * Number(magnitude)
  try {
    return sign * parseDuration(magnitude)
  } catch {
    return undefined
  }
}
