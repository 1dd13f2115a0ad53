import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { findSuiteRedis, useSuiteRedis } from '../support/redis-server.js'

// The Redis client (ioredis) loads only for a fleet: a server or a CLI
// started without --redis never loads it, so start-up does not change.

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const CHUNKS = join(ROOT, 'dist/chunks')
const run = promisify(execFile)
const redisPath = findSuiteRedis()
const redis = useSuiteRedis(redisPath)

/** Starts a server in a fresh Node, asks it once, and says whether ioredis was loaded. */
async function loadsRedisClient(redisUrl?: string): Promise<boolean> {
  const script = `
    import { createRequire } from 'node:module'
    import { createContentApiServer } from 'content-api-mock/server'
    const server = await createContentApiServer({ port: 0, ${redisUrl === undefined ? '' : `redis: { url: ${JSON.stringify(redisUrl)}, prefix: 'loading-${Date.now()}' }`} })
    await (await fetch(server.apiUrl + '/projects', { headers: { authorization: 'Bearer demo-key-alpha' } })).text()
    const loaded = Object.keys(createRequire(import.meta.url).cache)
    console.log(loaded.some((path) => path.includes('/node_modules/ioredis/')))
    await server.close()
  `
  const { stdout } = await run(
    process.execPath,
    ['--input-type=module', '-e', script],
    { cwd: ROOT },
  )
  return stdout.trim() === 'true'
}

/** The files a bundle entry loads at once: itself and its static imports, in turn. */
function staticClosure(entry: string): string[] {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const text = readFileSync(file, 'utf8')
    for (const [, target] of text.matchAll(
      /^(?:import|export)\b[^;(]*?from\s*"(\.[^"]+)"|^import\s*"(\.[^"]+)"/gm,
    )) {
      if (target !== undefined) visit(join(file, '..', target))
    }
  }
  visit(entry)
  return [...seen]
}

/** A chunk that loads ioredis (an external of the bundles, never inlined). */
const IMPORTS_REDIS_CLIENT = /from\s*"ioredis"|import\("ioredis"\)/

it('never loads the Redis client in a server started without redis', async () => {
  expect(await loadsRedisClient()).toBe(false)
})

it.skipIf(redisPath === undefined)(
  'loads the Redis client in a server started with redis (so the check above can fail)',
  async () => {
    expect(await loadsRedisClient(redis().url)).toBe(true)
  },
)

it("keeps the Redis client out of the CLI's start-up: only a lazily loaded chunk imports it", () => {
  const chunks = readdirSync(CHUNKS)
  const importers = chunks.filter((name) =>
    IMPORTS_REDIS_CLIENT.test(readFileSync(join(CHUNKS, name), 'utf8')),
  )
  expect(importers).toEqual([expect.stringMatching(/^join-fleet-[\w-]+\.js$/)])
  const loader = chunks.filter((name) =>
    /import\("\.\/join-fleet-[\w-]+\.js"\)/.test(
      readFileSync(join(CHUNKS, name), 'utf8'),
    ),
  )
  expect(loader).toHaveLength(1)
  // What the CLI loads at once, and what serving loads: neither reaches it.
  const atStart = [
    ...staticClosure(join(ROOT, 'dist/cli/main.js')),
    ...staticClosure(join(CHUNKS, loader[0]!)),
  ]
  for (const file of atStart) {
    expect(IMPORTS_REDIS_CLIENT.test(readFileSync(file, 'utf8')), file).toBe(
      false,
    )
  }
})
