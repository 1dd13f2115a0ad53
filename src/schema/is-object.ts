/** Whether `value` is an object or an array: what JSON calls a structure. */
export function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null
}
