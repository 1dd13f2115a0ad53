import { http } from 'msw'
import { setupWorker } from 'msw/browser'
import { createMockCore } from '../api/create-mock-core.js'
import { findMainApiKey } from '../data/find-main-api-key.js'
import { createFileMedia } from '../media/create-file-media.js'
import { createHandlers } from '../msw/create-handlers.js'
import {
  createReadOnlyControlHandlers,
  noStore,
} from './create-read-only-control-handlers.js'
import { mountCoreAtFolder } from './mount-core-at-folder.js'
import { createDemoClockSource } from './create-demo-clock-source.js'
import { OPTION_RULES } from '../schema/option-rules.js'
import {
  DEMO_MEDIA_FOLDER,
  DEMO_SETTINGS_FILE,
  DEMO_SETTINGS_VERSION,
  type DemoSettings,
} from '../schema/demo-settings.js'

// A build-demo folder's boot script: the mock in the browser (setupWorker),
// the page's config with the URLs of wherever the folder is hosted, then the page.

const PAGE_CONFIG_PATH = '__page/config.json'

try {
  await boot()
} catch (error) {
  showFailure((error as Error).message)
}

async function boot(): Promise<void> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) {
    throw new Error(
      `This demo answers its API inside the browser with a Service Worker, which browsers allow only on https:// or http://localhost and http://127.0.0.1 pages (this one is ${location.origin}). Serve the folder over https, or open it through localhost.`,
    )
  }
  const [settings, staticConfig] = await Promise.all([
    readJson<DemoSettings>(DEMO_SETTINGS_FILE),
    readJson<Record<string, unknown>>(PAGE_CONFIG_PATH),
  ])
  if (settings.version !== DEMO_SETTINGS_VERSION) {
    throw new Error(
      `${DEMO_SETTINGS_FILE} has format ${String(settings.version)}, this boot script reads format ${DEMO_SETTINGS_VERSION}. Build the folder again with "content-api-mock build-demo".`,
    )
  }
  // The folder does not know where it will be hosted: the URLs become absolute here.
  const apiBase = resolve(String(staticConfig.apiBase)).replace(/\/+$/, '')
  const adminBase = resolve(String(staticConfig.adminBase)).replace(/\/+$/, '')

  const media =
    settings.media &&
    createFileMedia({ ...settings.media, read: readMediaFile })
  const { now, storyStart } = createDemoClockSource(
    openLocalStorage(),
    resolve('.'),
    settings.mock.speed ?? OPTION_RULES.speed.default,
  )
  // The worker starts while the dataset loads: every resolver awaits it. No
  // baseUrl: the core is mounted at the folder, so asset URLs stay under it.
  const core = createMockCore({ ...settings.mock, now }, { media, storyStart })
  const configHandler = http.get(resolve(PAGE_CONFIG_PATH), async () => {
    await core.ready
    return noStore({
      ...staticConfig,
      apiBase,
      adminBase,
      defaultKey:
        findMainApiKey(core.apiKeys.list(), core.clock.now()) ??
        staticConfig.defaultKey,
    })
  })
  // @note msw 3 renamed `onUnhandledRequest` to `onUnhandledFrame` and each
  // major ignores the other's name. A variable, not a literal, so neither
  // version's types reject the other's property.
  const startOptions = {
    quiet: true,
    onUnhandledRequest: 'bypass',
    onUnhandledFrame: 'bypass',
    serviceWorker: { url: resolve('mockServiceWorker.js') },
  } as const
  await setupWorker(
    configHandler,
    ...createReadOnlyControlHandlers(core, adminBase),
    ...createHandlers(mountCoreAtFolder(core, resolve('.'))),
  ).start(startOptions)
  await import(/* @vite-ignore */ resolve(settings.page))
}

// Where the browser blocks `localStorage`, reading it throws.
function openLocalStorage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

async function readMediaFile(name: string): Promise<Uint8Array> {
  const url = resolve(`${DEMO_MEDIA_FOLDER}/${name}`)
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url} answered ${response.status}.`)
  return new Uint8Array(await response.arrayBuffer())
}

function resolve(path: string): string {
  return new URL(path, document.baseURI).href
}

async function readJson<Value>(path: string): Promise<Value> {
  const url = resolve(path)
  const response = await fetch(url, { cache: 'no-store' })
  if (!response.ok) {
    throw new Error(
      `${url} answered ${response.status}: the folder is incomplete. Build it again with "content-api-mock build-demo" and upload all of it.`,
    )
  }
  return (await response.json()) as Value
}

function showFailure(message: string): void {
  const box = document.createElement('p')
  box.setAttribute('role', 'alert')
  box.style.cssText =
    'box-sizing:border-box;width:calc(100% - 2rem);max-width:40rem;margin:2rem auto;padding:1rem;font:1rem/1.5 system-ui,sans-serif;border:2px solid #b42318;border-radius:.5rem'
  box.textContent = `The demo could not start: ${message}`
  document.body.prepend(box)
}
