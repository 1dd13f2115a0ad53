import { existsSync, readFileSync } from 'node:fs'

let root: URL | undefined

/**
 * The URL of a file of this package, from its root (the folder of its
 * `package.json`), e.g. `dist/page/` or `package.json`.
 * @note Found by walking up from this module, not by a fixed `../..`: the
 * module runs both where tsc puts it (`dist/server/files/`) and inlined in a
 * chunk of the bundled entries (`dist/chunks/`, scripts/build-bundles.js), at
 * other depths.
 */
export function packageFile(path: string): URL {
  root ??= findPackageRoot(new URL('./', import.meta.url))
  return new URL(path, root)
}

function findPackageRoot(start: URL): URL {
  for (let folder = start; ; folder = new URL('../', folder)) {
    const manifest = new URL('package.json', folder)
    if (existsSync(manifest) && isThisPackage(manifest)) return folder
    if (folder.pathname === '/') {
      throw new Error(
        `content-api-mock cannot find its own package.json above ${start.pathname}: reinstall the package.`,
      )
    }
  }
}

function isThisPackage(manifest: URL): boolean {
  try {
    return (
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown })
        .name === 'content-api-mock'
    )
  } catch {
    return false
  }
}
