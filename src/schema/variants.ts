import * as z from 'zod'

/**
 * The variants of the real service the spec leaves open; `hostile` turns on all the others. One entry each in docs/variants.md.
 * @example
 * createContentApiMock({ variants: [VARIANT_NAMES[0]] }) // extra-fields
 */
export const VARIANT_NAMES = [
  'extra-fields',
  'nullable',
  'other-modes',
  'publish-statuses',
  'lenient-ids',
  'paginated',
  'error-variants',
  'unicode',
  'slow-body',
  'truncated',
  'hostile',
] as const

export type VariantName = (typeof VARIANT_NAMES)[number]

export type AppliedVariant = Exclude<VariantName, 'hostile'>

/**
 * What each variant changes: the table of docs/variants.md (a test holds it to these words).
 * @example
 * VARIANT_SUMMARIES.paginated // 'lists are pages of 20 (`?page=`, `?per_page=` up to 100)'
 */
export const VARIANT_SUMMARIES: Readonly<Record<VariantName, string>> = {
  'extra-fields':
    'unknown fields on every object, in `meta` and in error bodies',
  nullable: 'fields the spec does not promise come back `null` or absent',
  'other-modes':
    'contents in modes `post`, `blog`, `image` with other `content` shapes',
  'publish-statuses':
    '`pending`, `processing`, `failed` and an unknown status; no `post_url`',
  'lenient-ids': 'a malformed ID answers 404, not 422',
  paginated: 'lists are pages of 20 (`?page=`, `?per_page=` up to 100)',
  'error-variants':
    'other codes, no `message`, `Retry-After` as a date, HTML 502 and 504',
  unicode:
    'emoji, right-to-left text, combining marks, very long names and titles',
  'slow-body': 'the body arrives in five pieces, 40 ms apart',
  truncated:
    'every other answer to the same request closes the connection mid-body',
  hostile: 'all of the above at once',
}

/**
 * A list of variant names, as the `variants` option and `PUT /__mock/variants` take it.
 * @example
 * variantListSchema.parse(['nullable', 'paginated'])
 */
export const variantListSchema = z.array(z.enum(VARIANT_NAMES))

/**
 * Items per page of the `paginated` variant, unless `per_page` says.
 * @example
 * fetch(`${apiUrl}/projects?per_page=${DEFAULT_PAGE_SIZE * 5}`)
 */
export const DEFAULT_PAGE_SIZE = 20

/**
 * The most items a page holds; a larger `per_page` is capped to it.
 * @example
 * fetch(`${apiUrl}/projects?per_page=${MAX_PAGE_SIZE}`)
 */
export const MAX_PAGE_SIZE = 100
