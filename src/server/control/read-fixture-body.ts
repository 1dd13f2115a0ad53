import express, { type RequestHandler } from 'express'
import {
  OFF_THREAD_BYTES,
  parseJsonOffThread,
} from '../parse-json-off-thread.js'
import { limitRequestBody } from './limit-request-body.js'

/**
 * Reads the JSON body of `PUT /__mock/fixtures` into `request.body`, at most
 * `limit` bytes (413 beyond, see `limitRequestBody`). A body declared larger
 * than `OFF_THREAD_BYTES` in UTF-8 is parsed in a worker thread, so the API
 * keeps answering while it is read; a smaller or chunked one, or one in
 * another charset, by `express.json()` as before. Either way a body that is
 * not JSON passes on body-parser's `entity.parse.failed` (400 `invalid_json`).
 * @example
 * router.put('/fixtures', requireJsonMediaType(), readFixtureBody(MAX_FIXTURE_BYTES), load)
 */
export function readFixtureBody(limit: number): RequestHandler {
  const parseInPlace = limitRequestBody(
    limit,
    express.json({ limit, type: () => true }),
  )
  const readBytes = limitRequestBody(
    limit,
    express.raw({ limit, type: () => true }),
  )
  return (request, response, next) => {
    const length = Number(request.headers['content-length'])
    if (!(length > OFF_THREAD_BYTES) || !isUtf8(request.headers)) {
      return parseInPlace(request, response, next)
    }
    readBytes(request, response, (error?: unknown) => {
      if (error !== undefined) return next(error)
      parseJsonOffThread(request.body as Buffer).then(
        (value) => {
          request.body = value
          next()
        },
        (parseError: unknown) =>
          next(
            parseError instanceof SyntaxError
              ? Object.assign(parseError, {
                  type: 'entity.parse.failed',
                  status: 400,
                })
              : parseError,
          ),
      )
    })
  }
}

function isUtf8(headers: { 'content-type'?: string }): boolean {
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i
    .exec(headers['content-type'] ?? '')?.[1]
    ?.toLowerCase()
  return charset === undefined || charset === 'utf-8' || charset === 'utf8'
}
