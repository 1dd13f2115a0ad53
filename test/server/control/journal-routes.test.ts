import { expect, it } from 'vitest'
import { errorOf } from '../../support/send-json.js'
import { startServer, startSmallServer } from '../../support/server.js'

// The request journal over HTTP: what it keeps (never control requests nor
// keys), its filters, and its clearing.

const ALPHA = { authorization: 'Bearer k_a' }
const BETA = { authorization: 'Bearer k_b' }

it('journals API and asset requests, never control requests nor keys', async () => {
  await using server = await startSmallServer()
  const detail = await fetch(`${server.apiUrl}/projects/p1/contents/v1`, {
    headers: ALPHA,
  })
  const { download_url } = (await detail.json()).data.content
  await (await fetch(download_url)).arrayBuffer()
  await fetch(`${server.apiUrl}/projects?limit=1`, { headers: BETA })
  await fetch(`${server.adminUrl}/health`)
  await fetch(`${server.adminUrl}/scenarios`)

  const response = await fetch(`${server.adminUrl}/requests`)
  expect(response.status).toBe(200)
  const journal = await response.json()
  expect(journal.meta).toEqual({ total: 3, capacity: 1000 })
  expect(journal.data).toEqual([
    {
      id: 1,
      time: expect.any(String),
      method: 'GET',
      path: '/public-api/v1/projects/p1/contents/v1',
      query: '',
      endpoint: 'getContent',
      keyLabel: 'acct_a#1',
      status: 200,
      durationMs: expect.any(Number),
      startMs: expect.any(Number),
      lifetimeClockMs: expect.any(Number),
    },
    expect.objectContaining({
      id: 2,
      endpoint: 'asset',
      status: 200,
      assetIssuedMs: expect.any(Number),
      assetExpiresMs: expect.any(Number),
    }),
    expect.objectContaining({
      path: '/public-api/v1/projects',
      query: 'limit=1',
      endpoint: 'listProjects',
      keyLabel: 'acct_b#1',
    }),
  ])
  const text = JSON.stringify(journal)
  expect(text).not.toContain('k_a')
  expect(text).not.toContain('k_b')
  expect(text).not.toContain('__mock')
})

it('filters the journal by endpoint, key, status, method and path', async () => {
  await using server = await startSmallServer()
  await fetch(`${server.apiUrl}/projects`, { headers: ALPHA })
  await fetch(`${server.apiUrl}/projects/p1`, { headers: ALPHA })
  await fetch(`${server.apiUrl}/projects/p9`, { headers: ALPHA })
  await fetch(`${server.apiUrl}/projects`, { headers: BETA })
  await fetch(`${server.apiUrl}/projects`, { method: 'DELETE', headers: BETA })

  const query = async (search: string) => {
    const response = await fetch(`${server.adminUrl}/requests?${search}`)
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body.meta.total).toBe(body.data.length)
    return body.data as Array<Record<string, unknown>>
  }
  expect(await query('endpoint=listProjects')).toHaveLength(3)
  expect(await query('key=k_b')).toHaveLength(2)
  expect(await query('key=k_unknown')).toEqual([])
  expect(await query('keyLabel=acct_a%231')).toHaveLength(3)
  expect(await query('status=404')).toEqual([
    expect.objectContaining({ path: '/public-api/v1/projects/p9' }),
  ])
  expect(await query('method=delete')).toEqual([
    expect.objectContaining({ status: 405, keyLabel: 'acct_b#1' }),
  ])
  expect(
    await query('path=%2Fpublic-api%2Fv1%2Fprojects&key=k_a&status=200'),
  ).toHaveLength(1)
  const byKey = await (
    await fetch(`${server.adminUrl}/requests?key=k_b`)
  ).text()
  expect(byKey).not.toContain('k_b')
})

it('answers a bad journal filter with 400 naming it', async () => {
  await using server = await startServer()
  const cases: Array<[string, string]> = [
    ['status=abc', 'status'],
    ['status=2000', 'status'],
    ['endpoint=getThing', 'getThing'],
    ['endpont=getContent', 'endpont'],
    ['status=200&status=404', 'more than once'],
    ['path=projects', 'path'],
    ['method=', 'method'],
  ]
  for (const [search, named] of cases) {
    const error = await errorOf(
      await fetch(`${server.adminUrl}/requests?${search}`),
    )
    expect({ search, ...error }).toMatchObject({
      search,
      status: 400,
      code: 'invalid_filter',
      message: expect.stringContaining(named),
    })
  }
})

it('clears the journal with DELETE /__mock/requests and keeps only the latest entries', async () => {
  await using server = await startSmallServer({
    journalSize: 2,
  })
  for (const id of ['p1', 'p2', 'p4']) {
    await fetch(`${server.apiUrl}/projects/${id}`, { headers: ALPHA })
  }
  const full = await (await fetch(`${server.adminUrl}/requests`)).json()
  expect(full.meta).toEqual({ total: 2, capacity: 2 })
  expect(full.data.map((entry: { path: string }) => entry.path)).toEqual([
    '/public-api/v1/projects/p2',
    '/public-api/v1/projects/p4',
  ])
  const cleared = await fetch(`${server.adminUrl}/requests`, {
    method: 'DELETE',
  })
  expect(cleared.status).toBe(204)
  expect(await (await fetch(`${server.adminUrl}/requests`)).json()).toEqual({
    data: [],
    meta: { total: 0, capacity: 2 },
  })
})
