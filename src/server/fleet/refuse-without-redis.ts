import type { ServerResponse } from 'node:http'
import { writeJsonError } from '../answers/write-json-error.js'

/**
 * Answers a control write that was not made because the fleet's Redis (at
 * `where`) could not take it: 503 `redis_unavailable`, saying `why` and
 * when to try again. Headers the write's own answer had set are dropped,
 * CORS headers kept.
 * @example
 * refuseWithoutRedis(response, 'Redis cannot be reached', 'redis://cache:6379 (prefix content-api-mock)')
 */
export function refuseWithoutRedis(
  response: ServerResponse,
  why: string,
  where: string,
): void {
  for (const name of response.getHeaderNames()) {
    if (!name.startsWith('access-control-')) response.removeHeader(name)
  }
  writeJsonError(
    response,
    503,
    'redis_unavailable',
    `This change was not made: ${why}, and a replica changes state only through the fleet's Redis at ${where}, so that every replica sees the same. The API keeps answering from the last state it knew; try the change again once GET /__mock/health answers "status": "ok".`,
  )
}
