import { mkdir, readdir, readFile, realpath, stat } from 'node:fs/promises'
import { join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEFAULT_API_KEY } from '../../data/default-keys.js'
import { findMainApiKey } from '../../data/find-main-api-key.js'
import {
  DEMO_MEDIA_FOLDER,
  DEMO_SETTINGS_FILE,
  DEMO_SETTINGS_VERSION,
  type DemoSettings,
} from '../../schema/demo-settings.js'
import type { FixtureDocument } from '../../schema/fixture.js'
import { DEFAULT_API_PREFIX, escapeRegExp } from '../../api/api-prefix.js'
import { readMediaDirectory } from '../../server/files/read-media-directory.js'
import { plural } from '../../api/report/finding-words.js'
import { CliError } from '../cli-error.js'
import type { BuildDemoOptions } from './build-demo-options.js'
import { readFixtureFile } from '../files/read-fixture-file.js'
import { packageFile } from '../../server/files/package-file.js'
import { createOwnedWriter, type OwnedWriter } from './create-owned-writer.js'
import {
  DEMO_MANIFEST_FILE,
  readDemoManifest,
  type DemoManifest,
} from './demo-folder-manifest.js'
import { OptionsError } from '../../schema/options-error.js'
import { OPTION_RULES } from '../../schema/option-rules.js'
import { UserFileError } from '../../server/files/user-file-error.js'
import type { UserFile } from '../../server/files/open-user-folder.js'
import { isInsideFolder } from '../../server/files/is-inside-folder.js'

// From the package's root, so that `src/cli/` (in tests) finds the same
// dist/ as the bundle in `dist/chunks/` does.
const PAGE_DIR = packageFile('dist/page/')
const BOOT_DIR = packageFile('dist/demo/')
const ASSETS_FOLDER = '__page'
const WORKER_SCRIPT = 'mockServiceWorker.js'
/**
 * Writes the demo as a static folder: the explorer page with a boot script
 * that starts the mock in the browser through msw's Service Worker. Every
 * input is checked before anything is written. In a folder build-demo wrote
 * before, only the files its manifest lists, unchanged, are replaced or
 * removed; every other file stays where it was.
 * @throws {CliError} for a folder, media folder or fixture file it cannot
 * use; {@link FixtureError} for an invalid fixture file.
 */
export async function buildDemo(options: BuildDemoOptions) {
  const directory = resolve(options.directory)
  const inputs = await readBuildInputs(options, directory)
  const { fixtures, media } = inputs
  await mkdir(directory, { recursive: true })
  const writer = await createOwnedWriter(directory, inputs.previous)
  try {
    await writeDemoFiles(writer, options, inputs)
  } catch (error) {
    await writer.abandon()
    throw error
  }
  const { files, bytes, warnings } = await writer.finish()
  return {
    directory,
    files,
    bytes,
    warnings: [...(media?.warnings ?? []), ...warnings],
    data: describeData(options, fixtures),
    media:
      media === undefined
        ? 'title cards and sample clips, made in the browser'
        : `${plural(media.thumbnails.length, 'thumbnail')} and ${plural(media.videos.length, 'video')} from ${options.mediaDir}, copied into ${DEMO_MEDIA_FOLDER}/`,
  }
}

type BuildInputs = Awaited<ReturnType<typeof readBuildInputs>>

async function writeDemoFiles(
  writer: OwnedWriter,
  options: BuildDemoOptions,
  inputs: BuildInputs,
): Promise<void> {
  const { fixtures, media, page } = inputs
  for (const [path, source] of await listPackageFiles()) {
    await writer.write(path, await readFile(source))
  }
  // GitHub Pages runs Jekyll by default, which leaves out folders starting
  // with "_", such as `__page/`.
  await writer.write('.nojekyll', '')
  await writer.write('index.html', page.html)
  await writer.write(
    `${ASSETS_FOLDER}/config.json`,
    formatJson(createPageConfig(options, fixtures)),
  )
  if (media !== undefined) await copyMedia(writer, media, options.mediaDir!)
  await writer.write(
    DEMO_SETTINGS_FILE,
    formatJson(createDemoSettings(options, inputs)),
  )
}

async function readBuildInputs(options: BuildDemoOptions, directory: string) {
  const fixtures =
    options.fixtures === undefined
      ? undefined
      : await readFixtureFile(options.fixtures)
  const media =
    options.mediaDir === undefined
      ? undefined
      : await readCopyableMedia(options.mediaDir)
  const page = await readBuiltPage()
  const previous = await checkOutputFolder(directory, options.directory)
  if (
    options.mediaDir !== undefined &&
    previous !== undefined &&
    isInsideFolder(await realpath(options.mediaDir), await realpath(directory))
  ) {
    throw new CliError(
      `--media-dir ${options.mediaDir} is inside the output folder ${options.directory} (compared by real path), whose files build-demo replaces. Keep the media folder outside it.`,
    )
  }
  // An empty manifest for a new folder: no file of it is build-demo's.
  const empty: DemoManifest = new Map()
  return { fixtures, media, page, previous: previous ?? empty }
}

function createPageConfig(
  options: BuildDemoOptions,
  fixtures: FixtureDocument | undefined,
) {
  return {
    mode: 'browser',
    // The folder does not know where it will be hosted: the boot script
    // answers this file with absolute URLs.
    apiBase: DEFAULT_API_PREFIX.slice(1),
    adminBase: '__mock',
    docsUrl: null,
    adminTokenRequired: false,
    live: options.live,
    defaultKey:
      fixtures === undefined
        ? DEFAULT_API_KEY
        : (findMainApiKey(fixtures.api_keys, Date.now()) ?? DEFAULT_API_KEY),
  }
}

