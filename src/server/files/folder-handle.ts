import { constants, existsSync } from 'node:fs'
import { lstat, open, realpath, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { UserFileError } from './user-file-error.js'

// O_NOFOLLOW: only the walk (`walkBeneath`) decides where links may lead.
const FOLDER_FLAGS =
  constants.O_RDONLY |
  (constants.O_DIRECTORY ?? 0) |
  (constants.O_NOFOLLOW ?? 0)

let procFd: boolean | undefined

// `/proc/self/fd/<fd>/<name>` resolves as `openat(fd, name)` would, which Node
// 20 has no binding for (Linux, with /proc mounted).
export function namesEntriesByDescriptor(): boolean {
  procFd ??= process.platform === 'linux' && existsSync('/proc/self/fd')
  return procFd
}

/**
 * A folder held open: a link put on its path afterwards does not change what
 * `at(name)` names. Elsewhere than Linux `at` is the path, and `check()` says
 * whether it still leads there (a window of a few system calls stays).
 */
export class FolderHandle {
  readonly #handle: FileHandle | undefined
  readonly #identity: { dev: number; ino: number } | undefined
  #closed = false

  private constructor(
    readonly path: string,
    handle: FileHandle | undefined,
    identity: { dev: number; ino: number } | undefined,
  ) {
    this.#handle = handle
    this.#identity = identity
  }

  /** `path` is a real path; a link there now rejects with `ELOOP` or `ENOTDIR`. */
  static async open(path: string): Promise<FolderHandle> {
    return FolderHandle.#openAt(path, path)
  }

  /** A link there, or anything but a folder, rejects with `ELOOP` or `ENOTDIR`. */
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
    return new FolderHandle(path, await open(at, FOLDER_FLAGS), undefined)
  }

  at(name: string): string {
    return this.#handle === undefined
      ? join(this.path, name)
      : `/proc/self/fd/${this.#handle.fd}/${name}`
  }

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

  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await this.#handle?.close()
  }
}

function errno(code: string, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${path}`), { code, path })
}
