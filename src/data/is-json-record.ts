/**
 * Whether a value parsed from JSON is an object that is not an array: a
 * record whose fields can be read.
 * @example
 * if (isJsonRecord(input) && Array.isArray(input.contents)) visit(input.contents)
 */
export function isJsonRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
