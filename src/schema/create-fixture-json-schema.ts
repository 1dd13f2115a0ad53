import {
  CONTENT_MODES,
  contentModeSchemaIds,
  createContentModeConditions,
} from './content-modes.js'
import { createJsonSchemaDefs } from './create-json-schema-defs.js'
import { fixtureContentSchema, fixtureDocumentSchema } from './fixture.js'
import { createTimelineCondition } from './timeline.js'

/** A URN: it names the schema without implying that it is served from some host. */
const FIXTURE_JSON_SCHEMA_ID = 'urn:content-api-mock:fixture:v1'

/**
 * Creates the JSON Schema (draft 2020-12) of the fixture document, so editors complete and check fixture files.
 * @example
 * const schema = createFixtureJsonSchema()
 * schema.$id // 'urn:content-api-mock:fixture:v1'
 */
export function createFixtureJsonSchema(): Record<string, unknown> {
  // The stored bodies are roots too: only the refinement, which zod cannot convert, reaches them.
  const { FixtureDocument: document, ...defs } = createJsonSchemaDefs(
    [
      fixtureDocumentSchema,
      ...Object.values(CONTENT_MODES).map((shapes) => shapes.stored),
    ],
    {
      io: 'input',
      refined: fixtureContentSchema,
      conditions: [
        ...createContentModeConditions('stored'),
        createTimelineCondition(),
      ],
    },
  )
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
