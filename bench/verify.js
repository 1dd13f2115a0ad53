// What checking an answer costs `verify`: the drift checker (checkAnswer)
// on the longest content list of a seeded mock (some 700 items) and on a
// content detail, against zod's own parse of the same body with the strict
// schema (the baseline of the same run) and against the mock answering the
// request. The checker walks every
// field to report each difference (zod's parse stops at the first and
// strips unknown keys), then parses with the tolerant schema; the goal is
// that this costs at most 3× zod's own strict parse.
//
//   npm run build && node bench/verify.js
import { performance } from 'node:perf_hooks'
import { createContentApiMock } from '../dist/index.js'
import { checkAnswer } from '../dist/contract/check-answer.js'
import {
  contentDetailResponseSchema,
  contentListResponseSchema,
} from '../dist/schema/envelopes.js'
import { reportFigure } from './support/figures.js'
import { median, medianRatio } from './support/median.js'

const ROUNDS = 11

const mock = createContentApiMock({
  seed: 1,
  size: { projects: 4, contents: 1600 },
})
await mock.ready
const headers = new Headers({ authorization: 'Bearer demo-key-alpha' })
const request = (path) => ({
  method: 'GET',
  origin: 'http://127.0.0.1:4010',
  path: `/public-api/v1${path}`,
  query: '',
  headers,
})
// The project of the key with the most contents.
const [list, listPath] = JSON.parse(mock.handle(request('/projects')).body)
  .data.map((project) => `/projects/${project.project_unique}/contents`)
  .map((path) => [JSON.parse(mock.handle(request(path)).body), path])
  .sort(([a], [b]) => b.meta.total - a.meta.total)[0]
const detailPath = `${listPath}/${list.data[0].variation_unique}`
const detail = JSON.parse(mock.handle(request(detailPath)).body)
const answerOf = (name, path, value) => ({
  case: name,
  request: `GET ${path}`,
  status: 200,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: { kind: 'json', value },
})

// @note The three runs of a case take turns in each round, so that the
// machine's load, GC and the JIT's state fall on all alike; the ratio is the
// median of each round's own ratio. Timed one after another (7 rounds of
// the check, then 7 of the parse), the ratio read 2.2x to 4.6x from one run
// to the next; taking turns, 3.9x to 4.5x before the check's exact parse.
function time(runs, count) {
  const times = runs.map(() => [])
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, run] of runs.entries()) {
      const start = performance.now()
      for (let i = 0; i < count; i++) run()
      times[index].push(((performance.now() - start) * 1000) / count)
    }
  }
  return [...times.map(median), medianRatio(times[0], times[1])]
}

const cases = [
  {
    name: `content list (${list.data.length} items)`,
    count: 50,
    answer: answerOf('list-contents', listPath, list),
    schema: contentListResponseSchema,
    path: listPath,
  },
  {
    name: 'content detail',
    count: 3000,
    answer: answerOf('get-content', detailPath, detail),
    schema: contentDetailResponseSchema,
    path: detailPath,
  },
]
const rows = []
for (let pass = 0; pass < 2; pass++) {
  rows.length = 0
  for (const { name, count, answer, schema, path } of cases) {
    if (checkAnswer(answer).findings.length > 0) throw new Error('drift?')
    const [check, parse, answered, ratio] = time(
      [
        () => checkAnswer(answer),
        () => schema.safeParse(answer.body.value),
        () => mock.handle(request(path)),
      ],
      count,
    )
    rows.push({ name, check, parse, answer: answered, ratio })
  }
}
console.log(
  `verify: µs per answer (median of ${ROUNDS} rounds, the three taking turns)`,
)
console.log(
  'answer                       check µs   zod parse µs  ×parse   mock answers µs',
)
for (const { name, check, parse, answer, ratio } of rows) {
  console.log(
    `${name.padEnd(28)}${check.toFixed(1).padStart(10)}${parse.toFixed(1).padStart(15)}${ratio.toFixed(1).padStart(8)}${answer.toFixed(1).padStart(18)}`,
  )
}
const [listRow] = rows
reportFigure({
  what: `verify: checking a content list of ${list.data.length} items, µs`,
  value: `${listRow.check.toFixed(0)} (${listRow.ratio.toFixed(1)}× zod parse)`,
  baseline: "zod's strict parse of the same body, same run",
  goal: '≤ 3× zod parse',
  met: listRow.ratio <= 3,
})
