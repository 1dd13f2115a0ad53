import { InvalidArgumentError } from 'commander'
import { findCloseMatch } from '../../schema/find-close-match.js'
import { VARIANT_NAMES, type VariantName } from '../../schema/variants.js'

/**
 * Collects repeated `--variant a,b` flags: comma-separated variant names.
 */
export function collectVariants(
  value: string,
  previous: VariantName[] | undefined,
): VariantName[] {
  const names = value.split(',').map((name) => name.trim())
  for (const name of names) {
    if ((VARIANT_NAMES as readonly string[]).includes(name)) continue
    const match = findCloseMatch(name, VARIANT_NAMES)
    throw new InvalidArgumentError(
      `Unknown variant ${JSON.stringify(name)}: expected names out of ${VARIANT_NAMES.join(', ')}, separated by commas.${match === undefined ? '' : ` Did you mean ${match}?`}`,
    )
  }
  return [...(previous ?? []), ...(names as VariantName[])]
}
