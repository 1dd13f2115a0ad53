import { isAbsolute, relative, sep } from 'node:path'

// By names alone: give real paths to compare where they are on disk.
export function isInsideFolder(path: string, folder: string): boolean {
  const rel = relative(folder, path)
  return (
    rel === '' ||
    (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel))
  )
}