async function copyMedia(
  writer: OwnedWriter,
  media: CopyableMedia,
  mediaDir: string,
): Promise<void> {
  for (const name of [...media.thumbnails, ...media.videos]) {
    let file: UserFile
    try {
      file = await media.folder.open(name)
    } catch (error) {
      if (!(error instanceof UserFileError)) throw error
      throw new CliError(
        `Cannot copy ${join(mediaDir, name)}: ${error.problem} (it changed while build-demo ran). Run build-demo again.`,
      )
    }
    await writer.copy(`${DEMO_MEDIA_FOLDER}/${name}`, file.stream())
  }
}

function createDemoSettings(
  options: BuildDemoOptions,
  { fixtures, media, page }: BuildInputs,
): DemoSettings {
  return {
    version: DEMO_SETTINGS_VERSION,
    mock: {
      seed: options.seed,
      size:
        options.projects === undefined && options.contents === undefined
          ? undefined
          : { projects: options.projects, contents: options.contents },
      fixtures,
      live: options.live || undefined,
      speed: options.speed,
      assetTtl: options.assetTtl,
    },
    media:
      media === undefined
        ? undefined
        : { thumbnails: [...media.thumbnails], videos: [...media.videos] },
    page: page.script,
  }
}

type CopyableMedia = Awaited<ReturnType<typeof readCopyableMedia>>

/** The media folder's files that can be copied, by the rules of every reader of a user's files. */
async function readCopyableMedia(directory: string) {
  try {
    const media = await readMediaDirectory(directory)
    return {
      ...media,
      warnings: media.leftOut.map(
        (entry) =>
          `${join(directory, entry.name)} is left out: ${entry.problem}`,
      ),
    }
  } catch (error) {
    if (!(error instanceof OptionsError)) throw error
    const problems = error.issues.map((issue) => issue.message).join('; ')
    throw new CliError(
      `--media-dir ${directory} holds no media file build-demo can copy (${problems}). Pass a folder of regular .jpg, .jpeg or .mp4 files.`,
    )
  }
}

/** The built files the folder gets, by path: `__page/` of both builds (the boot script's win), the worker. */
async function listPackageFiles(): Promise<Map<string, string>> {
  const files = new Map<string, string>()
  for (const base of [PAGE_DIR, BOOT_DIR]) {
    const root = fileURLToPath(new URL(`${ASSETS_FOLDER}/`, base))
    const entries = await readdir(root, {
      recursive: true,
      withFileTypes: true,
    })
    for (const entry of entries) {
      if (!entry.isFile()) continue
      const source = join(entry.parentPath, entry.name)
      const path = relative(root, source).split(sep).join('/')
      files.set(`${ASSETS_FOLDER}/${path}`, source)
    }
  }
  files.set(WORKER_SCRIPT, fileURLToPath(new URL(WORKER_SCRIPT, BOOT_DIR)))
  return files
}

/** The built explorer's `index.html` with its script swapped for the boot script, which loads it after the mock. */
async function readBuiltPage(): Promise<{ html: string; script: string }> {
  const read = (file: string, base: URL) =>
    readFile(new URL(file, base), 'utf8')
  let pageManifest: { explorer: { js: string } }
  let bootManifest: { boot: string }
  let html: string
  try {
    // In turn, so that the message names the first file missing.
    pageManifest = JSON.parse(await read('manifest.json', PAGE_DIR))
    bootManifest = JSON.parse(await read('manifest.json', BOOT_DIR))
    html = await read('index.html', PAGE_DIR)
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
  // The explorer's script is preloaded at once, while the worker starts.
  const bootTag = `<link rel="modulepreload" href="./${script}" />\n    <script type="module" src="./${bootManifest.boot}"></script>`
  return { html: html.replace(tag, bootTag), script }
}

/**
 * The manifest of an earlier build-demo folder, an empty one for an empty
 * folder; any other folder is refused: a static site's may hold an index.html.
 */
async function checkOutputFolder(
  directory: string,
  given: string,
): Promise<DemoManifest | undefined> {
  let entries: string[]
  try {
    if (!(await stat(directory)).isDirectory()) {
      throw new CliError(
        `The output folder ${given} is a file. Pass a new or empty folder, or one build-demo wrote before.`,
      )
    }
    entries = await readdir(directory)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  if (entries.length === 0) return new Map()
  const manifest = await readDemoManifest(directory)
  if (manifest === undefined) {
    throw new CliError(
      `The output folder ${given} is not empty and was not written by build-demo (it holds ${describeNames(entries)}, but no ${DEMO_MANIFEST_FILE}). Pass a new or empty folder, e.g. ${join(given, 'demo')}, so that no file of yours is replaced.`,
    )
  }
  return manifest
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
  const size = `${options.projects ?? OPTION_RULES.projects.default} projects, ${options.contents ?? OPTION_RULES.contents.default} contents`
  return `generated from seed ${options.seed ?? 1}: ${size}${options.live ? ', live' : ''}${speed}`
}

function formatJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`
}

function describeNames(names: readonly string[]): string {
  const shown = names.slice(0, 3).join(', ')
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown
}
