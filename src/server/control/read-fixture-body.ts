import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
} from 'express'
import {
  OFF_THREAD_BYTES,
  parseJsonOffThread,
} from './parse-json-off-thread.js'
import { limitRequestBody } from './limit-request-body.js'
import { refuseUpload } from './refuse-upload.js'
import { UPLOAD_LIMITS, UploadGate } from './upload-gate.js'

/**
 * Reads the JSON body of `PUT /__mock/fixtures` into `request.body`, at most
 * `limit` bytes (413 beyond, see `limitRequestBody`). A body declared larger
 * than `OFF_THREAD_BYTES` in UTF-8 is parsed in a worker thread, so the API
 * keeps answering while it is read; a smaller or chunked one, or one in
 * another charset, by `express.json()` as before. Either way a body that is
 * not JSON passes on body-parser's `entity.parse.failed` (400 `invalid_json`).
 * Bodies declared larger than `OFF_THREAD_BYTES`, chunked ones and
 * compressed ones (which may inflate to `limit` bytes) take turns
 * (`UPLOAD_LIMITS`): a few are read at once, a few more wait unread, and the
 * rest are answered 503 `too_many_uploads` with `Retry-After` at once, so
 * that uploads cost what they carry, never what they declare.
 */
export function readFixtureBody(limit: number): RequestHandler {
  const gate = new UploadGate(UPLOAD_LIMITS)
  const read = readBody(limit)
  return (request, response, next) => {
    const length = Number(request.headers['content-length'])
    const small =
      length <= OFF_THREAD_BYTES &&
      request.headers['transfer-encoding'] === undefined &&
      isIdentity(request.headers)
    // @note Over the limit, its 413 comes at once, whatever the turns.
    if (small || length > limit) {
      return read(request, response, next)
    }
    const turn = gate.enter(response)
    if (turn === undefined) return refuseUpload(response, gate.limits)
    void turn.then((leave) =>
      read(request, response, (error?: unknown) => {
        leave()
        next(error)
      }),
    )
  }
}

function readBody(limit: number): RequestHandler {
  const parseInPlace = limitRequestBody(
    limit,
    express.json({ limit, type: () => true }),
  )
  const readBytes = limitRequestBody(
    limit,
    express.raw({ limit, type: () => true }),
  )
  // @note Its chunks go to the worker as they arrive: body-parser would
  // join them into one buffer on this thread first, while answers wait.
  const streamOffThread = limitRequestBody(limit, (request, _response, next) =>
    parseOffThread(request, request, next),
  )
  return (request, response, next) => {
    const length = Number(request.headers['content-length'])
    if (!(length > OFF_THREAD_BYTES) || !isUtf8(request.headers)) {
      return parseInPlace(request, response, next)
    }
    if (!isIdentity(request.headers)) {
      // @note A compressed body is inflated by body-parser, then parsed.
      return readBytes(request, response, (error?: unknown) =>
        error === undefined
          ? parseOffThread(request, request.body as Buffer, next)
          : next(error),
      )
    }
    streamOffThread(request, response, next)
  }
}

/** Parses `source` in a worker into `request.body`, or passes on the error. */
function parseOffThread(
  request: Request,
  source: Request | Buffer,
  next: NextFunction,
): void {
  // @note Past `limitRequestBody`: a declared length is within the limit.
  const byteLength = Number(request.headers['content-length'])
  parseJsonOffThread(source, {
    byteLength: source === request && byteLength > 0 ? byteLength : 0,
  }).then(
    (value) => {
      request.body = value
      next()
    },
    (error: unknown) => next(asBodyParserError(error, request)),
  )
}

/**
 * An error of the off-thread parse worded as body-parser's, so the app's
 * error handler answers it the same: a body that is not JSON (400
 * `invalid_json`), a request that ended before its body did.
 */
function asBodyParserError(error: unknown, request: Request): unknown {
  if (error instanceof SyntaxError) {
    return Object.assign(error, { type: 'entity.parse.failed', status: 400 })
  }
  if (!request.complete && error instanceof Error) {
    return Object.assign(error as Error, {
      type: 'request.aborted',
      status: 400,
    })
  }
  return error
}

function isUtf8(headers: { 'content-type'?: string }): boolean {
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i
    .exec(headers['content-type'] ?? '')?.[1]
    ?.toLowerCase()
  return charset === undefined || charset === 'utf-8' || charset === 'utf8'
}

function isIdentity(headers: { 'content-encoding'?: string }): boolean {
  const encoding = headers['content-encoding']?.trim().toLowerCase()
  return encoding === undefined || encoding === '' || encoding === 'identity'
}
