/**
 * What the page knows about the mock it shows, read from
 * `__page/config.json`: the only place the page learns where the API is.
 */
export interface PageConfig {
  /** `server` (served by `content-api-mock`) or `browser` (a static folder with MSW's worker). */
  mode: 'server' | 'browser'
  /** The API's base URL an app under demo should use, e.g. `http://127.0.0.1:4010/public-api/v1`. */
  apiBase: string
  /**
   * The control API's base URL, e.g. `http://127.0.0.1:4010/__mock`; in a
   * build-demo folder it only reads (clock and record lists).
   */
  adminBase: string
  /** Where the API reference is, e.g. `/docs`; `null` when there is none. */
  docsUrl: string | null
  /** Whether the control API needs `Authorization: Bearer <admin token>`. */
  adminTokenRequired: boolean
  /** The dataset's main API key: chosen when the page opens. */
  defaultKey: string
  /**
   * Whether the data changes by itself (`--live`): the explorer then
   * refreshes by itself from the start. Absent means false.
   */
  live?: boolean
}

/** Where the page config is, relative to the page. */
const PAGE_CONFIG_PATH = '__page/config.json'

/**
 * Loads the page config from `__page/config.json` next to the page.
 * @throws an Error saying what is wrong when it is missing or malformed.
 */
export async function loadPageConfig(
  fetchImpl: typeof fetch = fetch,
): Promise<PageConfig> {
  const url = new URL(PAGE_CONFIG_PATH, document.baseURI).href
  let response: Response
  try {
    response = await fetchImpl(url, { cache: 'no-store' })
  } catch (error) {
    throw new Error(
      `The page could not load ${url} (${(error as Error).message}). Is the mock server still running?`,
    )
  }
  if (!response.ok) {
    throw new Error(
      `The page could not load ${url}: it answered ${response.status}. Serve the page with content-api-mock (or a build-demo folder) so that this file exists.`,
    )
  }
  const config = (await response.json()) as Partial<PageConfig>
  const missing = (
    ['mode', 'apiBase', 'adminBase', 'docsUrl', 'defaultKey'] as const
  ).filter(
    (name) =>
      typeof config[name] !== 'string' &&
      !(name === 'docsUrl' && config[name] === null),
  )
  if (missing.length > 0) {
    throw new Error(
      `${url} lacks ${missing.join(', ')}: it was written by another version of content-api-mock. Rebuild it (npm run build) or restart the server.`,
    )
  }
  return {
    ...(config as PageConfig),
    adminTokenRequired: config.adminTokenRequired === true,
    live: config.live === true,
  }
}
