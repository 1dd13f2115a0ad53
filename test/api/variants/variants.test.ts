import {
  createContentApiMock,
  VARIANT_NAMES,
  type ContentApiMockOptions,
} from 'content-api-mock'
import { setupServer } from 'msw/node'
import { expect, it } from 'vitest'
import { BASE_URL } from '../../support/api-client.js'
import { startServer } from '../../support/server.js'
import {
  BITES,
  PAGED_DATA,
  runVariantClients,
  VARIANT_CLIENTS,
  VARIANT_DATA,
  type Get,
} from '../../support/variant-clients.js'

const AUTH = { authorization: 'Bearer demo-key-alpha' }
const ADAPTERS = ['server', 'msw'] as const
type Adapter = (typeof ADAPTERS)[number]

const DATA: ContentApiMockOptions = VARIANT_DATA

/** Runs `use` against a mock served by one adapter, then stops it. */
async function withAdapter<T>(
  adapter: Adapter,
  options: ContentApiMockOptions,
  use: (get: Get) => Promise<T>,
): Promise<T> {
  if (adapter === 'server') {
    await using server = await startServer(options)
    return await use((path, headers) =>
      fetch(`${server.apiUrl}${path}`, { headers: { ...AUTH, ...headers } }),
    )
  }
  const mock = createContentApiMock(options)
  const msw = setupServer(...mock.handlers)
  msw.listen({ onUnhandledRequest: 'error', onUnhandledFrame: 'error' } as {
    onUnhandledRequest: 'error'
  })
  try {
    return await use((path, headers) =>
      fetch(`${BASE_URL}${path}`, { headers: { ...AUTH, ...headers } }),
    )
  } finally {
    msw.close()
  }
}

for (const adapter of ADAPTERS) {
  for (const variant of Object.keys(VARIANT_CLIENTS)) {
    it(`${variant} breaks its naive client but not the hardened one (${adapter})`, async () => {
      const data = variant === 'paginated' ? PAGED_DATA : DATA
      const results = await withAdapter(adapter, data, (get) =>
        runVariantClients(variant, get),
      )
      expect(results).toEqual(BITES)
    })
  }
}

it('has a naive and a hardened client for every variant but hostile', () => {
  expect(Object.keys(VARIANT_CLIENTS).sort()).toEqual(
    VARIANT_NAMES.filter((name) => name !== 'hostile').sort(),
  )
})

/** Status, type and body of answers across the API under all variants. */
async function snapshot(get: Get) {
  const answers: string[] = []
  const read = async (path: string, headers?: Record<string, string>) => {
    const response = await get(path, headers)
    const text = await response.text()
    answers.push(
      `${response.status} ${response.headers.get('content-type')} ${response.headers.get('retry-after')} ${path}\n${text}`,
    )
    return text
  }
  const projects = JSON.parse(await read('/projects')).data
  await read('/projects?page=2&per_page=2')
  await read('/projects?per_page=x')
  await read('/projects/not%20an%20id')
  await read('/projects/p_none')
  await read('/projects', { 'x-mock-scenario': 'server-error' })
  await read('/projects', { 'x-mock-scenario': 'rate-limited' })
  await read('/nothing-here')
  for (const project of projects) {
    const path = `/projects/${project.project_unique}/contents`
    for (const content of JSON.parse(await read(path)).data) {
      await read(`${path}/${content.variation_unique}`)
    }
  }
  return answers
}

// The variants of the bytes; slow-body and truncated change only how they
// arrive, and have tests of their own above.
// Retry-After dates are counted from the mock clock.
const STARTED = Date.now()
const FROZEN = { now: () => STARTED }

/**
 * The answers with each asset URL as `ASSET_URL`: they start with each
 * adapter's own origin and carry a nonce issued per request.
 */
function withoutAssetUrls(answers: string[]): string[] {
  return answers.map((answer) =>
    answer.replace(/https?:\/\/[^/"]+\/__assets\/[^"]*/g, 'ASSET_URL'),
  )
}

const BODY_VARIANTS = VARIANT_NAMES.filter(
  (name) => !['hostile', 'slow-body', 'truncated'].includes(name),
)

it('sends the same bytes from the server and the interceptor under every variant', async () => {
  const options = { ...DATA, variants: BODY_VARIANTS, ...FROZEN }
  const fromServer = await withAdapter('server', options, snapshot)
  const fromMsw = await withAdapter('msw', options, snapshot)
  for (const [i, answer] of withoutAssetUrls(fromMsw).entries()) {
    expect(answer).toEqual(withoutAssetUrls(fromServer)[i])
  }
  expect(fromServer.length).toBeGreaterThan(40)
})

it('sends the same bytes for the same seed and other bytes for another', async () => {
  const generated = createContentApiMock(DATA)
  await generated.ready
  const options = {
    fixtures: generated.exportFixtures(),
    variants: BODY_VARIANTS,
    ...FROZEN,
    seed: 7,
  }
  const first = await withAdapter('msw', options, snapshot)
  const again = await withAdapter('msw', options, snapshot)
  const other = await withAdapter('msw', { ...options, seed: 8 }, snapshot)
  expect(withoutAssetUrls(again)).toEqual(withoutAssetUrls(first))
  expect(other[0]).not.toEqual(first[0])
})

for (const adapter of ADAPTERS) {
  it(`truncated cuts the body so that reading it rejects, and sends it whole the next time (${adapter})`, async () => {
    await withAdapter(
      adapter,
      { ...DATA, variants: ['truncated'] },
      async (get) => {
        const cut = await get('/projects')
        expect(cut.status).toBe(200)
        await expect(cut.text()).rejects.toThrow(TypeError)
        expect(
          (await (await get('/projects')).json()).data.length,
        ).toBeGreaterThan(0)
      },
    )
  })

  it(`slow-body sends the same bytes in several pieces (${adapter})`, async () => {
    const read = (variants: ContentApiMockOptions['variants']) =>
      withAdapter(adapter, { ...DATA, ...FROZEN, variants }, async (get) => {
        const reader = (await get('/projects')).body!.getReader()
        const pieces: Uint8Array[] = []
        for (
          let chunk = await reader.read();
          !chunk.done;
          chunk = await reader.read()
        ) {
          pieces.push(chunk.value)
        }
        return pieces
      })
    const slow = await read(['slow-body'])
    const whole = await read([])
    expect(slow.length).toBeGreaterThan(1)
    expect(Buffer.concat(slow)).toEqual(Buffer.concat(whole))
  })
}
