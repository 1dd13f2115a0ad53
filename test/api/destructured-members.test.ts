import { createContentApiMock } from 'content-api-mock'
import { expect, it } from 'vitest'

// The mock's members were closures, so a caller could pass a method on or
// destructure it; as class instances they must still allow it.

it('keeps the methods of mock.contents, mock.projects and mock.scenarios callable on their own', async () => {
  const mock = createContentApiMock({ seed: 1 })
  await mock.ready
  const { get, list, patch } = mock.contents
  const first = list()[0]!
  await patch(first.variation_unique, { title: 'Passed on' })
  expect(get(first.variation_unique)?.title).toBe('Passed on')
  expect(
    mock.projects.list().map(({ project_unique }) => project_unique),
  ).toEqual(mock.projects.list().map((project) => project.project_unique))

  const { add, list: listScenarios, clear } = mock.scenarios
  add({ status: 500, times: 1 })
  expect(listScenarios()).toHaveLength(1)
  clear()
  expect(listScenarios()).toEqual([])
})

it('keeps the methods of mock.clock callable on their own', () => {
  const mock = createContentApiMock({ seed: 1 })
  const { set, advance, now, pause, resume, setSpeed, reset } = mock.clock
  set('2030-01-01T00:00:00Z')
  advance(60_000)
  expect(new Date(now()).toISOString()).toBe('2030-01-01T00:01:00.000Z')
  setSpeed(60)
  pause()
  expect(mock.clock.speed).toBe(0)
  resume()
  expect(mock.clock.speed).toBe(60)
  reset()
  expect(mock.clock.speed).toBe(1)
})
