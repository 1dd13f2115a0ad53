import { escapeRegExp } from '../../api/api-prefix.js'
import type { RequestHandler, Router } from 'express'
import { writeJsonError } from '../answers/write-json-error.js'

interface RouterLayer {
  route?: { path: unknown; stack: ReadonlyArray<{ method?: string }> }
  handle: unknown
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH'])

/**
 * 405 with `Allow` for a path the router's routes have with another method;
 * `Allow` is read from express's `router.stack`, so it cannot drift from them.
 */
export function createMethodNotAllowedHandler(router: Router): RequestHandler {
  const known = collectPaths(router.stack as unknown as RouterLayer[])
  return (request, response, next) => {
    // As express matches routes: a trailing slash and case ignored.
    const target = request.path.replace(/(.)\/$/, '$1').toLowerCase()
    const methods = known
      .filter((route) => route.pattern.test(target))
      .flatMap((route) => route.methods)
    if (methods.length === 0) return next()
    const allowed = [...new Set(methods)]
    const path = `${request.baseUrl}${request.path}`
    const bodyMethods = allowed.filter((method) => BODY_METHODS.has(method))
    const hint =
      allowed.length === 1
        ? ` Use ${allowed[0]}.`
        : BODY_METHODS.has(request.method) && bodyMethods.length === 1
          ? ` Use ${bodyMethods[0]} to send a body here.`
          : ''
    writeJsonError(
      response,
      405,
      'method_not_allowed',
      `${request.method} is not allowed on ${path}, which answers ${formatList(allowed)}.${hint}`,
      { allow: allowed.join(', ') },
    )
  }
}

function collectPaths(
  stack: readonly RouterLayer[],
): Array<{ pattern: RegExp; methods: string[] }> {
  return stack.flatMap((layer) => {
    const nested = (layer.handle as { stack?: unknown }).stack
    if (Array.isArray(nested)) return collectPaths(nested as RouterLayer[])
    const route = layer.route
    if (route === undefined || typeof route.path !== 'string') return []
    const methods = route.stack.flatMap((handler) =>
      handler.method === undefined ? [] : [handler.method.toUpperCase()],
    )
    // express answers HEAD with the GET route.
    if (methods.includes('GET')) methods.push('HEAD')
    // The paths are names and `:parameters`, each a whole segment: a
    // parameter stands for any segment but an empty one; the rest is literal.
    const pattern = route.path
      .toLowerCase()
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : escapeRegExp(part)))
      .join('/')
    return [{ pattern: new RegExp(`^${pattern}$`), methods }]
  })
}

function formatList(items: readonly string[]): string {
  return items.length === 1
    ? `${items[0]} only`
    : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}
