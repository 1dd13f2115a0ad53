import type { Response } from 'express'
import type { FixtureError } from '../../data/fixture-error.js'
import type { ControlErrorCode } from '../../schema/envelopes.js'

/**
 * Answers 400 `invalid_fixture` with the error's message and its `issues`
 * (`[{ path, message }]`), for a fixture document or a record refused.
 */
export function writeFixtureError(
  response: Response,
  error: FixtureError,
): void {
  response.status(400).json({
    error: {
      code: 'invalid_fixture' satisfies ControlErrorCode,
      message: error.message,
      issues: error.issues,
    },
  })
}
