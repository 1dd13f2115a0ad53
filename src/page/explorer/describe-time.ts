const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * An ISO 8601 time seen at `now` (the mock's time), in the browser's zone:
 * `relative` as `just now`, `3 min ago`, `in 2 h` or `5 days ago`; `local` as
 * `18:53`, or `24 Nov, 18:53` another day than `now`.
 */
export function describeTime(
  iso: string,
  now: number,
  options: { locale?: string; timeZone?: string } = {},
) {
  const time = Date.parse(iso)
  if (Number.isNaN(time)) return undefined
  const { locale, timeZone } = options
  const day = (at: number) =>
    new Date(at).toLocaleDateString(locale, {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    })
  const sameYear =
    new Date(time).toLocaleDateString(locale, { timeZone, year: 'numeric' }) ===
    new Date(now).toLocaleDateString(locale, { timeZone, year: 'numeric' })
  const local = new Date(time).toLocaleString(locale, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    ...(day(time) === day(now)
      ? {}
      : {
          day: 'numeric',
          month: 'short',
          year: sameYear ? undefined : 'numeric',
        }),
  })
  return { relative: describeDistance(now - time), local }
}

function describeDistance(ms: number): string {
  const size = Math.abs(ms)
  if (size < 45_000) return 'just now'
  const words =
    size < 90 * MINUTE
      ? `${Math.max(1, Math.round(size / MINUTE))} min`
      : size < 36 * HOUR
        ? `${Math.round(size / HOUR)} h`
        : `${Math.round(size / DAY)} days`
  return ms > 0 ? `${words} ago` : `in ${words}`
}
