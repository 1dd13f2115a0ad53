import type { IntegerOptionRule } from '../../schema/option-rules.js'

/** A whole number in decimal digits within the bounds; `undefined` for a sign, fraction, exponent or space. */
export function parseWholeNumber(
  text: string,
  rule: Pick<IntegerOptionRule, 'min' | 'max'>,
): number | undefined {
  const number = Number(text)
  return /^\d+$/.test(text) &&
    Number.isSafeInteger(number) &&
    number >= rule.min &&
    number <= rule.max
    ? number
    : undefined
}
