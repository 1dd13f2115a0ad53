// Where the records of a loaded dataset live, chosen with numbers: the time
// and heap per content of putting 30,000 validated contents into storage,
// each way in a fresh process, on the same generated document:
//  - create: `@msw/data`'s `Collection.create` per record, with the fixture
//    schema (what loading did before: zod once more, a sanitising copy, a
//    UUID, a Map and a logger per record);
//  - create, no schema: the same with a schema that passes records through
//    (@msw/data without the re-validation);
//  - adopt: what `loadFixtureDocument` does now, records put into the
//    collections as they are, plus the index;
//  - index only: records frozen and indexed, not put into the collections,
//    what loading would cost if `mock.db`'s collections were filled only when
//    first used;
//  - maps only: the index's Maps without collections or freezing, the floor
//    of any store the API could read.
//
// Medians of 3 runs, the ways alternating, so the machine's load falls on
// each alike.
//
//   npm run build && node bench/storage.js [--contents 30000] [--runs 3]
import { spawn } from 'node:child_process'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'

const { values } = parseArgs({
  options: {
    contents: { type: 'string', default: '30000' },
    way: { type: 'string' },
    runs: { type: 'string', default: '3' },
  },
})
const CONTENTS = Number(values.contents)
const DIST = pathToFileURL(
  fileURLToPath(new URL('../dist/', import.meta.url)),
).href
const WAYS = ['create', 'create, no schema', 'adopt', 'index only', 'maps only']

if (values.way !== undefined) {
  console.log(JSON.stringify(await measure(values.way)))
  process.exit(0)
}

async function measure(way) {
  const { Collection } = await import('@msw/data')
  const { createSeedDocument } = await import(
    `${DIST}data/create-seed-document.js`
  )
  const { fixtureContentSchema } = await import(`${DIST}schema/fixture.js`)
  const { loadFixtureDocument } = await import(
    `${DIST}data/load-fixture-document.js`
  )
  const { viewersOf } = await import(`${DIST}api/visibility.js`)
  const document = createSeedDocument({
    seed: 1,
    projects: 100,
    contents: CONTENTS,
  })
  globalThis.gc()
  const before = process.memoryUsage().heapUsed
  const started = performance.now()
  let kept
  if (way === 'adopt') {
    kept = await loadFixtureDocument(document, viewersOf)
  } else if (way === 'index only') {
    const { openDataset } = await import(`${DIST}data/dataset.js`)
    const { indexer } = openDataset(viewersOf)
    for (const content of document.contents) indexer.add.contents(content)
    kept = indexer
  } else if (way === 'maps only') {
    const byId = new Map()
    const byProject = new Map()
    for (const content of document.contents) {
      byId.set(content.variation_unique, content)
      let inner = byProject.get(content.project_unique)
      if (inner === undefined)
        byProject.set(content.project_unique, (inner = new Map()))
      inner.set(content.variation_unique, content)
    }
    kept = [byId, byProject]
  } else {
    const schema =
      way === 'create'
        ? fixtureContentSchema
        : {
            '~standard': {
              version: 1,
              vendor: 'none',
              validate: (value) => ({ value }),
            },
          }
    const collection = new Collection({ schema })
    for (const content of document.contents) {
      await collection.create(structuredClone(content))
    }
    kept = collection
  }
  const ms = performance.now() - started
  globalThis.gc()
  const bytes = process.memoryUsage().heapUsed - before
  return {
    way,
    ms,
    bytesPerContent: bytes / CONTENTS,
    kept: kept !== undefined,
  }
}

function run(way) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--expose-gc',
        fileURLToPath(import.meta.url),
        '--way',
        way,
        '--contents',
        String(CONTENTS),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out))
        : reject(new Error(`${way}: exit ${code}`)),
    )
  })
}

const runs = Object.fromEntries(WAYS.map((way) => [way, []]))
for (let round = 0; round < Number(values.runs); round++) {
  for (const way of WAYS) runs[way].push(await run(way))
}
const median = (list) =>
  [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]
const rows = WAYS.map((way) => ({
  way,
  ms: median(runs[way].map((result) => result.ms)),
  bytesPerContent: median(runs[way].map((result) => result.bytesPerContent)),
}))
const adopt = rows.find((row) => row.way === 'adopt')
console.log(
  `Putting ${CONTENTS.toLocaleString('en')} validated contents into storage, each way in a fresh process, median of ${values.runs} (heap: the store, beyond the document it holds, after a full GC):`,
)
console.table(
  rows.map((row) => ({
    way: row.way,
    ms: Math.round(row.ms),
    'µs per content': ((row.ms * 1000) / CONTENTS).toFixed(1),
    'heap per content (B)': Math.round(row.bytesPerContent),
    'time vs adopt': `${(row.ms / adopt.ms).toFixed(1)}×`,
  })),
)
