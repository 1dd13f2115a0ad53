import type { FixtureProject } from '../../schema/fixture.js'
import { createCatalog, type Catalog } from './create-catalog.js'
import { createPublicId, RECORD_KIND, reseed } from './record-randomizer.js'
import {
  ALPHA_ACCOUNT,
  BETA_ACCOUNT,
  type SeedAccount,
} from './seed-accounts.js'
import { DAY, toTimestamp, type SeedContext } from './seed-context.js'
import type { ProductLine } from './product-lines.js'
import {
  BRAND_SUFFIXES,
  CAMPAIGN_GOALS,
  CITIES,
  DESCRIPTION_LEADS,
  SEASONS,
  TAGLINES,
} from './word-lists.js'

/** Who owns a project and who else sees it; `empty` projects hold no contents. */
export type ProjectRole = 'owned' | 'shared' | 'private' | 'empty'

/** Fixed, so the default dataset always has a shared read-only, an unseen and an empty project. */
const LEADING_ROLES: readonly ProjectRole[] = [
  'owned',
  'shared',
  'private',
  'empty',
]

function getProjectRole(index: number): ProjectRole {
  return LEADING_ROLES[index] ?? (index % 5 === 2 ? 'private' : 'owned')
}

export interface SeedProject {
  record: FixtureProject
  role: ProjectRole
  owner: SeedAccount
  product: ProductLine
  /** Seconds since the epoch. */
  createdAt: number
  /** Relative share of the contents beyond the first one. */
  weight: number
}

function createProject(
  context: SeedContext,
  catalog: Catalog,
  index: number,
): SeedProject {
  const { faker } = context
  reseed(context, RECORD_KIND.project, index)
  const role = getProjectRole(index)
  const owner =
    role === 'owned' || role === 'empty' ? ALPHA_ACCOUNT : BETA_ACCOUNT
  const projectUnique = createPublicId(
    context,
    'prj_',
    RECORD_KIND.projectId,
    index,
  )

  const product = pickInTurn(catalog.productLines, index)
  const namePattern = pickInTurn(catalog.projectNames, index)
  const projectName = namePattern({
    line: product.line,
    season: faker.helpers.arrayElement(SEASONS),
    quarter: faker.number.int({ min: 1, max: 4 }),
    city: faker.helpers.arrayElement(CITIES),
    year: context.year,
  })
  const brand = `${faker.person.lastName()} ${faker.helpers.arrayElement(BRAND_SUFFIXES)}`
  const lead = faker.helpers.arrayElement(DESCRIPTION_LEADS)
  const model = faker.helpers.arrayElement(product.models)
  const closing = faker.datatype.boolean()
    ? `Tagline: "${faker.helpers.arrayElement(TAGLINES)}".`
    : `Goal: ${faker.number.int({ min: 5, max: 500 })}k ${faker.helpers.arrayElement(CAMPAIGN_GOALS)} in ${faker.number.int({ min: 2, max: 12 })} weeks.`
  const description = `${lead} for the ${model} by ${brand}. ${closing}`

  const createdAt =
    context.now -
    faker.number.int(
      CREATED_DAYS_AGO[
        role === 'empty' ? 'empty' : index === 0 ? 'first' : 'other'
      ],
    )
  const weight = faker.number.int({ min: 1, max: 5 })

  const record: FixtureProject = {
    project_unique: projectUnique,
    project_name: projectName,
    description,
    created_at: toTimestamp(createdAt),
    is_readonly: role === 'shared',
    account: owner.id,
  }
  if (role === 'shared') record.shared_with = [ALPHA_ACCOUNT.id]
  return { record, role, owner, product, createdAt, weight }
}

/** The first project is the newest and an empty one the next, so a list newest first opens on one with contents. */
const CREATED_DAYS_AGO = {
  first: { min: 7 * DAY, max: 21 * DAY },
  empty: { min: 22 * DAY, max: 29 * DAY },
  other: { min: 30 * DAY, max: 540 * DAY },
}

function pickInTurn<Item>(items: readonly Item[], index: number): Item {
  return items[index % items.length]!
}

export function createSeedProjects(
  context: SeedContext,
  count: number,
): SeedProject[] {
  const catalog = createCatalog(context)
  return Array.from({ length: count }, (_, index) =>
    createProject(context, catalog, index),
  )
}
