// Writes the documents generated from the zod schemas: fixtures/openapi.json,
// fixtures/openapi.tolerant.json and fixtures/fixture.schema.json. With
// `--check`, writes nothing and exits 1 when a committed document differs
// from a freshly generated one.
// Reads the built package, so run it through `npm run generate`.
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

const {
  createFixtureJsonSchema,
  createOpenApiDocument,
  createTolerantOpenApiDocument,
} = await loadBuild()

const DOCUMENTS = [
  { path: 'fixtures/openapi.json', create: () => createOpenApiDocument() },
  {
    path: 'fixtures/openapi.tolerant.json',
    create: () => createTolerantOpenApiDocument(),
  },
  {
    path: 'fixtures/fixture.schema.json',
    create: () => createFixtureJsonSchema(),
  },
]

const rootUrl = new URL('../', import.meta.url)
const isCheck = process.argv.includes('--check')
const stale = []

for (const document of DOCUMENTS) {
  const file = fileURLToPath(new URL(document.path, rootUrl))
  const text = `${JSON.stringify(document.create(), null, 2)}\n`
  if (isCheck) {
    const committed = await readFile(file, 'utf8').catch(() => undefined)
    if (committed !== text) stale.push(document.path)
  } else {
    await writeFile(file, text)
    console.log(`[generate] wrote ${document.path}`)
  }
}

if (stale.length > 0) {
  console.error(
    `[generate] Out of date: ${stale.join(', ')}. These files are generated from the zod schemas in src/schema/; run "npm run generate" and commit the result.`,
  )
  process.exitCode = 1
} else if (isCheck) {
  console.log(
    '[generate] fixtures/openapi.json, openapi.tolerant.json and fixture.schema.json are up to date.',
  )
}

async function loadBuild() {
  try {
    const [fixtureModule, openApiModule, tolerantModule] = await Promise.all([
      import('../dist/schema/create-fixture-json-schema.js'),
      import('../dist/schema/create-openapi-document.js'),
      import('../dist/schema/create-tolerant-openapi-document.js'),
    ])
    return { ...fixtureModule, ...openApiModule, ...tolerantModule }
  } catch (error) {
    console.error(
      `[generate] Failed to load the built schemas from dist/schema/: ${error.message}\nRun "npm run build" first, or use "npm run generate", which builds.`,
    )
    process.exit(1)
  }
}
