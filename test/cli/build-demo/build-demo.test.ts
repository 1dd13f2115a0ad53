import { execFile, execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, expect, it } from 'vitest'
import { startSwapLoop } from '../../support/swap-loop.js'
import { createMockClock } from '../../../src/api/create-mock-clock.js'
import { createDemoClockSource } from '../../../src/demo/create-demo-clock-source.js'
import { runNode } from '../../support/run-node.js'

// What `content-api-mock build-demo` writes, file by file, with the built CLI;
// test/browser/build-demo.test.ts opens such folders in Chromium.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const CLI = join(ROOT, 'dist/cli/main.js')
const FIXTURES = join(ROOT, 'test/fixtures/small.json')
const work = mkdtempSync(join(tmpdir(), 'content-api-mock-build-demo-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const run = (args: readonly string[]) =>
  promisify(execFile)(process.execPath, [CLI, 'build-demo', ...args])
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'))

/** Expects each file of `folder` named in `texts` to hold the text given. */
function expectTexts(folder: string, texts: Record<string, string>) {
  for (const [name, text] of Object.entries(texts)) {
    expect(readFileSync(join(folder, name), 'utf8'), name).toBe(text)
  }
}

it('writes a folder whose index.html starts the boot script and preloads the page, with the options baked in', async () => {
  const folder = join(work, 'fixtures')
  const { stdout, stderr } = await run([
    folder,
    '--fixtures',
    FIXTURES,
    '--seed',
    '3',
    '--speed',
    '60',
  ])
  expect(stderr).toBe('')
  expect(stdout).toMatch(/^Wrote the demo to .+ \(\d+ files, [\d.]+ [kM]B\)\./)

  const pageManifest = readJson(join(ROOT, 'dist/page/manifest.json'))
  const bootManifest = readJson(join(ROOT, 'dist/demo/manifest.json'))
  const html = readFileSync(join(folder, 'index.html'), 'utf8')
  expect(html).toContain(
    `<script type="module" src="./${bootManifest.boot}"></script>`,
  )
  expect(html).toContain(
    `<link rel="modulepreload" href="./${pageManifest.explorer.js}" />`,
  )
  expect(html).not.toMatch(/<script[^>]+explorer-/)
  expect(html).toContain(pageManifest.explorer.css)
  for (const file of [
    bootManifest.boot,
    pageManifest.explorer.js,
    pageManifest.explorer.css,
    'mockServiceWorker.js',
    '.nojekyll',
  ]) {
    expect(existsSync(join(folder, file)), file).toBe(true)
  }

  const fixtures = readJson(FIXTURES)
  expect(readJson(join(folder, 'demo-options.json'))).toEqual({
    version: 1,
    mock: { seed: 3, fixtures, speed: 60 },
    page: pageManifest.explorer.js,
  })
  expect(readJson(join(folder, '__page/config.json'))).toEqual({
    mode: 'browser',
    apiBase: 'public-api/v1',
    adminBase: '__mock',
    docsUrl: null,
    adminTokenRequired: false,
    live: false,
    defaultKey: fixtures.api_keys[0].key,
  })
})

it('rebuilds a folder it wrote before: its own files are replaced, those it no longer writes removed, others kept', async () => {
  const folder = join(work, 'again')
  await run([folder])
  writeFileSync(join(folder, 'notes.txt'), 'mine')
  // A file an earlier build wrote and this one does not: listed with its hash.
  writeFileSync(join(folder, '__page/stale-old.js'), 'old')
  const manifestPath = join(folder, MANIFEST)
  const manifest = readJson(manifestPath)
  manifest.files['__page/stale-old.js'] = sha256('old')
  writeFileSync(manifestPath, JSON.stringify(manifest))
  const { stderr } = await run([folder, '--live'])
  expect(stderr).toBe('')
  expect(readFileSync(join(folder, 'notes.txt'), 'utf8')).toBe('mine')
  expect(readdirSync(join(folder, '__page'))).not.toContain('stale-old.js')
  expect(readJson(join(folder, 'demo-options.json')).mock).toEqual({
    live: true,
  })
  expect(readJson(manifestPath).files).not.toHaveProperty('notes.txt')
})

it('refuses a folder that merely holds a demo-options.json, leaving its index.html and media as they were', async () => {
  const folder = join(work, 'user-site')
  mkdirSync(join(folder, 'media'), { recursive: true })
  writeFileSync(join(folder, 'demo-options.json'), '{"version":1}')
  writeFileSync(join(folder, 'index.html'), '<p>my site</p>')
  writeFileSync(join(folder, 'media/family-photo.png'), 'photo')
  const result = await runCode([folder])
  expect(result.code).toBe(2)
  expect(result.stderr).toMatch(
    /^content-api-mock: The output folder .+ is not empty and was not written by build-demo \(it holds .+, but no \.content-api-mock-build-demo\.json\)\. Pass a new or empty folder, e\.g\. .+, so that no file of yours is replaced\.\n$/,
  )
  expectTexts(folder, {
    'index.html': '<p>my site</p>',
    'media/family-photo.png': 'photo',
  })
  expect(readdirSync(folder).sort()).toEqual([
    'demo-options.json',
    'index.html',
    'media',
  ])
})

it('keeps files a user added under media/ after a build, and a file of its own the user changed, with a warning', async () => {
  const folder = join(work, 'with-media')
  const source = makeMediaFolder('with-media-source')
  await run([folder, '--media-dir', source])
  expect(readdirSync(join(folder, 'media')).sort()).toEqual(['a.jpg', 'b.mp4'])
  writeFileSync(join(folder, 'media/family-photo.png'), 'photo')
  writeFileSync(join(folder, 'media/mine.jpg'), 'mine')
  writeFileSync(join(folder, 'index.html'), '<p>changed by hand</p>')
  rmSync(join(source, 'b.mp4'))
  const result = await runCode([folder, '--media-dir', source])
  expect(result.code).toBe(0)
  expect(result.stderr).toBe(
    'content-api-mock: warning: index.html changed since build-demo wrote it; kept as it is (delete it to get the new one)\n',
  )
  expectTexts(folder, {
    'media/family-photo.png': 'photo',
    'media/mine.jpg': 'mine',
    'index.html': '<p>changed by hand</p>',
  })
  // b.mp4 was its own, unchanged, and is no longer in --media-dir.
  expect(readdirSync(join(folder, 'media')).sort()).toEqual([
    'a.jpg',
    'family-photo.png',
    'mine.jpg',
  ])
})

it('refuses a --media-dir that is a link into the output folder, before deleting or writing anything', async () => {
  const folder = join(work, 'linked-media')
  const source = makeMediaFolder('linked-media-source')
  await run([folder, '--media-dir', source])
  const link = join(work, 'link-to-output-media')
  symlinkSync(join(folder, 'media'), link)
  const before = readdirSync(join(folder, 'media')).sort()
  const result = await runCode([folder, '--media-dir', link])
  expect(result.code).toBe(2)
  expect(result.stderr).toMatch(
    /^content-api-mock: --media-dir .+ is inside the output folder .+ \(compared by real path\), whose files build-demo replaces\. Keep the media folder outside it\.\n$/,
  )
  expect(readdirSync(join(folder, 'media')).sort()).toEqual(before)
})

it('leaves out a FIFO and a link out of --media-dir with one warning each, and never hangs', async () => {
  const folder = join(work, 'special-media')
  const source = makeMediaFolder('special-media-source')
  execFileSync('mkfifo', [join(source, 'pipe.mp4')])
  writeFileSync(join(work, 'secret.jpg'), 'secret')
  symlinkSync(join(work, 'secret.jpg'), join(source, 'outside.jpg'))
  symlinkSync(join(source, 'a.jpg'), join(source, 'inside.jpg'))
  const result = await runCode([folder, '--media-dir', source])
  expect(result.code).toBe(0)
  const warnings = result.stderr.trimEnd().split('\n')
  expect(warnings).toHaveLength(2)
  expect(warnings[0]).toMatch(
    /^content-api-mock: warning: .+outside\.jpg is left out: a link that leads out of the folder, to .+secret\.jpg$/,
  )
  expect(warnings[1]).toMatch(
    /^content-api-mock: warning: .+pipe\.mp4 is left out: a named pipe \(FIFO\)$/,
  )
  expect(readdirSync(join(folder, 'media')).sort()).toEqual([
    'a.jpg',
    'b.mp4',
    'inside.jpg',
  ])
  expect(readJson(join(folder, 'demo-options.json')).media).toEqual({
    thumbnails: ['a.jpg', 'inside.jpg'],
    videos: ['b.mp4'],
  })
})

const MANIFEST = '.content-api-mock-build-demo.json'

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/** A media folder with one thumbnail and one video of a few bytes. */
function makeMediaFolder(name: string): string {
  const folder = join(work, name)
  mkdirSync(folder)
  writeFileSync(join(folder, 'a.jpg'), 'jpeg bytes')
  writeFileSync(join(folder, 'b.mp4'), 'mp4 bytes')
  return folder
}

/** Runs build-demo, resolving with its exit code whatever it is; bounded in time. */
function runCode(args: readonly string[]) {
  return runNode([CLI, 'build-demo', ...args], { timeout: 30_000 })
}

it('writes nothing through a media/ folder the user replaced with a link out of the output folder', async () => {
  const folder = join(work, 'media-link-out')
  const source = makeMediaFolder('media-link-out-source')
  await run([folder, '--media-dir', source])
  const outside = join(work, 'media-link-out-elsewhere')
  mkdirSync(outside)
  // The same bytes build-demo wrote, so only the link tells them apart.
  writeFileSync(join(outside, 'a.jpg'), 'jpeg bytes')
  rmSync(join(folder, 'media'), { recursive: true })
  symlinkSync(outside, join(folder, 'media'))
  rmSync(join(source, 'b.mp4'))
  writeFileSync(join(source, 'c.mp4'), 'other mp4')
  const result = await runCode([folder, '--media-dir', source])
  expect(result.code).toBe(0)
  expect(result.stderr).toMatch(
    /^content-api-mock: warning: media\/a\.jpg: its folder media is a link \(to .+media-link-out-elsewhere\), and build-demo writes only into folders of the output itself; not written\n/,
  )
  expect(readdirSync(outside)).toEqual(['a.jpg'])
  expect(readFileSync(join(outside, 'a.jpg'), 'utf8')).toBe('jpeg bytes')
})

it('refuses a --media-dir whose only media file is a FIFO with exit 2 and one line, writing nothing', async () => {
  const folder = join(work, 'only-fifo')
  const source = join(work, 'only-fifo-source')
  mkdirSync(source)
  execFileSync('mkfifo', [join(source, 'clip.mp4')])
  const result = await runCode([folder, '--media-dir', source])
  expect(result.code).toBe(2)
  expect(result.stderr).toMatch(
    /^content-api-mock: --media-dir .+ holds no media file build-demo can copy \(none of its media files can be served: clip\.mp4 \(a named pipe \(FIFO\)\);.+\)\. Pass a folder of regular \.jpg, \.jpeg or \.mp4 files\.\n$/,
  )
  expect(existsSync(folder)).toBe(false)
})

it('writes --projects, --contents, --asset-ttl, --live and --speed into the settings, as the server takes them', async () => {
  const folder = join(work, 'parity')
  const { stdout, stderr } = await run([
    folder,
    '--live',
    '--seed',
    '7',
    '--speed',
    '60',
    '--projects',
    '12',
    '--contents',
    '200',
    '--asset-ttl',
    '3600',
  ])
  expect(stderr).toBe('')
  expect(stdout).toContain(
    '  Data   generated from seed 7: 12 projects, 200 contents, live, mock clock at 60x real time\n',
  )
  expect(readJson(join(folder, 'demo-options.json')).mock).toEqual({
    seed: 7,
    size: { projects: 12, contents: 200 },
    live: true,
    speed: 60,
    assetTtl: 3600,
  })
  expect(readJson(join(folder, '__page/config.json')).live).toBe(true)
})

it('refuses --projects or --contents with --fixtures and a bad --asset-ttl with exit 2 and one line, writing nothing', async () => {
  const folder = join(work, 'parity-refused')
  const sized = await runCode([folder, '-f', FIXTURES, '--contents', '5'])
  expect(sized.code).toBe(2)
  expect(sized.stderr).toBe(
    'content-api-mock: --contents shapes the generated dataset and cannot be combined with --fixtures, which serves the file as written. Remove one or the other (--seed may stay: with --fixtures it seeds the random traffic draws only).\n',
  )
  const ttl = await runCode([folder, '--asset-ttl', '0'])
  expect(ttl.code).toBe(2)
  expect(ttl.stderr).toMatch(
    /^content-api-mock: Option '--asset-ttl <seconds>' argument '0' is invalid\. Expected a whole number from 1 to \d+\. Run "content-api-mock build-demo --help" to see every option\.\n$/,
  )
  expect(existsSync(folder)).toBe(false)
})

it("runs a demo's clock on one timeline per browser and folder: a reload or another tab goes on where it stands", () => {
  const items = new Map<string, string>()
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  }
  let real = Date.UTC(2026, 10, 1)
  const start = real
  const open = (speed: number, where = storage) =>
    createMockClock(
      createDemoClockSource(
        where,
        'https://example.com/demo/',
        speed,
        () => real,
      ).now,
      speed,
    )
  const storyStart = (speed: number) =>
    createDemoClockSource(
      storage,
      'https://example.com/demo/',
      speed,
      () => real,
    ).storyStart
  const first = open(60)
  real += 10_000
  expect(first.now()).toBe(start + 600_000)

  real += 1_000
  const reloaded = open(60)
  const tab = open(60)
  expect(reloaded.now()).toBe(start + 660_000)
  expect(tab.now()).toBe(reloaded.now())
  real += 1_000
  expect([reloaded.now(), tab.now()]).toEqual([
    start + 720_000,
    start + 720_000,
  ])

  // Rebuilt at another speed: on from where the timeline stands.
  const slower = open(10)
  expect(slower.now()).toBe(start + 720_000)
  real += 1_000
  expect(slower.now()).toBe(start + 730_000)

  // A storyline counts from the first visit, through reloads and speeds.
  expect([storyStart(10), storyStart(60)]).toEqual([start, start])

  // Blocked or unreadable storage: a timeline of this visit alone.
  items.set('content-api-mock demo clock https://example.com/demo/', '{')
  expect(open(10).now()).toBe(real)
  const blocked = {
    getItem: (): string | null => {
      throw new Error('SecurityError')
    },
    setItem: () => {
      throw new Error('SecurityError')
    },
  }
  expect(open(60, blocked).now()).toBe(real)
})

// build-demo racing a writer of its output folder: media/ swapped in a loop
// for a link to a folder of the user's holding files of the same names and
// bytes, while rebuilds copy into media/ and remove from it. Counts, never
// times: nothing of the user's folder is removed, changed or added, and
// every run ends with 0, or 2 and one line.
const ROUNDS = 6
const FILES = 60

/** Every file of a folder with the SHA-256 of its bytes, dot files too. */
function snapshot(folder: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(folder)
      .sort()
      .map((name) => [
        name,
        createHash('sha256')
          .update(readFileSync(join(folder, name)))
          .digest('hex'),
      ]),
  )
}

