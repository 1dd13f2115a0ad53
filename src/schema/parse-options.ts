import * as z from 'zod'
import { findCloseMatch } from './find-close-match.js'
import { objectKeysAt } from './object-keys-at.js'
import { OptionsError, type OptionIssue } from './options-error.js'

interface ParseOptionsContext {
  /** What is parsed, e.g. `content-api-mock options`. */
  subject: string
  /** A sentence appended to the message: where to read more. */
  hint?: string
  /** The word to label the input's own problems with, e.g. `scenario` for "a scenario needs an effect". */
  root?: string
  /** Unknown keys known elsewhere, e.g. `{ projects: 'put it under "size": { projects }' }`. */
  elsewhere?: Readonly<Record<string, string>>
}

/**
 * Throws an `OptionsError` naming every problem: an unknown key with the option it looks like a slip of, a bad
 * value with what was expected and what was given.
 */
export function parseOptions<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  context: ParseOptionsContext,
): z.output<Schema> {
  // `jitless`: zod compiles a parser on an object schema's first parse, which pays off over many records only.
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
    const known = objectKeysAt(schema, issue.path) ?? []
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
  // A custom issue words its own message, the value included.
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

function isShown(value: unknown): boolean {
  return (
    (typeof value === 'number' && Number.isFinite(value)) ||
    typeof value === 'boolean' ||
    (typeof value === 'string' && value.length <= 60)
  )
}
