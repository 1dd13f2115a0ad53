import { expect, it } from 'vitest'
import { startServer, startSmallServer } from '../../support/server.js'
import { newContent } from '../../support/new-content.js'
import { sendControl } from '../../support/send-json.js'
import { sendPreflight } from '../../support/send-preflight.js'

const KEY = { authorization: 'Bearer k_a' }

const NEW_CONTENT = newContent()

/** A GET of the API with the key of small.json's first account. */
function getApi(url: string) {
  return sendControl(url, 'GET', undefined, KEY)
}

it('patches a content with a merge patch, and the API answers with the change', async () => {
  await using server = await startSmallServer()
  for (const type of [
    'application/merge-patch+json',
    'application/json',
    undefined,
  ]) {
    const step = type === undefined ? 4 : type.length
    const patched = await sendControl(
      `${server.adminUrl}/contents/v2`,
      'PATCH',
      { progress: { step_process: step } },
      type === undefined ? {} : { 'content-type': type },
    )
    expect(patched.status, type).toBe(200)
    expect(patched.body.data.progress).toEqual({
      step_process: step,
      is_complete: false,
    })
    const detail = await getApi(`${server.apiUrl}/projects/p1/contents/v2`)
    expect(detail.body.data.progress.step_process).toBe(step)
  }
})

it('creates, reads, lists and deletes a content over HTTP', async () => {
  await using server = await startSmallServer()
  const contents = `${server.adminUrl}/contents`
  const created = await sendControl(contents, 'POST', NEW_CONTENT)
  expect(created.status).toBe(201)
  expect(created.headers.get('location')).toBe('/__mock/contents/v9')
  expect(created.body).toEqual({ data: NEW_CONTENT })

  expect((await sendControl(`${contents}/v9`, 'GET')).body).toEqual({
    data: NEW_CONTENT,
  })
  const listed = await sendControl(`${contents}?project_unique=p1`, 'GET')
  expect(listed.body.meta).toEqual({ total: 3 })
  expect(listed.body.data.map((item: any) => item.variation_unique)).toEqual([
    'v1',
    'v2',
    'v9',
  ])
  const api = await getApi(`${server.apiUrl}/projects/p1/contents`)
  expect(api.body.meta.total).toBe(3)

  const deleted = await sendControl(`${contents}/v9`, 'DELETE')
  expect(deleted.status).toBe(204)
  expect(deleted.body).toBeUndefined()
  expect((await sendControl(`${contents}/v9`, 'GET')).status).toBe(404)
  const after = await getApi(`${server.apiUrl}/projects/p1/contents`)
  expect(after.body.meta.total).toBe(2)
})

it('answers 400 invalid_fixture naming both bad paths of a patch, and changes nothing', async () => {
  await using server = await startSmallServer()
  const before = await sendControl(`${server.adminUrl}/contents/v2`, 'GET')
  const refused = await sendControl(`${server.adminUrl}/contents/v2`, 'PATCH', {
    progress: { step_process: 1.5 },
    publish: [{ platform: 'x' }],
  })
  expect(refused.status).toBe(400)
  expect(refused.body.error.code).toBe('invalid_fixture')
  expect(refused.body.error.issues).toEqual([
    {
      path: 'progress.step_process',
      message: 'expected an integer, found the number 1.5',
    },
    { path: 'publish[0].status', message: 'missing; expected a string' },
    {
      path: 'publish[0].post_url',
      message: 'missing; expected an absolute http(s) URL',
    },
    {
      path: 'publish[0].posted_at',
      message:
        'missing; expected an ISO 8601 UTC timestamp such as "2024-03-01T09:30:00Z"',
    },
  ])
  expect(refused.body.error.message).toMatch(
    /^Failed to patch content "v2": 4 problems found, nothing was changed\./,
  )
  expect(
    (await sendControl(`${server.adminUrl}/contents/v2`, 'GET')).body,
  ).toEqual(before.body)
})

it('answers 400 for a patch that would break a reference', async () => {
  await using server = await startSmallServer()
  const refused = await sendControl(`${server.adminUrl}/projects/p1`, 'PATCH', {
    account: 'acct_zz',
    shared_with: ['acct_b', 'acct_yy'],
  })
  expect(refused.status).toBe(400)
  expect(refused.body.error.issues).toEqual([
    {
      path: 'account',
      message:
        'no such account "acct_zz"; create it first, or use the id of one that exists',
    },
    {
      path: 'shared_with[1]',
      message:
        'no such account "acct_yy"; create it first, or use the id of one that exists',
    },
  ])
})

