import { PUBLIC_ID_PATTERN } from '../schema/primitives.js'
import { decodePathSegment } from './decode-path-segment.js'
import { createErrorResponse } from './error-response.js'
import type { ApiResponse } from './types.js'

/**
 * Decodes one percent-encoded path parameter and checks it is a public ID
 * (1–64 characters of `[A-Za-z0-9_-]`), or returns the 422 response that says
 * what is wrong with it.
 */
export function readPathParameter(
  name: string,
  raw: string,
  hint = '',
): string | ApiResponse {
  // Most IDs hold no escape: only those that do are decoded.
  const value = raw.includes('%') ? decodePathSegment(raw) : raw
  if (value === undefined) {
    return invalid(
      `Path parameter ${name} "${raw}" is not valid percent-encoding. Encode the ID with encodeURIComponent().`,
    )
  }
  if (PUBLIC_ID_PATTERN.test(value)) return value
  if (value === '') {
    return invalid(`Path parameter ${name} is empty.${hint}`)
  }
  const shown = value.length > 80 ? `${value.slice(0, 80)}…` : value
  return invalid(
    `Path parameter ${name} ${JSON.stringify(shown)} is invalid: expected 1–64 characters of letters, digits, "_" or "-".`,
  )
}

function invalid(message: string): ApiResponse {
  return createErrorResponse(422, 'invalid_parameter', message, undefined, {
    cause: 'invalid-id',
  })
}
