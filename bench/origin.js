// Asset URLs take their origin from the Host header (or a proxy's forwarded
// headers), parsed strictly; that must not slow down the content detail. This
// measures one content-detail request as the server describes it (a Node
// request through toApiRequest, the origin resolved from its headers) beside,
// as the baseline of the same run, the same request with a fixed origin.
//
//   npm run build && node bench/origin.js
import { performance } from 'node:perf_hooks'
import { createMockCore } from '../dist/api/create-mock-core.js'
import { resolveRequestOrigin } from '../dist/server/host/resolve-request-origin.js'
import { toApiRequest } from '../dist/server/to-api-request.js'

const ROUNDS = 9
const PER_ROUND = 10_000
const LISTENING = 'http://127.0.0.1:4010'

const core = createMockCore({ seed: 1 })
await core.ready
const headers = {
  authorization: 'Bearer demo-key-alpha',
  host: 'demo.example.com:8080',
}
const ask = (url) =>
  JSON.parse(
    core.handle(toApiRequest({ method: 'GET', url, headers }, () => LISTENING))
      .body,
  ).data
let path
for (const project of ask('/public-api/v1/projects')) {
  const contents = ask(
    `/public-api/v1/projects/${project.project_unique}/contents`,
  )
  if (contents.length === 0) continue
  path = `/public-api/v1/projects/${project.project_unique}/contents/${contents[0].variation_unique}`
  break
}

const trustingHeaders = {
  ...headers,
  forwarded: 'for=192.0.2.60;proto=https;host=demo.example.com',
  'x-forwarded-proto': 'https',
}
const variants = [
  ['fixed (baseline)', headers, () => LISTENING],
  [
    'from the Host header',
    headers,
    (lookup) =>
      resolveRequestOrigin(lookup, { trustProxy: false, listening: LISTENING }),
  ],
  [
    'forwarded (--trust-proxy)',
    trustingHeaders,
    (lookup) =>
      resolveRequestOrigin(lookup, { trustProxy: true, listening: LISTENING }),
  ],
]

// Rounds alternate between the variants, so that a change in the machine's
// load hits them alike; the first round warms up.
const times = variants.map(() => [])
for (let round = 0; round <= ROUNDS; round++) {
  variants.forEach(([, requestHeaders, originOf], index) => {
    const request = { method: 'GET', url: path, headers: requestHeaders }
    const start = performance.now()
    for (let i = 0; i < PER_ROUND; i++) {
      if (core.handle(toApiRequest(request, originOf)).status !== 200) {
        throw new Error('unexpected status')
      }
    }
    if (round > 0) {
      times[index].push(((performance.now() - start) * 1000) / PER_ROUND)
    }
  })
}
const medians = times.map(
  (list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)],
)

console.log(
  `node ${process.version}, content detail through toApiRequest, median of ${ROUNDS} rounds of ${PER_ROUND}`,
)
console.log('origin                        µs/request   ratio to fixed')
variants.forEach(([name], index) => {
  console.log(
    `${name.padEnd(29)} ${medians[index].toFixed(1).padStart(10)}   ${(medians[index] / medians[0]).toFixed(2).padStart(14)}`,
  )
})