it('removes an optional key with a merge patch of null', async () => {
  await using server = await startSmallServer()
  const patched = await sendControl(
    `${server.adminUrl}/api-keys/k_b`,
    'PATCH',
    {
      expires_at: null,
    },
  )
  expect(patched.status).toBe(200)
  expect(patched.body.data).toEqual({ key: 'k_b', account: 'acct_b' })
  const exported = await sendControl(`${server.adminUrl}/fixtures`, 'GET')
  expect(exported.body.api_keys[1]).toEqual({ key: 'k_b', account: 'acct_b' })
})

it('answers 404 for an unknown ID on every route of one record', async () => {
  await using server = await startSmallServer()
  const routes = [
    ['contents/v9', 'No content "v9". GET /__mock/contents lists'],
    ['projects/p9', 'No project "p9". GET /__mock/projects lists'],
    ['accounts/acct_zz', 'No account "acct_zz". GET /__mock/accounts lists'],
    ['api-keys/k_nope', 'No API key with that key (percent-encode'],
  ]
  for (const [path, message] of routes) {
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const answer = await sendControl(
        `${server.adminUrl}/${path}`,
        method,
        method === 'PATCH' ? {} : undefined,
      )
      expect(answer.status, `${method} ${path}`).toBe(404)
      expect(answer.body.error.code).toBe('not_found')
      expect(answer.body.error.message).toContain(message)
    }
  }
})

it('answers 409 for a project that has contents, and deletes them with cascade=true', async () => {
  await using server = await startSmallServer()
  const refused = await sendControl(`${server.adminUrl}/projects/p1`, 'DELETE')
  expect(refused.status).toBe(409)
  expect(refused.body.error).toEqual({
    code: 'conflict',
    message:
      'Cannot delete project "p1": 2 contents (v1, v2) through "project_unique" still refer to it. Delete or change the records that refer to it first, or send DELETE /__mock/projects/p1?cascade=true, which also deletes the records that belong to it and removes it from the others.',
  })
  expect(
    (await sendControl(`${server.adminUrl}/projects?account=acct_a`, 'GET'))
      .body.meta.total,
  ).toBe(2)

  const bad = await sendControl(
    `${server.adminUrl}/projects/p1?cascade=yes`,
    'DELETE',
  )
  expect(bad.status).toBe(400)
  expect(bad.body.error.code).toBe('invalid_parameter')

  const deleted = await sendControl(
    `${server.adminUrl}/projects/p1?cascade=true`,
    'DELETE',
  )
  expect(deleted.status).toBe(204)
  const contents = await sendControl(`${server.adminUrl}/contents`, 'GET')
  expect(contents.body.meta.total).toBe(2)
  const api = await getApi(`${server.apiUrl}/projects`)
  expect(api.body.meta.total).toBe(2)
})

it('decodes a percent-encoded API key in the path and never logs it', async () => {
  const logged: string[] = []
  await using server = await startSmallServer({
    onRequest: ({ method, path, status }) =>
      logged.push(`${method} ${path} ${status}`),
  })
  const key = 'k/with?odd#chars%'
  const created = await sendControl(`${server.adminUrl}/api-keys`, 'POST', {
    key,
    account: 'acct_c',
  })
  expect(created.status).toBe(201)
  const path = `${server.adminUrl}/api-keys/${encodeURIComponent(key)}`
  expect(created.headers.get('location')).toBe(
    `/__mock/api-keys/${encodeURIComponent(key)}`,
  )
  expect((await sendControl(path, 'GET')).body.data).toEqual({
    key,
    account: 'acct_c',
  })
  const api = await sendControl(`${server.apiUrl}/projects`, 'GET', undefined, {
    authorization: `Bearer ${key}`,
  })
  expect(api.status).toBe(200)
  expect((await sendControl(path, 'DELETE')).status).toBe(204)
  const malformed = await sendControl(`${server.adminUrl}/api-keys/k%zz`, 'GET')
  expect(malformed.status).toBe(400)
  expect(malformed.body.error.code).toBe('invalid_parameter')

  expect(logged).toEqual([
    'POST /__mock/api-keys 201',
    'GET /__mock/api-keys/acct_c#2 200',
    'GET /public-api/v1/projects 200',
    'DELETE /__mock/api-keys/acct_c#2 204',
    'GET /__mock/api-keys/(unknown key) 400',
  ])
})

