import type { IncomingMessage } from 'node:http'
import type { RequestHandler } from 'express'
import typeIs from 'type-is'
import { writeJsonError } from '../answers/write-json-error.js'

/**
 * The media types the control API reads: JSON, and the types built on it
 * such as `application/merge-patch+json` (RFC 6839 `+json` suffix).
 */
const JSON_MEDIA_TYPES = ['application/json', 'application/*+json']

/**
 * The first handler of every `POST`, `PUT` and `PATCH` control route: a
 * request whose `Content-Type` is not JSON answers 415
 * `unsupported_media_type`, with or without a body. A route that reads no
 * body (`POST /reset`) passes `{ bodiless: true }`: there a request without
 * `Content-Type` and without a body passes too, unless a browser sent it.
 * @note This is what keeps web pages of other origins out: a browser sends a
 * form or a `text/plain` POST to any origin without asking first (no CORS
 * preflight), and acts on it before CORS hides the answer; a JSON
 * `Content-Type` needs a preflight, which the control API never grants to
 * an origin not named with `--cors-origin`. A bodiless `POST /reset` without
 * a type is one a page can send too, but a browser names the page's `Origin`
 * on every `POST` (and modern ones add `Sec-Fetch-Site`), while curl,
 * Playwright's `request` and the HTTP clients of other languages send
 * neither: so such a reset passes only without them.
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

/** Whether a body follows the headers (RFC 9112 section 6.3). */
function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length']
  return (
    request.headers['transfer-encoding'] !== undefined ||
    (length !== undefined && length !== '0')
  )
}

/**
 * Whether a browser sent the request from a page: browsers name the page's
 * `Origin` on every request that is neither GET nor HEAD (the Fetch
 * standard's "append a request Origin header"), `null` for an opaque one,
 * and send `Sec-Fetch-Site` with it; `none` there means the user typed the
 * address, which no page can make a POST of.
 */
function isFromBrowser(request: IncomingMessage): boolean {
  const site = request.headers['sec-fetch-site']
  return (
    request.headers.origin !== undefined ||
    (site !== undefined && site !== 'none')
  )
}
