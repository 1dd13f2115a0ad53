import { createContentApiMock } from 'content-api-mock'
import { request } from 'undici'
import { expect, it } from 'vitest'
import { useMswServer } from '../support/api-client.js'

// What docs/test-runners.md says cannot work: msw's setupServer hooks Node's
// global fetch and its http modules, not undici's own API, so a request
// made with undici.request passes the mock by, and onUnhandledRequest:
// 'error' (set by useMswServer) says nothing. `.invalid` names no host
// (RFC 2606), so the request fails at once instead of leaving the machine.

const server = useMswServer()
const URL = 'https://api.example.invalid/public-api/v1/projects'
const headers = { authorization: 'Bearer demo-key-alpha' }

it("answers the global fetch, but never sees undici's own request", async () => {
  server.use(...createContentApiMock({ seed: 42 }).handlers)

  const fetched = await fetch(URL, { headers })
  expect(fetched.status).toBe(200)

  const error = await request(URL, { headers }).then(
    () => undefined,
    (reason: NodeJS.ErrnoException) => reason,
  )
  expect(error?.code).toMatch(/^(ENOTFOUND|EAI_AGAIN)$/)
})
