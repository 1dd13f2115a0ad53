import * as z from 'zod'
import { CONTENT_MODES, findContentMode } from '../schema/content-modes.js'
import {
  ERROR_CODES,
  errorEnvelopeSchema,
  RESPONSE_SCHEMAS,
} from '../schema/envelopes.js'
import type { Endpoint } from '../schema/endpoints.js'
import { contentDetailSchema } from '../schema/resources.js'
import { RATE_LIMIT_HEADER_PATTERN } from '../schema/scenario.js'
import { toTolerantSchema } from '../schema/to-tolerant-schema.js'
import { cached } from '../data/cached.js'
import { valueAt } from '../data/value-at.js'
import type { DriftKind } from './drift-kinds.js'
import { checkShape, type ShapeDrift } from './find-shape-drift.js'
import {
  VERIFY_CASES,
  type VerifyCase,
  type VerifyCaseName,
} from './verify-cases.js'

/** An answer's body as the client read it, or what cut reading it short. */
export type AnswerBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'not-json'; text: string }
  | { kind: 'cut-short'; problem: string }

/** The service's answer to one of the `VERIFY_CASES`, as plain values. */
export interface VerifyAnswer {
  case: VerifyCaseName
  /** The request, as `GET /projects/p_1` (path below the target). */
  request: string
  status: number
  /** Header names in lower case. */
  headers: Readonly<Record<string, string>>
  body: AnswerBody
}

/** One difference between an answer and what the mock sends for the case. */
export interface DriftFinding {
  kind: DriftKind
  case: VerifyCaseName
  request: string
  /** Where in the body (`data[0].x_extension`) or which header. */
  at?: string
  detail: string
}

/** Whether an answer passes the strict (no finding) and tolerant schema. */
export interface AnswerCheck {
  strict: boolean
  tolerant: boolean
  findings: DriftFinding[]
}

const ENVELOPE_PATHS = new Set(['', 'data', 'meta', 'error'])
/** Keys of `meta` by which services page their lists. */
const PAGINATION_KEYS = new Set(
  'page per_page page_size total_pages current_page last_page limit offset cursor next_cursor next has_more'
    .split(' ')
    .map((key) => `meta.${key}`),
)

/**
 * Checks one answer of the real service against the mock's for the case:
 * status, body (strict and tolerant schema; modes, publish statuses, error
 * codes) and headers. Each finding's kind in `DRIFT_KINDS` names the variant
 * that mimics it.
 */
export function checkAnswer(answer: VerifyAnswer): AnswerCheck {
  const verifyCase: VerifyCase = VERIFY_CASES[answer.case]
  const findings: DriftFinding[] = []
  const add = (kind: DriftKind, detail: string, at?: string) =>
    findings.push({
      kind,
      case: answer.case,
      request: answer.request,
      ...(at === undefined ? {} : { at }),
      detail,
    })

  if (answer.status !== verifyCase.status) {
    const lenient = verifyCase.status === 422 && answer.status === 404
    add(
      lenient ? 'lenient-id' : 'status-code',
      `${answer.status}, where the mock answers ${verifyCase.status}`,
    )
  }
  checkHeaders(answer, add)

  const { body } = answer
  if (body.kind === 'cut-short') add('cut-short', body.problem)
  if (body.kind === 'not-json') {
    const type = answer.headers['content-type'] ?? 'no Content-Type'
    const text = JSON.stringify(body.text.slice(0, 60))
    add('not-json', `${answer.status} ${type}: ${text}`)
  }
  if (body.kind !== 'json') return { strict: false, tolerant: false, findings }
  if (!/\bjson\b/i.test(answer.headers['content-type'] ?? '')) {
    add(
      'content-type',
      `${answer.headers['content-type'] ?? 'none'}, where the mock sends application/json; charset=utf-8`,
      'Content-Type',
    )
  }

  const isError = answer.status >= 400
  const schema = isError
    ? errorEnvelopeSchema
    : strictSchemaFor(verifyCase.endpoint, body.value)
  const { exact, drift } = checkShape(schema, body.value)
  if (!isError) checkValues(answer.case, body.value, drift, add)
  else checkErrorCode(answer, body.value, add)
  for (const { kind, at, detail } of drift) {
    add(reclassify(kind, at, isError), detail, at)
  }
  // What the exact twin takes, the tolerant one does: no second parse.
  const tolerant =
    exact ||
    toTolerantSchema(
      isError ? errorEnvelopeSchema : RESPONSE_SCHEMAS[verifyCase.endpoint],
    ).safeParse(body.value).success
  return { strict: findings.length === 0, tolerant, findings }
}

