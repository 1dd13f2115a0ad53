import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { REQUIRE_BROWSER } from './chromium-suite.js'

export interface InPageReport {
  controller: string | null
  projects: { status: number; names: string[]; withContents: string }
  control: { keys: number }
  thumbnail: { width: number; height: number; url: string }
  video: { canPlayType: string; event: string; playedTo: number }
}

/**
 * Opens the demo folder at `url`, waits for the page's header, then uses the API
 * from inside the page as the explorer does: the main key's projects, a
 * content's thumbnail in an `<img>` and its video in a `<video>`.
 */
export async function openDemo(page: Page, url: string) {
  await page.goto(url)
  const badge = page.locator('.mode-badge')
  await expect
    .poll(() => badge.textContent(), { timeout: 15_000 })
    .toBe('in your browser')
  const apiBase = (await page.locator('.mode-url').textContent()) ?? ''
  const report = await page.evaluate(
    async ({ apiBase }): Promise<InPageReport> => {
      const config = await (await fetch('__page/config.json')).json()
      const get = async (path: string) => {
        const response = await fetch(`${apiBase}${path}`, {
          headers: { authorization: `Bearer ${config.defaultKey}` },
        })
        return { status: response.status, body: await response.json() }
      }
      const projects = await get('/projects')
      let detail: any
      let withContents = ''
      for (const project of projects.body.data) {
        const path = `/projects/${project.project_unique}/contents`
        const first = (await get(path)).body.data.find(
          (item: any) => item.mode === 'moviemode',
        )
        if (first !== undefined) {
          withContents = project.project_name
          detail = (await get(`${path}/${first.variation_unique}`)).body.data
          break
        }
      }
      const image = new Image()
      await new Promise((resolve, reject) => {
        image.onload = resolve
        image.onerror = () => reject(new Error('the thumbnail did not load'))
        image.src = detail.content.thumbnail_url
      })
      const video = document.createElement('video')
      video.muted = true
      const event = await new Promise<string>((resolve) => {
        video.onloadeddata = () => resolve('loadeddata')
        video.onerror = () => resolve('error')
        setTimeout(() => resolve('timeout'), 15_000)
        video.src = detail.content.download_url
      })
      let playedTo = 0
      if (event === 'loadeddata') {
        await video.play()
        playedTo = await new Promise<number>((resolve) => {
          video.ontimeupdate = () => {
            if (video.currentTime > 0) resolve(video.currentTime)
          }
          setTimeout(() => resolve(video.currentTime), 15_000)
        })
        video.pause()
      }
      return {
        controller: navigator.serviceWorker.controller?.scriptURL ?? null,
        projects: {
          status: projects.status,
          names: projects.body.data.map((project: any) => project.project_name),
          withContents,
        },
        control: {
          keys: (await fetch('__mock/api-keys')).status,
        },
        thumbnail: {
          width: image.naturalWidth,
          height: image.naturalHeight,
          url: detail.content.thumbnail_url,
        },
        video: {
          canPlayType: video.canPlayType(
            'video/mp4; codecs="avc1.4D401E, mp4a.40.2"',
          ),
          event,
          playedTo,
        },
      }
    },
    { apiBase },
  )
  return { apiBase, report }
}

/** Checks that the video played, unless this Chromium lacks H.264. */
export function expectPlayed(
  video: InPageReport['video'],
  ctx: { skip: () => void },
  chromiumVersion: string,
): void {
  if (video.canPlayType === '' && !REQUIRE_BROWSER) {
    console.log(
      `build-demo video check skipped: Chromium ${chromiumVersion} cannot play H.264/AAC. Set CHROMIUM_PATH to a Chromium with H.264 to run it.`,
    )
    ctx.skip()
  }
  expect(video.event).toBe('loadeddata')
  expect(video.playedTo).toBeGreaterThan(0)
}
