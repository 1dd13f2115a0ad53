import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REQUIRE_REDIS } from './redis-server.js'
import { freePort } from './free-port.js'

/**
 * The `haproxy` the load-balancer suite runs, or undefined (with one line
 * saying why) when there is none and neither `CI` nor `REQUIRE_REDIS` is set.
 * @throws when the replica suites are required and no `haproxy` is found.
 * @example
 * const haproxyPath = findSuiteHaproxy()
 */
export function findSuiteHaproxy(): string | undefined {
  const path = process.env.HAPROXY_PATH ?? 'haproxy'
  if (spawnSync(path, ['-v']).status === 0) return path
  const reason = `${path} not found`
  if (REQUIRE_REDIS) {
    throw new Error(
      `CI or REQUIRE_REDIS is set, but the load-balancer suite cannot run: ${reason}. Install it (on Debian: apt-get install haproxy) or set HAPROXY_PATH, or unset REQUIRE_REDIS to skip the suite.`,
    )
  }
  console.log(
    `load-balancer suite skipped: ${reason}. Install haproxy (on Debian: apt-get install haproxy) to run it.`,
  )
  return undefined
}

/**
 * The HAProxy configuration docs/replicas.md gives (its first `haproxy`
 * block), listening on `port` and sending to `backends` (origins such as
 * `http://127.0.0.1:4011`) instead of the documented addresses, so the
 * suites run what the docs tell users to run.
 * @example
 * const config = documentedHaproxyConfig(4010, ['http://127.0.0.1:4011'])
 */
export function documentedHaproxyConfig(port: number, backends: string[]) {
  const page = readFileSync(new URL('../../docs/replicas.md', import.meta.url))
  const block = /```haproxy[^\n]*\n([^]*?)```/.exec(page.toString())
  if (block === null) throw new Error('docs/replicas.md has no haproxy block')
  const lines = block[1]!.split('\n')
  const isServer = (line: string) => /^\s*server /.test(line)
  // The first server line's indent and options, for each backend.
  const [, indent, options] = /^(\s*)server \S+ \S+(.*)$/.exec(
    lines.find(isServer)!,
  )!
  const servers = backends.map(
    (origin, i) =>
      `${indent}server replica${i} ${new URL(origin).host}${options}`,
  )
  return lines
    .filter((line) => !isServer(line))
    .flatMap((line) =>
      /^\s*bind /.test(line)
        ? [line.replace(/bind \S+/, `bind 127.0.0.1:${port}`)]
        : /^\s*balance /.test(line)
          ? [line, ...servers]
          : [line],
    )
    .join('\n')
}

/**
 * Starts HAProxy with the documented configuration (see
 * `documentedHaproxyConfig`) on a free loopback port, sending requests to
 * `backends` in round-robin; it stops at the end of the calling block.
 * @example
 * await using balancer = await startHaproxy(path, replicas.map((r) => r.url))
 */
export async function startHaproxy(
  path: string,
  backends: string[],
): Promise<{ url: string } & AsyncDisposable> {
  const port = await freePort()
  const folder = mkdtempSync(join(tmpdir(), 'content-api-mock-haproxy-'))
  const config = join(folder, 'haproxy.cfg')
  writeFileSync(config, `${documentedHaproxyConfig(port, backends)}\n`)
  const child: ChildProcess = spawn(path, ['-db', '-f', config], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let errors = ''
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${errors}`)
    if (await accepts(port)) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async [Symbol.asyncDispose]() {
      if (child.exitCode === null) {
        const exited = once(child, 'exit')
        child.kill('SIGTERM')
        await exited
      }
      rmSync(folder, { recursive: true, force: true })
    },
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}
