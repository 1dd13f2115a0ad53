import { execFile } from 'node:child_process'
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, expect, it } from 'vitest'

// What `content-api-mock build-demo` writes, file by file, with the built CLI;
// test/browser/build-demo.test.ts opens such folders in Chromium.

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const CLI = join(ROOT, 'dist/cli/main.js')
const FIXTURES = join(ROOT, 'test/fixtures/small.json')
const work = mkdtempSync(join(tmpdir(), 'content-api-mock-build-demo-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const run = (args: readonly string[]) =>
  promisify(execFile)(process.execPath, [CLI, 'build-demo', ...args])
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'))

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

it('rebuilds a folder it wrote before: its own files are replaced, stale ones removed, others kept', async () => {
  const folder = join(work, 'again')
  await run([folder])
  writeFileSync(join(folder, 'notes.txt'), 'mine')
  writeFileSync(join(folder, '__page/stale-old.js'), '')
  await run([folder, '--live'])
  expect(readFileSync(join(folder, 'notes.txt'), 'utf8')).toBe('mine')
  expect(readdirSync(join(folder, '__page'))).not.toContain('stale-old.js')
  expect(readJson(join(folder, 'demo-options.json')).mock).toEqual({
    live: true,
  })
})
