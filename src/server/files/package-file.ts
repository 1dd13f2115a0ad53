import { existsSync, readFileSync } from 'node:fs'

let root: URL | undefined

// By walking up, not `../..`: this module runs from dist/server/files/ and
// inlined in dist/chunks/ (scripts/build-bundles.js).
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
