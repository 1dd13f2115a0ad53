import { useMemo } from 'preact/hooks'
import type { ApiExchange } from '../api-client.js'
import type { PageConfig } from '../page-config.js'
import { useApi } from '../use-api.js'
import { dataOf } from './api-types.js'
import {
  describeKeys,
  type ApiKeyRecord,
  type KeyDescription,
  type ProjectRecord,
} from './describe-keys.js'

/** What the explorer reads from the control API, when it answers. */
export interface ControlRecords {
  /** The answer of `GET <adminBase>/api-keys`. */
  exchange: ApiExchange | undefined
  /** Every key described, or undefined when the control API did not answer them. */
  keys: KeyDescription[] | undefined
  /** The owning account of each project. */
  ownerOf: Map<string, string>
  /**
   * Whether the control API wants an admin token this tab does not have (the
   * page then does not ask it: nothing to show but 401s) or refused the one it has.
   */
  locked: boolean
  /** The mock's time now, in ms: its clock when it answered, else the browser's. */
  now: () => number
}

/**
 * Reads the keys, accounts, projects and clock from the control API, with
 * the admin token when the tab has one; without one where the server wants
 * it, asks nothing.
 */
export function useControlRecords(
  config: PageConfig,
  adminToken: string | undefined,
): ControlRecords {
  const locked = config.adminTokenRequired && adminToken === undefined
  const base = locked ? undefined : config.adminBase
  const keys = useApi(base && `${base}/api-keys`, { adminToken })
  const accounts = useApi(base && `${base}/accounts`, { adminToken })
  const projects = useApi(base && `${base}/projects`, { adminToken })
  const clock = useApi(base && `${base}/clock`, { adminToken })
  const keyRecords = dataOf<ApiKeyRecord[]>(keys.exchange)
  const projectRecords = dataOf<ProjectRecord[]>(projects.exchange) ?? []
  // One reading per answer, stamped with when it arrived, so the mock's time
  // runs on from there at the clock's speed.
  const reading = useMemo(() => {
    const body = clock.exchange?.body as
      { now?: string; speed?: number } | undefined
    const at = Date.parse(body?.now ?? '')
    if (Number.isNaN(at)) return undefined
    return { at, speed: body?.speed ?? 1, received: Date.now() }
  }, [clock.exchange])
  const now = reading?.at ?? Number.NaN
  return {
    locked: locked || keys.exchange?.status === 401,
    now: () =>
      reading === undefined
        ? Date.now()
        : reading.at + (Date.now() - reading.received) * reading.speed,
    exchange: keys.exchange,
    keys:
      keyRecords === undefined
        ? undefined
        : describeKeys(
            keyRecords,
            dataOf<{ id: string; name: string }[]>(accounts.exchange) ?? [],
            projectRecords,
            Number.isNaN(now) ? Date.now() : now,
          ),
    ownerOf: new Map(
      projectRecords.map((project) => [
        project.project_unique,
        project.account,
      ]),
    ),
  }
}
