const UNITS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
}

/** Read by the clock's `advance`, rate-limit windows and story offsets: `500ms`, `30s`, `1.5m`, `2h`. */
export const DURATION_PATTERN = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/

/** @throws {TypeError} naming the value and the accepted forms. */
export function parseDuration(
  value: number | string,
  name = 'duration',
): number {
  if (typeof value === 'number') {
    if (Number.isFinite(value) && value > 0) return value
  } else {
    const match = DURATION_PATTERN.exec(value.trim())
    if (match !== null) return Number(match[1]) * UNITS[match[2]!]!
  }
  throw new TypeError(
    `Invalid ${name} ${JSON.stringify(value)}: expected a positive number of milliseconds or a count with a unit, such as "500ms", "30s", "1m" or "2h".`,
  )
}
