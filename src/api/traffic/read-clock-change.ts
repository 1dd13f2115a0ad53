import { isJsonRecord } from '../../data/is-json-record.js'
import { parseDuration } from '../../schema/parse-duration.js'
import { ControlInputError } from './control-input-error.js'
import { OPTION_RULES } from '../../schema/option-rules.js'
import { isClockSpeed } from '../create-mock-clock.js'

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

type FieldReader = (
  value: unknown,
  change: ClockChange,
  now: number,
) => number | true | undefined

const readTrue: FieldReader = (value) => (value === true ? true : undefined)

/** Each field in the order it is checked: its reader (undefined for a bad value), and what it takes. */
const FIELDS: Record<keyof ClockChange, [FieldReader, string]> = {
  real: [
    readTrue,
    'send {"real": true} to go back to the real date at real speed, or leave it out',
  ],
  set: [
    readTime,
    'expected an ISO 8601 time with a zone, such as "2030-01-01T00:00:00Z", or epoch milliseconds',
  ],
  advance: [
    (value, change, now) => {
      const offset = readOffset(value)
      const target = (change.set ?? now) + (offset ?? 0)
      return Number.isNaN(new Date(target).getTime()) ? undefined : offset
    },
    'expected milliseconds (a number, negative to go back) or a count with a unit, such as "500ms", "30s", "1m", "2h" or "-1h", that keeps the clock within the dates JavaScript can hold',
  ],
  speed: [
    (value) => (isClockSpeed(value) ? value : undefined),
    `expected a number from ${OPTION_RULES.speed.min} to ${OPTION_RULES.speed.max}, how many times as fast as real time the clock runs (1 is real speed, 60 an hour a minute), or 0 to pause it`,
  ],
  resume: [
    readTrue,
    'send {"resume": true} to run a paused clock again, or {"speed": 0} to pause it',
  ],
}

/** A body may hold one of each pair. */
const EXCLUSIVE_FIELDS = [
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
] as const

const USAGE =
  'Send {"set": "2030-01-01T00:00:00Z"} to stop the clock at a time, {"advance": "1m"} to move it, {"speed": 10} to run it 10 times as fast from where it is ({"speed": 0} pauses, {"resume": true} runs it again, {"speed": 1} is real speed), {"real": true} for the real date, or DELETE /__mock/clock for the clock the mock started with.'

/**
 * `advance` takes ms or `30s`, `1m`, `2h` (negative goes back); `speed` 0.01 to 10,000, or 0 to pause.
 * @throws {ControlInputError} naming the bad field.
 */
export function readClockChange(fields: unknown, now: number): ClockChange {
  if (!isJsonRecord(fields)) {
    throw new ControlInputError(
      'invalid_clock',
      `Expected a JSON object. ${USAGE}`,
    )
  }
  const unknown = Object.keys(fields).filter(
    (name) => !Object.hasOwn(FIELDS, name),
  )
  if (unknown.length > 0) {
    throw new ControlInputError(
      'invalid_clock',
      `Unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `"${name}"`).join(', ')}. ${USAGE}`,
    )
  }
  const change: ClockChange = {}
  for (const [name, [reader, takes]] of Object.entries(FIELDS)) {
    const value = fields[name]
    if (value === undefined) continue
    const read = reader(value, change, now)
    if (read === undefined) {
      throw new ControlInputError(
        'invalid_clock',
        `Invalid "${name}" ${JSON.stringify(value)}: ${takes}.`,
      )
    }
    Object.assign(change, { [name]: read })
  }
  if (Object.keys(change).length === 0) {
    throw new ControlInputError('invalid_clock', `Nothing to change. ${USAGE}`)
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
