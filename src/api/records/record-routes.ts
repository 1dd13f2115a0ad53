import type { RecordKindName } from '../../data/records/record-kinds.js'

/**
 * The path segment of each kind of record under `/__mock`, on the server
 * and in a build-demo folder.
 */
export const RECORD_ROUTES: Readonly<Record<RecordKindName, string>> = {
  contents: 'contents',
  projects: 'projects',
  apiKeys: 'api-keys',
  accounts: 'accounts',
}
