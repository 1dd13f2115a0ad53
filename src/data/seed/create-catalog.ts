import { RECORD_KIND, reseed } from './record-randomizer.js'
import type { SeedContext } from './seed-context.js'
import { PRODUCT_LINES, type ProductLine } from './product-lines.js'
import { PROJECT_NAME_PATTERNS, type ProjectNamePattern } from './word-lists.js'

/**
 * The per-seed order in which projects take product lines and name patterns,
 * so the first projects of a dataset do not repeat one another.
 */
export interface Catalog {
  productLines: readonly ProductLine[]
  projectNames: readonly ProjectNamePattern[]
}

/** Shuffles the product lines and name patterns from the seed's catalog stream. */
export function createCatalog(context: SeedContext): Catalog {
  reseed(context, RECORD_KIND.catalog, 0)
  return {
    productLines: context.faker.helpers.shuffle(PRODUCT_LINES),
    projectNames: context.faker.helpers.shuffle(PROJECT_NAME_PATTERNS),
  }
}
