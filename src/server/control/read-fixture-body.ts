import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
} from 'express'
import { writeJsonError } from '../answers/write-json-error.js'
import {
  OFF_THREAD_BYTES,
  parseJsonOffThread,
} from './parse-json-off-thread.js'
import { limitRequestBody } from './limit-request-body.js'
import { UPLOAD_LIMITS, UploadGate } from './upload-gate.js'

const RETRY_AFTER_SECONDS = 2

/**
 * A UTF-8 body over `OFF_THREAD_BYTES` is parsed in a worker, so the API keeps
 * answering. Large, chunked and compressed bodies take turns (`UPLOAD_LIMITS`).
 */
export function readFixtureBody(limit: number): RequestHandler {
  const gate = new UploadGate()
  const read = readBody(limit)
  return (request, response, next) => {
    const length = Number(request.headers['content-length'])
    const small =
      length <= OFF_THREAD_BYTES &&
      request.headers['transfer-encoding'] === undefined &&
      isIdentity(request.headers)
    // Over the limit, its 413 comes at once, whatever the turns.
    if (small || length > limit) {
      return read(request, response, next)
    }
    const turn = gate.enter(response)
    if (turn === undefined) {
      // The connection is closed: its body is not read.
      response.setHeader('connection', 'close')
      return writeJsonError(
        response,
        503,
        'too_many_uploads',
        `The server is reading ${UPLOAD_LIMITS.reading} large fixture uploads and has ${UPLOAD_LIMITS.waiting} more waiting, the most it takes at once; this one was not read. Send it again after ${RETRY_AFTER_SECONDS} seconds (Retry-After), or send uploads one after another.`,
        { 'retry-after': String(RETRY_AFTER_SECONDS) },
      )
    }
    void turn.then((leave) =>
      read(request, response, (error?: unknown) => {
        leave()
        next(error)
      }),
    )
  }
}

function readBody(limit: number): RequestHandler {
  const parseInPlace = express.json({ limit, type: () => true })
  const readBytes = express.raw({ limit, type: () => true })
  return limitRequestBody(limit, (request, response, next) => {
    const length = Number(request.headers['content-length'])
    if (!(length > OFF_THREAD_BYTES) || !isUtf8(request.headers)) {
      return parseInPlace(request, response, next)
    }
    if (!isIdentity(request.headers)) {
      return readBytes(request, response, (error?: unknown) =>
        error === undefined
          ? parseOffThread(request, request.body as Buffer, next)
          : next(error),
      )
    }
    // body-parser would join the chunks on this thread first, while answers wait.
    parseOffThread(request, request, next)
  })
}

function parseOffThread(
  request: Request,
  source: Request | Buffer,
  next: NextFunction,
): void {
  parseJsonOffThread(source).then(
    (value) => {
      request.body = value
      next()
    },
    (error: unknown) => next(asBodyParserError(error, request)),
  )
}

// Worded as body-parser's, so the app's error handler answers it the same.
function asBodyParserError(error: unknown, request: Request): unknown {
  if (error instanceof SyntaxError) {
    return Object.assign(error, { type: 'entity.parse.failed', status: 400 })
  }
  if (!request.complete && error instanceof Error) {
    return Object.assign(error, { type: 'request.aborted', status: 400 })
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
