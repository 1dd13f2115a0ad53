/**
 * The wait a `Retry-After` header asks for, in ms: delta-seconds (`120`) or
 * an HTTP-date (`Wed, 21 Oct 2026 07:28:00 GMT`, from `now`). `undefined`
 * for a missing or unreadable header; never below 0.
 * @see https://www.rfc-editor.org/rfc/rfc9110#field.retry-after
 */
export function parseRetryAfter(
  value: string | null,
  now: number = Date.now(),
): number | undefined {
  const text = value?.trim()
  if (!text) return undefined
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const date = Date.parse(text)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}
