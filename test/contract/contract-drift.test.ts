import { expect, it } from 'vitest'
// A unit test of verify's drift check, which no entry exports.
import {
  checkAnswer,
  type VerifyAnswer,
} from '../../src/contract/check-answer.js'

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' }
const PROJECT = {
  project_unique: 'prj_1',
  project_name: 'Launch',
  description: 'A project',
  created_at: '2024-03-01T09:30:00Z',
}

function kinds(answer: Partial<VerifyAnswer>): string[] {
  return checkAnswer({
    case: 'list-projects',
    request: 'GET /projects',
    status: 200,
    headers: JSON_TYPE,
    body: { kind: 'json', value: { data: [PROJECT], meta: { total: 1 } } },
    ...answer,
  }).findings.map((finding) => finding.kind)
}

it('finds nothing in an answer as the mock sends it', () => {
  expect(kinds({})).toEqual([])
})

it('reports a body outside the envelope as envelope drift, which fails the tolerant schema too', () => {
  const answer: VerifyAnswer = {
    case: 'list-projects',
    request: 'GET /projects',
    status: 200,
    headers: JSON_TYPE,
    body: { kind: 'json', value: [PROJECT] },
  }
  const check = checkAnswer(answer)
  expect(check.findings.map((finding) => finding.kind)).toContain('envelope')
  expect(check.tolerant).toBe(false)
  expect(check.strict).toBe(false)
})

it('reports a field of another type as field-type', () => {
  const value = {
    data: [{ ...PROJECT, created_at: 1709285400 }],
    meta: { total: 1 },
  }
  expect(kinds({ body: { kind: 'json', value } })).toEqual(['field-type'])
})

it('reports a JSON body labelled otherwise as content-type', () => {
  expect(kinds({ headers: { 'content-type': 'text/plain' } })).toEqual([
    'content-type',
  ])
})

it('reports a 401 without a Bearer challenge as www-authenticate', () => {
  const body = {
    kind: 'json' as const,
    value: { error: { code: 'unauthorized', message: 'No key.' } },
  }
  expect(
    kinds({ case: 'no-key', status: 401, headers: JSON_TYPE, body }),
  ).toEqual(['www-authenticate'])
  expect(
    kinds({
      case: 'no-key',
      status: 401,
      headers: { ...JSON_TYPE, 'www-authenticate': 'Bearer realm="api"' },
      body,
    }),
  ).toEqual([])
})

it('reports another status for a case as status-code, and a 404 for a malformed ID as lenient-id', () => {
  const missing = {
    kind: 'json' as const,
    value: { error: { code: 'not_found', message: 'No such project.' } },
  }
  expect(
    kinds({ case: 'unknown-project', status: 403, body: missing }),
  ).toEqual(['status-code'])
  expect(
    kinds({ case: 'malformed-project-id', status: 404, body: missing }),
  ).toEqual(['lenient-id'])
})

it('reports an HTML page as not-json and a Retry-After date as retry-after', () => {
  expect(
    kinds({
      status: 200,
      headers: {
        'content-type': 'text/html',
        'retry-after': 'Wed, 21 Oct 2026 07:28:00 GMT',
      },
      body: { kind: 'not-json', text: '<html>502 Bad Gateway</html>' },
    }),
  ).toEqual(['retry-after', 'not-json'])
})

it('reports a list shorter than its meta.total as pagination', () => {
  expect(
    kinds({
      body: { kind: 'json', value: { data: [PROJECT], meta: { total: 5 } } },
    }),
  ).toEqual(['pagination'])
})
