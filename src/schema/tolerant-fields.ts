/**
 * The fields the spec does not promise non-null, which the `nullable`
 * variant sends as `null` or leaves out and the tolerant schemas allow `null`
 * or absent, wherever an object of the API has them.
 * @note One list for the tolerant OpenAPI document, the tolerant zod schemas
 * and the drift checker, so the three cannot disagree.
 */
export const NULLABLE_FIELDS: ReadonlySet<string> = new Set([
  'description',
  'publish',
  'post_url',
  'posted_at',
  'download_url',
  'thumbnail_url',
])

/**
 * Fields the tolerant schemas allow to be absent: the nullable ones and an
 * error's `message` (the `error-variants` variant leaves it out).
 */
export const OPTIONAL_FIELDS: ReadonlySet<string> = new Set([
  ...NULLABLE_FIELDS,
  'message',
])
