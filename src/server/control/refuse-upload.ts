import type { Response } from 'express'
import { writeJsonError } from '../answers/write-json-error.js'
import { UPLOAD_LIMITS } from './upload-gate.js'

const RETRY_AFTER_SECONDS = 2

// The connection is closed: its body is not read.
export function refuseUpload(response: Response): void {
  response.setHeader('connection', 'close')
  writeJsonError(
    response,
    503,
    'too_many_uploads',
    `The server is reading ${UPLOAD_LIMITS.reading} large fixture uploads and has ${UPLOAD_LIMITS.waiting} more waiting, the most it takes at once; this one was not read. Send it again after ${RETRY_AFTER_SECONDS} seconds (Retry-After), or send uploads one after another.`,
    { 'retry-after': String(RETRY_AFTER_SECONDS) },
  )
}
