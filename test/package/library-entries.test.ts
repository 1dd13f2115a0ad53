import { readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { init, parse } from 'es-module-lexer'
import { beforeAll, expect, it } from 'vitest'
import { readChunkModules } from '../../bench/support/chunk-modules.js'

// Library users who never open the page import none of it: the built
// entries' module graphs (static and dynamic imports) hold no file of
// dist/page/ and neither Preact nor htm. `npm run lint` checks the same
// rule on src/; this checks what is shipped.

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url))
const ENTRIES = [
  'index.js',
  'seed.js',
  'server/index.js',
  'vitest.js',
  'cli/main.js',
]

// @note A real ES module lexer, not a pattern: the entries are bundles, whose
// inlined code holds strings and comments that look like imports.
beforeAll(() => init)

// The modules each bundled file holds (the build's list), so the walk sees
// the modules and packages it reaches, not only the chunks.
const CHUNK_MODULES = readChunkModules(DIST)

/**
 * Every file of dist/ an entry reaches, and the packages it names; with
 * `staticOnly`, only what loads with the entry, before any `import()`.
 */
function moduleGraph(
  entry: string,
  { staticOnly = false } = {},
): { files: string[]; packages: string[] } {
  const files = new Set<string>()
  const packages = new Set<string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    for (const module of Object.keys(
      CHUNK_MODULES[relative(DIST, file)] ?? {},
    )) {
      const name = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module)?.[1]
      if (name !== undefined) packages.add(name)
      else files.add(join(DIST, '..', module))
    }
    const [imports] = parse(readFileSync(file, 'utf8'))
    for (const { n: specifier, d: dynamicAt } of imports) {
      // A dynamic import of a computed name has none.
      if (specifier === undefined) continue
      if (staticOnly && dynamicAt > -1) continue
      if (specifier.startsWith('.')) visit(join(dirname(file), specifier))
      else packages.add(specifier)
    }
  }
  visit(join(DIST, entry))
  return {
    files: [...files].map((file) => relative(DIST, file)),
    packages: [...packages],
  }
}

it.each(ENTRIES)(
  'keeps the page out of the module graph of dist/%s',
  (entry) => {
    const { files, packages } = moduleGraph(entry)
    // The walk reaches the library: a broken walk must not pass.
    expect(files.length).toBeGreaterThan(
      entry === 'vitest.js' ? 2 : entry === 'cli/main.js' ? 5 : 10,
    )
    expect(files.filter((file) => file.startsWith('page/'))).toEqual([])
    expect(packages.filter((name) => /^(preact|htm)(\/|$)/.test(name))).toEqual(
      [],
    )
  },
)

it('loads no faker and no seed generator with the main entry: a mock given fixtures never needs them', () => {
  const { files, packages } = moduleGraph('index.js', { staticOnly: true })
  expect(files).toContain('msw/create-content-api-mock.js')
  expect(files.filter((file) => file.startsWith('data/seed/'))).toEqual([])
  expect(files).not.toContain('data/create-seed-document.js')
  expect(packages.filter((name) => name.startsWith('@faker-js/'))).toEqual([])
  // The generator is still reached, by the import() in `ready`.
  expect(
    moduleGraph('index.js').packages.some((name) =>
      name.startsWith('@faker-js/'),
    ),
  ).toBe(true)
})

it('loads nothing Node-only with the main entry: it bundles for setupWorker in browsers', () => {
  const { files, packages } = moduleGraph('index.js')
  expect(files).toContain('msw/create-content-api-mock.js')
  expect(packages).toContain('zod')
  expect(packages.filter((name) => name.startsWith('node:'))).toEqual([])
  expect(packages).not.toContain('express')
})

it.each(['server/index.js', 'cli/main.js'])(
  'loads neither msw nor ioredis at start-up with dist/%s',
  (entry) => {
    const { files, packages } = moduleGraph(entry, { staticOnly: true })
    expect(files).toContain('server/create-content-api-server.js')
    expect(packages).toContain('express')
    expect(
      packages.filter((name) => /^(msw|ioredis)(\/|$)/.test(name)),
    ).toEqual([])
  },
)
