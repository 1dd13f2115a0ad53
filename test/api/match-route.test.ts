import fc from 'fast-check'
import { expect, it } from 'vitest'
// A unit test of the route matcher, which no entry exports.
import { matchRoute, type RouteMatch } from '../../src/api/match-route.js'

// matchRoute reads the path with indexOf (issue 11); it must match exactly
// what splitting the path into segments matches, for any path.

function matchBySegments(subpath: string): RouteMatch | undefined {
  const segments = subpath.split('/')
  if (segments[0] !== '' || segments[1] !== 'projects') return undefined
  const projectUnique = segments[2]
  switch (segments.length) {
    case 2:
      return { endpoint: 'listProjects' }
    case 3:
      return { endpoint: 'getProject', projectUnique }
    case 4:
      return segments[3] === 'contents'
        ? { endpoint: 'listContents', projectUnique }
        : undefined
    case 5:
      return segments[3] === 'contents'
        ? {
            endpoint: 'getContent',
            projectUnique,
            variationUnique: segments[4],
          }
        : undefined
    default:
      return undefined
  }
}

const piece = fc.constantFrom(
  '/',
  'projects',
  'contents',
  'p1',
  'v_1',
  '%2F',
  'x',
  '',
  '/projects',
  '/contents',
)

it('matches any path exactly as splitting it into segments does', () => {
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
      const subpath = pieces.join('')
      expect(matchRoute(subpath)).toEqual(matchBySegments(subpath))
    }),
    { numRuns: 5000 },
  )
})

it.each([
  '/projects',
  '/projects/',
  '/projects/p1',
  '/projects//contents',
  '/projects/p1/contents',
  '/projects/p1/contents/',
  '/projects/p1/contents/v1',
])('matches %s as an endpoint', (subpath) => {
  expect(matchRoute(subpath)).toEqual(matchBySegments(subpath))
  expect(matchRoute(subpath)).toBeDefined()
})
