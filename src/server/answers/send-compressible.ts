import { gzipSync } from 'node:zlib'
import type { Request, Response } from 'express'

/** Below this many bytes gzip saves less than a round trip's worth. */
const SMALLEST_GZIPPED = 1024

/**
 * Sends a body made for this request (a page, a document with this
 * server's URL in it) gzipped to a client that accepts gzip, as it is to
 * any other, with `Vary: Accept-Encoding` either way so that a cache keeps
 * the two apart. The content type and other headers are the caller's.
 */
export function sendCompressible(
  request: Request,
  response: Response,
  body: string,
): void {
  response.vary('Accept-Encoding')
  const bytes = Buffer.from(body)
  if (
    bytes.length < SMALLEST_GZIPPED ||
    request.acceptsEncodings('gzip') !== 'gzip'
  ) {
    response.send(bytes)
    return
  }
  response.setHeader('Content-Encoding', 'gzip')
  response.send(gzipSync(bytes))
}
