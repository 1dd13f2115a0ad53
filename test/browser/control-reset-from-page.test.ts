import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import { useBrowserSuite } from '../support/chromium-suite.js'
import { serveStaticFolders } from '../support/serve-static-folders.js'
import { startServer } from '../support/server.js'

// `POST /__mock/reset` takes a request without `Content-Type` and without a
// body from a program (curl, Playwright's `request`), so a web page of
// another origin must still not be able to send one that resets: here a
// real Chromium tries every way a page has that needs no CORS preflight.

const { itInBrowser, openPage } = useBrowserSuite()

let folder: string
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'content-api-mock-reset-page-'))
  await writeFile(
    join(folder, 'index.html'),
    '<!doctype html><title>another site</title><form method="post"></form>',
  )
})
afterAll(() => rm(folder, { recursive: true, force: true }))

itInBrowser(
  'a page of another origin cannot reset the server with a bodiless POST',
  async () => {
    await using server = await startServer()
    await using site = await serveStaticFolders({ '/': folder })
    const added = await fetch(`${server.adminUrl}/scenarios`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"preset":"server-error"}',
    })
    expect(added.status).toBe(201)
    const { page } = await openPage(`${site.url}/`)

    const sent = await page.evaluate(async (reset) => {
      const fetched = await fetch(reset, { method: 'POST', mode: 'no-cors' })
      const beacon = navigator.sendBeacon(reset)
      const keepalive = await fetch(reset, {
        method: 'POST',
        mode: 'no-cors',
        keepalive: true,
      })
      return [fetched.type, beacon, keepalive.type]
    }, `${server.adminUrl}/reset`)
    expect(sent).toEqual(['opaque', true, 'opaque'])
    await page.evaluate((reset) => {
      const form = document.querySelector('form')!
      form.action = reset
      form.submit()
    }, `${server.adminUrl}/reset`)
    await page.waitForURL(`${server.adminUrl}/reset`)
    expect(await page.textContent('body')).toContain('unsupported_media_type')
    await page.close()

    const scenarios = await (await fetch(`${server.adminUrl}/scenarios`)).json()
    expect(scenarios.data).toHaveLength(1)
    // The same request from a program resets.
    const reset = await fetch(`${server.adminUrl}/reset`, { method: 'POST' })
    expect(reset.status).toBe(200)
    const after = await (await fetch(`${server.adminUrl}/scenarios`)).json()
    expect(after.data).toEqual([])
  },
)
