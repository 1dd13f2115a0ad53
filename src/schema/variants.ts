import * as z from 'zod'

/**
 * The variants of the real service that the spec leaves open, each a switch
 * (`variants` option, `--variant`, `X-Mock-Variant`, `/__mock/variants`);
 * `hostile` turns on all the others.
 * @note The names are part of the interface: docs/variants.md has one entry
 * per name.
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

/**
 * One variant name.
 */
export type VariantName = (typeof VARIANT_NAMES)[number]

/**
 * A variant that changes answers by itself: every name but `hostile`.
 */
export type AppliedVariant = Exclude<VariantName, 'hostile'>

/**
 * A list of variant names, as the `variants` option and
 * `PUT /__mock/variants` take it.
 * @example
 * variantListSchema.parse(['nullable', 'paginated'])
 */
export const variantListSchema = z.array(z.enum(VARIANT_NAMES))
