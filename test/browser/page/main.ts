import {
  createContentApiMock,
  DEFAULT_API_KEY,
  type ContentApiMock,
} from 'content-api-mock'
import { setupWorker } from 'msw/browser'

// The page a user's app would be: it starts the mock's handlers in a Service
// Worker, calls the API with `fetch` and a `<video>`, and leaves what it saw
// in `window.contentApiMockReport` for test/browser/setup-worker.test.ts.

const BASE_URL = 'https://api.example.com/public-api/v1'
const VIDEO_TIMEOUT_MS = 15_000

export interface JsonResult {
  status: number
  contentType: string | null
  body: any
}

export interface PageReport {
  /** The script URL of the Service Worker controlling the page, if any. */
  controller: string | null
  projects: JsonResult
  contents: JsonResult
  contentDetail: JsonResult
  thumbnail: {
    status: number
    contentType: string | null
    firstBytes: number[]
    /** The API path of its content, and the SHA-256 of its bytes (hex). */
    contentPath: string
    sha256: string
  }
  withoutKey: JsonResult
  malformedProjectId: JsonResult
  /** A `rate-limited` scenario for one request. */
  rateLimited: JsonResult & { retryAfter: string | null }
  /** What `fetch` did under a `network-error` scenario. */
  networkError: { rejected: boolean; name: string | null }
  video: VideoReport
  /** One content per distinct clip among the contents of the projects seen. */
  clips: ClipReport[]
}

export interface ClipReport {
  variationUnique: string
  sha256: string
  size: number
  video: VideoReport
}

export interface VideoReport {
  canPlayType: string
  /** The first of `loadeddata` and `error`, or `timeout` after 15 s. */
  event: 'loadeddata' | 'error' | 'timeout'
  error: { code: number; message: string } | null
  readyState: number
  width: number
  height: number
  duration: number
  /** Where playback got to after `play()` and one `timeupdate`. */
  playedTo: number
}

declare global {
  interface Window {
    contentApiMockReport: Promise<PageReport>
  }
}

window.contentApiMockReport = run()

async function run(): Promise<PageReport> {
  const mock = createContentApiMock()
  const worker = setupWorker(...mock.handlers)
  await worker.start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    onUnhandledRequest: 'error',
    quiet: true,
  })

  const projects = await getJson('/projects', DEFAULT_API_KEY)
  // The first project with contents: the demo dataset has empty ones too.
  let contents: JsonResult | undefined
  let contentPath = ''
  for (const project of projects.body.data) {
    const path = `/projects/${project.project_unique}/contents`
    contents = await getJson(path, DEFAULT_API_KEY)
    const first = contents.body.data[0]
    if (first !== undefined) {
      contentPath = `${path}/${first.variation_unique}`
      break
    }
  }
  if (contents === undefined || contentPath === '') {
    throw new Error(
      `None of the ${projects.body.data.length} projects of ${DEFAULT_API_KEY} has contents, so there is no content detail to check. The demo dataset should have some.`,
    )
  }
  const contentDetail = await getJson(contentPath, DEFAULT_API_KEY)
  const { download_url, thumbnail_url } = contentDetail.body.data.content

  const thumbnailResponse = await fetch(thumbnail_url)
  const thumbnailBytes = new Uint8Array(await thumbnailResponse.arrayBuffer())
  const clips = await playEveryClip(projects.body.data)

  return {
    controller: navigator.serviceWorker.controller?.scriptURL ?? null,
    projects,
    contents,
    contentDetail,
    thumbnail: {
      status: thumbnailResponse.status,
      contentType: thumbnailResponse.headers.get('content-type'),
      firstBytes: [...thumbnailBytes.subarray(0, 4)],
      contentPath,
      sha256: await sha256(thumbnailBytes),
    },
    withoutKey: await getJson('/projects'),
    malformedProjectId: await getJson('/projects/%zz', DEFAULT_API_KEY),
    rateLimited: await forceOnce(mock, 'rate-limited'),
    networkError: await dropOnce(mock),
    video: await loadVideo(download_url),
    clips,
  }
}

/**
 * Downloads the video of every moviemode content of the projects and plays
 * one content of each distinct clip in a `<video>`.
 */
async function playEveryClip(
  projects: Array<{ project_unique: string }>,
): Promise<ClipReport[]> {
  const seen = new Map<string, Omit<ClipReport, 'video'> & { url: string }>()
  for (const { project_unique } of projects) {
    const path = `/projects/${project_unique}/contents`
    for (const item of (await getJson(path, DEFAULT_API_KEY)).body.data) {
      if (item.mode !== 'moviemode') continue
      const detail = await getJson(
        `${path}/${item.variation_unique}`,
        DEFAULT_API_KEY,
      )
      const url = detail.body.data.content.download_url
      const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer())
      const hash = await sha256(bytes)
      if (!seen.has(hash)) {
        seen.set(hash, {
          variationUnique: item.variation_unique,
          sha256: hash,
          size: bytes.length,
          url,
        })
      }
    }
  }
  const reports: ClipReport[] = []
  for (const { url, ...clip } of seen.values()) {
    reports.push({ ...clip, video: await loadVideo(url) })
  }
  return reports
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
  return [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

async function forceOnce(
  mock: ContentApiMock,
  preset: 'rate-limited',
): Promise<PageReport['rateLimited']> {
  mock.scenarios.add(preset, { times: 1 })
  const response = await fetch(`${BASE_URL}/projects`, {
    headers: { authorization: `Bearer ${DEFAULT_API_KEY}` },
  })
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    retryAfter: response.headers.get('retry-after'),
    body: await response.json(),
  }
}

async function dropOnce(
  mock: ContentApiMock,
): Promise<PageReport['networkError']> {
  mock.scenarios.add('network-error', { times: 1 })
  try {
    await fetch(`${BASE_URL}/projects`, {
      headers: { authorization: `Bearer ${DEFAULT_API_KEY}` },
    })
    return { rejected: false, name: null }
  } catch (error) {
    return { rejected: true, name: (error as Error).name }
  }
}

async function getJson(path: string, key?: string): Promise<JsonResult> {
  const headers = new Headers()
  if (key !== undefined) headers.set('authorization', `Bearer ${key}`)
  const response = await fetch(`${BASE_URL}${path}`, { headers })
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: await response.json(),
  }
}

async function loadVideo(src: string): Promise<VideoReport> {
  const video = document.createElement('video')
  video.muted = true
  video.preload = 'auto'
  const event = await new Promise<VideoReport['event']>((resolve) => {
    video.addEventListener('loadeddata', () => resolve('loadeddata'))
    video.addEventListener('error', () => resolve('error'))
    setTimeout(() => resolve('timeout'), VIDEO_TIMEOUT_MS)
    video.src = src
    document.body.append(video)
  })
  let playedTo = 0
  if (event === 'loadeddata') {
    await video.play()
    playedTo = await new Promise<number>((resolve) => {
      const check = () => {
        if (video.currentTime > 0) resolve(video.currentTime)
      }
      video.addEventListener('timeupdate', check)
      setTimeout(() => resolve(video.currentTime), VIDEO_TIMEOUT_MS)
    })
    video.pause()
  }
  return {
    canPlayType: video.canPlayType(
      'video/mp4; codecs="avc1.4D401E, mp4a.40.2"',
    ),
    event,
    error: video.error && {
      code: video.error.code,
      message: video.error.message,
    },
    readyState: video.readyState,
    width: video.videoWidth,
    height: video.videoHeight,
    duration: video.duration,
    playedTo,
  }
}
