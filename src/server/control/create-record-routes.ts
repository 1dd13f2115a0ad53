import express, {
  type ErrorRequestHandler,
  type Request,
  type Response,
  type Router,
} from 'express'
import type { MockCore } from '../../api/mock-core.js'
import { readDeleteOptions } from '../../api/records/read-delete-options.js'
import { readRecordFilter } from '../../api/records/read-record-filter.js'
import { RECORD_ROUTES } from '../../api/records/record-routes.js'
import { ComputedRecordError } from '../../data/records/computed-record-error.js'
import { describeDependents } from '../../data/records/describe-dependents.js'
import { InvalidRecordError } from '../../data/records/invalid-record-error.js'
import type { RecordController } from '../../data/records/record-controller.js'
import { RecordInUseError } from '../../data/records/record-in-use-error.js'
import {
  RECORD_KINDS,
  type RecordKindName,
} from '../../data/records/record-kinds.js'
import { RecordNotFoundError } from '../../data/records/record-not-found-error.js'
import { writeJsonError } from '../answers/write-json-error.js'
import type { ControlWrite } from './control-hooks.js'
import { queryOf } from './query-of.js'
import { readJsonBody } from './read-json-body.js'
import { writeFixtureError } from './write-fixture-error.js'

/** `GET`, `POST /contents`; `GET`, `PATCH`, `DELETE /contents/:id`; and so on for each kind. */
export function createRecordRoutes(
  mock: MockCore,
  name: RecordKindName,
  write: ControlWrite,
): Router {
  const kind = RECORD_KINDS[name]
  const records = mock[name] as RecordController<Record<string, unknown>>
  const base = `/${RECORD_ROUTES[name]}`
  const router = express.Router()
  // Decoded by express: `%2F` in the path is "/" in the ID.
  const idOf = (request: Request) => String(request.params.id)
  const example = `{"${kind.idField}": …}`

  router.get(base, (request, response) => {
    const filter = readRecordFilter(
      kind,
      queryOf(request),
      `GET ${request.baseUrl}${base}`,
    )
    const data = records.list(filter)
    response.json({ data, meta: { total: data.length } })
  })

  router.post(
    base,
    readJsonBody(
      `${kind.noun === 'API key' ? 'an' : 'a'} ${kind.noun} in the fixture format, such as ${example}`,
    ),
    async (request, response) => {
      const record = await write(() => records.create(request.body))
      response
        .status(201)
        .location(pathOf(request, base, String(record[kind.idField])))
        .json({ data: record })
    },
  )

  router.get(`${base}/:id`, (request, response) => {
    const record = records.get(idOf(request))
    if (record !== undefined) return void response.json({ data: record })
    writeNotFound(response, name, idOf(request), request.baseUrl + base)
  })

  router.patch(
    `${base}/:id`,
    readJsonBody(
      'a JSON merge patch (RFC 7396) such as {"<field>": <new value>, "<optional field>": null}',
    ),
    async (request, response) => {
      const record = await write(() =>
        records.patch(idOf(request), request.body),
      )
      response.json({ data: record })
    },
  )

  router.delete(`${base}/:id`, async (request, response) => {
    const options = readDeleteOptions(queryOf(request))
    await write(() => records.delete(idOf(request), options))
    response.status(204).end()
  })

  router.use(answerRecordError(name, base))
  return router
}

function answerRecordError(
  name: RecordKindName,
  base: string,
): ErrorRequestHandler {
  const kind = RECORD_KINDS[name]
  return (error: unknown, request, response, next) => {
    if (error instanceof InvalidRecordError) {
      writeFixtureError(response, error)
    } else if (error instanceof RecordNotFoundError) {
      writeNotFound(response, name, error.id, request.baseUrl + base)
    } else if (error instanceof RecordInUseError) {
      writeJsonError(
        response,
        409,
        'conflict',
        `Cannot delete ${kind.noun} ${JSON.stringify(error.id)}: ${describeDependents(error.dependents)}. Delete or change the records that refer to it first, or send DELETE ${pathOf(request, base, error.id)}?cascade=true, which also deletes the records that belong to it and removes it from the others.`,
      )
    } else if (error instanceof ComputedRecordError) {
      writeJsonError(response, 409, 'conflict', error.message)
    } else if (error instanceof URIError) {
      // express could not percent-decode the ID in the path.
      writeJsonError(
        response,
        400,
        'invalid_parameter',
        `The ${kind.idField} in the path ${request.baseUrl}${request.path} is not validly percent-encoded. Encode it as encodeURIComponent does, e.g. "%25" for "%".`,
      )
    } else {
      next(error)
    }
  }
}

function pathOf(request: Request, base: string, id: string): string {
  return `${request.baseUrl}${base}/${encodeURIComponent(id)}`
}

// `list`: the path that lists them.
function writeNotFound(
  response: Response,
  name: RecordKindName,
  id: string,
  list: string,
): void {
  const kind = RECORD_KINDS[name]
  const which =
    name === 'apiKeys'
      ? 'with that key (percent-encode a key in the path, as encodeURIComponent does)'
      : JSON.stringify(id)
  writeJsonError(
    response,
    404,
    'not_found',
    `No ${kind.noun} ${which}. GET ${list} lists the ${kind.plural} there are.`,
  )
}
