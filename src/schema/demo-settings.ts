/**
 * The file of a `build-demo` folder that holds what the demo runs with,
 * beside its `index.html`.
 */
export const DEMO_SETTINGS_FILE = 'demo-options.json'

/**
 * The sub-folder of a `build-demo` folder that holds the `--media-dir` files.
 */
export const DEMO_MEDIA_FOLDER = 'media'

/**
 * What a `build-demo` folder runs with, written by the command into
 * `demo-options.json` and read by the folder's boot script in the browser.
 */
export interface DemoSettings {
  /** The format of this file; another one was written by another version. */
  version: 1
  /** The options of `createContentApiMock`, as plain JSON. */
  mock: {
    seed?: number
    size?: { projects?: number; contents?: number }
    /** A fixture document, inlined. */
    fixtures?: unknown
    live?: boolean
    /**
     * The clock's speed, counted from the first visit of the browser (see
     * `src/demo/create-demo-clock-source.ts`), not from each page load.
     */
    speed?: number
    assetTtl?: number
  }
  /** The files of `--media-dir`, copied into {@link DEMO_MEDIA_FOLDER}. */
  media?: { thumbnails: string[]; videos: string[] }
  /** The page's script, relative to the folder, started once the mock answers. */
  page: string
}

/**
 * The version of {@link DemoSettings} this package writes and reads.
 */
export const DEMO_SETTINGS_VERSION = 1
