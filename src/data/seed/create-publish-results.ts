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
  const results = platforms.map((platform) => ({
    platform,
    postedAt: faker.number.int({ min: createdAt + 10 * MINUTE, max: latest }),
    postUrl: createPostUrl(context, platform, owner, title),
  }))
  results.sort((left, right) => left.postedAt - right.postedAt)
  return results.map(({ platform, postedAt, postUrl }) => ({
    platform,
    status: 'success',
    post_url: postUrl,
    posted_at: toTimestamp(postedAt),
  }))
}
