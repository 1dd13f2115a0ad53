/**
 * Sets `record[key]` as an own, enumerable property whatever the key: a
 * plain assignment of `__proto__` (which JSON.parse makes an own member)
 * would replace the record's prototype instead and lose the member.
 */
export function setOwnField(
  record: Record<string, unknown>,
  key: string,
  value: unknown,
): void {
  Object.defineProperty(record, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  })
}
