import {
  createContentApiMock,
  type ContentApiMockOptions,
} from 'content-api-mock'
import { loadFixture } from './load-fixture.js'

/**
 * The mock on small.json whose real time is `real.now`, a number the test
 * moves instead of sleeping.
 */
export function movedTimeMock(
  start: number,
  options: ContentApiMockOptions = {},
) {
  const real = { now: start }
  const mock = createContentApiMock({
    fixtures: loadFixture('small.json'),
    now: () => real.now,
    ...options,
  })
  return { mock, real }
}
