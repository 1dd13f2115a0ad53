// What recording costs, and what the format's extension costs the mock:
// 1. createRecording over N content details (and their list), against zod's
//    parse of the same details with the API's own schema (the baseline of
//    the same run: a recorder can do no less than read each answer once);
// 2. the serializer building the cached JSON of N fresh content list items
//    without extras (one `hasRecordedExtras` check each), against picking
//    and stringifying them as before the extension (the baseline), and with
//    extras on every record.
//
//   npm run build && node bench/record.js [--contents 20000]
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import {
  contentDetailSchema,
  contentListItemSchema,
  createRecording,
} from '../dist/index.js'
import { createPicker } from '../dist/schema/create-picker.js'
import { serializeContentListItem } from '../dist/api/serialize.js'
import { reportFigure } from './support/figures.js'
import { median, medianRatio } from './support/median.js'

const { values } = parseArgs({
  options: { contents: { type: 'string', default: '20000' } },
})
const N = Number(values.contents)
const ROUNDS = 11

function detail(i) {
  return {
    mode: 'moviemode',
    variation_unique: `var_${i}`,
    title: `Content ${i}`,
    progress: { step_process: 5, is_complete: true },
    created_at: '2026-01-06T09:01:28.000Z',
    publish: [
      {
        platform: 'youtube',
        status: 'success',
        post_url: `https://www.youtube.com/watch?v=${i}`,
        posted_at: '2026-01-07T09:01:28.000Z',
      },
    ],
    content: {
      movie_unique: `mov_${i}`,
      download_url: `https://cdn.example.com/${i}.mp4`,
      thumbnail_url: `https://cdn.example.com/${i}.jpg`,
    },
  }
}

const details = Array.from({ length: N }, (_, i) => ({ data: detail(i) }))
const list = {
  data: details.map(({ data }) => {
    const { publish: _p, content: _c, ...item } = data
    return item
  }),
  meta: { total: N },
}

function time(run) {
  const runs = []
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now()
    run()
    runs.push(performance.now() - start)
  }
  return median(runs)
}

const zod = time(() => {
  contentListItemSchema.array().parse(list.data)
  for (const body of details) contentDetailSchema.parse(body.data)
})
const recording = time(() => {
  const recorder = createRecording()
  recorder.addProjects({
    data: [
      {
        project_unique: 'p1',
        project_name: 'P',
        description: '',
        created_at: '2026-01-01T00:00:00Z',
      },
    ],
    meta: { total: 1 },
  })
  recorder.addContents('p1', list)
  for (const body of details) recorder.addContentDetail('p1', body)
  recorder.toFixtureDocument()
})

const stored = (i, extras) => ({
  variation_unique: `var_${i}`,
  project_unique: 'p1',
  mode: 'moviemode',
  title: `Content ${i}`,
  progress: { step_process: 5, is_complete: true },
  created_at: '2026-01-06T09:01:28.000Z',
  content: { movie_unique: `mov_${i}` },
  publish: [],
  ...(extras ? { extra: { x_extension: `ext_${i}` } } : {}),
})
const pick = createPicker(contentListItemSchema)
// @note The serializer caches each record's JSON in a WeakMap; so does the
// baseline, as the serializer did before the extension. The three cases
// take turns in each round, so warm-up and GC fall on all alike.
const cache = new WeakMap()
const cases = [
  [
    false,
    (content) => {
      const json = JSON.stringify(pick(content))
      cache.set(content, json)
      return json
    },
  ],
  [false, serializeContentListItem],
  [true, serializeContentListItem],
]
// Each round starts with another case, so that no case always follows the
// one whose garbage it collects; each ratio is the median of the rounds' own.
const runs = cases.map(() => [])
for (let round = 0; round < ROUNDS; round++) {
  for (let turn = 0; turn < cases.length; turn++) {
    const index = (round + turn) % cases.length
    const [extras, build] = cases[index]
    const records = Array.from({ length: N }, (_, i) => stored(i, extras))
    const start = performance.now()
    for (const record of records) build(record)
    runs[index].push(performance.now() - start)
  }
}
const [before, without, withExtras] = runs.map(median)
const ratios = [1, medianRatio(runs[1], runs[0]), medianRatio(runs[2], runs[0])]

const row = (name, ms, ratio) =>
  `| ${name.padEnd(44)} | ${ms.toFixed(1).padStart(8)} ms | ${ratio.toFixed(2).padStart(5)}× |`
console.log(`${N} contents, median of ${ROUNDS}\n`)
console.log(
  '| case                                         |        time | ratio |',
)
console.log(
  '| -------------------------------------------- | ----------- | ----- |',
)
console.log(row('zod parse of the answers (baseline)', zod, 1))
console.log(
  row(
    'createRecording: add them, build the document',
    recording,
    recording / zod,
  ),
)
console.log(row('list-item JSON, picked as before (baseline)', before, 1))
console.log(row('list-item JSON, serializer, no extras', without, ratios[1]))
console.log(
  row('list-item JSON, serializer, extras on each', withExtras, ratios[2]),
)

reportFigure({
  what: 'record: createRecording per answer vs zod parse',
  value: `${(recording / zod).toFixed(2)}×`,
  baseline: 'zod parse of the same answers, same run',
  goal: '≤ 3×',
  met: recording / zod <= 3,
})
reportFigure({
  what: 'serializer, cold list item without extras vs before',
  value: `${ratios[1].toFixed(2)}×`,
  baseline: 'pick + stringify + cache, as before, same run',
  goal: '≤ 1.2× (one check per record)',
  met: ratios[1] <= 1.2,
})
