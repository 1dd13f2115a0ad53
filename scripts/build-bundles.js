// Run by `npm run build` after tsc and build-demo's boot script: bundles the
// package's entries, the library's (`content-api-mock`, `/server`, `/seed`,
// `/vitest`) and the CLI's (dist/cli/main.js, the bin), over tsc's files and
// in one build, so the code they share lands once in dist/chunks/. Each
// entry is written where tsc wrote it, so the `exports` map and the bin stay
// as they are; tsc's other files stay in dist/ for the repository's own
// scripts, and are not published (`files` in package.json).
//
// @note Why: @msw/data imports es-toolkit's index, 555 ES modules, and zod 95
// more; Node resolves and compiles each at start-up, so the unbundled main
// entry loaded 873 modules and cost a test file several times msw/node's
// import (bench/consumer.js, bench/README.md). Bundled, Node loads a handful.
// @note Every dependency is inlined but these: msw and vitest, peers that must
// be the user's own (a handler is answered by the msw that built it; the
// vitest helper registers hooks in the running vitest), and ioredis (CommonJS,
// loaded only with --redis). So package.json's `dependencies` are ioredis and
// the two packages whose types the public `.d.ts` files name: zod (the
// exported schemas) and @msw/data (`mock.db`, its collections), for a
// consumer's compiler only; the rest, faker among them, are devDependencies,
// here at build time only (test/package/recipes/strict-types.test.ts checks
// that the published types need nothing else).
// @note What a run may never need comes with `import()` and so lands in a
// chunk of its own, loaded on first use (the seed generator and faker, the
// clips, the title-card renderer, the CLI's other commands).
// @note A worker started with `new Worker(new URL('./x-worker.js',
// import.meta.url))` is bundled as an entry of its own, and the URL rewritten
// to it: the module that starts it lands in a chunk of another folder.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, rolldown } from 'rolldown'

const dist = fileURLToPath(new URL('../dist/', import.meta.url))
const ENTRIES = ['index', 'server/index', 'seed', 'vitest', 'cli/main']
const EXTERNAL = /^(msw|vitest|ioredis)(\/|$)|^node:/

const options = {
  input: Object.fromEntries(ENTRIES.map((name) => [name, `${dist}${name}.js`])),
  platform: 'node',
  external: (id) => EXTERNAL.test(id),
  logLevel: 'warn',
  plugins: [workerFiles(), sharedDemoModules()],
  makeAbsoluteExternalsRelative: true,
}
const output = {
  format: 'esm',
  entryFileNames: '[name].js',
  chunkFileNames: 'chunks/[name]-[hash].js',
  minify: false,
  // Readable code for a stack trace, without the JSDoc of every module
  // inlined (a third of the bytes); license notices stay.
  comments: { legal: true, annotation: false, jsdoc: false },
}

// @note Left to itself, rolldown cuts a chunk for every set of entries that
// share modules: the main entry then loaded some thirty files. A first pass
// finds what each entry loads at once (its static imports); the build then
// puts what the library and the server share into one chunk ('core'), the
// rest of the library (the msw adapter) into a second, the server's rest into
// a third and the CLI's into a fourth, and leaves what comes by `import()` to
// chunks of its own. The server and the CLI so never load msw at start-up.
const staticModules = await findStaticModules()
const library = new Set([
  ...staticModules.get('index'),
  ...staticModules.get('vitest'),
])
const server = staticModules.get('server/index')
const taken = new Set()
const groupOf = (ids) => {
  const own = new Set([...ids].filter((id) => !taken.has(id)))
  for (const id of own) taken.add(id)
  return (id) => own.has(id)
}
const GROUPS = [
  { name: 'core', test: groupOf([...library].filter((id) => server.has(id))) },
  { name: 'mock', test: groupOf(library) },
  { name: 'server', test: groupOf(server) },
  { name: 'cli', test: groupOf(staticModules.get('cli/main')) },
]

rmSync(`${dist}chunks`, { recursive: true, force: true })
const { output: written } = await build({
  ...options,
  output: {
    ...output,
    dir: dist,
    codeSplitting: {
      groups: GROUPS.map((group, index) => ({
        ...group,
        priority: GROUPS.length - index,
      })),
    },
  },
})

writeChunkModules(written)
removeUnreachableDeclarations(
  ENTRIES.filter((name) => !name.startsWith('cli/')).map(
    (name) => `${dist}${name}.d.ts`,
  ),
)

/**
 * Writes dist/chunk-modules.json (not published): for each file written, the
 * modules it holds and the bytes each takes in it, so a test or bench that
 * bundles or walks dist/ still sees which modules it reaches. Paths are the
 * checkout's (`dist/…`, `node_modules/<package>/…`), files dist/'s.
 */
function writeChunkModules(files) {
  const root = resolve(dist, '..')
  const pathOf = (id) => {
    const at = id.lastIndexOf('node_modules/')
    return at === -1 ? relative(root, id) : id.slice(at)
  }
  const manifest = {}
  for (const file of files) {
    if (file.type !== 'chunk') continue
    manifest[file.fileName] = Object.fromEntries(
      Object.entries(file.modules).map(([id, module]) => [
        pathOf(id),
        module.renderedLength,
      ]),
    )
  }
  writeFileSync(`${dist}chunk-modules.json`, JSON.stringify(manifest, null, 1))
}

