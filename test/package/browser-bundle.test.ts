import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import {
  bundlePage,
  bundlePageWithRolldown,
  type BundledChunk,
} from '../../bench/support/bundle-page.js'

// A browser app's bundle of the mock holds faker only in a chunk loaded on
// demand: the seed generator comes by `import()` when the mock generates.
// rolldown (vite's bundler) stands for the app's bundler; bench/bundle.js
// measures the sizes, with esbuild too. And esbuild keeps no zod locale.

const ENTRY = fileURLToPath(new URL('../../dist/index.js', import.meta.url))
const SEED_MODULE = /@faker-js[\\/]|dist[\\/]data[\\/]seed[\\/]/
/** A page whose mock generates its dataset (no fixtures given). */
const GENERATING_PAGE = `import { createContentApiMock } from 'content-api-mock'
export const mock = createContentApiMock()`

const modulesOf = (chunks: BundledChunk[]) =>
  chunks.flatMap((chunk) => Object.keys(chunk.inputs))

it('loads no faker and no seed module at once, given fixtures', async () => {
  const { atOnce } = await bundlePageWithRolldown(
    `import { createContentApiMock } from 'content-api-mock'
const fixtures = await (await fetch('/fixtures.json')).json()
export const mock = createContentApiMock({ fixtures })`,
    ENTRY,
  )
  // The bundle holds the mock: an empty walk must not pass.
  expect(
    modulesOf(atOnce).some((id) => id.endsWith('create-mock-core.js')),
  ).toBe(true)
  expect(modulesOf(atOnce).filter((id) => SEED_MODULE.test(id))).toEqual([])
}, 60_000)

it('loads faker on demand when the mock generates its dataset', async () => {
  const { atOnce, onDemand } = await bundlePageWithRolldown(
    GENERATING_PAGE,
    ENTRY,
  )
  expect(modulesOf(atOnce).filter((id) => SEED_MODULE.test(id))).toEqual([])
  expect(modulesOf(onDemand).some((id) => id.includes('@faker-js'))).toBe(true)
}, 60_000)

it("bundles none of zod's locales but English with esbuild", async () => {
  const { atOnce, onDemand } = await bundlePage(GENERATING_PAGE, ENTRY)
  // @note The chunks' inputs: esbuild's metafile.inputs also lists what tree
  // shaking dropped.
  const inputs = modulesOf([...atOnce, ...onDemand])
  // The bundle holds zod: an empty bundle must not pass.
  expect(inputs.some((input) => input.includes('zod/v4/core/'))).toBe(true)
  expect(
    inputs.filter((input) => /zod\/v4\/locales\/(?!en\.)/.test(input)),
  ).toEqual([])
}, 60_000)
