import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { findChromium } from '../support/find-chromium.js'

// The finder of the browser suite, on made-up machines: folders of fake
// executables stand for PATH and for Playwright's browser cache.

const root = mkdtempSync(join(tmpdir(), 'content-api-mock-find-chromium-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

let machines = 0

/** A fresh, empty home folder for one test. */
function createHome(): string {
  const home = join(root, `machine-${++machines}`)
  mkdirSync(home)
  return home
}

/** Writes an executable file (and its folders) under `home`, returns its path. */
function createExecutable(home: string, relativePath: string): string {
  const path = join(home, relativePath)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, '#!/bin/sh\n')
  chmodSync(path, 0o755)
  return path
}

const LINUX_CACHE = '.cache/ms-playwright'

it('takes CHROMIUM_PATH before PATH and the Playwright cache', () => {
  const home = createHome()
  const chosen = createExecutable(home, 'opt/my-chrome')
  createExecutable(home, 'bin/chromium')
  createExecutable(home, `${LINUX_CACHE}/chromium-1255/chrome-linux64/chrome`)
  expect(
    findChromium({
      env: { CHROMIUM_PATH: chosen, PATH: join(home, 'bin') },
      platform: 'linux',
      homeDir: home,
    }),
  ).toEqual({ found: true, path: chosen, foundBy: 'CHROMIUM_PATH' })
})

it('throws naming CHROMIUM_PATH when it is set to a missing or non-executable file', () => {
  const home = createHome()
  createExecutable(home, 'bin/chromium')
  const notExecutable = join(home, 'chrome.txt')
  writeFileSync(notExecutable, 'not a browser')
  for (const chosen of [join(home, 'missing/chrome'), notExecutable, home]) {
    expect(() =>
      findChromium({
        env: { CHROMIUM_PATH: chosen, PATH: join(home, 'bin') },
        platform: 'linux',
        homeDir: home,
      }),
    ).toThrow(
      `CHROMIUM_PATH is set to "${chosen}", which is not an executable file.`,
    )
  }
})

it('tries chromium, chromium-browser, google-chrome, google-chrome-stable on PATH in that order', () => {
  const home = createHome()
  const names = [
    'chromium',
    'chromium-browser',
    'google-chrome',
    'google-chrome-stable',
  ]
  // Each name in its own PATH folder, the later names in the earlier folders:
  // the order of the names decides, not the order of PATH.
  const paths = names.map((name, index) =>
    createExecutable(home, `bin${names.length - index}/${name}`),
  )
  const PATH = names.map((_, index) => join(home, `bin${index + 1}`)).join(':')
  for (const [index, name] of names.entries()) {
    expect(
      findChromium({ env: { PATH }, platform: 'linux', homeDir: home }),
    ).toEqual({ found: true, path: paths[index], foundBy: `${name} on PATH` })
    rmSync(paths[index]!)
  }
})

it('passes over a non-executable file or a folder named chromium on PATH', () => {
  const home = createHome()
  mkdirSync(join(home, 'bin1/chromium'), { recursive: true })
  mkdirSync(join(home, 'bin2'))
  writeFileSync(join(home, 'bin2/chromium'), 'not executable')
  const chromium = createExecutable(home, 'bin3/chromium')
  const PATH = ['bin1', 'bin2', 'bin3'].map((bin) => join(home, bin)).join(':')
  expect(
    findChromium({ env: { PATH }, platform: 'linux', homeDir: home }),
  ).toMatchObject({ found: true, path: chromium })
})

it('takes PATH before the Playwright cache', () => {
  const home = createHome()
  const chromium = createExecutable(home, 'bin/google-chrome-stable')
  createExecutable(home, `${LINUX_CACHE}/chromium-1255/chrome-linux64/chrome`)
  expect(
    findChromium({
      env: { PATH: join(home, 'bin') },
      platform: 'linux',
      homeDir: home,
    }),
  ).toMatchObject({ found: true, path: chromium })
})

it('takes the newest revision of the Playwright cache, a full Chromium before a headless shell', () => {
  const home = createHome()
  const cache = join(home, LINUX_CACHE)
  createExecutable(home, `${LINUX_CACHE}/chromium-999/chrome-linux/chrome`)
  const shell = createExecutable(
    home,
    `${LINUX_CACHE}/chromium_headless_shell-1255/chrome-headless-shell-linux64/chrome-headless-shell`,
  )
  const full = createExecutable(
    home,
    `${LINUX_CACHE}/chromium-1255/chrome-linux64/chrome`,
  )
  createExecutable(home, `${LINUX_CACHE}/firefox-1572/firefox/firefox`)
  const find = () =>
    findChromium({ env: { PATH: '' }, platform: 'linux', homeDir: home })
  expect(find()).toEqual({
    found: true,
    path: full,
    foundBy: `Playwright cache ${cache}`,
  })
  rmSync(full)
  expect(find()).toMatchObject({ path: shell })
  rmSync(shell)
  // 999 is older than 1255 although it sorts after it as text.
  expect(find()).toMatchObject({
    path: join(cache, 'chromium-999/chrome-linux/chrome'),
  })
})

it('finds the headless shell of older Playwright versions (chrome-linux/headless_shell)', () => {
  const home = createHome()
  const shell = createExecutable(
    home,
    `${LINUX_CACHE}/chromium_headless_shell-1148/chrome-linux/headless_shell`,
  )
  expect(
    findChromium({ env: {}, platform: 'linux', homeDir: home }),
  ).toMatchObject({ found: true, path: shell })
})

it('looks in PLAYWRIGHT_BROWSERS_PATH instead of the default cache when it is set', () => {
  const home = createHome()
  createExecutable(home, `${LINUX_CACHE}/chromium-1255/chrome-linux64/chrome`)
  const browsers = join(home, 'browsers')
  const chrome = createExecutable(
    home,
    'browsers/chromium-1200/chrome-linux64/chrome',
  )
  expect(
    findChromium({
      env: { PLAYWRIGHT_BROWSERS_PATH: browsers },
      platform: 'linux',
      homeDir: home,
    }),
  ).toEqual({
    found: true,
    path: chrome,
    foundBy: `Playwright cache ${browsers}`,
  })
})

// The Playwright cache a platform's variable names, and where its Chromium is in it.
it.each([
  [
    "XDG_CACHE_HOME's ms-playwright on Linux when it is set",
    'linux',
    'XDG_CACHE_HOME',
    'xdg/ms-playwright/chromium-1255/chrome-linux64/chrome',
  ],
  [
    '%LOCALAPPDATA%\\ms-playwright on Windows, for chrome.exe',
    'win32',
    'LOCALAPPDATA',
    'local/ms-playwright/chromium-1255/chrome-win64/chrome.exe',
  ],
] as const)('looks in %s', (_, platform, variable, executable) => {
  const home = createHome()
  const chrome = createExecutable(home, executable)
  const cache = join(home, executable.split('/')[0]!)
  expect(
    findChromium({ env: { [variable]: cache }, platform, homeDir: home }),
  ).toMatchObject({ found: true, path: chrome })
})

it("looks in ~/Library/Caches/ms-playwright on macOS, inside the app's bundle", () => {
  const home = createHome()
  const chrome = createExecutable(
    home,
    'Library/Caches/ms-playwright/chromium-1255/chrome-mac-arm64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing',
  )
  // A Linux build in the same folder is of no use on macOS.
  createExecutable(home, `${LINUX_CACHE}/chromium-1300/chrome-linux64/chrome`)
  createExecutable(
    home,
    'Library/Caches/ms-playwright/chromium-1300/chrome-linux64/chrome',
  )
  expect(
    findChromium({ env: {}, platform: 'darwin', homeDir: home }),
  ).toMatchObject({ found: true, path: chrome })
})

it('finds chromium.exe on a Windows PATH', () => {
  const home = createHome()
  const chrome = createExecutable(home, 'Chromium/Application/chromium.exe')
  expect(
    findChromium({
      env: {
        PATH: `${join(home, 'nothing')};${join(home, 'Chromium/Application')}`,
      },
      platform: 'win32',
      homeDir: home,
    }),
  ).toMatchObject({ found: true, path: chrome })
})

it('names every place it looked when there is no browser', () => {
  const home = createHome()
  const cache = join(home, LINUX_CACHE)
  const emptyPath = { env: { PATH: join(home, 'bin') }, homeDir: home }
  expect(findChromium({ ...emptyPath, platform: 'linux' })).toEqual({
    found: false,
    lookedAt: [
      'CHROMIUM_PATH unset',
      'chromium, chromium-browser, google-chrome, google-chrome-stable not on PATH',
      `no Playwright cache at ${cache}`,
    ],
    reason: `no Chromium found (CHROMIUM_PATH unset; chromium, chromium-browser, google-chrome, google-chrome-stable not on PATH; no Playwright cache at ${cache})`,
  })
  // A cache with other browsers only is named as such.
  createExecutable(home, `${LINUX_CACHE}/firefox-1572/firefox/firefox`)
  expect(findChromium({ ...emptyPath, platform: 'linux' })).toMatchObject({
    found: false,
    reason: expect.stringContaining(
      `; no Chromium in the Playwright cache ${cache})`,
    ),
  })
})

it('looks inside the playwright-core package when PLAYWRIGHT_BROWSERS_PATH is 0, as Playwright does', () => {
  const home = createHome()
  const result = findChromium({
    env: { PLAYWRIGHT_BROWSERS_PATH: '0' },
    platform: 'linux',
    homeDir: home,
  })
  expect(result).toMatchObject({
    found: false,
    reason: expect.stringMatching(
      /Playwright cache at \S+node_modules\/playwright-core\/\.local-browsers\)$/,
    ),
  })
})
