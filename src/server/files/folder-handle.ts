import { constants, existsSync } from 'node:fs'
import { lstat, open, realpath, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { UserFileError } from './user-file-error.js'

// @note O_NOFOLLOW: a folder opened is never a link itself; the walk that
// led to it reads links and decides where they may lead (`walkBeneath`).
const FOLDER_FLAGS =
  constants.O_RDONLY |
  (constants.O_DIRECTORY ?? 0) |
  (constants.O_NOFOLLOW ?? 0)

let procFd: boolean | undefined

/**
 * Whether this system names an open folder's entries by its descriptor:
 * `/proc/self/fd/<fd>/<name>` is resolved from the folder the descriptor
 * holds, wherever that folder is now, as `openat(fd, name)` would be; Node
 * 20 has no binding to the *at calls, and this is the way to them (Linux,
 * with /proc mounted).
 */
export function namesEntriesByDescriptor(): boolean {
  procFd ??= process.platform === 'linux' && existsSync('/proc/self/fd')
  return procFd
}

/**
 * A folder held open, whose entries are reached from the folder itself and
 * not again through the names on the way to it: renaming or replacing a
 * folder on its path with a link, after it was opened, does not change
 * which folder `at(name)` names.
 * @note On Linux `at(name)` goes through the descriptor (see
 * `namesEntriesByDescriptor`). Elsewhere (macOS, Windows) it is the path
 * the folder had, and `check()` says whether it still leads to the same
 * folder without a link on the way: a window of a few system calls stays.
 */
export class FolderHandle {
  /** Its real path when it was opened. */
  readonly path: string
  readonly #handle: FileHandle | undefined
  readonly #identity: { dev: number; ino: number } | undefined
  #closed = false

  private constructor(
    path: string,
    handle: FileHandle | undefined,
    identity: { dev: number; ino: number } | undefined,
  ) {
    this.path = path
    this.#handle = handle
    this.#identity = identity
  }

  /**
   * Opens the folder at `path`, a real path (no link on the way, see
   * `fs.realpath`); a link there now rejects with `ELOOP` or `ENOTDIR`.
   */
  static async open(path: string): Promise<FolderHandle> {
    return FolderHandle.#openAt(path, path)
  }

  /**
   * Opens the folder `name` of this one; a link there, or anything but a
   * folder, rejects with `ELOOP` or `ENOTDIR`.
   */
  openFolder(name: string): Promise<FolderHandle> {
    return FolderHandle.#openAt(this.at(name), join(this.path, name))
  }

  static async #openAt(at: string, path: string): Promise<FolderHandle> {
    if (!namesEntriesByDescriptor()) {
      const stats = await lstat(at)
      if (stats.isSymbolicLink()) throw errno('ELOOP', at)
      if (!stats.isDirectory()) throw errno('ENOTDIR', at)
      return new FolderHandle(path, undefined, stats)
    }
    // @note Through the descriptor, `check` has nothing to compare: the
    // identity is kept only for folders reached by path.
    return new FolderHandle(path, await open(at, FOLDER_FLAGS), undefined)
  }

  /** The path that reaches the entry `name` of this folder. */
  at(name: string): string {
    return this.#handle === undefined
      ? join(this.path, name)
      : `/proc/self/fd/${this.#handle.fd}/${name}`
  }

  /**
   * Resolves when this folder is still reached by its path, without a link
   * on the way (at once where `at` goes through its descriptor).
   * @throws {UserFileError} (rejects) with reason `outside` otherwise.
   */
  async check(): Promise<void> {
    const identity = this.#identity
    if (identity === undefined) return
    const [real, stats] = await Promise.all([
      realpath(this.path).catch(() => undefined),
      lstat(this.path).catch(() => undefined),
    ])
    if (
      real !== this.path ||
      stats?.dev !== identity.dev ||
      stats.ino !== identity.ino
    ) {
      throw new UserFileError(
        this.path,
        'outside',
        'the folder was moved, or replaced by a link, while it was read',
      )
    }
  }

  /** Lets go of the folder (once); `at` must not be used afterwards. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await this.#handle?.close()
  }
}

function errno(code: string, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${path}`), { code, path })
}
