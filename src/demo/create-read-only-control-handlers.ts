import { http, HttpResponse, type HttpHandler } from 'msw'
import { describeClock } from '../api/create-mock-clock.js'
import type { MockCore } from '../api/mock-core.js'
import { escapeRegExp } from '../api/api-prefix.js'
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
 * The control API of a build-demo folder, read-only: `GET /clock`, the
 * record lists (`GET /api-keys`, `/accounts`, `/projects`, `/contents`, with
 * the server's filters) and one record (`GET /contents/<id>`, …), answered
 * as the server answers them, so the page can describe the keys and show a
 * record; `GET /scenarios` answers the empty list, as no scenario can be
 * added here. Anything else under `adminBase` answers 404 or 405 saying that
 * it needs the server.
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
  const lists = (Object.keys(RECORD_ROUTES) as RecordKindName[]).map((name) =>
    http.get(routeOf(`/${RECORD_ROUTES[name]}`), async ({ request }) => {
      await core.ready
      const records = core[name] as RecordController<Record<string, unknown>>
      const route = `GET ${new URL(request.url).pathname}`
      try {
        const filter = readRecordFilter(
          RECORD_KINDS[name],
          new URL(request.url).searchParams,
          route,
        )
        const data = records.list(filter)
        return HttpResponse.json({ data, meta: { total: data.length } })
      } catch (error) {
        if (!(error instanceof ControlInputError)) throw error
        return fail(400, error.code, error.message)
      }
    }),
  )
  const records = (Object.keys(RECORD_ROUTES) as RecordKindName[]).map((name) =>
    http.get(
      new RegExp(
        // No capture group: msw would decode it as a parameter (a 500 on `%zz`).
        `^${escapeRegExp(`${adminBase}/${RECORD_ROUTES[name]}/`)}(?:[^/?#]+)/?(?:[?#].*)?$`,
      ),
      async ({ request }) => {
        await core.ready
        const records = core[name] as RecordController<Record<string, unknown>>
        const raw = new URL(request.url).pathname.split('/').at(-1) ?? ''
        let id: string
        try {
          id = decodeURIComponent(raw)
        } catch {
          id = raw
        }
        const record = records.get(id)
        return record === undefined
          ? fail(
              404,
              'not_found',
              `No ${RECORD_KINDS[name].noun} ${JSON.stringify(id)}. GET ${new URL(adminBase).pathname}/${RECORD_ROUTES[name]} lists the ${RECORD_KINDS[name].plural} there are.`,
            )
          : HttpResponse.json(
              { data: record },
              { headers: { 'cache-control': 'no-store' } },
            )
      },
    ),
  )
  const readable = new Set([
    '/clock',
    '/scenarios',
    ...Object.values(RECORD_ROUTES).map((route) => `/${route}`),
  ])
  return [
    http.get(routeOf('/clock'), () =>
      HttpResponse.json(describeClock(core.clock)),
    ),
    // Scenarios need the server: none is ever in force in the browser.
    http.get(routeOf('/scenarios'), () =>
      HttpResponse.json(
        { data: [] },
        { headers: { 'cache-control': 'no-store' } },
      ),
    ),
    ...lists,
    ...records,
    // Everything else under the control API: 404, or 405 for a route that
    // only reads.
    http.all(new RegExp(`^${escapeRegExp(adminBase)}/`), ({ request }) => {
      const path = new URL(request.url).pathname
      const route = path.slice(new URL(adminBase).pathname.length)
      const what = `${request.method} ${route}`
      const fix =
        'This demo runs in your browser without a server, so its control API only reads: GET /clock, /scenarios (always none), /api-keys, /accounts, /projects and /contents, and one record of these. Scenarios, clock changes, the journal and fixture uploads need the server: run npx content-api-mock.'
      return readable.has(route)
        ? fail(405, 'method_not_allowed', `${what} is not available. ${fix}`, {
            allow: 'GET',
          })
        : fail(404, 'not_found', `${what} is not available. ${fix}`)
    }),
  ]
}

function fail(
  status: number,
  code: ControlErrorCode,
  message: string,
  headers?: Record<string, string>,
) {
  return HttpResponse.json(
    { error: { code, message } },
    { status, headers: { 'cache-control': 'no-store', ...headers } },
  )
}
