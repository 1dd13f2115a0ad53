import type { ContentApiServerOptions } from 'content-api-mock/server'
import type { Page } from 'playwright-core'
import { afterEach } from 'vitest'
import {
  useBrowserSuite,
  type BrowserSuite,
  type PageOptions,
  type PageWatch,
} from './chromium-suite.js'
import { startServer } from './server.js'

/** The demo key of account alpha, as a header. */
export const ALPHA = { authorization: 'Bearer demo-key-alpha' }

/** What `misconduct` returns for a page that behaved. */
export const clean = { errors: [], foreignRequests: [] }

/** Opens the control panel of `origin` and watches the page. */
async function openControlPanel(
  suite: BrowserSuite,
  origin: string,
  options: PageOptions = {},
): Promise<{ page: Page; watch: PageWatch }> {
  const { page, watch } = await suite.openPage(`${origin}/#/control`, options)
  await page.locator('h1', { hasText: 'Control panel' }).waitFor()
  return { page, watch }
}

/**
 * What the page did that it must not: requests to other origins, and console
 * errors other than Chromium's own line for an HTTP error the test provoked
 * on purpose (`Failed to load resource: … status of 400`).
 */
export function misconduct(watch: PageWatch, provoked: number[] = []) {
  const errors = watch.errors.filter((line) => {
    const status =
      /Failed to load resource: the server responded with a status of (\d+)/.exec(
        line,
      )?.[1]
    return status === undefined || !provoked.includes(Number(status))
  })
  return { errors, foreignRequests: watch.foreignRequests }
}

/**
 * The preamble of a control panel suite: `useBrowserSuite`'s parts,
 * `openPanel` to open the panel of a server in a watched page, and
 * `startPanel` to start a server (closed after the test) and open its panel.
 */
export function useControlPanelSuite() {
  const suite = useBrowserSuite()
  const servers: AsyncDisposable[] = []
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      await server[Symbol.asyncDispose]()
    }
  })
  return {
    ...suite,
    openPanel: (origin: string, options?: PageOptions) =>
      openControlPanel(suite, origin, options),
    async startPanel(
      serverOptions: ContentApiServerOptions = {},
      options?: PageOptions,
    ) {
      const server = await startServer(serverOptions)
      servers.push(server)
      return { server, ...(await openControlPanel(suite, server.url, options)) }
    },
  }
}
