import {
  ENDPOINT_NAMES,
  ENDPOINT_PATHS,
  JOURNAL_ENDPOINTS,
  createOpenApiDocument,
} from 'content-api-mock'
import { expect, it } from 'vitest'
import { startServer, startSmallServer } from '../support/server.js'

// The endpoint names and paths are written once (src/schema/endpoints.ts);
// every part that names endpoints must agree with that list.

const KEY = { authorization: 'Bearer demo-key-alpha' }

it('names every endpoint of the OpenAPI document after the list, at its path', () => {
  const { paths } = createOpenApiDocument()
  const documented = Object.entries(paths).map(
    ([path, item]) => [item.get?.operationId, path] as const,
  )
  expect(documented).toEqual(
    ENDPOINT_NAMES.map((name) => [name, ENDPOINT_PATHS[name]]),
  )
})

it('lists every endpoint path in the 404 for an unknown path', async () => {
  await using server = await startServer()
  const response = await fetch(`${server.apiUrl}/nothing`, { headers: KEY })
  const { error } = await response.json()
  expect(response.status).toBe(404)
  for (const name of ENDPOINT_NAMES) {
    expect(error.message).toContain(`GET /public-api/v1${ENDPOINT_PATHS[name]}`)
  }
})

it('journals each endpoint under its name and filters the journal by every name', async () => {
  await using server = await startSmallServer()
  const headers = { authorization: 'Bearer k_a' }
  await fetch(`${server.apiUrl}/projects`, { headers })
  await fetch(`${server.apiUrl}/projects/p1`, { headers })
  await fetch(`${server.apiUrl}/projects/p1/contents`, { headers })
  const detail = await (
    await fetch(`${server.apiUrl}/projects/p1/contents/v1`, { headers })
  ).json()
  await fetch(detail.data.content.thumbnail_url)

  for (const endpoint of JOURNAL_ENDPOINTS) {
    const response = await fetch(
      `${server.adminUrl}/requests?endpoint=${endpoint}`,
    )
    const { data } = await response.json()
    expect(response.status).toBe(200)
    expect(data, endpoint).toHaveLength(1)
  }
})

it('accepts every endpoint name in a scenario match', async () => {
  await using server = await startServer()
  for (const endpoint of ENDPOINT_NAMES) {
    const response = await fetch(`${server.adminUrl}/scenarios`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 500, match: { endpoint } }),
    })
    expect(response.status, endpoint).toBe(201)
  }
})
