import * as z from 'zod'

/**
 * The pattern every public ID (`project_unique`, `variation_unique`,
 * `movie_unique`) follows: 1–64 characters of `[A-Za-z0-9_-]`.
 * @note The spec does not show an ID format. This is the mock's choice, and
 * the same rule decides when a path parameter is answered 422.
 * @example
 * PUBLIC_ID_PATTERN.test('prj_7Hq2') // true
 */
export const PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

/**
 * A public ID of a project, content or movie.
 */
export const publicIdSchema = z
  .string()
  .regex(
    PUBLIC_ID_PATTERN,
    'expected 1–64 characters of letters, digits, "_" or "-"',
  )
  .meta({ description: 'Public ID: 1–64 characters of [A-Za-z0-9_-].' })

/**
 * An ISO 8601 UTC timestamp such as `2024-03-01T09:30:00.000Z`.
 */
export const timestampSchema = z.iso
  .datetime({
    message:
      'expected an ISO 8601 UTC timestamp such as "2024-03-01T09:30:00Z"',
  })
  .meta({ description: 'ISO 8601 UTC timestamp.' })

/**
 * An absolute http(s) URL.
 */
export const urlSchema = z
  .url({ protocol: /^https?$/, message: 'expected an absolute http(s) URL' })
  .meta({ description: 'Absolute http(s) URL.' })
