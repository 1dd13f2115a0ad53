/**
 * The endpoints the control API's scenarios and journal filter know, as the
 * API's operation names (`ENDPOINT_NAMES`), plus `asset` for media URLs
 * (journal only).
 * @note Written out here, not imported: the page talks to the mock over HTTP
 * only and imports nothing from the library's layers.
 * @example
 * ENDPOINT_NAMES.includes('getContent') // true
 */
export const ENDPOINT_NAMES = [
  'listProjects',
  'getProject',
  'listContents',
  'getContent',
] as const

/**
 * The endpoints a journal entry can name: the API's four and `asset`.
 * @example
 * JOURNAL_ENDPOINTS.at(-1) // 'asset'
 */
export const JOURNAL_ENDPOINTS = [...ENDPOINT_NAMES, 'asset'] as const

/** An API key as `GET /__mock/api-keys` lists it. */
export interface ApiKeyRecord {
  key: string
  account: string
  expires_at?: string
  revoked?: boolean
}
