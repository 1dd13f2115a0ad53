import { FIXTURE_SCHEMA_PATH, createContentApiMock } from 'content-api-mock'
import { expect, it } from 'vitest'
import { startSmallServer } from '../../support/server.js'

it('answers GET /__mock/fixtures with the export pretty-printed, ready to save and load again', async () => {
  await using server = await startSmallServer()
  const response = await fetch(`${server.adminUrl}/fixtures`)
  const text = await response.text()

  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  expect(text).toBe(
    `${JSON.stringify(server.mock.exportFixtures(), null, 2)}\n`,
  )
  expect(text.startsWith(`{\n  "$schema": "${FIXTURE_SCHEMA_PATH}",\n`)).toBe(
    true,
  )
  const again = createContentApiMock({ fixtures: JSON.parse(text) })
  await again.ready
  expect(again.exportFixtures()).toEqual(JSON.parse(text))
})
