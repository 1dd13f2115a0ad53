/**
 * Whether a value parsed from JSON is an object that is not an array: a
 * record whose fields can be read.
 */
export function isJsonRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
