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

const ROUNDS = 7

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

function time(run, count) {
  const times = []
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now()
    for (let i = 0; i < count; i++) run()
    times.push(((performance.now() - start) * 1000) / count)
  }
  return times.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]
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
    rows.push({
      name,
      check: time(() => checkAnswer(answer), count),
      parse: time(() => schema.safeParse(answer.body.value), count),
      answer: time(() => mock.handle(request(path)), count),
    })
  }
}
console.log('verify: µs per answer (median of 7 rounds)')
console.log(
  'answer                       check µs   zod parse µs  ×parse   mock answers µs',
)
for (const { name, check, parse, answer } of rows) {
  console.log(
    `${name.padEnd(28)}${check.toFixed(1).padStart(10)}${parse.toFixed(1).padStart(15)}${(check / parse).toFixed(1).padStart(8)}${answer.toFixed(1).padStart(18)}`,
  )
}
const [listRow] = rows
reportFigure({
  what: `verify: checking a content list of ${list.data.length} items, µs`,
  value: `${listRow.check.toFixed(0)} (${(listRow.check / listRow.parse).toFixed(1)}× zod parse)`,
  baseline: "zod's strict parse of the same body, same run",
  goal: '≤ 3× zod parse',
  met: listRow.check / listRow.parse <= 3,
})
