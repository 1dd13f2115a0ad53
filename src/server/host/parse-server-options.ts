import type * as z from 'zod'
import { parseOptions } from '../../schema/parse-options.js'

/**
 * Checks server options against `schema`, as every option of the package is.
 * @throws {OptionsError} naming each bad option.
 */
export function parseServerOptions<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  return parseOptions(schema, input, {
    subject: 'content-api-mock server options',
    hint: 'Every option is described in docs/options.md of the content-api-mock package.',
  })
}
