import { expect, it } from 'vitest'
// Neither constant is part of the package: the page is bundled apart from it
// and imports no code of src/, so it keeps a copy that this test ties.
import { RATE_LIMIT_HEADER } from '../../src/page/api-client.js'
import {
  RATE_LIMIT_HEADER_NAMES,
  RATE_LIMIT_HEADER_PATTERN,
} from '../../src/schema/scenario.js'

it("the page's rate-limit header pattern is the one of src/schema", () => {
  expect(RATE_LIMIT_HEADER.source).toBe(RATE_LIMIT_HEADER_PATTERN.source)
  expect(RATE_LIMIT_HEADER.flags).toBe(RATE_LIMIT_HEADER_PATTERN.flags)
})

it('the rate-limit header pattern matches every name a rate limit sends', () => {
  const names = Object.values(RATE_LIMIT_HEADER_NAMES).flatMap((style) =>
    Object.values(style),
  )
  expect(names.filter((name) => !RATE_LIMIT_HEADER_PATTERN.test(name))).toEqual(
    [],
  )
  expect(
    ['RateLimit-Policy', 'ratelimit', 'retry-after', 'x-ratelimiter'].filter(
      (name) => RATE_LIMIT_HEADER_PATTERN.test(name),
    ),
  ).toEqual(['RateLimit-Policy', 'ratelimit'])
})
