import { http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw'
import { describeClock } from '../api/create-mock-clock.js'
import type { MockCore } from '../api/mock-core.js'
import { escapeRegExp } from '../api/api-prefix.js'
import { decodePathSegment } from '../api/decode-path-segment.js'
import { readRecordFilter } from '../api/records/read-record-filter.js'
import { RECORD_ROUTES } from '../api/records/record-routes.js'
import { ControlInputError } from '../api/traffic/control-input-error.js'
import type { RecordController } from '../data/records/record-controller.js'
import {
  RECORD_KINDS,
  type RecordKindName,
} from '../data/records/record-kinds.js'
import type { ControlErrorCode } from '../schema/envelopes.js'

/**
 * The control API of a build-demo folder, read-only: `GET /clock`, the record
 * lists and one record, as the server answers them; `GET /scenarios` is
 * always empty. Anything else answers 404 or 405 saying that it needs the server.
 */
export function createReadOnlyControlHandlers(
  core: MockCore,
  adminBase: string,
): HttpHandler[] {
  // @note Patterns, not strings such as `${adminBase}/clock`: msw decodes a
  // string's parameters with decodeURIComponent (a 500 on `%zz`), and msw 3
  // refuses to match one against a URL over 8,192 characters (a 500 too).
  const routeOf = (path: string) =>
    new RegExp(`^${escapeRegExp(adminBase + path)}/?(?:[?#].*)?$`)
  const recordHandlers = (
    Object.keys(RECORD_ROUTES) as RecordKindName[]
  ).flatMap((name) => {
    const records = core[name] as RecordController<Record<string, unknown>>
    const { noun, plural } = RECORD_KINDS[name]
    const list = `${adminBase}/${RECORD_ROUTES[name]}`
    return [
      http.get(routeOf(`/${RECORD_ROUTES[name]}`), async ({ request }) => {
        await core.ready
        const url = new URL(request.url)
        try {
          const filter = readRecordFilter(
            RECORD_KINDS[name],
            url.searchParams,
            `GET ${url.pathname}`,
          )
          const data = records.list(filter)
          return HttpResponse.json({ data, meta: { total: data.length } })
        } catch (error) {
          if (!(error instanceof ControlInputError)) throw error
          return fail(400, error.code, error.message)
        }
      }),
      // No capture group: msw would decode it as a parameter (a 500 on `%zz`).
      http.get(
        new RegExp(`^${escapeRegExp(`${list}/`)}(?:[^/?#]+)/?(?:[?#].*)?$`),
        async ({ request }) => {
          await core.ready
          const raw = new URL(request.url).pathname.split('/').at(-1) ?? ''
          const id = decodePathSegment(raw) ?? raw
          const record = records.get(id)
          return record === undefined
            ? fail(
                404,
                'not_found',
                `No ${noun} ${JSON.stringify(id)}. GET ${new URL(list).pathname} lists the ${plural} there are.`,
              )
            : noStore({ data: record })
        },
      ),
    ]
  })
  const readable = new Set([
    '/clock',
    '/scenarios',
    ...Object.values(RECORD_ROUTES).map((route) => `/${route}`),
  ])
  return [
    http.get(routeOf('/clock'), () =>
      HttpResponse.json(describeClock(core.clock)),
    ),
    http.get(routeOf('/scenarios'), () => noStore({ data: [] })),
    ...recordHandlers,
    http.all(new RegExp(`^${escapeRegExp(adminBase)}/`), ({ request }) => {
      const path = new URL(request.url).pathname
      const route = path.slice(new URL(adminBase).pathname.length)
      const message = `${request.method} ${route} is not available. This demo runs in your browser without a server, so its control API only reads: GET /clock, /scenarios (always none), /api-keys, /accounts, /projects and /contents, and one record of these. Scenarios, clock changes, the journal and fixture uploads need the server: run npx content-api-mock.`
      return readable.has(route)
        ? fail(405, 'method_not_allowed', message, 'GET')
        : fail(404, 'not_found', message)
    }),
  ]
}

export function noStore(body: JsonBodyType, status = 200, allow?: string) {
  const headers = { 'cache-control': 'no-store', ...(allow && { allow }) }
  return HttpResponse.json(body, { status, headers })
}

function fail(
  status: number,
  code: ControlErrorCode,
  message: string,
  allow?: string,
) {
  return noStore({ error: { code, message } }, status, allow)
}
