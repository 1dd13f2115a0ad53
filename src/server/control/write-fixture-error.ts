import type { Response } from 'express'
import type { FixtureError } from '../../data/fixture-error.js'
import type { ControlErrorCode } from '../../schema/envelopes.js'

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
