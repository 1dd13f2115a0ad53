// What the mock adds to a browser app: esbuild bundles (minified, ES
// modules, code splitting) a page that starts msw's setupWorker with the
// mock's handlers, and this reports the chunks the page loads at once and
// those it loads only when asked (by an `import()`), raw and gzipped, then
// the largest contributors by package (or by folder of the mock's own code)
// from esbuild's metafile, and for the page given fixtures what zod,
// @msw/data and @noble/hashes each add (the page bundled again without
// each) beside a sample of schemas in zod classic and zod/mini. Pages:
// msw's setupWorker alone (the baseline of the same run), the mock given
// fixtures (fetched at run time, so the fixture's bytes are not counted),
// and the mock generating its dataset.
//
//   npm run build && node bench/bundle.js [--package <dir of a built checkout>] [--top 12]
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import {
  bundlePage,
  bundlePageWithRolldown,
  ROOT,
} from './support/bundle-page.js'
import { readChunkModules } from './support/chunk-modules.js'
import { reportFigure } from './support/figures.js'

// Issue 11's goals: what the mock may add to the baseline, gzipped, in KB.
const GOALS = {
  'createContentApiMock({ fixtures }) + setupWorker': 50,
  'createContentApiMock() generating + setupWorker': 150,
}

// What the mock's parts add to the page given fixtures: the same page
// bundled again with a part left out (esbuild `external`), gzipped. The
// folders of the mock's own code are those a run may never use (traffic
// shaping, variants, record edits): what loading each on demand could save.
const PARTS = {
  zod: ['zod'],
  '@msw/data (with mutative, es-toolkit)': ['@msw/data'],
  '@noble/hashes': ['@noble/hashes'],
}
const OWN_PARTS = ['api/traffic', 'api/variants', 'data/records']
const partsOf = (packageDir) => ({
  ...PARTS,
  ...Object.fromEntries(
    OWN_PARTS.map((folder) => [
      `(mock) ${folder}/`,
      [join(packageDir, 'dist', folder, '*')],
    ]),
  ),
  [`(mock) ${OWN_PARTS.join('/, ')}/ together`]: OWN_PARTS.map((folder) =>
    join(packageDir, 'dist', folder, '*'),
  ),
})

// The alternative issue 11 names for zod: the same kinds of schemas the mock
// writes (strict objects, bounded strings and integers, URLs, datetimes,
// enums, unions, records, defaults, catches, refinements, extend and pick),
// in zod 4 classic and in zod/mini with its English messages (the mock's
// fixture errors quote them), each bundled alone.
const ZOD_SAMPLE = `
const item = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  count: z.int().min(0).max(100).optional(),
  title: z.string().min(1).max(200).nullable(),
  url: z.url(),
  at: z.iso.datetime(),
  mode: z.enum(['post', 'blog', 'image', 'moviemode']),
  tags: z.array(z.string()).max(5).default([]),
  step: z.union([z.literal(0), z.number().positive()]).catch(0),
  extra: z.record(z.string(), z.unknown()).optional(),
}).superRefine((value, context) => {
  if (value.count === 1) context.addIssue({ code: 'custom', message: 'no' })
}).meta({ id: 'Item', description: 'An item.' })
const wider = item.extend({ flag: z.boolean().refine((v) => v) }).pick({ id: true, flag: true })
console.log(wider.safeParse({}).error?.issues)`
const ZOD_MINI_SAMPLE = `
z.config(en())
const item = z.strictObject({
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  count: z.optional(z.int().check(z.minimum(0), z.maximum(100))),
  title: z.nullable(z.string().check(z.minLength(1), z.maxLength(200))),
  url: z.url(),
  at: z.iso.datetime(),
  mode: z.enum(['post', 'blog', 'image', 'moviemode']),
  tags: z._default(z.array(z.string()).check(z.maxLength(5)), []),
  step: z.catch(z.union([z.literal(0), z.number().check(z.positive())]), 0),
  extra: z.optional(z.record(z.string(), z.unknown())),
}).check(z.superRefine((value, context) => {
  if (value.count === 1) context.addIssue({ code: 'custom', message: 'no' })
})).register(z.globalRegistry, { id: 'Item', description: 'An item.' })
const wider = z.pick(z.extend(item, { flag: z.boolean().check(z.refine((v) => v)) }), { id: true, flag: true })
console.log(wider.safeParse({}).error?.issues)`
const ZOD_PAGES = {
  'zod 4 classic': `import * as z from 'zod'\n${ZOD_SAMPLE}`,
  'zod/mini with English messages': `import * as z from 'zod/mini'
import en from 'zod/v4/locales/en.js'\n${ZOD_MINI_SAMPLE}`,
}

const PAGES = {
  'msw setupWorker alone (baseline)': `import { http, HttpResponse } from 'msw'
import { setupWorker } from 'msw/browser'
await setupWorker(http.get('/x', () => HttpResponse.json({}))).start()`,
  'createContentApiMock({ fixtures }) + setupWorker': `import { createContentApiMock } from 'content-api-mock'
import { setupWorker } from 'msw/browser'
const fixtures = await (await fetch('/fixtures.json')).json()
await setupWorker(...createContentApiMock({ fixtures }).handlers).start({ quiet: true })`,
  'createContentApiMock() generating + setupWorker': `import { createContentApiMock } from 'content-api-mock'
import { setupWorker } from 'msw/browser'
await setupWorker(...createContentApiMock().handlers).start({ quiet: true })`,
}

