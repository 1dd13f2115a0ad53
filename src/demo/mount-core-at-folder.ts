import type { MockCore } from '../api/mock-core.js'
import type { ApiRequest } from '../api/types.js'

/**
 * The mock core as the MSW handlers of a build-demo folder see it: mounted
 * at the folder's URL (`https://example.com/demo/`), as the server is behind
 * a proxy that serves it under a path. Requests under the folder reach the
 * core with the folder as their origin and the rest as their path, so the
 * asset URLs it issues stay under the folder
 * (`https://example.com/demo/__assets/…`, in the worker's scope) instead of
 * the site's root.
 * @param core a core made without `baseUrl`'s origin, so it takes any origin.
 * @param folder the folder's absolute URL, ending in `/`.
 */
export function mountCoreAtFolder(core: MockCore, folder: string): MockCore {
  const url = new URL(folder)
  const folderPath = url.pathname.replace(/\/+$/, '')
  const mountedOrigin = `${url.origin}${folderPath}`
  const mount = (request: ApiRequest): ApiRequest | undefined =>
    request.path.startsWith(`${folderPath}/`)
      ? {
          ...request,
          origin: mountedOrigin,
          path: request.path.slice(folderPath.length),
        }
      : undefined
  // @note A live view of the core (its `ready` changes on each load), with
  // the three members the handlers read replaced.
  const mounted = Object.create(core) as MockCore & { origin: string }
  Object.defineProperties(mounted, {
    origin: { value: mountedOrigin },
    handle: {
      value: (request: ApiRequest) => {
        const inside = mount(request)
        return inside === undefined ? undefined : core.handle(inside)
      },
    },
    handleAsset: {
      value: (request: ApiRequest) => {
        const inside = mount(request)
        return inside === undefined ? undefined : core.handleAsset(inside)
      },
    },
  })
  return mounted
}