/**
 * Removes the `.d.ts` files of dist/ that no public entry's types reach
 * (e.g. the base64 clips', as large as the clips): tsc writes one for every
 * module, but a user's compiler reads only those the entries import.
 */
function removeUnreachableDeclarations(entryFiles) {
  const reached = new Set()
  const visit = (file) => {
    if (reached.has(file)) return
    reached.add(file)
    const text = readFileSync(file, 'utf8')
    for (const [, specifier] of text.matchAll(
      /(?:from|import\()\s*['"](\.{1,2}\/[^'"]+)\.js['"]/g,
    )) {
      visit(resolve(dirname(file), `${specifier}.d.ts`))
    }
  }
  for (const file of entryFiles) visit(file)
  for (const entry of readdirSync(dist, { recursive: true })) {
    const file = join(dist, entry)
    if (file.endsWith('.d.ts') && !reached.has(file)) rmSync(file)
  }
}

/** For each entry, the ids of the modules it loads before any `import()`. */
async function findStaticModules() {
  const bundle = await rolldown(options)
  const { output: chunks } = await bundle.generate(output)
  await bundle.close()
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const entryIds = new Set(options.input ? Object.values(options.input) : [])
  const result = new Map()
  for (const chunk of chunks) {
    if (chunk.type !== 'chunk' || !chunk.isEntry) continue
    const ids = new Set()
    const visit = (file) => {
      const visited = byFile.get(file)
      if (visited === undefined || visited.visited === chunk.name) return
      visited.visited = chunk.name
      for (const id of visited.moduleIds) if (!entryIds.has(id)) ids.add(id)
      for (const imported of visited.imports) visit(imported)
    }
    visit(chunk.fileName)
    result.set(chunk.name, ids)
  }
  return result
}

/**
 * Resolves the modules build-demo's boot script holds too (dist/demo/__page/,
 * built first) to its files, left as imports: each sample clip and the
 * title-card renderer (with its glyphs), so the package holds them once, not
 * once per bundle.
 * @note Those files are plain modules built from the same source, exporting
 * what the source does; the build fails if one does not, or if one imports a
 * file that imports more (e.g. the boot script itself).
 */
function sharedDemoModules() {
  const folder = `${dist}demo/__page/`
  const SHARED = [
    [/\/media\/clips\/([\w-]+)\.generated\.js$/, 'CLIP_BASE64'],
    [/\/media\/internal\/(render-title-card)\.js$/, 'createTitleCardRenderer'],
  ]
  const fail = (problem) => {
    throw new Error(
      `scripts/build-bundles.js: ${problem}; run scripts/build-demo-boot.js first (npm run build does).`,
    )
  }
  const importsOf = (text) =>
    [
      ...text.matchAll(
        /from\s*["'](\.\/[^"']+)["']|import\(\s*["'](\.\/[^"']+)["']/g,
      ),
    ].map((match) => match[1] ?? match[2])
  return {
    name: 'shared-demo-modules',
    resolveId(source, importer) {
      if (importer === undefined || !source.startsWith('.')) return null
      const path = resolve(dirname(importer), source)
      for (const [pattern, exported] of SHARED) {
        const name = pattern.exec(path)?.[1]
        if (name === undefined) continue
        const file = readdirSync(folder).find(
          (entry) =>
            entry.startsWith(`${name}-`) ||
            entry.startsWith(`${name}.generated-`),
        )
        if (file === undefined) fail(`dist/demo/__page/ holds no ${name}-*.js`)
        const text = readFileSync(folder + file, 'utf8')
        if (
          !new RegExp(`export\\s*\\{[^}]*\\b\\w+ as ${exported}\\b`).test(text)
        ) {
          fail(`dist/demo/__page/${file} does not export ${exported}`)
        }
        for (const imported of importsOf(text)) {
          const inner = readFileSync(resolve(folder, imported), 'utf8')
          if (importsOf(inner).length > 0) {
            fail(
              `dist/demo/__page/${file} imports ${imported}, which imports more`,
            )
          }
        }
        return { id: folder + file, external: true }
      }
      return null
    },
  }
}

/** Emits each `new URL('./…-worker.js', import.meta.url)` as a chunk. */
function workerFiles() {
  const pattern =
    /new URL\((['"])(\.\.?\/[^'"]+-worker\.js)\1,\s*import\.meta\.url\)/g
  return {
    name: 'worker-files',
    transform(code, id) {
      if (!code.includes('-worker.js')) return null
      const rewritten = code.replace(pattern, (_match, _quote, path) => {
        const referenceId = this.emitFile({
          type: 'chunk',
          id: resolve(dirname(id), path),
          fileName: `chunks/${path.slice(path.lastIndexOf('/') + 1)}`,
        })
        return `new URL(import.meta.ROLLUP_FILE_URL_${referenceId})`
      })
      return rewritten === code ? null : { code: rewritten, map: null }
    },
  }
}
