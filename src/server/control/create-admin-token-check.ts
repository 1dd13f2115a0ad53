import { createHash, timingSafeEqual } from 'node:crypto'
import type { RequestHandler } from 'express'
import { readBearerToken } from '../../api/read-bearer-token.js'
import { writeJsonError } from '../answers/write-json-error.js'

// Digests compared with `timingSafeEqual`: equal lengths whatever was sent, so
// the answer's timing tells nothing about the token.
export function createAdminTokenCheck(adminToken: string): RequestHandler {
  const expected = digest(adminToken)
  return (request, response, next) => {
    const given = readBearerToken(request.headers.authorization)
    if (given !== undefined && timingSafeEqual(digest(given), expected)) {
      return next()
    }
    writeJsonError(
      response,
      401,
      'unauthorized',
      'The control API needs the admin token the server was started with (--admin-token, or the one its banner printed): send "Authorization: Bearer <admin token>".',
      { 'www-authenticate': 'Bearer realm="content-api-mock control"' },
    )
  }
}

function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest()
}
