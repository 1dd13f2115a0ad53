import express, { type RequestHandler } from 'express'
import { formatIssuePath } from '../../data/fixture-error.js'
import {
  findTooDeepPath,
  MAX_NESTING_DEPTH,
} from '../../schema/find-too-deep-path.js'
import { writeJsonError } from '../answers/write-json-error.js'
import { limitRequestBody } from './limit-request-body.js'
import { requireJsonMediaType } from './require-json-media-type.js'

const MAX_CONTROL_BYTES = 1_048_576

// `expected`: what the route takes, for the `invalid_json` message.
export function readJsonBody(expected: string): RequestHandler {
  const parse = limitRequestBody(
    MAX_CONTROL_BYTES,
    express.json({ limit: MAX_CONTROL_BYTES, strict: false, type: () => true }),
  )
  const requireJson = requireJsonMediaType()
  return (request, response, next) =>
    requireJson(request, response, () =>
      parse(request, response, (error?: unknown) => {
        if (error === undefined) {
          const tooDeep = findTooDeepPath(request.body)
          if (tooDeep === undefined) return next()
          return writeJsonError(
            response,
            400,
            'invalid_json',
            `The request body nests objects and arrays more than ${MAX_NESTING_DEPTH} levels deep, at ${formatIssuePath(tooDeep.slice(0, 8))}…; the control API reads at most ${MAX_NESTING_DEPTH} levels. Send ${expected}.`,
          )
        }
        if (
          (error as { type?: string } | undefined)?.type !==
          'entity.parse.failed'
        ) {
          return next(error)
        }
        writeJsonError(
          response,
          400,
          'invalid_json',
          `The request body is not valid JSON. Send ${expected}.`,
        )
      }),
    )
}
