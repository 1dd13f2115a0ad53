import { HTTPError, TimeoutError } from 'ky'
import { BodyTooLargeError } from './read-body-chunks.js'

/** The body broke off after the headers came (the attempt's `received`). */
export class BodyCutShortError extends Error {
  override name = 'BodyCutShortError'
  readonly tooLarge = this.cause instanceof BodyTooLargeError
  constructor(cause: unknown) {
    super('the body broke off', { cause })
  }
}

/** `HTTP 503`, `timed out`, `network error: …`, or the error's own message. */
export function describePoliteError(error: unknown): string {
  if (error instanceof BodyCutShortError)
    return describePoliteError(error.cause)
  if (error instanceof HTTPError) return `HTTP ${error.response.status}`
  if (error instanceof TimeoutError) return 'timed out'
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ''
    return error.name === 'TypeError'
      ? `network error${cause || `: ${error.message}`}`
      : `${error.message}${cause}`
  }
  return String(error)
}
