// Variants cost only when asked for: this measures one content-detail and
// one content-list request through the mock's core without variants (the
// baseline of the same run), with `extra-fields`, and with every variant
// that rewrites bodies, as microseconds per request and ratios.
//
//   npm run build && node bench/variants.js
import { performance } from 'node:perf_hooks'
import { createContentApiMock, VARIANT_NAMES } from '../dist/index.js'
import { median } from './support/median.js'

const ROUNDS = 7
// slow-body and truncated change how a body arrives, not what it costs here.
const BODY_VARIANTS = VARIANT_NAMES.filter(
  (name) => !['hostile', 'slow-body', 'truncated'].includes(name),
)
const CASES = [
  { name: 'none', variants: [] },
  { name: 'extra-fields', variants: ['extra-fields'] },
  { name: 'all body variants', variants: BODY_VARIANTS },
]

async function measure(variants) {
  const mock = createContentApiMock({
    seed: 1,
    size: { projects: 4, contents: 400 },
    variants,
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
  const listPath = JSON.parse(mock.handle(request('/projects')).body)
    .data.map((project) => `/projects/${project.project_unique}/contents`)
    .sort((a, b) => totalOf(mock, request(b)) - totalOf(mock, request(a)))[0]
  const content = JSON.parse(mock.handle(request(listPath)).body).data[0]
  const detail = request(`${listPath}/${content.variation_unique}`)
  const list = request(listPath)
  return { detail: time(mock, detail, 5000), list: time(mock, list, 200) }
}

function totalOf(mock, request) {
  return JSON.parse(mock.handle(request).body).meta.total
}

function time(mock, request, count) {
  const times = []
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now()
    for (let i = 0; i < count; i++) {
      if (mock.handle(request).status !== 200) throw new Error('unexpected')
    }
    times.push(((performance.now() - start) * 1000) / count)
  }
  return median(times)
}

// A first pass warms the JIT up for every case; the second one counts.
for (const { variants } of CASES) await measure(variants)
const results = []
for (const { name, variants } of CASES) {
  results.push({ name, ...(await measure(variants)) })
}
const [base] = results
console.log('variants: µs per request through the core (median of 7 rounds)')
console.log('variants            detail µs   ×none   list µs   ×none')
for (const { name, detail, list } of results) {
  console.log(
    `${name.padEnd(20)}${detail.toFixed(2).padStart(9)}${(detail / base.detail).toFixed(1).padStart(8)}${list.toFixed(1).padStart(23)}${(list / base.list).toFixed(1).padStart(8)}`,
  )
}
