/**
 * The four endpoints of the spec (section 4) by operation ID, in the spec's order.
 * @example
 * for (const endpoint of ENDPOINT_NAMES) console.log(endpoint, ENDPOINT_PATHS[endpoint])
 */
export const ENDPOINT_NAMES = [
  'listProjects',
  'getProject',
  'listContents',
  'getContent',
] as const

export type Endpoint = (typeof ENDPOINT_NAMES)[number]

/**
 * The path of each endpoint below the API prefix, as the spec writes it.
 * @example
 * `${prefix}${ENDPOINT_PATHS.getProject}` // '/public-api/v1/projects/{project_unique}'
 */
export const ENDPOINT_PATHS: Readonly<Record<Endpoint, string>> = {
  listProjects: '/projects',
  getProject: '/projects/{project_unique}',
  listContents: '/projects/{project_unique}/contents',
  getContent: '/projects/{project_unique}/contents/{variation_unique}',
}

/** What the journal and the request log call the answers of asset URLs (not endpoints of the spec). */
export const ASSET_ENDPOINT = 'asset'

/**
 * Every name a journal entry's `endpoint` can have.
 * @example
 * JOURNAL_ENDPOINTS.includes(entry.endpoint)
 */
export const JOURNAL_ENDPOINTS = [...ENDPOINT_NAMES, ASSET_ENDPOINT] as const

export type JournalEndpoint = (typeof JOURNAL_ENDPOINTS)[number]
