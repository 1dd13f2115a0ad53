// Bundles a page the way a browser app's bundler would (minified, ES
// modules, code splitting), with esbuild or rolldown, and sorts the output
// into the chunks loaded at once and those loaded on demand, each with the
// modules it holds (those of the package's own chunks too). Used by
// bench/bundle.js and test/package/browser-bundle.test.ts.
import { resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { build as buildWithRolldown } from 'rolldown'
import { expandChunkInputs } from './chunk-modules.js'

/** The checkout's folder: the page's imports resolve from its node_modules. */
export const ROOT = resolve(import.meta.dirname, '../..')

/**
 * Bundles one page and sorts its output files into those loaded at once
 * (reached from the entry by static imports) and on demand (the rest reached
 * through an `import()`), each with its inputs' bytes in the output.
 * Packages named in `external` stay imports, left out of the bundle.
 */
export async function bundlePage(source, entry, { external = [] } = {}) {
  const result = await build({
    external,
    stdin: { contents: source, resolveDir: ROOT, sourcefile: 'page.js' },
    absWorkingDir: ROOT,
    alias: { 'content-api-mock': entry },
    bundle: true,
    minify: true,
    format: 'esm',
    splitting: true,
    platform: 'browser',
    outdir: 'out',
    write: false,
    metafile: true,
    logLevel: 'error',
  })
  const { outputs } = result.metafile
  const contents = new Map(
    result.outputFiles.map((file) => [file.path, file.contents]),
  )
  const bytesOf = (path) => contents.get(resolve(ROOT, path))
  const walk = (start, kinds) => {
    const seen = new Set()
    const visit = (path) => {
      if (seen.has(path)) return
      seen.add(path)
      for (const { path: next, kind, external } of outputs[path].imports) {
        if (kinds.includes(kind) && external !== true) visit(next)
      }
    }
    for (const path of start) visit(path)
    return seen
  }
  // @note Each `import()` target is an entry point too; the page's is stdin's.
  const entryFile = Object.keys(outputs).find(
    (path) => outputs[path].entryPoint === 'page.js',
  )
  const atOnce = walk([entryFile], ['import-statement'])
  const reached = walk([entryFile], ['import-statement', 'dynamic-import'])
  const describe = (paths) =>
    [...paths]
      .filter((path) => path.endsWith('.js'))
      .map((path) => ({
        path,
        raw: outputs[path].bytes,
        gzip: gzipSync(bytesOf(path), { level: 9 }).length,
        inputs: expandChunkInputs(outputs[path].inputs, entry, ROOT),
      }))
  return {
    atOnce: describe(atOnce),
    onDemand: describe([...reached].filter((path) => !atOnce.has(path))),
  }
}

/**
 * The same page bundled by rolldown (vite 8's bundler), for comparison: its
 * tree shaking decides what each chunk holds, where esbuild's code splitting
 * puts a module that any static import reaches, used or not, into a chunk
 * loaded at once (evanw/esbuild#3704).
 */
export async function bundlePageWithRolldown(source, entry) {
  const { output } = await buildWithRolldown({
    input: 'page',
    platform: 'browser',
    cwd: ROOT,
    resolve: { alias: { 'content-api-mock': entry } },
    plugins: [
      {
        name: 'page',
        resolveId: (id) => (id === 'page' ? id : undefined),
        load: (id) => (id === 'page' ? source : undefined),
      },
    ],
    write: false,
    logLevel: 'silent',
    output: { format: 'esm', minify: true },
  })
  const chunks = new Map(
    output
      .filter((chunk) => chunk.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  )
  const walk = (start, dynamic) => {
    const seen = new Set()
    const visit = (name) => {
      if (seen.has(name)) return
      seen.add(name)
      const chunk = chunks.get(name)
      for (const next of chunk.imports) visit(next)
      if (dynamic) for (const next of chunk.dynamicImports) visit(next)
    }
    visit(start)
    return seen
  }
  const entryName = [...chunks.values()].find((chunk) => chunk.isEntry).fileName
  const atOnce = walk(entryName, false)
  const describe = (names) =>
    [...names].map((name) => {
      const chunk = chunks.get(name)
      return {
        path: name,
        raw: Buffer.byteLength(chunk.code),
        gzip: gzipSync(chunk.code, { level: 9 }).length,
        inputs: expandChunkInputs(
          Object.fromEntries(
            Object.entries(chunk.modules).map(([id, module]) => [
              id,
              { bytesInOutput: module.renderedLength },
            ]),
          ),
          entry,
          ROOT,
        ),
      }
    })
  return {
    atOnce: describe(atOnce),
    onDemand: describe(
      [...walk(entryName, true)].filter((name) => !atOnce.has(name)),
    ),
  }
}
