import { z } from 'zod'
import {
  fixtureContentSchema,
  fixtureDocumentSchema,
  fixtureMoviemodeBodySchema,
} from './fixture.js'
import { MOVIEMODE } from './resources.js'

/**
 * The `$id` of the fixture document's JSON Schema. A URN, so it names the
 * schema without implying that it is served from some host.
 */
export const FIXTURE_JSON_SCHEMA_ID = 'urn:content-api-mock:fixture:v1'

/**
 * Creates the JSON Schema (draft 2020-12) of the fixture document, generated
 * from `fixtureDocumentSchema`, so editors complete and check fixture files.
 * @example
 * const schema = createFixtureJsonSchema()
 * schema.$id // 'urn:content-api-mock:fixture:v1'
 */
export function createFixtureJsonSchema(): Record<string, unknown> {
  // A wrapper of the document and the moviemode body emits both as `$defs`:
  // the body is reached only from the refinement, which zod cannot convert.
  const wrapper = z.object({
    document: fixtureDocumentSchema,
    moviemodeBody: fixtureMoviemodeBodySchema,
  })
  const generated = z.toJSONSchema(wrapper, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'throw',
    override: ({ zodSchema, jsonSchema }) => {
      // @note `fixtureContentSchema` checks the moviemode body in a
      // `superRefine`, which JSON Schema cannot see. The same rule, spelled
      // as `if`/`then`, lets editors flag it too.
      if (zodSchema === fixtureContentSchema) {
        jsonSchema.if = {
          properties: { mode: { const: MOVIEMODE } },
          required: ['mode'],
        }
        jsonSchema.then = {
          properties: { content: { $ref: '#/$defs/FixtureMoviemodeBody' } },
        }
      }
    },
  })
  const { FixtureDocument: document, ...defs } = (generated.$defs ??
    {}) as Record<string, Record<string, unknown>>
  if (!document || !('FixtureMoviemodeBody' in defs)) {
    throw new Error(
      'Failed to create the fixture JSON Schema: "FixtureDocument" or "FixtureMoviemodeBody" is missing. Keep their `.meta({ id })` in src/schema/fixture.ts.',
    )
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: FIXTURE_JSON_SCHEMA_ID,
    ...document,
    description:
      "A content-api-mock dataset: accounts, API keys, projects and contents. Generated from the package's zod schemas (`npm run generate`); do not edit it by hand.",
    $defs: defs,
  }
}
