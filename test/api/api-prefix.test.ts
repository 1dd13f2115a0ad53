import { expect, it } from 'vitest'
// A unit test of the API prefix check, which no entry exports.
import { createApiUrlPattern, isApiPath } from '../../src/api/api-prefix.js'

// The server asks `isApiPath`, the MSW handlers match `createApiUrlPattern`:
// both must draw the same line around the API, case and all.

const PREFIX = '/public-api/v1'
const ORIGIN_PATTERN = 'https?://[^/]+'
const CASES: Array<[path: string, isApi: boolean]> = [
  ['/public-api/v1', true],
  ['/public-api/v1/', true],
  ['/public-api/v1/projects', true],
  ['/public-api/v1/projects/p1/contents/v1', true],
  ['/public-api/v10', false],
  ['/public-api/v1x/projects', false],
  ['/public-api', false],
  ['/public-api/v2/projects', false],
  ['/__assets/m1/video.mp4', false],
  ['/PUBLIC-API/v1/projects', false],
  ['/public-api/V1/projects', false],
  ['/', false],
]

it.each(CASES)('isApiPath(%j) is %s', (path, isApi) => {
  expect(isApiPath(path, PREFIX)).toBe(isApi)
})

it.each(CASES)(
  'the URL pattern matches %j only when isApiPath does',
  (path, isApi) => {
    const pattern = createApiUrlPattern(ORIGIN_PATTERN, PREFIX)
    expect(pattern.test(`http://127.0.0.1:4010${path}`)).toBe(isApi)
  },
)

it('reads a query after the prefix as the prefix itself', () => {
  expect(isApiPath('/public-api/v1?page=2', PREFIX)).toBe(true)
  expect(isApiPath('/public-api/v10?page=2', PREFIX)).toBe(false)
})
