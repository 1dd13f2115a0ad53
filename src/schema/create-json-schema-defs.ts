import * as z from 'zod'

interface JsonSchemaDefsOptions {
  /** `input` for what people write, `output` for what the mock answers. */
  io: 'input' | 'output'
  /** The schema whose refinements hold rules that JSON Schema cannot see. */
  refined: z.ZodType
  /** Those rules as `if`/`then` conditions: the `allOf` of `refined`. */
  conditions: Record<string, unknown>[]
}

/** Each schema with a `.meta({ id })` once, under its id. */
export function createJsonSchemaDefs(
  roots: readonly z.ZodType[],
  options: JsonSchemaDefsOptions,
): Record<string, Record<string, unknown>> {
  // A registry conversion stamps an `$id` with a fragment on every schema, which 2020-12 forbids, and reads
  // whatever else shares the registry; a wrapper of the roots yields `$defs`.
  const wrapper = z.object(
    Object.fromEntries(roots.map((schema, index) => [index, schema])),
  )
  const generated = z.toJSONSchema(wrapper, {
    target: 'draft-2020-12',
    io: options.io,
    unrepresentable: 'throw',
    override: ({ zodSchema, jsonSchema }) => {
      if ((zodSchema as unknown) === options.refined) {
        jsonSchema.allOf = options.conditions
      }
    },
  })
  return (generated.$defs ?? {}) as Record<string, Record<string, unknown>>
}
