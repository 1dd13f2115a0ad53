import { createContentApiMock } from 'content-api-mock'
import { expect, it } from 'vitest'
import { BASE_URL, useMswServer } from '../../support/api-client.js'
import {
  BITES,
  PAGED_DATA,
  runVariantClients,
  VARIANT_CLIENTS,
  VARIANT_DATA,
  type Get,
} from '../../support/variant-clients.js'

// @note The interceptor's side of test/api/variants/variants.test.ts on its own, so that
// scripts/test-msw3.sh (which runs the files using useMswServer) runs it
// under msw 3 too: the streamed bodies of slow-body and truncated are where
// msw's versions may differ.
const server = useMswServer()
const AUTH = { authorization: 'Bearer demo-key-alpha' }

function serve(options: Parameters<typeof createContentApiMock>[0]): Get {
  server.use(...createContentApiMock(options).handlers)
  return (path, headers) =>
    fetch(`${BASE_URL}${path}`, { headers: { ...AUTH, ...headers } })
}

for (const variant of Object.keys(VARIANT_CLIENTS)) {
  it(`${variant} breaks its naive client but not the hardened one in the interceptor`, async () => {
    const get = serve(variant === 'paginated' ? PAGED_DATA : VARIANT_DATA)
    expect(await runVariantClients(variant, get)).toEqual(BITES)
  })
}

it('rejects reading a truncated body in the interceptor, and answers whole the next time', async () => {
  const get = serve({ ...VARIANT_DATA, variants: ['truncated'] })
  const cut = await get('/projects')
  expect(cut.status).toBe(200)
  await expect(cut.text()).rejects.toThrow(TypeError)
  expect((await (await get('/projects')).json()).data.length).toBeGreaterThan(0)
})

it('streams a slow body in pieces in the interceptor', async () => {
  const get = serve({ ...VARIANT_DATA, variants: ['slow-body'] })
  const reader = (await get('/projects')).body!.getReader()
  let pieces = 0
  let text = ''
  const decoder = new TextDecoder()
  for (
    let chunk = await reader.read();
    !chunk.done;
    chunk = await reader.read()
  ) {
    pieces++
    text += decoder.decode(chunk.value, { stream: true })
  }
  expect(pieces).toBeGreaterThan(1)
  expect(JSON.parse(text).data.length).toBeGreaterThan(0)
})
