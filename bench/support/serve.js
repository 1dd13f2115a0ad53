// One server for the bench scripts (bench/support/served.js starts it), in a
// process of its own so the load generator and the server do not share an
// event loop. Prints its URL and, when asked over IPC, the CPU time it has used.
//
//   node bench/support/serve.js mock [dist]   (dist: another build's folder)
//   node bench/support/serve.js live   (live data, the clock at 10x)
//   node bench/support/serve.js fleet <redis URL> [prefix]   (a replica of a fleet)
//   node bench/support/serve.js bare <answers.json: [{ path, headers, body }]>
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const [mode, bodiesFile, prefix] = process.argv.slice(2)
// `mock <dist>`: the same server from another build, for a before/after
// (bench/server.js --compare).
const dist =
  mode === 'mock' && bodiesFile !== undefined
    ? pathToFileURL(`${resolve(bodiesFile)}/`)
    : new URL('../../dist/', import.meta.url)
const { createContentApiServer } = await import(
  new URL('server/index.js', dist).href
)

// The CPU time this process has used, on request of bench/server.js (over
// IPC), so that it can count requests per CPU-second of the server alone.
process.on('message', () => process.send?.(process.cpuUsage()))

if (mode === 'mock' || mode === 'live') {
  const server = await createContentApiServer(
    mode === 'live' ? { port: 0, live: true, speed: 10 } : { port: 0 },
  )
  console.log(server.url)
} else if (mode === 'fleet') {
  const server = await createContentApiServer({
    port: 0,
    redis: { url: bodiesFile, prefix: prefix ?? `bench-${process.pid}` },
  })
  console.log(server.url)
} else if (mode === 'bare') {
  // The baseline: bare node:http answering prebuilt bodies of the same bytes
  // with the same headers, and nothing else (bodies are base64 in the file).
  const answers = new Map(
    JSON.parse(readFileSync(bodiesFile, 'utf8')).map(
      ({ path, headers, body }) => [
        path,
        { headers, body: Buffer.from(body, 'base64') },
      ],
    ),
  )
  const server = createServer((request, response) => {
    const { headers, body } = answers.get(request.url)
    response.writeHead(200, headers)
    response.end(body)
  })
  server.listen(0, '127.0.0.1', () => {
    console.log(`http://127.0.0.1:${server.address().port}`)
  })
} else {
  console.error(
    'usage: serve.js mock [dist] | live | fleet <redis URL> [prefix] | bare <answers.json>',
  )
  process.exit(2)
}
