/**
 * A percent-encoded path segment decoded, or `undefined` when it is absent,
 * empty or not valid percent-encoding.
 */
export function decodePathSegment(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined
  try {
    return decodeURIComponent(raw)
  } catch {
    return undefined
  }
}
