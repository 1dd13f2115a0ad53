import {
  callApi,
  type ApiExchange,
  type ApiRequestOptions,
} from './api-client.js'
import { usePolledAnswer } from './use-polled-answer.js'

/** A GET for a panel when `url` is set (see `usePolledAnswer`). */
export function useApi(
  url: string | undefined,
  options: Pick<ApiRequestOptions, 'apiKey' | 'adminToken'> & {
    pollMs?: number
    refresh?: unknown
  } = {},
): ApiExchange | undefined {
  const { apiKey, adminToken, pollMs, refresh } = options
  return usePolledAnswer(
    url === undefined
      ? undefined
      : (signal) => callApi(url, { apiKey, adminToken, signal }),
    pollMs,
    [url, apiKey, adminToken, refresh],
  )
}
