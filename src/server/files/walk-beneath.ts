import { readlink, realpath } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { FolderHandle, namesEntriesByDescriptor } from './folder-handle.js'
import { isInsideFolder } from './is-inside-folder.js'
import { UserFileError } from './user-file-error.js'

/** What the last step of a walk returns for an entry that is a link. */
export const LINK = Symbol('link')

/** Links a walk follows at most, as Linux's path resolution does. */
const MAX_LINKS = 40

/**
 * The last step of a walk: reads or opens the entry `name` of `parent`
 * without following a link there (answering `LINK` for one).
 */
export type ReachEntry<T> = (
  parent: FolderHandle,
  name: string,
) => Promise<T | typeof LINK>

/**
 * Walks from `folder` to its entry `name`, following links only while they
 * lead to places beneath it, and hands the entry it ends at to `reach`
 * with its real path. Every step goes from a folder held open to one of
 * its entries without following a link (`FolderHandle`), so a folder on
 * the way swapped for a link while the walk runs cannot lead it out: it
 * reads the link and goes where the link says, or refuses.
 * @note A link leading above the folder, or to an absolute path not under
 * its real path, is resolved (`fs.realpath`) only to see where it ends:
 * inside, the walk starts again from the folder with the rest of that real
 * path; outside, it refuses. Neither is ever opened on that path.
 * @throws {UserFileError} (rejects) with reason `outside` for a link out of
 * the folder, `missing` for a link to nothing or one that goes in a circle,
 * and the file system's error of any other step.
 */
export async function walkBeneath<T>(
  folder: FolderHandle,
  name: string,
  reach: ReachEntry<T>,
): Promise<{ value: T; path: string }> {
  const walk = new Walk(folder, name)
  try {
    for (;;) {
      const found = await walk.step(reach)
      if (found !== undefined) return found
    }
  } finally {
    await walk.close()
  }
}

/** Where a walk stands: the folders it holds open, and what is left. */
class Walk {
  readonly #root: FolderHandle
  /** Folders opened below the root, the last one innermost. */
  #chain: FolderHandle[] = []
  #pending: string[]
  #links = 0
  #followed = false

  constructor(root: FolderHandle, name: string) {
    this.#root = root
    this.#pending = [name]
  }

  get #parent(): FolderHandle {
    return this.#chain.at(-1) ?? this.#root
  }

  /** One name of the path further; the entry at the end, once there. */
  async step<T>(
    reach: ReachEntry<T>,
  ): Promise<{ value: T; path: string } | undefined> {
    const part = this.#pending.shift()!
    if (part === '..') return this.#climb()
    const parent = this.#parent
    const path = join(parent.path, part)
    if (this.#pending.length === 0) {
      const value = await reach(parent, part).catch((error: unknown) => {
        throw this.#explain(path, error)
      })
      if (value !== LINK) {
        await this.#checkChain()
        return { value, path }
      }
    } else {
      if (!namesEntriesByDescriptor()) throw subfolderRefused(path)
      const child = await parent.openFolder(part).catch(async (error) => {
        // ELOOP or ENOTDIR for a link; readlink tells.
        if (!['ELOOP', 'ENOTDIR'].includes(codeOf(error))) {
          throw this.#explain(path, error)
        }
        const isLink = await readlink(parent.at(part)).then(
          () => true,
          () => false,
        )
        if (!isLink) throw this.#explain(path, error)
      })
      if (child !== undefined) {
        this.#chain.push(child)
        return undefined
      }
    }
    await this.#follow(parent, part, path)
    return undefined
  }

  /** `..`: back one folder, or out of the root, to see where that leads. */
  async #climb(): Promise<undefined> {
    const last = this.#chain.pop()
    if (last === undefined) {
      await this.#leave([this.#root.path, '..', ...this.#pending].join('/'))
      return undefined
    }
    await last.close()
    if (this.#pending.length === 0) {
      throw new UserFileError(this.#parent.path, 'not-regular', 'a folder')
    }
    return undefined
  }

  /** Puts the link's target where the link was in the path still to walk. */
  async #follow(parent: FolderHandle, part: string, path: string) {
    this.#followed = true
    if (++this.#links > MAX_LINKS) {
      throw new UserFileError(path, 'missing', 'a link that goes in a circle')
    }
    // @note A link swapped for something else since the step saw it reads
    // EINVAL: the step is taken again (counted, so it ends).
    const target = await readlink(parent.at(part)).catch(() => part)
    const rest = this.#pending
    if (!target.startsWith('/')) {
      this.#pending = [...splitPath(target), ...rest]
      if (this.#pending.length === 0) this.#pending = ['.']
      return
    }
    const root = this.#root.path
    if (target.startsWith(root === '/' ? '/' : `${root}/`)) {
      await this.#restart([...splitPath(target.slice(root.length)), ...rest])
      return
    }
    await this.#leave([target, ...rest].join('/'))
  }

  /** Where a path that leaves the root leads: back inside, or refused. */
  async #leave(path: string): Promise<void> {
    let real: string
    try {
      real = await realpath(path)
    } catch (error) {
      throw this.#explain(path, error)
    }
    if (!isInsideFolder(real, this.#root.path)) {
      throw new UserFileError(
        path,
        'outside',
        `a link that leads out of the folder, to ${real}`,
      )
    }
    const rest = relative(this.#root.path, real).split(sep).filter(Boolean)
    await this.#restart(rest.length === 0 ? ['.'] : rest)
  }

  async #restart(pending: string[]): Promise<void> {
    await this.close()
    this.#chain = []
    this.#pending = pending.length === 0 ? ['.'] : pending
  }

  /** Elsewhere than Linux: that no folder on the way moved meanwhile. */
  async #checkChain(): Promise<void> {
    for (const folder of [this.#root, ...this.#chain]) await folder.check()
  }

  /** An error of a step, in the words of a user's file. */
  #explain(path: string, error: unknown): unknown {
    const code = codeOf(error)
    if (code === 'ENOENT' && this.#followed) {
      return new UserFileError(path, 'missing', 'a link to nothing')
    }
    if (code === 'ELOOP') {
      return new UserFileError(path, 'missing', 'a link that goes in a circle')
    }
    return error
  }

  async close(): Promise<void> {
    for (const folder of this.#chain) await folder.close()
  }
}

/**
 * Where folders are reached by path (macOS, Windows), a folder on the way
 * could be swapped for a link between any check and the open: only files
 * directly in the folder are reached there, whose last name is checked.
 */
function subfolderRefused(path: string): UserFileError {
  return new UserFileError(
    path,
    'outside',
    'a link into a subfolder, which only Linux can follow without a race (through /proc/self/fd); put the file directly in the folder',
  )
}

/** A link target's names, without empty ones and `.` (`a//b/./c`). */
function splitPath(path: string): string[] {
  return path.split('/').filter((name) => name !== '' && name !== '.')
}

function codeOf(error: unknown): string {
  return String((error as NodeJS.ErrnoException | null)?.code ?? '')
}
