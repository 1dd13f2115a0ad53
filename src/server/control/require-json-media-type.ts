import type { IncomingMessage } from 'node:http'
import type { RequestHandler } from 'express'
import typeIs from 'type-is'
import { writeJsonError } from '../answers/write-json-error.js'

// RFC 6839's `+json` suffix: `application/merge-patch+json`.
const JSON_MEDIA_TYPES = ['application/json', 'application/*+json']

/**
 * 415 unless the `Content-Type` is JSON (`bodiless`: or neither type nor body,
 * from no browser). Keeps other origins' pages out: a form or `text/plain`
 * POST needs no CORS preflight, a JSON one does.
 */
export function requireJsonMediaType(
  options: { bodiless?: boolean } = {},
): RequestHandler {
  return (request, response, next) => {
    const type = request.headers['content-type']
    if (type !== undefined && typeIs.is(type, JSON_MEDIA_TYPES) !== false) {
      return next()
    }
    if (
      options.bodiless === true &&
      type === undefined &&
      !hasBody(request) &&
      !isFromBrowser(request)
    ) {
      return next()
    }
    const sent =
      type === undefined
        ? 'no Content-Type'
        : `Content-Type ${JSON.stringify(type.slice(0, 100))}`
    const also =
      options.bodiless === true && type === undefined
        ? `, and ${hasBody(request) ? 'a body' : 'comes from a web page (it has an Origin or Sec-Fetch-Site header)'}`
        : ''
    writeJsonError(
      response,
      415,
      'unsupported_media_type',
      `The control API takes JSON only, and this ${request.method} has ${sent}${also}. Send "Content-Type: application/json" (or a JSON type such as application/merge-patch+json), also without a body as for POST /__mock/reset; with curl, -H 'Content-Type: application/json'. Forms and plain text are refused so that no web page can drive the control API.`,
    )
  }
}

// RFC 9112 section 6.3.
function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length']
  return (
    request.headers['transfer-encoding'] !== undefined ||
    (length !== undefined && length !== '0')
  )
}

// Fetch's "append a request Origin header" on every non-GET; `Sec-Fetch-Site:
// none` means the user typed the address, which no page can make a POST of.
function isFromBrowser(request: IncomingMessage): boolean {
  const site = request.headers['sec-fetch-site']
  return (
    request.headers.origin !== undefined ||
    (site !== undefined && site !== 'none')
  )
}
