import type * as source from '../../schema/endpoints.js'

// A copy, since the page imports no code of the library; the type import
// makes tsc fail when it differs from `src/schema/endpoints.ts`.
export const ENDPOINT_NAMES = [
  'listProjects',
  'getProject',
  'listContents',
  'getContent',
] as const satisfies typeof source.ENDPOINT_NAMES

export const JOURNAL_ENDPOINTS = [
  ...ENDPOINT_NAMES,
  'asset',
] as const satisfies typeof source.JOURNAL_ENDPOINTS
