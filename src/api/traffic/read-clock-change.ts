import { parseDuration } from '../../schema/parse-duration.js'
import { ControlInputError } from './control-input-error.js'
import { OPTION_RULES } from '../../schema/option-rules.js'

/** A zone is required: a time without one would be read in the server's zone, which a tester cannot see. */
const ISO_TIME =
  /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/i

/** Each part in the order it applies. */
interface ClockChange {
  /** `"real": true`: the real date at speed 1. */
  real?: true
  /** Stops the clock there. */
  set?: number
  advance?: number
  /** 0 pauses. */
  speed?: number
  resume?: true
}

const FIELDS = ['set', 'advance', 'speed', 'resume', 'real']

/** A body may hold one of each pair. */
const EXCLUSIVE_FIELDS: ReadonlyArray<
  readonly [keyof ClockChange, keyof ClockChange, string]
> = [
  [
    'real',
    'set',
    '"real" and "set" both say where the clock stands: send one of them.',
  ],
  [
    'speed',
    'resume',
    '"speed" and "resume" both say how fast the clock runs: send one of them ({"resume": true} runs it at the speed it last ran at).',
  ],
]

/**
 * `advance` takes ms or `30s`, `1m`, `2h` (negative goes back); `speed` 0.01 to 10,000, or 0 to pause.
 * @throws {ControlInputError} naming the bad field.
 */
export function readClockChange(body: unknown, now: number): ClockChange {
  const usage =
    'Send {"set": "2030-01-01T00:00:00Z"} to stop the clock at a time, {"advance": "1m"} to move it, {"speed": 10} to run it 10 times as fast from where it is ({"speed": 0} pauses, {"resume": true} runs it again, {"speed": 1} is real speed), {"real": true} for the real date, or DELETE /__mock/clock for the clock the mock started with.'
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ControlInputError(
      'invalid_clock',
      `Expected a JSON object. ${usage}`,
    )
  }
  const unknown = Object.keys(body).filter((name) => !FIELDS.includes(name))
  if (unknown.length > 0) {
    throw new ControlInputError(
      'invalid_clock',
      `Unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `"${name}"`).join(', ')}. ${usage}`,
    )
  }
  const { set, advance, speed, resume, real } = body as Record<string, unknown>
  if (
    FIELDS.every(
      (name) => (body as Record<string, unknown>)[name] === undefined,
    )
  ) {
    throw new ControlInputError('invalid_clock', `Nothing to change. ${usage}`)
  }
  const change: ClockChange = {}
  if (real !== undefined) {
    if (real !== true) {
      throw new ControlInputError(
        'invalid_clock',
        `Invalid "real" ${JSON.stringify(real)}: send {"real": true} to go back to the real date at real speed, or leave it out.`,
      )
    }
    change.real = true
  }
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
  if (speed !== undefined) {
    const { min, max } = OPTION_RULES.speed
    if (
      typeof speed !== 'number' ||
      !(speed === 0 || (speed >= min && speed <= max))
    ) {
      throw new ControlInputError(
        'invalid_clock',
        `Invalid "speed" ${JSON.stringify(speed)}: expected a number from ${min} to ${max}, how many times as fast as real time the clock runs (1 is real speed, 60 an hour a minute), or 0 to pause it.`,
      )
    }
    change.speed = speed
  }
  if (resume !== undefined) {
    if (resume !== true) {
      throw new ControlInputError(
        'invalid_clock',
        `Invalid "resume" ${JSON.stringify(resume)}: send {"resume": true} to run a paused clock again, or {"speed": 0} to pause it.`,
      )
    }
    change.resume = true
  }
  for (const [one, other, message] of EXCLUSIVE_FIELDS) {
    if (one in change && other in change) {
      throw new ControlInputError('invalid_clock', message)
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
