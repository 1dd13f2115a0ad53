import { createHash } from 'node:crypto'
import { constants } from 'node:fs'
import { lstat, open, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FolderHandle } from '../../server/files/folder-handle.js'

/**
 * The file by which build-demo knows a folder it wrote: the files it wrote,
 * by path relative to the folder, each with its SHA-256. A user's folder
 * cannot hold it by accident, as one holding a `demo-options.json` may.
 */
export const DEMO_MANIFEST_FILE = '.content-api-mock-build-demo.json'
const WRITTEN_BY = 'content-api-mock build-demo'
const ENTRY_FLAGS =
  constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)

/** Path → SHA-256 of the files build-demo wrote into a folder. */
export type DemoManifest = ReadonlyMap<string, string>

/** The manifest of `directory`, or `undefined` when it holds none that build-demo wrote. */
export async function readDemoManifest(
  directory: string,
): Promise<DemoManifest | undefined> {
  let value: unknown
  try {
    const path = join(directory, DEMO_MANIFEST_FILE)
    if (!(await lstat(path)).isFile()) return undefined
    value = JSON.parse(await readFile(path, 'utf8'))
  } catch {
    return undefined
  }
  const { writtenBy, files } = (value ?? {}) as Record<string, unknown>
  if (writtenBy !== WRITTEN_BY || typeof files !== 'object' || files === null) {
    return undefined
  }
  const entries = Object.entries(files).filter(
    (entry): entry is [string, string] =>
      typeof entry[1] === 'string' && isRelativePath(entry[0]),
  )
  return new Map(entries)
}

export function formatDemoManifest(files: DemoManifest): string {
  const sorted = Object.fromEntries(
    [...files].sort(([a], [b]) => (a < b ? -1 : 1)),
  )
  return `${JSON.stringify({ writtenBy: WRITTEN_BY, version: 1, files: sorted }, null, 2)}\n`
}

/**
 * The SHA-256 of the regular file `name` of `folder` (a link is not
 * followed), `null` when nothing is there, `'other'` for anything else; read
 * from the descriptor it checked, without waiting on a named pipe.
 */
export async function hashEntry(
  folder: FolderHandle,
  name: string,
): Promise<string | null | 'other'> {
  let handle
  try {
    handle = await open(folder.at(name), ENTRY_FLAGS)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return null
    if (code === 'ELOOP') return 'other'
    throw error
  }
  try {
    if (!(await handle.stat()).isFile()) return 'other'
    const hash = createHash('sha256')
    for await (const chunk of handle.createReadStream({ autoClose: false })) {
      hash.update(chunk as Buffer)
    }
    return hash.digest('hex')
  } finally {
    await handle.close()
  }
}

// A backslash is a character of a name (build-demo copies `x\y.jpg` as it
// is), but on Windows, where it separates names, such a path is not the folder's.
function isRelativePath(path: string): boolean {
  return path
    .split('/')
    .every(
      (name) =>
        name !== '' &&
        name !== '.' &&
        name !== '..' &&
        !name.includes('\0') &&
        !(process.platform === 'win32' && name.includes('\\')),
    )
}
