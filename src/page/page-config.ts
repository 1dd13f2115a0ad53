// The only place the page learns where the API is.
export interface PageConfig {
  mode: 'server' | 'browser'
  /** e.g. `http://127.0.0.1:4010/public-api/v1`. */
  apiBase: string
  /** In a build-demo folder it only reads (clock and record lists). */
  adminBase: string
  docsUrl: string | null
  adminTokenRequired: boolean
  defaultKey: string
  /** `--live`: the explorer refreshes by itself from the start. */
  live?: boolean
}

const PAGE_CONFIG_PATH = '__page/config.json'

/** @throws an Error saying what is wrong when it is missing or malformed. */
export async function loadPageConfig(): Promise<PageConfig> {
  const url = new URL(PAGE_CONFIG_PATH, document.baseURI).href
  let response: Response
  try {
    response = await fetch(url, { cache: 'no-store' })
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
