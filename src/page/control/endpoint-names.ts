import type * as source from '../../schema/endpoints.js'

/**
 * The endpoints the control API's scenarios and journal filter know, as the
 * API's operation names (`ENDPOINT_NAMES`), plus `asset` for media URLs
 * (journal only).
 * @note A copy, since the page imports no code of the library; the type
 * import makes tsc fail when it differs from `src/schema/endpoints.ts`.
 */
export const ENDPOINT_NAMES = [
  'listProjects',
  'getProject',
  'listContents',
  'getContent',
] as const satisfies typeof source.ENDPOINT_NAMES

/**
 * The endpoints a journal entry can name: the API's four and `asset`.
 */
export const JOURNAL_ENDPOINTS = [
  ...ENDPOINT_NAMES,
  'asset',
] as const satisfies typeof source.JOURNAL_ENDPOINTS

/** An API key as `GET /__mock/api-keys` lists it. */
export interface ApiKeyRecord {
  key: string
  account: string
  expires_at?: string
  revoked?: boolean
}
