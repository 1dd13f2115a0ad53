import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { RECORDED_DEMO_KEY } from 'content-api-mock'
import { PROXIED_HEADER } from 'content-api-mock/server'
import { afterAll, expect, it, vi } from 'vitest'
import { escapeRegExp } from '../../support/escape-reg-exp.js'
import { loadFixture } from '../../support/load-fixture.js'
import {
  KEY,
  realProjectId,
  startRealService,
} from '../../support/real-service.js'
import { startServer } from '../../support/server.js'
import { startCli } from '../../support/start-cli.js'

// --record of proxy mode: the answers forwarded to upstream, written into a
// fixture document that --fixtures serves the same.

const tmp = mkdtempSync(join(tmpdir(), 'upstream-recording-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

/** The paths of a walk through every endpoint, in a project with contents. */
async function walkPaths(apiUrl: string): Promise<string[]> {
  const get = async <Item>(path: string) =>
    (
      (await (await fetch(`${apiUrl}${path}`, { headers: KEY })).json()) as {
        data: Item[]
      }
    ).data
  for (const project of await get<{ project_unique: string }>('/projects')) {
    const id = project.project_unique
    const contents = await get<{ variation_unique: string }>(
      `/projects/${id}/contents`,
    )
    if (contents.length < 3) continue
    return [
      '/projects',
      `/projects/${id}`,
      `/projects/${id}/contents`,
      ...contents
        .slice(0, 3)
        .map(
          (content) => `/projects/${id}/contents/${content.variation_unique}`,
        ),
    ]
  }
  throw new Error(`No project with 3 contents at ${apiUrl}.`)
}

/** A body with the asset URLs masked: each server issues its own. */
function comparable(text: string): unknown {
  return JSON.parse(text, (key, value: unknown) =>
    key === 'download_url' || key === 'thumbnail_url' ? 'issued' : value,
  )
}

it('--record writes the answers that passed through into a fixture document that --fixtures serves the same', async () => {
  await using real = await startRealService()
  const file = join(tmp, 'recorded.json')
  const paths = await walkPaths(real.apiUrl)
  {
    await using cli = await startCli([
      ...['--port', '0', '--log', 'off'],
      '--proxy',
      real.apiUrl,
      '--proxy-all',
      '--record',
      file,
    ])
    await cli.waitFor(/Press Ctrl\+C to stop\./)
    expect(cli.stdout()).toMatch(
      new RegExp(
        `Record +the 200 answers forwarded are added to ${escapeRegExp(file)}`,
      ),
    )
    for (const path of paths) {
      const response = await fetch(`${cli.apiUrl}${path}`, { headers: KEY })
      expect(response.headers.get(PROXIED_HEADER), path).toBe(real.url)
      await response.arrayBuffer()
    }
    // Written a moment after the last answer, before the server stops.
    await vi.waitFor(
      () => {
        const written = JSON.parse(readFileSync(file, 'utf8')) as {
          contents: unknown[]
        }
        expect(written.contents.length).toBeGreaterThan(0)
      },
      { timeout: 10_000, interval: 50 },
    )
    expect(await cli.stop()).toBe(0)
  }

  await using replay = await startServer({
    fixtures: JSON.parse(readFileSync(file, 'utf8')),
  })
  for (const path of paths) {
    const [recorded, original] = await Promise.all([
      fetch(`${replay.apiUrl}${path}`, {
        headers: { authorization: `Bearer ${RECORDED_DEMO_KEY}` },
      }),
      fetch(`${real.apiUrl}${path}`, { headers: KEY }),
    ])
    expect(recorded.status, path).toBe(200)
    expect(comparable(await recorded.text()), path).toEqual(
      comparable(await original.text()),
    )
  }
})

it('--record adds to a fixture file that exists, keeping what it holds, and writes on stop', async () => {
  await using real = await startRealService()
  const file = join(tmp, 'existing.json')
  writeFileSync(file, JSON.stringify(loadFixture('small.json')))
  const id = await realProjectId(real.apiUrl)
  {
    await using cli = await startCli([
      ...['--port', '0', '--log', 'off'],
      '--fixtures',
      'test/fixtures/small.json',
      '--proxy',
      real.apiUrl,
      '--record',
      file,
    ])
    await cli.waitFor(/Press Ctrl\+C to stop\./)
    const own = await fetch(`${cli.apiUrl}/projects/p1`, { headers: KEY })
    const forwarded = await fetch(`${cli.apiUrl}/projects/${id}`, {
      headers: KEY,
    })
    expect(own.headers.get(PROXIED_HEADER)).toBeNull()
    expect(forwarded.headers.get(PROXIED_HEADER)).toBe(real.url)
    expect(await cli.stop()).toBe(0)
  }

  const written = JSON.parse(readFileSync(file, 'utf8')) as {
    api_keys: Array<{ key: string }>
    projects: Array<{ project_unique: string }>
    contents: unknown[]
  }
  expect(written.projects.map((project) => project.project_unique)).toEqual([
    'p1',
    'p2',
    'p3',
    'p4',
    id,
  ])
  expect(written.contents).toHaveLength(
    loadFixture('small.json').contents.length,
  )
  expect(written.api_keys.map((key) => key.key)).toContain(RECORDED_DEMO_KEY)
  await using replay = await startServer({ fixtures: written })
  const recorded = await fetch(`${replay.apiUrl}/projects/${id}`, {
    headers: { authorization: `Bearer ${RECORDED_DEMO_KEY}` },
  })
  const original = await fetch(`${real.apiUrl}/projects/${id}`, {
    headers: KEY,
  })
  expect(await recorded.text()).toBe(await original.text())
})
