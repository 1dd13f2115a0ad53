import { useState } from 'preact/hooks'
import { callApi, type ApiRequestOptions } from '../api-client.js'
import type { PageConfig } from '../page-config.js'
import {
  ADMIN_TOKEN_STORAGE,
  readSessionValue,
  writeSessionValue,
} from '../session-state.js'

export type AdminCallOptions = Omit<ApiRequestOptions, 'apiKey' | 'adminToken'>

/** Whether the panel may call the control API, why not, and the call. */
export type AdminAccess = ReturnType<typeof useAdminAccess>

// A 401 forgets the token and asks again, even when the config said none
// was needed (a server restarted with `--admin-token`).
export function useAdminAccess(config: PageConfig) {
  const [token, setToken] = useState(() =>
    readSessionValue(ADMIN_TOKEN_STORAGE),
  )
  const [refusal, setRefusal] = useState<string>()
  const [sawUnauthorized, setSawUnauthorized] = useState(false)
  const tokenRequired = config.adminTokenRequired || sawUnauthorized

  const lock = () => {
    writeSessionValue(ADMIN_TOKEN_STORAGE, undefined)
    setToken(undefined)
  }

  return {
    unlocked: !tokenRequired || (token !== undefined && token !== ''),
    // Whether the server wants the admin token (config, or a 401 seen).
    tokenRequired,
    // A build-demo folder, whose control API only reads.
    readOnly: config.mode === 'browser',
    refusal,
    async call(path: string, options: AdminCallOptions = {}) {
      const exchange = await callApi(`${config.adminBase}${path}`, {
        ...options,
        adminToken: tokenRequired ? token : undefined,
      })
      if (exchange.status === 401) {
        setSawUnauthorized(true)
        setRefusal(
          token === undefined
            ? 'The control API answered 401: this server was started with --admin-token. Enter the token to continue.'
            : 'The control API refused this admin token (401). Enter the value the server was started with (--admin-token).',
        )
        lock()
      }
      return exchange
    },
    unlock(value: string) {
      writeSessionValue(ADMIN_TOKEN_STORAGE, value)
      setToken(value)
      setRefusal(undefined)
    },
    lock,
  }
}

/** What each part of the control panel gets; `revision` bumps on every action. */
export interface PanelPart {
  admin: AdminAccess
  revision: number
  onChange: () => void
}
