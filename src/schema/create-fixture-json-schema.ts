import * as z from 'zod'
import {
  CONTENT_MODES,
  contentModeSchemaIds,
  createContentModeConditions,
} from './content-modes.js'
import { fixtureContentSchema, fixtureDocumentSchema } from './fixture.js'
import { createTimelineCondition } from './timeline.js'

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
  // A wrapper of the document and the stored bodies of CONTENT_MODES emits
  // them all as `$defs`: the bodies are reached only from the refinement,
  // which zod cannot convert.
  const wrapper = z.object({
    document: fixtureDocumentSchema,
    ...Object.fromEntries(
      Object.values(CONTENT_MODES).map((shapes, index) => [
        `storedBody${index}`,
        shapes.stored,
      ]),
    ),
  })
  const generated = z.toJSONSchema(wrapper, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'throw',
    override: ({ zodSchema, jsonSchema }) => {
      // @note `fixtureContentSchema` checks the body of each mode and the
      // timeline rule in refinements, which JSON Schema cannot see. The same
      // rules, spelled as `if`/`then`, let editors flag them too.
      if (zodSchema === fixtureContentSchema) {
        jsonSchema.allOf = [
          ...createContentModeConditions('stored'),
          createTimelineCondition(),
        ]
      }
    },
  })
  const { FixtureDocument: document, ...defs } = (generated.$defs ??
    {}) as Record<string, Record<string, unknown>>
  const missing = [
    ...(document ? [] : ['FixtureDocument']),
    ...contentModeSchemaIds('stored').filter((id) => !(id in defs)),
  ]
  if (!document || missing.length > 0) {
    throw new Error(
      `Failed to create the fixture JSON Schema: ${missing.map((id) => `"${id}"`).join(', ')} missing from its $defs. Keep the \`.meta({ id })\` of fixtureDocumentSchema and of each stored body of CONTENT_MODES in src/schema/.`,
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
