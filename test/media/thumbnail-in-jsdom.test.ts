// @vitest-environment jsdom
import { createContentApiMock } from 'content-api-mock'
import jpeg from 'jpeg-js'
import { expect, it } from 'vitest'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll } from 'vitest'

// Regression: in vitest's jsdom environment, where most React and Vue
// component suites run, `Blob` is jsdom's, which has no `stream()`. The
// title-card renderer relied on it, and every thumbnail answered 500.

// Set up as a component suite does, without the helpers of test/support/,
// which read files by `import.meta.url` (jsdom's `URL` there).
const mock = createContentApiMock({ seed: 7 })
const server = setupServer(...mock.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

// @note The first title card loads the renderer and its glyphs: seconds on
// a busy machine, so more than the suite's 20 s default.
it('answers a title-card thumbnail in the jsdom environment', async () => {
  expect(typeof window).toBe('object')
  expect(typeof new Blob([]).stream).not.toBe('function')
  const projects = await get('/projects')
  const path = `/projects/${projects[0].project_unique}/contents`
  const [item] = await get(path)
  const detail = await get(`${path}/${item.variation_unique}`)

  const response = await fetch(detail.content.thumbnail_url)

  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('image/jpeg')
  const image = jpeg.decode(new Uint8Array(await response.arrayBuffer()))
  expect([image.width, image.height]).toEqual([640, 360])
}, 60_000)

async function get(path: string) {
  const response = await fetch(`https://api.example.com/public-api/v1${path}`, {
    headers: { authorization: 'Bearer demo-key-alpha' },
  })
  expect(response.status, path).toBe(200)
  return (await response.json()).data
}
