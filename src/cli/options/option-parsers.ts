import { InvalidArgumentError } from 'commander'
import {
  describeIntegerRule,
  type IntegerOptionRule,
  type NumberOptionRule,
} from '../../schema/option-rules.js'

/**
 * The row of an integer option: its help (summary and default) and its
 * parser (bounds) come from the option's rule. The value stays undefined
 * when the flag is not given, so that combinations can be checked.
 */
export function integerSpec(value: string, rule: IntegerOptionRule, note = '') {
  return {
    value,
    help: `${rule.summary}${note}`,
    shownDefault: rule.default,
    parse: parseInteger(rule),
  }
}

/** The row of an integer option whose value is its rule's default when not given. */
export function defaultedIntegerSpec(value: string, rule: IntegerOptionRule) {
  return { ...integerSpec(value, rule), default: rule.default }
}

/** The parser of a whole number within the rule's bounds. */
function parseInteger(rule: Pick<IntegerOptionRule, 'min' | 'max'>) {
  const expected = `Expected ${describeIntegerRule(rule)}.`
  return (value: string): number => {
    const number = Number(value)
    // Decimal digits only: no sign, fraction, exponent or space.
    if (
      !/^\d+$/.test(value) ||
      !Number.isSafeInteger(number) ||
      !(number >= rule.min && number <= rule.max)
    ) {
      throw new InvalidArgumentError(expected)
    }
    return number
  }
}

/**
 * The parser of a number, not only whole ones, within the rule's bounds;
 * `example` ends the message, e.g. "such as 2 for two requests a second".
 */
export function parseNumber(
  rule: Pick<NumberOptionRule, 'min' | 'max'>,
  example: string,
  noun = 'a number',
) {
  return (value: string): number => {
    const number = Number(value)
    if (value.trim() === '' || !(number >= rule.min && number <= rule.max)) {
      throw new InvalidArgumentError(
        `Expected ${noun} from ${rule.min} to ${rule.max}, ${example}.`,
      )
    }
    return number
  }
}

/** The row of a number option, as `integerSpec` for a whole one; `example` ends its error. */
export function numberSpec(
  value: string,
  rule: NumberOptionRule,
  example: string,
) {
  return {
    value,
    help: rule.summary,
    shownDefault: rule.default,
    parse: parseNumber(rule, example),
  }
}

/** The parser of a value that must not be empty, such as a path. */
export function parseNonEmpty(expected: string) {
  return (value: string): string => {
    if (value.trim() === '') {
      throw new InvalidArgumentError(`Expected ${expected}, got nothing.`)
    }
    return value
  }
}