/** The package an input belongs to, or the folder of the mock's own code. */
function groupOf(path) {
  const input = path.replace(/^.*\.bundle-bench-[^/]+\//, '')
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)
  if (match !== null) return match[1]
  const own = /dist\/(.+)\/[^/]+$/.exec(input)
  if (own !== null) return `(mock) ${own[1]}/`
  return `(mock) ${input.replace(/^.*dist\//, '')}`
}

function breakdown(chunks) {
  const groups = new Map()
  for (const chunk of chunks) {
    for (const [input, { bytesInOutput }] of Object.entries(chunk.inputs)) {
      const group = groupOf(input)
      groups.set(group, (groups.get(group) ?? 0) + bytesInOutput)
    }
  }
  return [...groups].sort((a, b) => b[1] - a[1])
}

/** The seed generator's chunk: it loads with `ready` when the mock generates. */
const seedChunkOf = (chunks) =>
  chunks.find((chunk) =>
    Object.keys(chunk.inputs).some((input) =>
      input.endsWith('create-seed-document.js'),
    ),
  )

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const sum = (chunks, key) => chunks.reduce((total, c) => total + c[key], 0)

{
  const { values } = parseArgs({
    options: {
      package: { type: 'string', default: '.' },
      top: { type: 'string', default: '12' },
    },
  })
  // @note Another checkout's dist/ is copied into this one, so that both
  // resolve msw, zod and faker from the same node_modules: from its own, msw
  // would be bundled twice (once for the page, once for the mock).
  let packageDir = resolve(values.package)
  if (packageDir !== ROOT) {
    const copy = mkdtempSync(join(ROOT, 'node_modules', '.bundle-bench-'))
    process.on('exit', () => rmSync(copy, { recursive: true, force: true }))
    cpSync(join(packageDir, 'dist'), join(copy, 'dist'), { recursive: true })
    packageDir = copy
  }
  const ENTRY = join(packageDir, 'dist/index.js')
  const isBundled = Object.keys(readChunkModules(dirname(ENTRY))).length > 0
  console.log(
    `Browser bundle of ${resolve(values.package)}/dist/index.js (minified, gzip -9 per chunk):\n`,
  )
  const baselines = {}
  for (const [name, source] of Object.entries(PAGES)) {
    console.log(name)
    for (const [bundler, bundle] of [
      ['esbuild', bundlePage],
      ['rolldown', bundlePageWithRolldown],
    ]) {
      const { atOnce, onDemand } = await bundle(source, ENTRY)
      const gzip = sum(atOnce, 'gzip')
      baselines[bundler] ??= gzip
      const adds =
        baselines[bundler] === gzip
          ? ''
          : `, adds ${kb(gzip - baselines[bundler])} gz to the baseline`
      console.log(
        `  ${bundler}, loaded at once: ${atOnce.length} chunks, ${kb(sum(atOnce, 'raw'))} (${kb(gzip)} gz)${adds}`,
      )
      if (onDemand.length > 0) {
        console.log(
          `  ${bundler}, loaded on demand: ${onDemand.length} chunks, ${kb(sum(onDemand, 'raw'))} (${kb(sum(onDemand, 'gzip'))} gz)`,
        )
        const seed = seedChunkOf(onDemand)
        if (seed !== undefined && !name.includes('fixtures')) {
          console.log(
            `  ${bundler}, the seed generator's chunk: ${kb(seed.raw)} (${kb(seed.gzip)} gz); at once and it, the mock adds ${kb(gzip + seed.gzip - baselines[bundler])} gz`,
          )
        }
      }
      const goal = GOALS[name]
      if (goal !== undefined) {
        const generating = !name.includes('fixtures')
        const seed = generating ? seedChunkOf(onDemand) : undefined
        const added = gzip + (seed?.gzip ?? 0) - baselines[bundler]
        reportFigure({
          what: `browser bundle (${bundler}, gz), the mock ${generating ? 'generating, at once + seed chunk' : 'given fixtures, at once'}`,
          value: `adds ${kb(added)}`,
          baseline: `msw setupWorker alone ${kb(baselines[bundler])}`,
          goal: `≤ ${goal} KB`,
          met: added <= goal * 1024,
        })
      }
      if (bundler !== 'esbuild') continue
      // @note A bundled build (scripts/build-bundles.js) inlines zod and the
      // rest into its chunks, so `external` leaves nothing out: the largest
      // inputs below give each part's share instead.
      if (name.includes('fixtures') && !isBundled) {
        const shares = []
        for (const [part, external] of Object.entries(partsOf(packageDir))) {
          const without = await bundlePage(source, ENTRY, { external })
          shares.push(`${part} ${kb(gzip - sum(without.atOnce, 'gzip'))}`)
        }
        console.log(
          `  what each part adds at once, gz (the page bundled again without it): ${shares.join(', ')}`,
        )
        const zods = []
        for (const [flavour, page] of Object.entries(ZOD_PAGES)) {
          const { atOnce: zodChunks } = await bundlePage(page, ENTRY)
          zods.push(`${flavour} ${kb(sum(zodChunks, 'gzip'))}`)
        }
        console.log(
          `  a sample of the mock's kinds of schemas alone, gz: ${zods.join(', ')}`,
        )
      }
      for (const [label, chunks] of [
        ['at once', atOnce],
        ['on demand', onDemand],
      ]) {
        if (chunks.length === 0) continue
        console.log(
          `  largest inputs ${label} (esbuild, minified, before gzip):`,
        )
        for (const [group, bytes] of breakdown(chunks).slice(
          0,
          Number(values.top),
        )) {
          console.log(`    ${group.padEnd(44)} ${kb(bytes).padStart(10)}`)
        }
      }
    }
    console.log()
  }
}
