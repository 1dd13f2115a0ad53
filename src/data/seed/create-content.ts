import type { FixtureContent } from '../../schema/fixture.js'
import { MOVIEMODE } from '../../schema/moviemode-content.js'
import { GENERATION_STEPS } from '../generation-steps.js'
import type { SeedProject } from './create-project.js'
import { createPublishResults } from './create-publish-results.js'
import { createTitle } from './create-title.js'
import { flatString } from './flat-string.js'
import { createPublicId, RECORD_KIND, reseed } from './record-randomizer.js'
import {
  DAY,
  HOUR,
  MINUTE,
  toTimestamp,
  type SeedContext,
} from './seed-context.js'

/** The projects that hold contents, with their running weight totals. */
interface ContentDistribution {
  holders: readonly SeedProject[]
  cumulativeWeights: readonly number[]
  totalWeight: number
}

/** Creates content #`index` and its publish results from its own streams. */
export function createContent(
  context: SeedContext,
  distribution: ContentDistribution,
  index: number,
): FixtureContent {
  const { faker } = context
  reseed(context, RECORD_KIND.content, index)
  const id = (prefix: string, kind: number) =>
    createPublicId(context, prefix, kind, index)
  const variationUnique = id('var_', RECORD_KIND.variationId)
  const movieUnique = id('mov_', RECORD_KIND.movieId)
  const project = pickProject(context, distribution, index)

  const isComplete = faker.datatype.boolean({ probability: 0.8 })
  const stepProcess = isComplete
    ? GENERATION_STEPS
    : faker.number.int({ min: 1, max: GENERATION_STEPS - 1 })

  // Complete contents leave at least two hours for publishing; contents still
  // in progress were started within the last three days.
  const earliest = project.createdAt + HOUR
  const createdAt = isComplete
    ? faker.number.int({ min: earliest, max: context.now - 2 * HOUR })
    : faker.number.int({
        min: Math.max(earliest, context.now - 3 * DAY),
        max: context.now - 10 * MINUTE,
      })
  const title = flatString(createTitle(context, project.product))

  reseed(context, RECORD_KIND.publish, index)
  const publish = isComplete
    ? createPublishResults(context, project.owner, title, createdAt)
    : []

  return {
    variation_unique: variationUnique,
    project_unique: project.record.project_unique,
    mode: MOVIEMODE,
    title,
    progress: { step_process: stepProcess, is_complete: isComplete },
    created_at: toTimestamp(createdAt),
    content: { movie_unique: movieUnique },
    publish,
  }
}

/**
 * Every project that holds contents gets the content with its own index
 * first; the rest are spread by weight. Depends on the index only, so growing
 * `contents` never moves an existing content.
 */
function pickProject(
  context: SeedContext,
  { holders, cumulativeWeights, totalWeight }: ContentDistribution,
  index: number,
): SeedProject {
  const first = holders[index]
  if (first) return first
  const target = context.faker.number.int({ min: 0, max: totalWeight - 1 })
  let low = 0
  let high = cumulativeWeights.length - 1
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((cumulativeWeights[middle] ?? 0) > target) high = middle
    else low = middle + 1
  }
  return holders[low] ?? holders[0]!
}
