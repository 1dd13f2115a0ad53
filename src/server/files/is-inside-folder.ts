import { isAbsolute, relative, sep } from 'node:path'

/**
 * Whether `path` is `folder` or lies below it, by their names alone: give
 * both as real paths (`fs.realpath`) to compare where they are on disk.
 */
export function isInsideFolder(path: string, folder: string): boolean {
  const rel = relative(folder, path)
  return (
    rel === '' ||
    (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel))
  )
}
