import * as z from 'zod'
import { findCloseMatch } from './find-close-match.js'
import { OptionsError, type OptionIssue } from './options-error.js'

/**
 * How `parseOptions` words its error.
 */
interface ParseOptionsContext {
  /** What is parsed, e.g. `content-api-mock options`. */
  subject: string
  /** A sentence appended to the message: where to read more. */
  hint?: string
  /**
   * The word for the input as a whole, to label its own problems with, e.g.
   * `scenario` for "a scenario needs an effect".
   */
  root?: string
  /**
   * Unknown keys that are known elsewhere, and where they belong, e.g.
   * `{ projects: 'put it under "size": { projects }' }`.
   */
  elsewhere?: Readonly<Record<string, string>>
}

/**
 * Parses options with a zod schema, or throws an `OptionsError` naming every
 * problem: an unknown key with the option it looks like a slip of, a bad
 * value with what was expected and what was given.
 * @throws {OptionsError} when the input does not fit the schema.
 */
export function parseOptions<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  context: ParseOptionsContext,
): z.output<Schema> {
  // @note `jitless`: zod compiles a parser for an object schema on its first
  // parse, a cost that pays off over many records, not for one set of options.
  const result = schema.safeParse(input, { reportInput: true, jitless: true })
  if (result.success) return result.data
  const issues = result.error.issues.flatMap((issue) =>
    toOptionIssues(schema, issue, context),
  )
  throw OptionsError.for(context.subject, issues, context.hint)
}

function toOptionIssues(
  schema: z.ZodType,
  issue: z.core.$ZodIssue,
  context: ParseOptionsContext,
): OptionIssue[] {
  const path = issue.path.map(String)
  if (issue.code === 'unrecognized_keys') {
    const known = knownKeysAt(schema, path)
    return issue.keys.map((key) => {
      const elsewhere = path.length === 0 ? context.elsewhere?.[key] : undefined
      const match = findCloseMatch(key, known)
      const fix =
        elsewhere ??
        (match !== undefined
          ? `did you mean "${match}"?`
          : known.length > 0
            ? `known options here: ${known.join(', ')}`
            : undefined)
      return {
        path: [...path, key].join('.'),
        message: `unknown option${fix === undefined ? '' : `; ${fix}`}`,
      }
    })
  }
  // @note A custom issue words its own message, the value included.
  const given =
    issue.code !== 'custom' && 'input' in issue && isShown(issue.input)
      ? `, got ${JSON.stringify(issue.input)}`
      : ''
  const message = `${issue.message}${given}`
  return [
    path.length === 0 && context.root !== undefined
      ? { path: '', message: `${context.root}: ${message}` }
      : { path: path.join('.'), message },
  ]
}

/** Whether a value is short enough to echo in a one-line message. */
function isShown(value: unknown): boolean {
  return (
    (typeof value === 'number' && Number.isFinite(value)) ||
    typeof value === 'boolean' ||
    (typeof value === 'string' && value.length <= 60)
  )
}

/** The keys an object schema at `path` knows, or none if it is no object. */
function knownKeysAt(
  schema: z.core.$ZodType,
  path: readonly string[],
): string[] {
  let current: z.core.$ZodType | undefined = schema
  for (const segment of path) {
    current = unwrap(current)
    if (current instanceof z.ZodObject) current = current.shape[segment]
    else if (current instanceof z.ZodArray) current = current.element
    else return []
  }
  current = unwrap(current)
  return current instanceof z.ZodObject ? Object.keys(current.shape) : []
}

function unwrap(
  schema: z.core.$ZodType | undefined,
): z.core.$ZodType | undefined {
  let current = schema
  while (current instanceof z.ZodOptional) current = current.unwrap()
  if (current instanceof z.ZodUnion) {
    return current.options.find(
      (option) => unwrap(option) instanceof z.ZodObject,
    )
  }
  return current
}