type Add = (kind: DriftKind, detail: string, at?: string) => void

function checkHeaders(answer: VerifyAnswer, add: Add): void {
  const rateLimit = Object.keys(answer.headers).filter((name) =>
    RATE_LIMIT_HEADER_PATTERN.test(name),
  )
  if (rateLimit.length > 0) {
    add('rate-limit-headers', rateLimit.sort().join(', '), 'headers')
  }
  const challenge = answer.headers['www-authenticate']
  if (answer.status === 401 && !/^bearer\b/i.test(challenge ?? '')) {
    add(
      'www-authenticate',
      `${challenge ?? 'absent'}, where the mock sends Bearer realm="content-api"`,
      'WWW-Authenticate',
    )
  }
  const retryAfter = answer.headers['retry-after']
  if (retryAfter !== undefined && !/^\d+$/.test(retryAfter.trim())) {
    add('retry-after', retryAfter, 'Retry-After')
  }
}

const contentDetailSchemas = new Map<string, z.ZodType>()

/**
 * The strict schema of a success body: a content's `content` is its mode's
 * served shape, or any object for a mode the mock does not know (the
 * finding), so what this takes, the tolerant `RESPONSE_SCHEMAS` take.
 */
function strictSchemaFor(endpoint: Endpoint, body: unknown): z.ZodType {
  if (endpoint !== 'getContent') return RESPONSE_SCHEMAS[endpoint]
  const mode = valueAt(body, ['data', 'mode'])
  const key = typeof mode === 'string' && findContentMode(mode) ? mode : ''
  return cached(contentDetailSchemas, key, () => {
    const content =
      key === ''
        ? z.record(z.string(), z.unknown())
        : CONTENT_MODES[key as 'moviemode'].served
    return z.object({ data: contentDetailSchema.extend({ content }) })
  })
}

/** Modes, publish statuses and list lengths, which no schema holds. */
function checkValues(
  name: VerifyCaseName,
  body: unknown,
  drift: ShapeDrift[],
  add: Add,
): void {
  const data = valueAt(body, ['data'])
  const items = Array.isArray(data) ? data : [data]
  items.forEach((item, index) => {
    const at = Array.isArray(data) ? `data[${index}]` : 'data'
    const mode = valueAt(item, ['mode'])
    if (typeof mode === 'string' && findContentMode(mode) === undefined) {
      add('unknown-mode', JSON.stringify(mode), `${at}.mode`)
    }
  })
  const publish = valueAt(body, ['data', 'publish'])
  if (name === 'get-content' && Array.isArray(publish)) {
    publish.forEach((result, index) => {
      const status = valueAt(result, ['status'])
      if (typeof status !== 'string' || status === 'success') return
      const at = `data.publish[${index}]`
      add('unknown-publish-status', JSON.stringify(status), `${at}.status`)
      // Nothing posted, so no post_url or posted_at: part of the status.
      const kept = drift.filter(
        (found) =>
          found.kind !== 'null-or-absent' || !found.at.startsWith(`${at}.`),
      )
      drift.splice(0, drift.length, ...kept)
    })
  }
  const total = valueAt(body, ['meta', 'total'])
  if (Array.isArray(data) && typeof total === 'number' && data.length < total) {
    add('pagination', `${data.length} of meta.total ${total} items`, 'data')
  }
}

function checkErrorCode(answer: VerifyAnswer, body: unknown, add: Add): void {
  const code = valueAt(body, ['error', 'code'])
  if (typeof code !== 'string') return
  const verifyCase: VerifyCase = VERIFY_CASES[answer.case]
  // Under another status than the mock's, any code the mock knows will do.
  const expected =
    answer.status === verifyCase.status ? verifyCase.code : undefined
  const known = (ERROR_CODES as readonly string[]).includes(code)
  if (expected === undefined ? known : code === expected) return
  const instead =
    expected === undefined ? '' : `, where the mock sends "${expected}"`
  add('error-code', `${JSON.stringify(code)}${instead}`, 'error.code')
}

function reclassify(
  kind: ShapeDrift['kind'],
  at: string,
  isError: boolean,
): DriftKind {
  if (kind === 'unknown-field' && PAGINATION_KEYS.has(at) && !isError) {
    return 'pagination'
  }
  if (kind === 'null-or-absent' && at === 'error.message') {
    return 'error-message'
  }
  if (kind !== 'unknown-field' && ENVELOPE_PATHS.has(at)) return 'envelope'
  return kind
}
