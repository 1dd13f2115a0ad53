import { expect } from 'vitest'

/** Compares bytes in a loop: toEqual on 58 KB arrays takes most of a second. */
export function expectSameBytes(
  actual: Uint8Array,
  expected: Uint8Array,
): void {
  expect(actual.length).toBe(expected.length)
  const firstDifference = actual.findIndex((byte, i) => byte !== expected[i])
  expect(firstDifference, 'index of the first differing byte').toBe(-1)
}
