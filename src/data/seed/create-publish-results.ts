import type { PublishResult } from '../../schema/resources.js'
import { createPostUrl, PLATFORMS, PUBLISH_COUNT_WEIGHTS } from './platforms.js'
import type { SeedAccount } from './seed-accounts.js'
import { DAY, MINUTE, toTimestamp, type SeedContext } from './seed-context.js'

/** The successful posts of a complete content, oldest first. */
export function createPublishResults(
  context: SeedContext,
  owner: SeedAccount,
  title: string,
  createdAt: number,
): PublishResult[] {
  const { faker } = context
  const count = faker.helpers.weightedArrayElement(PUBLISH_COUNT_WEIGHTS)
  const platforms = faker.helpers.arrayElements(PLATFORMS, count)
  const latest = Math.min(createdAt + 14 * DAY, context.now)
  // Kept in time order as they are made (a stable insertion): this runs for
  // every content of a large seed, and a sort would copy the list.
  const results: PublishResult[] = []
  const times: number[] = []
  for (const platform of platforms) {
    const postedAt = faker.number.int({
      min: createdAt + 10 * MINUTE,
      max: latest,
    })
    const result: PublishResult = {
      platform,
      status: 'success',
      post_url: createPostUrl(context, platform, owner, title),
      posted_at: toTimestamp(postedAt),
    }
    let at = results.length
    results.push(result)
    times.push(postedAt)
    for (; at > 0 && times[at - 1]! > postedAt; at--) {
      results[at] = results[at - 1]!
      times[at] = times[at - 1]!
    }
    results[at] = result
    times[at] = postedAt
  }
  return results
}
