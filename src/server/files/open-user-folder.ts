import { constants, type Stats } from 'node:fs'
import {
  access,
  lstat,
  open,
  readdir,
  realpath,
  stat,
  type FileHandle,
} from 'node:fs/promises'
import { join, sep } from 'node:path'
import type { ByteSource } from '../../media/byte-source.js'
import { createFileSource } from './create-file-source.js'
import { formatFileSize } from './format-file-size.js'
import { FolderHandle, namesEntriesByDescriptor } from './folder-handle.js'
import { UserFileError, type UserFileProblem } from './user-file-error.js'
import { LINK, walkBeneath, type ReachEntry } from './walk-beneath.js'

// 4 GiB: more than a feature-length video at streaming quality.
export const DEFAULT_MAX_FILE_SIZE = 4 * 1024 ** 3

// O_NONBLOCK: a named pipe's open would block a shared thread waiting for a
// writer; O_NOFOLLOW: only the walk follows links. Neither exists on Windows.
const OPEN_FLAGS =
  constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0)

export interface UserFile extends ByteSource {
  readonly name: string
  /** Its real path, inside the folder's. */
  readonly path: string
}

/**
 * The one place that reads a user's files (`--media-dir`, `build-demo`'s copy),
 * each reached from the folder held open (`walkBeneath`): regular files of
 * one name (no hard links), in the folder or behind links that lead beneath
 * it, up to a size limit; never read whole.
 * @throws {UserFileError} (rejects) when the folder cannot be read.
 */
export async function openUserFolder(
  directory: string,
  options: { maxFileSize?: number } = {},
) {
  const { maxFileSize = DEFAULT_MAX_FILE_SIZE } = options
  let root: string
  try {
    root = await realpath(directory)
    const stats = await stat(root)
    if (!stats.isDirectory()) {
      throw new UserFileError(directory, 'not-regular', 'it is not a folder')
    }
  } catch (error) {
    throw toUserFileError(directory, error)
  }
  const check = (stats: Stats, path: string) =>
    checkFile(stats, path, maxFileSize)

  return {
    /** Sorted by code point, dot names skipped, each checked as `open` would, unopened. */
    async list(accept: (name: string) => boolean = () => true) {
      let names: string[]
      try {
        names = await readdir(root)
      } catch (error) {
        throw toUserFileError(directory, error)
      }
      const files: Array<{ name: string; size: number }> = []
      const leftOut: Array<{
        name: string
        reason: UserFileProblem
        problem: string
      }> = []
      for (const name of names.sort()) {
        if (name.startsWith('.') || !accept(name)) continue
        try {
          const { value: stats } = await walkFrom(
            root,
            name,
            statReadableEntry(check),
          )
          files.push({ name, size: stats.size })
        } catch (error) {
          const { reason, problem } = toUserFileError(name, error)
          leftOut.push({ name, reason, problem })
        }
      }
      return { files, leftOut }
    },
    /** Checks the entry again: the folder may have changed since it was listed. */
    async open(name: string): Promise<UserFile> {
      const { value: handle, path } = await walkFrom(root, name, openEntry)
      try {
        const stats = await handle.stat()
        check(stats, path)
        return Object.assign(createFileSource(handle, stats.size, path), {
          name,
          path,
        })
      } catch (error) {
        await handle.close().catch(() => {})
        throw toUserFileError(path, error)
      }
    },
  }
}

// Opened again per walk: a handle held for the server's life would outlive a
// server closed without a word to it.
async function walkFrom<T>(root: string, name: string, reach: ReachEntry<T>) {
  const path = join(root, name)
  if (!isEntryName(name)) {
    throw new UserFileError(path, 'missing', 'not a name in the folder')
  }
  let folder: FolderHandle
  try {
    folder = await FolderHandle.open(root)
  } catch (error) {
    throw toUserFileError(root, error)
  }
  try {
    return await walkBeneath(folder, name, reach)
  } catch (error) {
    throw toUserFileError(path, error)
  } finally {
    await folder.close()
  }
}

async function openEntry(
  parent: FolderHandle,
  name: string,
): Promise<FileHandle | typeof LINK> {
  const at = parent.at(name)
  // By path (macOS, Windows): the file opened must be the one seen first.
  const seen = namesEntriesByDescriptor() ? undefined : await lstat(at)
  if (seen?.isSymbolicLink() === true) return LINK
  let handle: FileHandle
  try {
    handle = await open(at, OPEN_FLAGS)
  } catch (error) {
    // O_NOFOLLOW refuses a link with ELOOP.
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') return LINK
    throw error
  }
  if (seen === undefined) return handle
  const opened = await handle.stat()
  if (opened.dev === seen.dev && opened.ino === seen.ino) return handle
  await handle.close()
  throw new UserFileError(
    join(parent.path, name),
    'outside',
    'it was replaced while it was opened',
  )
}

// Never opens: a named pipe or a device is only looked at.
function statReadableEntry(check: (stats: Stats, path: string) => void) {
  return async (
    parent: FolderHandle,
    name: string,
  ): Promise<Stats | typeof LINK> => {
    const stats = await lstat(parent.at(name))
    if (stats.isSymbolicLink()) return LINK
    check(stats, join(parent.path, name))
    await access(parent.at(name), constants.R_OK)
    return stats
  }
}

// A hard-linked file may have a name outside the folder: refused.
function checkFile(stats: Stats, path: string, maxFileSize: number): void {
  if (!stats.isFile()) {
    throw new UserFileError(path, 'not-regular', describeKind(stats))
  }
  if (stats.nlink > 1) {
    throw new UserFileError(
      path,
      'outside',
      `a file with ${stats.nlink} names (hard links), whose other names may lie outside the folder`,
    )
  }
  if (stats.size > maxFileSize) {
    throw new UserFileError(
      path,
      'too-large',
      `${formatFileSize(stats.size)}, over the limit of ${formatFileSize(maxFileSize)} a file may have`,
    )
  }
}

function isEntryName(name: string): boolean {
  return (
    !['', '.', '..'].includes(name) &&
    !['/', sep, '\0'].some((part) => name.includes(part))
  )
}

function toUserFileError(path: string, error: unknown): UserFileError {
  if (error instanceof UserFileError) return error
  const code = (error as NodeJS.ErrnoException | null)?.code
  if (code === 'ENOENT') {
    return new UserFileError(path, 'missing', 'nothing is there')
  }
  if (code === 'ENOTDIR') {
    return new UserFileError(path, 'not-regular', 'it is not a folder')
  }
  if (code === 'EACCES' || code === 'EPERM') {
    return new UserFileError(path, 'unreadable', 'permission denied')
  }
  return new UserFileError(path, 'unreadable', (error as Error).message)
}

function describeKind(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder'
  if (stats.isFIFO()) return 'a named pipe (FIFO)'
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device'
  if (stats.isSocket()) return 'a socket'
  return 'not a regular file'
}
