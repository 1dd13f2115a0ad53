import {
  VARIANT_NAMES,
  type AppliedVariant,
  type VariantName,
} from '../../schema/variants.js'

/**
 * Every variant that changes answers by itself, in the order they apply.
 */
const APPLIED_VARIANTS = VARIANT_NAMES.filter(
  (name): name is AppliedVariant => name !== 'hostile',
)

/**
 * The variants a list of names turns on, once each and in the order they
 * apply: `hostile` stands for all of them.
 */
export function expandVariants(
  names: readonly VariantName[],
): AppliedVariant[] {
  if (names.includes('hostile')) return [...APPLIED_VARIANTS]
  return APPLIED_VARIANTS.filter((name) => names.includes(name))
}

/**
 * How the journal and the request log name the variants applied: all of
 * them as `hostile`, otherwise one by one.
 */
export function nameVariants(applied: readonly AppliedVariant[]): string[] {
  return applied.length === APPLIED_VARIANTS.length ? ['hostile'] : [...applied]
}
