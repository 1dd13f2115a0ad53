import { expect, it } from 'vitest'
import { startSmallServer } from '../support/server.js'

// An asset URL lasts its lifetime as a person lives it, through a real
// server: at --speed 60 the 900 s of the default TTL are 900 real seconds,
// not 15 (test/api/assets.test.ts has the same through the interceptor). The real
// time is a source the test moves (the `now` option) instead of a sleep.

const RANGE = { headers: { range: 'bytes=0-99' } }

it('keeps a URL issued at speed 60 working 60 real seconds later, and expires it on an advance past its lifetime: server', async () => {
  let source = Date.parse('2026-01-01T00:00:00Z')
  await using server = await startSmallServer({
    now: () => source,
    speed: 60,
  })
  const detail = await fetch(`${server.apiUrl}/projects/p1/contents/v1`, {
    headers: { authorization: 'Bearer k_a' },
  })
  const url: string = (await detail.json()).data.content.download_url

  source += 60_000
  expect((await fetch(url, RANGE)).status).toBe(206)
  source += 600_000 // ten real minutes after the detail was fetched
  expect((await fetch(url, RANGE)).status).toBe(206)

  const advanced = await fetch(`${server.adminUrl}/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance: '15m' }),
  })
  expect(advanced.status).toBe(200)
  const expired = await fetch(url, RANGE)
  expect(expired.status).toBe(403)
  const error = (await expired.json()).error
  expect(error.code).toBe('asset_url_expired')
  expect(error.message).toContain(
    'a set or advance of the mock clock counts in full',
  )
})
