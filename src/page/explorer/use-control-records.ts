import { useMemo } from 'preact/hooks'
import type { FixtureApiKey, FixtureProject } from '../../schema/fixture.js'
import { clockNow, readClock } from '../clock-reading.js'
import type { PageConfig } from '../page-config.js'
import { ADMIN_TOKEN_STORAGE, readSessionValue } from '../session-state.js'
import { useApi } from '../use-api.js'
import { dataOf } from './api-types.js'
import { describeKeys } from './describe-keys.js'

export type ControlRecords = ReturnType<typeof useControlRecords>

/** The dataset's keys and the mock's time, with the control panel's token. */
export function useControlRecords(config: PageConfig) {
  const adminToken = readSessionValue(ADMIN_TOKEN_STORAGE)
  const locked = config.adminTokenRequired && adminToken === undefined
  const base = locked ? undefined : config.adminBase
  const keys = useApi(base && `${base}/api-keys`, { adminToken })
  const accounts = useApi(base && `${base}/accounts`, { adminToken })
  const projects = useApi(base && `${base}/projects`, { adminToken })
  const clock = useApi(base && `${base}/clock`, { adminToken })
  const keyRecords = dataOf<FixtureApiKey[]>(keys)
  const reading = useMemo(() => readClock(clock), [clock])
  return {
    // A token is wanted that this tab lacks (nothing asked then), or refused.
    locked: locked || keys?.status === 401,
    // The mock's time now, else the browser's.
    now: () => (reading === undefined ? Date.now() : clockNow(reading)),
    exchange: keys,
    keys:
      keyRecords === undefined
        ? undefined
        : describeKeys(
            keyRecords,
            dataOf<{ id: string; name: string }[]>(accounts) ?? [],
            dataOf<FixtureProject[]>(projects) ?? [],
            reading?.now ?? Date.now(),
          ),
  }
}
