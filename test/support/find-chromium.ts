import { accessSync, constants, readdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { homedir } from 'node:os'
import { dirname, isAbsolute, join, resolve } from 'node:path'

/**
 * The names a Chromium or Chrome goes by on PATH, in the order they are tried.
 */
export const CHROMIUM_NAMES = [
  'chromium',
  'chromium-browser',
  'google-chrome',
  'google-chrome-stable',
] as const

/**
 * Where the browser tests look, so that tests can point the finder at a
 * made-up machine; each defaults to the real one.
 */
export interface ChromiumSearchOptions {
  /** Defaults to `process.env`: `CHROMIUM_PATH`, `PATH`, `PLAYWRIGHT_BROWSERS_PATH`, … */
  env?: NodeJS.ProcessEnv
  /** Defaults to `process.platform`; picks the Playwright cache and its layout. */
  platform?: NodeJS.Platform
  /** Defaults to `os.homedir()`. */
  homeDir?: string
}

/**
 * A browser found, with how it was found, or every place looked at in vain.
 */
export type ChromiumSearch =
  | { found: true; path: string; foundBy: string }
  | {
      found: false
      /** One phrase per place, e.g. `CHROMIUM_PATH unset`. */
      lookedAt: string[]
      /** `no Chromium found (…)`, naming every place looked at. */
      reason: string
    }

/**
 * Finds a Chromium for the browser tests: `CHROMIUM_PATH` if set, then
 * {@link CHROMIUM_NAMES} on PATH, then Playwright's browser cache (newest
 * revision first, a full Chromium before a headless shell of the same one).
 * @throws when `CHROMIUM_PATH` is set to something that is not an executable
 * file: the user asked for that browser, so a typo must not become a skip.
 * @example
 * const chromium = findChromium()
 * if (chromium.found) await playwright.chromium.launch({ executablePath: chromium.path })
 * else console.log(chromium.reason)
 */
export function findChromium(
  options: ChromiumSearchOptions = {},
): ChromiumSearch {
  const {
    env = process.env,
    platform = process.platform,
    homeDir = homedir(),
  } = options

  const chosen = env.CHROMIUM_PATH
  if (chosen !== undefined && chosen !== '') {
    if (!isExecutableFile(chosen)) {
      throw new Error(
        `CHROMIUM_PATH is set to "${chosen}", which is not an executable file. Point CHROMIUM_PATH at a Chromium or Chrome binary (e.g. CHROMIUM_PATH=/usr/bin/chromium), or unset it to let the browser tests search PATH and the Playwright cache.`,
      )
    }
    return { found: true, path: chosen, foundBy: 'CHROMIUM_PATH' }
  }

  const onPath = findOnPath(env, platform)
  if (onPath !== undefined) {
    return { found: true, path: onPath.path, foundBy: `${onPath.name} on PATH` }
  }

  const cache = playwrightCacheDirectory(env, platform, homeDir)
  const cached = findInPlaywrightCache(cache, platform)
  if (cached !== undefined) {
    return { found: true, path: cached, foundBy: `Playwright cache ${cache}` }
  }

  const lookedAt = [
    'CHROMIUM_PATH unset',
    `${CHROMIUM_NAMES.join(', ')} not on PATH`,
    isDirectory(cache)
      ? `no Chromium in the Playwright cache ${cache}`
      : `no Playwright cache at ${cache}`,
  ]
  return {
    found: false,
    lookedAt,
    reason: `no Chromium found (${lookedAt.join('; ')})`,
  }
}

function findOnPath(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
): { name: string; path: string } | undefined {
  const isWindows = platform === 'win32'
  const directories = (env.PATH ?? env.Path ?? '')
    .split(isWindows ? ';' : ':')
    .filter((directory) => directory !== '')
  // @note A browser on Windows is an .exe; a .cmd wrapper cannot be launched.
  const extension = isWindows ? '.exe' : ''
  for (const name of CHROMIUM_NAMES) {
    for (const directory of directories) {
      const path = join(directory, name + extension)
      if (isExecutableFile(path)) return { name, path }
    }
  }
  return undefined
}

/**
 * @note Follows Playwright's own rule: PLAYWRIGHT_BROWSERS_PATH (`0` meaning
 * inside the playwright-core package), else the platform's cache directory.
 */
function playwrightCacheDirectory(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
  homeDir: string,
): string {
  const configured = env.PLAYWRIGHT_BROWSERS_PATH
  if (configured === '0') {
    const packageJson = createRequire(import.meta.url).resolve(
      'playwright-core/package.json',
    )
    return join(dirname(packageJson), '.local-browsers')
  }
  if (configured !== undefined && configured !== '') {
    return isAbsolute(configured) ? configured : resolve(configured)
  }
  if (platform === 'darwin') {
    return join(homeDir, 'Library', 'Caches', 'ms-playwright')
  }
  if (platform === 'win32') {
    return join(
      env.LOCALAPPDATA || join(homeDir, 'AppData', 'Local'),
      'ms-playwright',
    )
  }
  return join(env.XDG_CACHE_HOME || join(homeDir, '.cache'), 'ms-playwright')
}

/**
 * Executables inside a `chrome-<platform>…` folder of a revision folder, as
 * Playwright's builds have laid them out over the years.
 */
const EXECUTABLES_BY_PLATFORM: Record<
  string,
  { folderToken: string; files: string[] }
> = {
  linux: {
    folderToken: 'linux',
    files: ['chrome', 'chrome-headless-shell', 'headless_shell'],
  },
  darwin: {
    folderToken: 'mac',
    files: [
      'Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing',
      'Chromium.app/Contents/MacOS/Chromium',
      'chrome-headless-shell',
      'headless_shell',
    ],
  },
  win32: {
    folderToken: 'win',
    files: ['chrome.exe', 'chrome-headless-shell.exe', 'headless_shell.exe'],
  },
}

/** `chromium-1255` and `chromium_headless_shell-1255`, the full build first. */
const REVISION_FOLDER = /^(chromium|chromium_headless_shell)-(\d+)$/

function findInPlaywrightCache(
  cache: string,
  platform: NodeJS.Platform,
): string | undefined {
  const layout =
    EXECUTABLES_BY_PLATFORM[platform] ?? EXECUTABLES_BY_PLATFORM.linux!
  const revisions = listDirectory(cache)
    .map((name) => ({ name, match: REVISION_FOLDER.exec(name) }))
    .filter((entry) => entry.match !== null)
    .map(({ name, match }) => ({
      name,
      revision: Number(match![2]),
      isShell: match![1] !== 'chromium',
    }))
    .sort(
      (a, b) =>
        b.revision - a.revision || Number(a.isShell) - Number(b.isShell),
    )
  for (const { name } of revisions) {
    const builds = listDirectory(join(cache, name))
      .filter(
        (folder) =>
          folder.startsWith('chrome-') && folder.includes(layout.folderToken),
      )
      .sort()
    for (const build of builds) {
      for (const file of layout.files) {
        const path = join(cache, name, build, file)
        if (isExecutableFile(path)) return path
      }
    }
  }
  return undefined
}

function listDirectory(path: string): string[] {
  try {
    return readdirSync(path)
  } catch {
    return []
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}
