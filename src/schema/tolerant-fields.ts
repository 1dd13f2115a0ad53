/** Not promised non-null: one list for the tolerant document, schemas and drift checker, so they cannot disagree. */
export const NULLABLE_FIELDS: ReadonlySet<string> = new Set([
  'description',
  'publish',
  'post_url',
  'posted_at',
  'download_url',
  'thumbnail_url',
])

/** The nullable ones and an error's `message`, which `error-variants` leaves out. */
export const OPTIONAL_FIELDS: ReadonlySet<string> = new Set([
  ...NULLABLE_FIELDS,
  'message',
])