it(`touches no file of a user's folder while the output's media/ is swapped for a link to it in a loop, over ${ROUNDS} rounds of copying and removing rebuilds`, async () => {
  const races = join(work, 'races')
  const photos = join(races, 'photos')
  mkdirSync(photos, { recursive: true })
  for (let i = 0; i < FILES; i++) {
    writeFileSync(
      join(photos, `p${String(i).padStart(3, '0')}.jpg`),
      `photo ${i}`,
    )
  }
  const before = snapshot(photos)
  const output = join(races, 'demo')
  expect((await runCode([output, '--media-dir', photos])).code).toBe(0)
  expect(snapshot(join(output, 'media'))).toEqual(before)
  // A file of the user's in media/, so that no rebuild empties and removes
  // the folder the loop swaps.
  writeFileSync(join(output, 'media', 'mine.txt'), 'mine')
  symlinkSync(photos, join(output, 'swap'))

  const runs: Array<{ code: number; stderr: string }> = []
  const loop = await startSwapLoop(join(output, 'media'), join(output, 'swap'))
  try {
    for (let round = 0; round < ROUNDS; round++) {
      runs.push(await runCode([output]))
      runs.push(await runCode([output, '--media-dir', photos]))
    }
  } finally {
    await loop.stop()
  }
  expect(await loop.stop()).toBeGreaterThan(0)

  const swapped = runs.filter(({ stderr }) =>
    stderr.includes('its folder media is a link'),
  ).length
  console.log(
    `build-demo races: ${runs.length} rebuilds, ${swapped} of them found media/ swapped; exits ${runs.map(({ code }) => code).join(' ')}`,
  )
  expect(snapshot(photos)).toEqual(before)
  for (const { code, stderr } of runs) {
    expect([0, 2]).toContain(code)
    for (const line of stderr.trimEnd().split('\n').filter(Boolean)) {
      expect(line).toMatch(/^content-api-mock: /)
    }
    if (code === 2) expect(stderr.trimEnd().split('\n')).toHaveLength(1)
  }
  // No temporary file is left anywhere but inside the output.
  expect(readdirSync(races).sort()).toEqual(['demo', 'photos'])
  expect(readFileSync(join(output, 'media', 'mine.txt'), 'utf8')).toBe('mine')
}, 300_000)

it('keeps a media file whose name holds a backslash in its list, so a rebuild replaces it and removes it once the source is gone', async () => {
  const folder = join(work, 'backslash')
  const source = makeMediaFolder('backslash-source')
  writeFileSync(join(source, 'x\\y.jpg'), 'backslash bytes')
  expect((await runCode([folder, '--media-dir', source])).code).toBe(0)
  expect(readJson(join(folder, MANIFEST)).files).toHaveProperty([
    'media/x\\y.jpg',
  ])

  writeFileSync(join(source, 'x\\y.jpg'), 'new backslash bytes')
  const again = await runCode([folder, '--media-dir', source])
  expect(again).toMatchObject({ code: 0, stderr: '' })
  expect(readFileSync(join(folder, 'media', 'x\\y.jpg'), 'utf8')).toBe(
    'new backslash bytes',
  )

  rmSync(join(source, 'x\\y.jpg'))
  const removed = await runCode([folder, '--media-dir', source])
  expect(removed).toMatchObject({ code: 0, stderr: '' })
  expect(readdirSync(join(folder, 'media')).sort()).toEqual(['a.jpg', 'b.mp4'])
})
