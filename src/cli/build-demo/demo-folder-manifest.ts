import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { lstat, readFile } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * The file by which build-demo knows a folder it wrote: the files it wrote,
 * by path relative to the folder, each with its SHA-256. A user's folder
 * cannot hold it by accident, as one holding a `demo-options.json` may.
 */
export const DEMO_MANIFEST_FILE = '.content-api-mock-build-demo.json'
const WRITTEN_BY = 'content-api-mock build-demo'

/** The files build-demo wrote into a folder, with their hashes. */
export type DemoManifest = ReadonlyMap<string, string>

/**
 * The manifest of `directory`, or `undefined` when it holds none that
 * build-demo wrote (missing, not JSON, or not in its form).
 * @example
 * const owned = await readDemoManifest('public/demo')
 */
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

/**
 * The manifest's text for the files written (path → SHA-256).
 * @example
 * await writeFileAtomically(join(dir, DEMO_MANIFEST_FILE), formatDemoManifest(written))
 */
export function formatDemoManifest(files: DemoManifest): string {
  const sorted = Object.fromEntries(
    [...files].sort(([a], [b]) => (a < b ? -1 : 1)),
  )
  return `${JSON.stringify({ writtenBy: WRITTEN_BY, version: 1, files: sorted }, null, 2)}\n`
}

/**
 * The SHA-256 of the regular file at `path` (links not followed), `null`
 * when nothing is there, `'other'` for anything but a regular file.
 * @example
 * const hash = await hashExistingFile('public/demo/index.html')
 */
export async function hashExistingFile(
  path: string,
): Promise<string | null | 'other'> {
  const stats = await lstat(path).catch(() => undefined)
  if (stats === undefined) return null
  if (!stats.isFile()) return 'other'
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** A path inside the folder: `/`-separated names, none empty, `.` or `..`. */
function isRelativePath(path: string): boolean {
  return path
    .split('/')
    .every(
      (name) =>
        name !== '' && name !== '.' && name !== '..' && !name.includes('\\'),
    )
}
