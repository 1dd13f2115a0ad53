// The nesting-depth limit (docs/security.md) walks every value of a fixture
// document once more before it is validated. That walk must stay a small part
// of validating the document: both are timed in the same run, on the exported
// demo dataset at 1,000 and 100,000 contents.
//
//   npm run build && node bench/depth.js
import { performance } from 'node:perf_hooks'
import { createContentApiMock, parseFixtureDocument } from '../dist/index.js'
import { findTooDeepPath } from '../dist/schema/find-too-deep-path.js'
import { median } from './support/median.js'

const SIZES = [1_000, 100_000]
const ROUNDS = 7

function time(run) {
  const times = []
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now()
    run()
    times.push(performance.now() - start)
  }
  return median(times)
}

const rows = []
for (const contents of SIZES) {
  const mock = createContentApiMock({
    seed: 1,
    size: { projects: 20, contents },
  })
  await mock.ready
  const document = mock.exportFixtures()
  const depth = time(() => {
    if (findTooDeepPath(document) !== undefined) throw new Error('too deep')
  })
  const validation = time(() => parseFixtureDocument(document))
  rows.push({
    contents,
    'depth walk (ms)': depth.toFixed(1),
    'whole validation (ms)': validation.toFixed(1),
    'walk share': `${((depth / validation) * 100).toFixed(1)} %`,
  })
}
console.table(rows)
