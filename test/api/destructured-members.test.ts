import { createContentApiMock, createRateLimiter } from 'content-api-mock'
import { expect, it } from 'vitest'

// The mock's members were closures, so a caller could pass a method on or
// destructure it; as class instances they must still allow it.

it('keeps the methods of mock.contents, mock.scenarios and a rate limiter callable on their own', async () => {
  const mock = createContentApiMock({ seed: 1 })
  await mock.ready
  const { get, list, patch } = mock.contents
  const [first] = list()
  await patch(first.variation_unique, { title: 'Passed on' })
  expect(get(first.variation_unique)?.title).toBe('Passed on')
  expect(
    mock.projects.list().map(({ project_unique }) => project_unique),
  ).toEqual(mock.projects.list().map((project) => project.project_unique))

  const { add, list: listScenarios, clear } = mock.scenarios
  add({ preset: 'server-error' })
  expect(listScenarios()).toHaveLength(1)
  clear()
  expect(listScenarios()).toEqual([])

  const limiter = createRateLimiter({ limit: 1, window: '1m' }, () => 0)
  const { check } = limiter
  expect(typeof check).toBe('function')
})
