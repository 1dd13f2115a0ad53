import { fileURLToPath } from 'node:url'
import { build as buildWithEsbuild } from 'esbuild'
import { build, type OutputChunk } from 'rolldown'
import { expect, it } from 'vitest'

// A browser app's bundle of the mock holds faker only in a chunk loaded on
// demand: the seed generator comes by `import()` when the mock generates.
// rolldown (vite's bundler) stands for the app's bundler; bench/bundle.js
// measures the sizes, with esbuild too. And esbuild keeps no zod locale.

const ENTRY = fileURLToPath(new URL('../dist/index.js', import.meta.url))
const SEED_MODULE = /@faker-js[\\/]|dist[\\/]data[\\/]seed[\\/]/

/** The modules of the chunks a page loads at once, and of those it loads later. */
async function bundlePage(
  source: string,
): Promise<{ atOnce: string[]; onDemand: string[] }> {
  const { output } = await build({
    input: 'page',
    platform: 'browser',
    resolve: { alias: { 'content-api-mock': ENTRY } },
    plugins: [
      {
        name: 'page',
        resolveId: (id) => (id === 'page' ? id : undefined),
        load: (id) => (id === 'page' ? source : undefined),
      },
    ],
    write: false,
    logLevel: 'silent',
    output: { format: 'esm' },
  })
  const chunks = new Map(
    output
      .filter((file): file is OutputChunk => file.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  )
  const loadedAtOnce = new Set<string>()
  const visit = (name: string) => {
    if (loadedAtOnce.has(name)) return
    loadedAtOnce.add(name)
    for (const next of chunks.get(name)?.imports ?? []) visit(next)
  }
  visit([...chunks.values()].find((chunk) => chunk.isEntry)!.fileName)
  const modulesOf = (atOnce: boolean) =>
    [...chunks.values()]
      .filter((chunk) => loadedAtOnce.has(chunk.fileName) === atOnce)
      .flatMap((chunk) => Object.keys(chunk.modules))
  return { atOnce: modulesOf(true), onDemand: modulesOf(false) }
}

it('loads no faker and no seed module at once, given fixtures', async () => {
  const { atOnce } =
    await bundlePage(`import { createContentApiMock } from 'content-api-mock'
const fixtures = await (await fetch('/fixtures.json')).json()
export const mock = createContentApiMock({ fixtures })`)
  // The bundle holds the mock: an empty walk must not pass.
  expect(atOnce.some((id) => id.endsWith('create-mock-core.js'))).toBe(true)
  expect(atOnce.filter((id) => SEED_MODULE.test(id))).toEqual([])
}, 60_000)

it('loads faker on demand when the mock generates its dataset', async () => {
  const { atOnce, onDemand } =
    await bundlePage(`import { createContentApiMock } from 'content-api-mock'
export const mock = createContentApiMock()`)
  expect(atOnce.filter((id) => SEED_MODULE.test(id))).toEqual([])
  expect(onDemand.some((id) => id.includes('@faker-js'))).toBe(true)
}, 60_000)

it("bundles none of zod's locales but English with esbuild", async () => {
  const { metafile } = await buildWithEsbuild({
    stdin: {
      contents: `import { createContentApiMock } from 'content-api-mock'
export const mock = createContentApiMock()`,
      resolveDir: fileURLToPath(new URL('..', import.meta.url)),
    },
    alias: { 'content-api-mock': ENTRY },
    bundle: true,
    format: 'esm',
    splitting: true,
    platform: 'browser',
    outdir: 'out',
    write: false,
    metafile: true,
    logLevel: 'error',
  })
  // @note The outputs' inputs: metafile.inputs also lists what tree shaking dropped.
  const inputs = Object.values(metafile.outputs).flatMap((output) =>
    Object.keys(output.inputs),
  )
  // The bundle holds zod: an empty bundle must not pass.
  expect(inputs.some((input) => input.includes('zod/v4/core/'))).toBe(true)
  expect(
    inputs.filter((input) => /zod\/v4\/locales\/(?!en\.)/.test(input)),
  ).toEqual([])
}, 60_000)
