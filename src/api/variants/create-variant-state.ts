import {
  variantListSchema,
  VARIANT_NAMES,
  type AppliedVariant,
  type VariantName,
} from '../../schema/variants.js'
import { ControlInputError } from '../traffic/control-input-error.js'
import { expandVariants } from './expand-variants.js'

/** The variants in force for every answer. */
export type VariantController = Pick<VariantState, 'list' | 'set'>

export type VariantState = ReturnType<typeof createVariantState>

// @note A client walking many URLs must not grow the mock without end.
const MAX_ATTEMPT_KEYS = 10_000

export function createVariantState(
  seed: number,
  initial: readonly VariantName[] = [],
) {
  let names: VariantName[] = [...initial]
  let active: readonly AppliedVariant[] = expandVariants(names)
  const attempts = new Map<string, number>()
  return {
    seed,
    /** Expanded (`hostile` is all of them). */
    get active(): readonly AppliedVariant[] {
      return active
    },
    /** As they were set (e.g. `['hostile']`). */
    list: (): VariantName[] => [...names],
    /**
     * Replaces the variants in force; `[]` turns them off.
     * @throws {ControlInputError} naming an unknown variant and the known ones.
     */
    set(next: readonly VariantName[]): VariantName[] {
      const parsed = variantListSchema.safeParse(next)
      if (!parsed.success) {
        throw new ControlInputError(
          'invalid_variants',
          `Invalid variants ${JSON.stringify(next)}: expected an array of names out of ${VARIANT_NAMES.join(', ')}, e.g. {"variants": ["nullable", "paginated"]}; [] turns them off.`,
        )
      }
      names = [...new Set(parsed.data)]
      active = expandVariants(names)
      return [...names]
    },
    /** From 1; what `truncated` cuts. */
    nextAttempt(key: string): number {
      if (attempts.size >= MAX_ATTEMPT_KEYS && !attempts.has(key)) {
        attempts.clear()
      }
      const count = (attempts.get(key) ?? 0) + 1
      attempts.set(key, count)
      return count
    },
    reset() {
      names = [...initial]
      active = expandVariants(names)
      attempts.clear()
    },
  }
}
