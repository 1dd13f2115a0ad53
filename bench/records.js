// A change of one record through the record controllers (`mock.contents
// .patch`, validated as a fixture, run one at a time) must cost about what
// the same change through @msw/data's `update` costs, the way a test changed
// a record before. Both are timed in the same run at 1,000 and 100,000
// contents, patching records spread over the dataset; the baseline is
// `mock.db.contents.update` with a query, as the docs showed it.
//
//   npm run build && node bench/records.js
import { performance } from 'node:perf_hooks'
import { createContentApiMock } from '../dist/index.js'
import { median } from './support/median.js'

const SIZES = [1_000, 100_000]
const ROUNDS = 5
const CHANGES = 200

async function measure(contents) {
  const mock = createContentApiMock({
    seed: 1,
    size: { projects: 20, contents },
  })
  await mock.ready
  const all = mock.db.contents.all()
  const ids = Array.from(
    { length: CHANGES },
    (_, i) => all[Math.floor((i * all.length) / CHANGES)].variation_unique,
  )

  const patchTimes = []
  const updateTimes = []
  for (let round = 0; round < ROUNDS; round++) {
    let start = performance.now()
    for (const [i, id] of ids.entries()) {
      await mock.contents.patch(id, {
        progress: { step_process: (round + i) % 5, is_complete: false },
      })
    }
    patchTimes.push(((performance.now() - start) * 1000) / ids.length)

    start = performance.now()
    for (const [i, id] of ids.entries()) {
      await mock.db.contents.update((q) => q.where({ variation_unique: id }), {
        data(content) {
          content.progress = {
            step_process: (round + i + 1) % 5,
            is_complete: false,
          }
        },
      })
    }
    updateTimes.push(((performance.now() - start) * 1000) / ids.length)
  }
  return { patch: median(patchTimes), update: median(updateTimes) }
}

const rows = []
for (const size of SIZES) {
  const { patch, update } = await measure(size)
  rows.push(
    `| ${size.toLocaleString('en-US')} | ${patch.toFixed(1)} µs | ${update.toFixed(1)} µs | ${(patch / update).toFixed(2)} |`,
  )
}
console.log('Records: one patch, median of 5 rounds of 200')
console.log(
  '| contents | mock.contents.patch | db.contents.update (baseline) | ratio |',
)
console.log('| --- | --- | --- | --- |')
for (const row of rows) console.log(row)
