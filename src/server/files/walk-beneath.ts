import { readlink, realpath } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { FolderHandle, namesEntriesByDescriptor } from './folder-handle.js'
import { isInsideFolder } from './is-inside-folder.js'
import { UserFileError } from './user-file-error.js'

export const LINK = Symbol('link')

// As Linux's path resolution.
const MAX_LINKS = 40

export type ReachEntry<T> = (
  parent: FolderHandle,
  name: string,
) => Promise<T | typeof LINK>

/**
 * Follows links only while they lead beneath `folder`, each step from a folder
 * held open. A link above it is only `realpath`ed to see where it ends.
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

class Walk {
  readonly #root: FolderHandle
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

  async #follow(parent: FolderHandle, part: string, path: string) {
    this.#followed = true
    if (++this.#links > MAX_LINKS) {
      throw new UserFileError(path, 'missing', 'a link that goes in a circle')
    }
    // A link swapped since the step saw it reads EINVAL: the step is retaken.
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

  async #checkChain(): Promise<void> {
    for (const folder of [this.#root, ...this.#chain]) await folder.check()
  }

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

// By path (macOS, Windows) a folder on the way could be swapped for a link
// between check and open: only files directly in the folder are reached.
function subfolderRefused(path: string): UserFileError {
  return new UserFileError(
    path,
    'outside',
    'a link into a subfolder, which only Linux can follow without a race (through /proc/self/fd); put the file directly in the folder',
  )
}

function splitPath(path: string): string[] {
  return path.split('/').filter((name) => name !== '' && name !== '.')
}

function codeOf(error: unknown): string {
  return String((error as NodeJS.ErrnoException | null)?.code ?? '')
}
