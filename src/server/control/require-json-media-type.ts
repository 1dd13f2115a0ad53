import type { RequestHandler } from 'express'
import typeIs from 'type-is'
import { writeJsonError } from '../answers/write-json-error.js'

/**
 * The media types the control API reads: JSON, and the types built on it
 * such as `application/merge-patch+json` (RFC 6839 `+json` suffix).
 */
export const JSON_MEDIA_TYPES = ['application/json', 'application/*+json']

/**
 * The first handler of every `POST`, `PUT` and `PATCH` control route: a
 * request whose `Content-Type` is not JSON answers 415
 * `unsupported_media_type`, with or without a body.
 * @note This is what keeps web pages of other origins out: a browser sends a
 * form or a `text/plain` POST to any origin without asking first (no CORS
 * preflight), and acts on it before CORS hides the answer; a JSON
 * `Content-Type` needs a preflight, which the control API never grants to
 * an origin not named with `--cors-origin`. A bodiless `POST /reset` counts
 * too, since a page can send that without a type.
 * @example
 * router.post('/reset', requireJsonMediaType(), reset)
 */
export function requireJsonMediaType(): RequestHandler {
  return (request, response, next) => {
    const type = request.headers['content-type']
    if (type !== undefined && typeIs.is(type, JSON_MEDIA_TYPES) !== false) {
      return next()
    }
    const sent =
      type === undefined
        ? 'no Content-Type'
        : `Content-Type ${JSON.stringify(type.slice(0, 100))}`
    writeJsonError(
      response,
      415,
      'unsupported_media_type',
      `The control API takes JSON only, and this ${request.method} has ${sent}. Send "Content-Type: application/json" (or a JSON type such as application/merge-patch+json), also without a body as for POST /__mock/reset; with curl, -H 'Content-Type: application/json'. Forms and plain text are refused so that no web page can drive the control API.`,
    )
  }
}
