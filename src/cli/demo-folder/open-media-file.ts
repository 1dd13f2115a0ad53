import { constants } from 'node:fs'
import { open, realpath, type FileHandle } from 'node:fs/promises'
import { join, sep } from 'node:path'

/**
 * The largest `--media-dir` file build-demo copies: 4 GiB, the server's
 * limit of one media file.
 */
export const MAX_MEDIA_FILE_SIZE = 4 * 1024 ** 3

// O_NONBLOCK: opening a named pipe would wait for a writer for ever; with it
// the open returns and the type check refuses the pipe. O_NOFOLLOW: the
// path opened is a real path, so a link there now was put there since.
const OPEN_FLAGS =
  constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0)

/** A media file opened for copying, or why it cannot be copied. */
export type OpenedMediaFile =
  | { ok: true; handle: FileHandle; size: number }
  | { ok: false; problem: string }

/**
 * Opens `name` of the media folder for build-demo's copy by the rules every
 * reader of a user's files follows: a regular file, directly in the folder
 * or behind a link whose real path stays inside it, up to `maxFileSize`
 * bytes; never a pipe, a device or a folder. The caller closes the handle.
 * @note The one call to point at the server's user-folder module
 * (`openUserFolder(...).open(name)`) once both live in one place.
 * @example
 * const file = await openMediaFile('media', 'intro.mp4')
 * if (file.ok) await file.handle.close()
 */
export async function openMediaFile(
  directory: string,
  name: string,
  maxFileSize = MAX_MEDIA_FILE_SIZE,
): Promise<OpenedMediaFile> {
  let handle: FileHandle | undefined
  try {
    const root = await realpath(directory)
    const target = await realpath(join(directory, name))
    if (!target.startsWith(root + sep)) {
      return {
        ok: false,
        problem: `a link that leads out of the folder, to ${target}`,
      }
    }
    handle = await open(target, OPEN_FLAGS)
    const stats = await handle.stat()
    const problem = !stats.isFile()
      ? stats.isFIFO()
        ? 'a named pipe (FIFO)'
        : stats.isDirectory()
          ? 'a folder'
          : 'not a regular file'
      : stats.size > maxFileSize
        ? `${stats.size} bytes, over the limit of ${maxFileSize} a file may have`
        : undefined
    if (problem === undefined) return { ok: true, handle, size: stats.size }
    await handle.close()
    return { ok: false, problem }
  } catch (error) {
    await handle?.close().catch(() => {})
    const code = (error as NodeJS.ErrnoException).code
    return {
      ok: false,
      problem:
        code === 'ENOENT'
          ? 'nothing there (or a link to nothing)'
          : code === 'EACCES' || code === 'EPERM'
            ? 'permission denied'
            : (error as Error).message,
    }
  }
}
