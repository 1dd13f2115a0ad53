// The servers a bench script loads: each started in a process of its own
// (bench/support/serve.js, so the load generator and the server do not share
// an event loop), loaded by autocannon from the script, with the CPU time the
// server alone used. Processes end with the script.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'

/** The API key the bench servers are loaded with. */
export const KEY = 'demo-key-alpha'

const serverAt = new Map()
process.on('exit', () => {
  for (const child of serverAt.values()) child.kill()
})

/**
 * Starts `node bench/support/serve.js ...args` and resolves with its URL.
 * @example
 * const url = await startServed('fleet', 'redis://127.0.0.1:6379')
 */
export function startServed(...args) {
  const child = spawn(
    process.execPath,
    [new URL('./serve.js', import.meta.url).pathname, ...args],
    { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  )
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`server exited with ${code}`)),
    )
    createInterface({ input: child.stdout }).once('line', (url) => {
      serverAt.set(url, child)
      resolve(url)
    })
  })
}

/**
 * Sends `signal` to the server at `url` (`SIGSTOP` freezes it, `SIGCONT`
 * thaws it).
 * @example
 * signalServed(url, 'SIGSTOP')
 */
export function signalServed(url, signal) {
  serverAt.get(url).kill(signal)
}

/** The CPU time, in seconds, the server at `url` has used so far. */
function cpuSeconds(url) {
  const child = serverAt.get(url)
  return new Promise((resolve) => {
    child.once('message', ({ user, system }) => resolve((user + system) / 1e6))
    child.send('cpu')
  })
}

/**
 * Loads `url + path` with autocannon for `duration` seconds over
 * `connections`; rejects when any answer is not 2xx.
 * @example
 * const result = await load(url, '/public-api/v1/projects', { connections: 20, duration: 5 })
 */
export function load(url, path, { connections, duration }) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: url + path,
        connections,
        duration,
        headers: { authorization: `Bearer ${KEY}` },
      },
      (error, result) => {
        if (error) return reject(error)
        if (result.non2xx > 0 || result.errors > 0) {
          return reject(
            new Error(
              `${path}: ${result.non2xx} non-2xx, ${result.errors} errors`,
            ),
          )
        }
        resolve(result)
      },
    )
  })
}

/**
 * Loads a server started by `startServed` and counts its requests per second,
 * its requests and the CPU seconds it used meanwhile.
 * @example
 * const { perSecond, requests, cpu } = await measure(url, path, { connections: 20, duration: 5 })
 */
export async function measure(url, path, options) {
  const before = await cpuSeconds(url)
  const result = await load(url, path, options)
  const cpu = (await cpuSeconds(url)) - before
  return {
    perSecond: result.requests.average,
    requests: result.requests.total,
    cpu,
  }
}

/**
 * A project's content list and the detail of its first content, with the
 * detail's body.
 * @example
 * const { list, detail, body } = await findContentPaths(url)
 */
export async function findContentPaths(url) {
  const get = async (path) =>
    (
      await fetch(url + path, { headers: { authorization: `Bearer ${KEY}` } })
    ).json()
  for (const project of (await get('/public-api/v1/projects')).data) {
    const list = `/public-api/v1/projects/${project.project_unique}/contents`
    const contents = await get(list)
    if (contents.data.length > 0) {
      const detail = `${list}/${contents.data[0].variation_unique}`
      return { list, detail, body: await get(detail) }
    }
  }
  throw new Error(`no project with contents at ${url}`)
}
