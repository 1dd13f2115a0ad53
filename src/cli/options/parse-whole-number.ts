import type { IntegerOptionRule } from '../../schema/option-rules.js'

/**
 * Reads a whole number written in decimal digits within an option's bounds,
 * as a flag or an environment variable gives it; `undefined` for anything
 * else (a sign, a fraction, an exponent, spaces, a number past the bounds).
 */
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
