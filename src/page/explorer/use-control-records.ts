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

export interface ControlRecords {
  exchange: ApiExchange | undefined
  keys: KeyDescription[] | undefined
  ownerOf: Map<string, string>
  /** A token is wanted that this tab lacks (nothing asked then), or refused. */
  locked: boolean
  /** The mock's time now, in ms, else the browser's. */
  now: () => number
}

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
  const reading = useMemo(() => {
    const body = clock.exchange?.body as
      { now?: string; speed?: number } | undefined
    const at = Date.parse(body?.now ?? '')
    if (Number.isNaN(at)) return undefined
    return { at, speed: body?.speed ?? 1, received: Date.now() }
  }, [clock.exchange])
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
            reading?.at ?? Date.now(),
          ),
    ownerOf: new Map(
      projectRecords.map((project) => [
        project.project_unique,
        project.account,
      ]),
    ),
  }
}
