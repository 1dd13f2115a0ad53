import type { MockCore } from '../api/mock-core.js'
import type { ApiRequest } from '../api/types.js'

/**
 * The mock core mounted at a build-demo folder's URL (ending in `/`), as a
 * server behind a proxy under a path: the asset URLs it issues stay under the
 * folder, in the worker's scope. `core` is made without `baseUrl`'s origin.
 */
export function mountCoreAtFolder(core: MockCore, folder: string): MockCore {
  const folderPath = new URL(folder).pathname.replace(/\/+$/, '')
  const mountedOrigin = `${new URL(folder).origin}${folderPath}`
  // A live view of the core (its `ready` changes on each load).
  const mounted = Object.create(core) as MockCore & { origin: string }
  Object.defineProperty(mounted, 'origin', { value: mountedOrigin })
  for (const name of ['handle', 'handleAsset'] as const) {
    Object.defineProperty(mounted, name, {
      value: (request: ApiRequest) =>
        request.path.startsWith(`${folderPath}/`)
          ? core[name]({
              ...request,
              origin: mountedOrigin,
              path: request.path.slice(folderPath.length),
            })
          : undefined,
    })
  }
  return mounted
}
