import type * as z from 'zod'
import { OptionsError } from '../../schema/options-error.js'

/**
 * Checks server options against `schema`, each message as the schema words it.
 * @throws {OptionsError} naming each bad option.
 */
export function parseServerOptions<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  throw OptionsError.for(
    'content-api-mock server options',
    result.error.issues.map(({ path, message }) => ({
      path: path.join('.'),
      message,
    })),
    'Every option is described in docs/options.md of the content-api-mock package.',
  )
}
