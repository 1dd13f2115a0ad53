export const DEMO_SETTINGS_FILE = 'demo-options.json'

export const DEMO_MEDIA_FOLDER = 'media'

/** Written by `build-demo` into `demo-options.json`, read by the folder's boot script in the browser. */
export interface DemoSettings {
  /** The format of this file; another one was written by another version. */
  version: 1
  /** The options of `createContentApiMock`, as plain JSON. */
  mock: {
    seed?: number
    size?: { projects?: number; contents?: number }
    fixtures?: unknown
    live?: boolean
    /** Counted from the browser's first visit (src/demo/create-demo-clock-source.ts), not each page load. */
    speed?: number
    assetTtl?: number
  }
  /** The files of `--media-dir`, copied into {@link DEMO_MEDIA_FOLDER}. */
  media?: { thumbnails: string[]; videos: string[] }
  /** The page's script, relative to the folder, started once the mock answers. */
  page: string
}

export const DEMO_SETTINGS_VERSION = 1
