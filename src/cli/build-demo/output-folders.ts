import { mkdir, readlink } from 'node:fs/promises'
import { FolderHandle } from '../../server/files/folder-handle.js'

/**
 * The folders of a build-demo output, held open from its root down, one
 * name at a time and never through a link (`FolderHandle`): once found, a
 * folder stays the one written into and removed from, even if a name on
 * its path is swapped for a link meanwhile, so nothing outside the output
 * is ever written or removed.
 */
export class OutputFolders {
  readonly #found = new Map<string, FolderHandle>()

  constructor(readonly root: FolderHandle) {}

  /** The folder at `names` below the root (made with `create`), or why it cannot be written into. */
  async find(
    names: readonly string[],
    { create }: { create: boolean },
  ): Promise<FolderHandle | { problem: string }> {
    let folder = this.root
    for (const [index, name] of names.entries()) {
      const key = names.slice(0, index + 1).join('/')
      const child =
        this.#found.get(key) ?? (await openChild(folder, name, key, create))
      if (!(child instanceof FolderHandle)) return child
      this.#found.set(key, child)
      folder = child
    }
    return folder
  }

  async close(): Promise<void> {
    for (const folder of this.#found.values()) await folder.close()
    this.#found.clear()
    await this.root.close()
  }
}

async function openChild(
  parent: FolderHandle,
  name: string,
  path: string,
  create: boolean,
): Promise<FolderHandle | { problem: string }> {
  try {
    return await parent.openFolder(name)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' && create) {
      await mkdir(parent.at(name)).catch((reason: NodeJS.ErrnoException) => {
        if (reason.code !== 'EEXIST') throw reason
      })
      return openChild(parent, name, path, false)
    }
    if (code === 'ENOENT') return { problem: `${path} is missing` }
    if (code !== 'ELOOP' && code !== 'ENOTDIR') throw error
    const target = await readlink(parent.at(name)).catch(() => undefined)
    return {
      problem:
        target === undefined
          ? `${path} is not a folder`
          : `its folder ${path} is a link (to ${target}), and build-demo writes only into folders of the output itself`,
    }
  }
}
