// Only imports that import nothing, so the CLI can check --public-url alone.
import { DEFAULT_API_PREFIX } from '../../api/api-prefix.js'
import { parseHttpUrl } from './parse-http-url.js'

// A public URL's path may not start with one: requests could not be told apart.
const SERVER_PATH_ROOTS: readonly string[] = [
  DEFAULT_API_PREFIX.split('/')[1]!,
  '__mock',
  '__assets',
  'openapi.json',
  'openapi.tolerant.json',
  'docs',
  '__docs',
]

/**
 * Checks the public URL of a server behind a proxy or on a hosting platform:
 * an absolute http or https URL, without credentials, query or fragment. A
 * path is allowed (a proxy that mounts the mock under `/mock`): links carry
 * it. Trailing slashes and a default port are dropped.
 */
export function parsePublicUrl(value: string) {
  const result = parseHttpUrl(value, {
    examples: 'such as https://demo.example.com or https://example.com/mock',
    credentials: 'which every link would repeat; remove them',
    query:
      'which links cannot carry: the mock appends its own paths and queries; remove it',
  })
  if (!result.ok) return result
  const { basePath } = result
  const root = basePath.split('/')[1]
  if (root === undefined || !SERVER_PATH_ROOTS.includes(root)) return result
  return {
    ok: false as const,
    problem: `its path ${basePath} starts like a path the mock answers itself (/${SERVER_PATH_ROOTS.join(', /')}), so requests could not be told apart; mount the mock under another path, such as /mock`,
  }
}
