// The modules each file of the bundled dist/ holds, from the list the build
// writes (dist/chunk-modules.json, scripts/build-bundles.js): a bundle or a
// walk of dist/ still tells which modules it reaches (the seed generator,
// faker, zod's locales) though the package's entries are bundled.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, isAbsolute, join, relative, resolve } from 'node:path'

/**
 * The modules of the files of `distDir`, each with the bytes it takes there:
 * `node_modules/<package>/…` or `dist/…`, by file path relative to `distDir`.
 * Empty when the build wrote no list (a checkout from before bundling).
 */
export function readChunkModules(distDir) {
  const file = join(distDir, 'chunk-modules.json')
  if (!existsSync(file)) return {}
  return JSON.parse(readFileSync(file, 'utf8'))
}

/**
 * `inputs` of a bundle (module path → `{ bytesInOutput }`), each file of the
 * built dist/ of `entry` replaced by the modules it holds, their bytes a share
 * of the file's in proportion to their size in it. Relative paths are taken
 * from `root`.
 */
export function expandChunkInputs(inputs, entry, root) {
  const distDir = dirname(entry)
  const modulesOf = readChunkModules(distDir)
  const expanded = {}
  for (const [path, { bytesInOutput }] of Object.entries(inputs)) {
    const absolute = isAbsolute(path) ? path : resolve(root, path)
    const modules = modulesOf[relative(distDir, absolute)]
    if (modules === undefined || Object.keys(modules).length === 0) {
      expanded[path] = { bytesInOutput }
      continue
    }
    const total = Object.values(modules).reduce((sum, bytes) => sum + bytes, 0)
    for (const [module, bytes] of Object.entries(modules)) {
      const share = total === 0 ? 0 : (bytesInOutput * bytes) / total
      expanded[module] = {
        bytesInOutput: (expanded[module]?.bytesInOutput ?? 0) + share,
      }
    }
  }
  return expanded
}
