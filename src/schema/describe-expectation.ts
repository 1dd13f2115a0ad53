import type * as z from 'zod'

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean',
  array: 'an array',
  object: 'an object',
  record: 'an object',
  null: 'null',
  undefined: 'nothing',
  nonoptional: 'a value',
}

const SIZE_UNITS: Record<string, string> = {
  string: 'characters',
  array: 'items',
}

const BOUND_WORDS = {
  too_small: { inclusive: 'at least', exclusive: 'more than' },
  too_big: { inclusive: 'at most', exclusive: 'less than' },
}

const FORMAT_NAMES: Record<string, string> = {
  datetime: 'an ISO 8601 timestamp',
  url: 'a URL',
}

/**
 * `expected a boolean`, `expected at least 0`, as the package's own messages, so a reader can add what was found.
 * Worded for what the fixture schemas check; any other issue is `expected a valid value`.
 * @note Nothing of the input: it is reported only when the parse asks (`reportInput`), and the asker words it.
 */
function describeExpectation(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${TYPE_NAMES[issue.expected] ?? `a value of type ${issue.expected}`}`
    case 'too_small':
    case 'too_big':
      return `expected ${describeBound(issue)}`
    case 'invalid_format':
      return `expected ${describeFormat(issue)}`
    case 'invalid_value':
      return issue.values.length === 1
        ? `expected ${formatPrimitive(issue.values[0])}`
        : `expected one of ${issue.values.map(formatPrimitive).join(', ')}`
    case 'unrecognized_keys':
      return `expected no keys other than the known ones`
    case 'invalid_union':
      return `expected ${describeAlternatives(issue.errors)}`
    default:
      return 'expected a valid value'
  }
}

/** The options of every fixture check's parse. */
export const FIXTURE_PARSE_OPTIONS = {
  // Without it zod 4 leaves `issue.input` undefined: a wrong type could not be told from a missing value.
  reportInput: true,
  error: describeExpectation,
} as const

function describeBound(
  issue: z.core.$ZodRawIssue<z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig>,
): string {
  const isMinimum = issue.code === 'too_small'
  const bound = isMinimum ? issue.minimum : issue.maximum
  if (isMinimum && issue.origin === 'string' && bound === 1 && !issue.exact) {
    return 'a non-empty string'
  }
  // Like zod's own messages: a bound is exclusive unless `inclusive` is set.
  const word = issue.exact
    ? 'exactly'
    : BOUND_WORDS[issue.code][issue.inclusive ? 'inclusive' : 'exclusive']
  const unit = SIZE_UNITS[issue.origin]
  return unit === undefined ? `${word} ${bound}` : `${word} ${bound} ${unit}`
}

/** Only when every branch failed at its root; otherwise they differ deeper down and none is the answer. */
function describeAlternatives(
  branches: readonly (readonly z.core.$ZodIssue[])[],
): string {
  const expected = branches.map((issues) =>
    issues.length === 1 && issues[0]?.path.length === 0
      ? issues[0].message.replace(/^expected /, '')
      : undefined,
  )
  return expected.length > 0 && expected.every((phrase) => phrase !== undefined)
    ? [...new Set(expected)].join(' or ')
    : 'a value of one of the allowed forms'
}

function describeFormat(issue: { format: string; pattern?: string }): string {
  if (issue.format === 'regex') return `a string matching ${issue.pattern}`
  return FORMAT_NAMES[issue.format] ?? `a string in the ${issue.format} format`
}

function formatPrimitive(value: unknown): string {
  return typeof value === 'bigint' ? `${value}` : String(JSON.stringify(value))
}