it('filters lists by plain fields and refuses an unknown filter', async () => {
  await using server = await startSmallServer()
  const readonly = await sendControl(
    `${server.adminUrl}/projects?is_readonly=true`,
    'GET',
  )
  expect(readonly.body).toMatchObject({
    data: [{ project_unique: 'p2' }],
    meta: { total: 1 },
  })
  const keys = await sendControl(
    `${server.adminUrl}/api-keys?account=acct_b`,
    'GET',
  )
  expect(keys.body.data).toEqual([
    { key: 'k_b', account: 'acct_b', expires_at: '2999-01-01T00:00:00Z' },
  ])
  const typo = await sendControl(`${server.adminUrl}/contents?projet=p1`, 'GET')
  expect(typo.status).toBe(400)
  expect(typo.body.error).toEqual({
    code: 'invalid_filter',
    message:
      'Unknown filter "projet" in the query. GET /__mock/contents filters by variation_unique, project_unique, mode, title, created_at.',
  })
  const twice = await sendControl(
    `${server.adminUrl}/contents?mode=a&mode=b`,
    'GET',
  )
  expect(twice.body.error.code).toBe('invalid_filter')
  const notBoolean = await sendControl(
    `${server.adminUrl}/projects?is_readonly=yes`,
    'GET',
  )
  expect(notBoolean.body.error.message).toBe(
    'Invalid is_readonly filter "yes": expected true or false.',
  )
})

it('answers invalid_json for a body that is not JSON', async () => {
  await using server = await startSmallServer()
  const answer = await sendControl(
    `${server.adminUrl}/contents/v1`,
    'PATCH',
    '{',
  )
  expect(answer.status).toBe(400)
  expect(answer.body.error.code).toBe('invalid_json')
  expect(answer.body.error.message).toContain('JSON merge patch (RFC 7396)')
})

it('puts the record routes behind the admin token, and allows PATCH from an origin named with corsOrigin', async () => {
  await using server = await startSmallServer({
    adminToken: 's3cret',
    corsOrigin: 'https://app.example',
  })
  const url = `${server.adminUrl}/contents/v1`
  const anonymous = await sendControl(url, 'PATCH', { title: 'x' })
  expect(anonymous.status).toBe(401)
  const allowed = await sendControl(
    url,
    'PATCH',
    { title: 'x' },
    { authorization: 'Bearer s3cret', origin: 'https://app.example' },
  )
  expect(allowed.status).toBe(200)
  expect(allowed.headers.get('access-control-allow-origin')).toBe(
    'https://app.example',
  )

  const preflight = await sendPreflight(
    url,
    'https://app.example',
    'PATCH',
    'authorization, content-type',
  )
  expect(preflight.status).toBe(204)
  expect(preflight.headers.get('access-control-allow-methods')).toContain(
    'PATCH',
  )
})

it('keeps record changes out of the request journal', async () => {
  await using server = await startSmallServer()
  await getApi(`${server.apiUrl}/projects`)
  await sendControl(`${server.adminUrl}/contents/v1`, 'PATCH', { title: 'x' })
  await sendControl(`${server.adminUrl}/contents`, 'POST', NEW_CONTENT)
  await sendControl(`${server.adminUrl}/contents/v9`, 'DELETE')
  const journal = await sendControl(`${server.adminUrl}/requests`, 'GET')
  expect(journal.body.meta.total).toBe(1)
  expect(journal.body.data[0].path).toBe('/public-api/v1/projects')
})

it('patches a content of live data over HTTP and answers 409 to its DELETE', async () => {
  await using server = await startServer({ seed: 7, live: true })
  server.mock.clock.set(Date.parse('2026-11-22T12:00:00Z'))
  const projects = await sendControl(
    `${server.apiUrl}/projects`,
    'GET',
    undefined,
    {
      authorization: 'Bearer demo-key-alpha',
    },
  )
  const visible = new Set(
    projects.body.data.map((item: any) => item.project_unique),
  )
  const listed = await sendControl(`${server.adminUrl}/contents`, 'GET')
  const stored = new Set(
    server.mock.db.contents.all().map((content) => content.variation_unique),
  )
  const live = listed.body.data.filter(
    (content: any) =>
      !stored.has(content.variation_unique) &&
      visible.has(content.project_unique),
  )
  expect(live.length).toBeGreaterThan(1)
  const project = live[0].project_unique
  const id = live[0].variation_unique

  const patched = await sendControl(
    `${server.adminUrl}/contents/${id}`,
    'PATCH',
    {
      timeline: null,
      progress: { step_process: 2, is_complete: false },
      publish: [],
    },
  )
  expect(patched.status).toBe(200)
  const detail = await sendControl(
    `${server.apiUrl}/projects/${project}/contents/${id}`,
    'GET',
    undefined,
    { authorization: 'Bearer demo-key-alpha' },
  )
  expect(detail.body.data.progress).toEqual({
    step_process: 2,
    is_complete: false,
  })

  const refused = await sendControl(
    `${server.adminUrl}/contents/${live[1].variation_unique}`,
    'DELETE',
  )
  expect(refused.status).toBe(409)
  expect(refused.body.error.code).toBe('conflict')
})
