import {
  copyFile,
  cp,
  mkdir,
  readdir,
  readFile,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import { DEFAULT_API_KEY } from '../data/default-keys.js'
import { findMainApiKey } from '../data/find-main-api-key.js'
import {
  DEMO_MEDIA_FOLDER,
  DEMO_SETTINGS_FILE,
  DEMO_SETTINGS_VERSION,
  type DemoSettings,
} from '../schema/demo-settings.js'
import type { FixtureDocument } from '../schema/fixture.js'
import { DEFAULT_API_PREFIX } from '../api/api-prefix.js'
import { escapeRegExp } from '../api/api-prefix.js'
import { readMediaDirectory } from '../server/files/read-media-directory.js'
import { CliError } from './cli-error.js'
import { readFixtureFile } from './read-fixture-file.js'
import { packageFile } from '../server/files/package-file.js'

/**
 * The built page and boot script, as `npm run build` leaves them.
 * @note Two levels up, so that `src/cli/` (in tests) finds dist/ as
 * `dist/cli/` does.
 */
const PAGE_DIR = packageFile('dist/page/')
const BOOT_DIR = packageFile('dist/demo/')
const ASSETS_FOLDER = '__page'
const WORKER_SCRIPT = 'mockServiceWorker.js'
/**
 * What build-demo writes at the top of its folder: an earlier folder's
 * copies are removed before writing, nothing else is touched.
 * @note `.nojekyll`: GitHub Pages runs Jekyll by default, which leaves out
 * folders starting with "_", such as `__page/`.
 */
const OWN_ENTRIES = [
  'index.html',
  WORKER_SCRIPT,
  DEMO_SETTINGS_FILE,
  '.nojekyll',
  ASSETS_FOLDER,
  DEMO_MEDIA_FOLDER,
]

/**
 * What `content-api-mock build-demo` was asked for, checked and typed.
 */
export interface BuildDemoOptions {
  /** The folder to write: new, empty, or an earlier build-demo folder. */
  directory: string
  seed?: number
  fixtures?: string
  live: boolean
  speed?: number
  mediaDir?: string
}

/**
 * What `buildDemo` wrote.
 */
export interface BuiltDemo {
  directory: string
  files: number
  bytes: number
  /** Where the data comes from, in words. */
  data: string
  /** The media behind the asset URLs, in words. */
  media: string
}

/**
 * Writes the demo as a static folder: the explorer page with a boot script
 * that starts the mock in the browser through msw's Service Worker, with
 * the options baked into `demo-options.json` and the page's config into
 * `__page/config.json`. Every input is checked before anything is written.
 * @throws {CliError} for an output folder that holds other files, or an
 * unreadable fixture file; {@link FixtureError} for an invalid one;
 * `OptionsError` for an unusable media folder.
 * @example
 * const built = await buildDemo({ directory: 'public/demo', live: true, seed: 7 })
 */
export async function buildDemo(options: BuildDemoOptions): Promise<BuiltDemo> {
  const directory = resolve(options.directory)
  const fixtures =
    options.fixtures === undefined
      ? undefined
      : await readFixtureFile(options.fixtures)
  const media =
    options.mediaDir === undefined
      ? undefined
      : await readMediaDirectory(options.mediaDir)
  if (
    options.mediaDir !== undefined &&
    isInside(resolve(options.mediaDir), directory)
  ) {
    throw new CliError(
      `--media-dir ${options.mediaDir} is inside the output folder ${options.directory}, whose files build-demo replaces. Keep the media folder outside it.`,
    )
  }
  const page = await readBuiltPage()
  await checkOutputFolder(directory, options.directory)

  await mkdir(directory, { recursive: true })
  await Promise.all(
    OWN_ENTRIES.map((entry) =>
      rm(join(directory, entry), { recursive: true, force: true }),
    ),
  )
  const assets = join(directory, ASSETS_FOLDER)
  await cp(new URL(`${ASSETS_FOLDER}/`, PAGE_DIR), assets, { recursive: true })
  await cp(new URL(`${ASSETS_FOLDER}/`, BOOT_DIR), assets, { recursive: true })
  await copyFile(
    new URL(WORKER_SCRIPT, BOOT_DIR),
    join(directory, WORKER_SCRIPT),
  )
  await writeFile(join(directory, '.nojekyll'), '')
  await writeFile(join(directory, 'index.html'), page.html)
  await writeJson(join(assets, 'config.json'), {
    mode: 'browser',
    // @note Relative to the page: the folder does not know where it will be
    // hosted. The boot script answers this file with absolute URLs.
    apiBase: DEFAULT_API_PREFIX.slice(1),
    adminBase: '__mock',
    docsUrl: null,
    adminTokenRequired: false,
    live: options.live,
    defaultKey:
      fixtures === undefined
        ? DEFAULT_API_KEY
        : (findMainApiKey(fixtures.api_keys, Date.now()) ?? DEFAULT_API_KEY),
  })
  if (media !== undefined) {
    const target = join(directory, DEMO_MEDIA_FOLDER)
    await mkdir(target)
    for (const name of [...media.thumbnails, ...media.videos]) {
      await copyFile(join(options.mediaDir!, name), join(target, name))
    }
  }
  const settings: DemoSettings = {
    version: DEMO_SETTINGS_VERSION,
    mock: {
      seed: options.seed,
      fixtures,
      live: options.live || undefined,
      speed: options.speed,
    },
    media:
      media === undefined
        ? undefined
        : { thumbnails: [...media.thumbnails], videos: [...media.videos] },
    page: page.script,
  }
  await writeJson(join(directory, DEMO_SETTINGS_FILE), settings)

  const { files, bytes } = await measure(directory)
  return {
    directory,
    files,
    bytes,
    data: describeData(options, fixtures),
    media:
      media === undefined
        ? 'title cards and sample clips, made in the browser'
        : `${count(media.thumbnails.length, 'thumbnail')} and ${count(media.videos.length, 'video')} from ${options.mediaDir}, copied into ${DEMO_MEDIA_FOLDER}/`,
  }
}

/**
 * The built explorer's `index.html` with its script swapped for the boot
 * script, which starts the mock first and the explorer's script after it.
 */
async function readBuiltPage(): Promise<{ html: string; script: string }> {
  let pageManifest: { explorer: { js: string } }
  let bootManifest: { boot: string }
  let html: string
  try {
    pageManifest = JSON.parse(
      await readFile(new URL('manifest.json', PAGE_DIR), 'utf8'),
    )
    bootManifest = JSON.parse(
      await readFile(new URL('manifest.json', BOOT_DIR), 'utf8'),
    )
    html = await readFile(new URL('index.html', PAGE_DIR), 'utf8')
  } catch (error) {
    throw new Error(
      `content-api-mock's built page is missing (${(error as Error).message}). Build the package with "npm run build", which writes dist/page/ and dist/demo/.`,
      { cause: error },
    )
  }
  const script = pageManifest.explorer.js
  const tag = new RegExp(
    `<script\\b[^>]*\\bsrc="(?:\\./)?${escapeRegExp(script)}"[^>]*></script>`,
  )
  if (!tag.test(html)) {
    throw new Error(
      `dist/page/index.html has no <script src="${script}">, the script dist/page/manifest.json names. Rebuild the package with "npm run build".`,
    )
  }
  // @note The explorer's script is preloaded at once, while the worker starts.
  const bootTag = `<link rel="modulepreload" href="./${script}" />\n    <script type="module" src="./${bootManifest.boot}"></script>`
  return { html: html.replace(tag, bootTag), script }
}

/**
 * Refuses a file, and a folder holding anything but an earlier build-demo
 * folder's files: a static site's folder may hold an index.html of its own.
 */
async function checkOutputFolder(
  directory: string,
  given: string,
): Promise<void> {
  let entries: string[]
  try {
    if (!(await stat(directory)).isDirectory()) {
      throw new CliError(
        `The output folder ${given} is a file. Pass a new or empty folder, or one build-demo wrote before.`,
      )
    }
    entries = await readdir(directory)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  if (entries.length > 0 && !entries.includes(DEMO_SETTINGS_FILE)) {
    throw new CliError(
      `The output folder ${given} is not empty and was not written by build-demo (it holds ${describeNames(entries)}). Pass a new or empty folder, e.g. ${join(given, 'demo')}, so that no file of yours is replaced.`,
    )
  }
}

function describeData(
  options: BuildDemoOptions,
  fixtures: FixtureDocument | undefined,
): string {
  const speed =
    options.speed === undefined || options.speed === 1
      ? ''
      : `, mock clock at ${options.speed}x real time`
  if (fixtures !== undefined) {
    return `${options.fixtures} (${fixtures.projects.length} projects, ${fixtures.contents.length} contents)${speed}`
  }
  return `generated from seed ${options.seed ?? 1}${options.live ? ', live' : ''}${speed}`
}

async function writeJson(path: string, value: unknown): Promise<void> {
  await writeFile(path, `${JSON.stringify(value, null, 2)}\n`)
}

async function measure(
  directory: string,
): Promise<{ files: number; bytes: number }> {
  let files = 0
  let bytes = 0
  const entries = await readdir(directory, {
    recursive: true,
    withFileTypes: true,
  })
  for (const entry of entries) {
    if (!entry.isFile()) continue
    files++
    bytes += (await stat(join(entry.parentPath, entry.name))).size
  }
  return { files, bytes }
}

function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path)
  return (
    rel === '' ||
    (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel))
  )
}

function count(number: number, noun: string): string {
  return `${number} ${noun}${number === 1 ? '' : 's'}`
}

function describeNames(names: readonly string[]): string {
  const shown = names.slice(0, 3).join(', ')
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown
}
