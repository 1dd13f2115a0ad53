import * as z from 'zod'

/**
 * The pattern every public ID follows.
 * @note The spec does not show an ID format; the mock's choice, which also decides when a path parameter gets 422.
 * @example
 * PUBLIC_ID_PATTERN.test('prj_7Hq2') // true
 */
export const PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

export const publicIdSchema = z
  .string()
  .regex(
    PUBLIC_ID_PATTERN,
    'expected 1–64 characters of letters, digits, "_" or "-"',
  )
  .meta({ description: 'Public ID: 1–64 characters of [A-Za-z0-9_-].' })

export const timestampSchema = z.iso
  .datetime({
    message:
      'expected an ISO 8601 UTC timestamp such as "2024-03-01T09:30:00Z"',
  })
  .meta({ description: 'ISO 8601 UTC timestamp.' })

export const urlSchema = z
  .url({ protocol: /^https?$/, message: 'expected an absolute http(s) URL' })
  .meta({ description: 'Absolute http(s) URL.' })
