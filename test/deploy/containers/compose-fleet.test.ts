import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { podman } from '../../support/podman.js'
import { freePort } from '../../support/free-port.js'
import { ROOT } from './container-images.js'
import { waitUntil } from './run-container.js'
import { startCompose, type ComposeProject } from './start-compose.js'

// compose.yaml as a demo team runs it: Redis, three replicas with --redis and
// HAProxy in front with deploy/haproxy.cfg, one URL. A write through the
// balancer reads back on every replica through the balancer; one replica
// stopped leaves the fleet answering; down leaves nothing behind. The tests
// run in order, on one fleet.

const images = inject('images')
const itWithPodman = it.skipIf(images === null)
const TOKEN = `fleet-${randomBytes(8).toString('hex')}`
const KEY = { authorization: 'Bearer demo-key-alpha' }
const REPLICAS = ['mock-a', 'mock-b', 'mock-c']

let fleet: ComposeProject | undefined
let url = ''

beforeAll(async () => {
  if (images === null) return
  const port = await freePort()
  url = `http://127.0.0.1:${port}`
  fleet = await startCompose(
    join(ROOT, 'compose.yaml'),
    `content-api-mock-test-${randomBytes(4).toString('hex')}`,
    {
      MOCK_IMAGE: images.mock,
      REDIS_IMAGE: images.redis,
      HAPROXY_IMAGE: images.haproxy,
      ADMIN_TOKEN: TOKEN,
      MOCK_PORT: String(port),
    },
  )
  console.log(`compose fleet: started by ${fleet.how}`)
})

afterAll(async () => {
  await fleet?.[Symbol.asyncDispose]()
})

/** A request through the balancer, with the replica that answered it. */
async function through(
  path: string,
  init: { method?: string; body?: unknown; control?: boolean } = {},
) {
  const response = await fetch(`${url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.control === true
        ? {
            authorization: `Bearer ${TOKEN}`,
            'content-type': 'application/json',
          }
        : KEY),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await response.text()
  return {
    status: response.status,
    servedBy: response.headers.get('x-served-by'),
    body: text === '' ? undefined : JSON.parse(text),
  }
}

/** Reads `path` through the balancer until each of `replicas` answered it; returns each one's body. */
async function readOnEach(path: string, replicas: string[]) {
  const seen = new Map<string, any>()
  for (let i = 0; i < 40 && seen.size < replicas.length; i++) {
    const answer = await through(path)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(replicas).toContain(answer.servedBy)
    seen.set(answer.servedBy!, answer.body)
  }
  expect([...seen.keys()].sort()).toEqual(replicas)
  return seen
}

itWithPodman(
  'starts with one command and answers at one URL, from every replica once HAProxy finds them healthy',
  async () => {
    const ready = await waitUntil(async () => {
      const servedBy = new Set<string>()
      for (let i = 0; i < 6; i++) {
        const answer = await through('/public-api/v1/projects')
        if (answer.status !== 200) return false
        servedBy.add(answer.servedBy!)
      }
      return servedBy.size === 3
    }, 120_000)
    expect(ready).toBe(true)
    // The page and its control API at the same URL; the control API needs the
    // fleet's token from outside.
    const page = await fetch(`${url}/`, { headers: { accept: 'text/html' } })
    expect(page.status).toBe(200)
    expect(await page.text()).toMatch(/^<!doctype html>/i)
    expect((await through('/__mock/health')).status).toBe(401)
  },
)

/**
 * Renames the `index`th content of the main key's first project with a
 * control PATCH through the balancer, then reads its detail through the
 * balancer until each of `replicas` answered it, and expects the new title
 * from each.
 */
async function expectPatchReadBack(index: number, replicas: string[]) {
  const projects = await through('/public-api/v1/projects')
  const project = projects.body.data[0].project_unique
  const contents = await through(`/public-api/v1/projects/${project}/contents`)
  expect(contents.body.data.length).toBeGreaterThan(index)
  const content = contents.body.data[index]
  const title = `Patched through the balancer ${randomBytes(3).toString('hex')}`
  const path = `/contents/${content.variation_unique}`
  const patched = await through(`/__mock${path}`, {
    method: 'PATCH',
    body: { title },
    control: true,
  })
  expect(patched.status, JSON.stringify(patched.body)).toBe(200)
  const detail = `/public-api/v1/projects/${project}${path}`
  for (const [replica, answer] of await readOnEach(detail, replicas)) {
    expect(answer.data.title, replica).toBe(title)
  }
}

itWithPodman(
  'reads a PATCH made through HAProxy back through HAProxy on all three replicas',
  async () => {
    await expectPatchReadBack(0, REPLICAS)
  },
)

itWithPodman(
  'keeps answering, writes included, with one replica stopped',
  async () => {
    const stopped = await fleet!.containerOf('mock-b')
    await podman(['stop', stopped], { timeout: 60_000 })
    expect(
      await podman(['inspect', '--format', '{{.State.ExitCode}}', stopped]),
    ).toBe('0\n')
    for (let i = 0; i < 12; i++) {
      const answer = await through('/public-api/v1/projects')
      expect(answer.status).toBe(200)
      expect(answer.servedBy).not.toBe('mock-b')
    }
    await expectPatchReadBack(1, ['mock-a', 'mock-c'])
  },
)

itWithPodman(
  'takes the stopped replica back once it runs again and passes its checks',
  async () => {
    await podman(['start', await fleet!.containerOf('mock-b')])
    const back = await waitUntil(
      async () =>
        (await through('/public-api/v1/projects')).servedBy === 'mock-b',
      60_000,
    )
    expect(back).toBe(true)
    // It caught up with the write made while it was stopped.
    await expectPatchReadBack(2, REPLICAS)
  },
)

itWithPodman('goes down gracefully and leaves nothing running', async () => {
  const codes = await fleet!.down()
  for (const replica of REPLICAS) expect(codes[replica], replica).toBe(0)
  expect(await fleet!.leftovers()).toEqual([])
  fleet = undefined
})
