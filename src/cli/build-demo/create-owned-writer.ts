import { createHash, type Hash } from 'node:crypto'
import { realpath, rm, rmdir } from 'node:fs/promises'
import { CliError } from '../cli-error.js'
import { writeFileAtomically } from '../files/write-file-atomically.js'
import { FolderHandle } from '../../server/files/folder-handle.js'
import { UserFileError } from '../../server/files/user-file-error.js'
import {
  DEMO_MANIFEST_FILE,
  formatDemoManifest,
  hashEntry,
  type DemoManifest,
} from './demo-folder-manifest.js'
import { OutputFolders } from './output-folders.js'

export async function createOwnedWriter(
  directory: string,
  previous: DemoManifest,
): Promise<OwnedWriter> {
  return new OwnedWriter(
    directory,
    previous,
    new OutputFolders(await FolderHandle.open(await realpath(directory))),
  )
}

/**
 * Writes files into a build-demo folder without touching a file it did not
 * write: one is replaced only when the manifest lists it with the hash it
 * still has; any other is kept (with a warning). `finish` removes what the
 * last build wrote and this one did not (unchanged ones only). Every step
 * goes through the output's folders held open (`OutputFolders`), so a folder
 * swapped for a link meanwhile leads nothing out of the output.
 * @note A failure is one line (`CliError`), after the manifest lists what
 * the folder holds of this build's files, so the next build replaces them.
 */
export class OwnedWriter {
  readonly #written = new Map<string, string>()
  readonly #warnings: string[] = []
  // Paths this build would have written but kept as they were (warned once).
  readonly #kept = new Set<string>()
  #bytes = 0
  readonly #directory: string
  readonly #previous: DemoManifest
  readonly #folders: OutputFolders

  constructor(
    directory: string,
    previous: DemoManifest,
    folders: OutputFolders,
  ) {
    this.#directory = directory
    this.#previous = previous
    this.#folders = folders
  }

  /** `path` is relative, `/`-separated. */
  write(path: string, data: string | Uint8Array): Promise<void> {
    const buffer = typeof data === 'string' ? Buffer.from(data) : data
    return this.copy(path, [buffer])
  }

  async copy(
    path: string,
    chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  ): Promise<void> {
    const { names, name } = splitPath(path)
    try {
      const folder = await this.#folders.find(names, { create: true })
      if ('problem' in folder) {
        this.#keep(path, `${path}: ${folder.problem}; not written`)
        return
      }
      if (!(await this.#mayReplace(path, folder, name))) return
      const hash = createHash('sha256')
      await folder.check()
      this.#bytes += await writeFileAtomically(
        folder.at(name),
        hashing(chunks, hash),
      )
      this.#written.set(path, hash.digest('hex'))
    } catch (error) {
      throw await this.#fail(path, error)
    }
  }

  async finish() {
    let path = DEMO_MANIFEST_FILE
    try {
      const emptied = new Set<string>()
      for (const [owned, hash] of this.#previous) {
        if (this.#written.has(owned) || this.#kept.has(owned)) continue
        path = owned
        if (await this.#removeOwned(owned, hash)) {
          emptied.add(splitPath(owned).names.join('/'))
        }
      }
      await this.#removeEmptied(emptied)
      path = DEMO_MANIFEST_FILE
      await this.#writeManifest(this.#written)
    } catch (error) {
      throw await this.#fail(path, error)
    } finally {
      await this.#folders.close()
    }
    return {
      files: this.#written.size,
      bytes: this.#bytes,
      warnings: this.#warnings,
    }
  }

  /** Ends a build that failed: the manifest lists what it wrote and what the last one did. */
  async abandon(): Promise<void> {
    const owned = new Map([...this.#previous, ...this.#written])
    await this.#writeManifest(owned).catch(() => {})
    await this.#folders.close().catch(() => {})
  }

  async #mayReplace(
    path: string,
    folder: FolderHandle,
    name: string,
  ): Promise<boolean> {
    const found = await hashEntry(folder, name)
    if (found === null || found === this.#previous.get(path)) return true
    return this.#keep(
      path,
      this.#previous.has(path)
        ? `${path} changed since build-demo wrote it; kept as it is (delete it to get the new one)`
        : `${path} was not written by build-demo; kept as it is (delete it to get the demo's)`,
    )
  }

  #keep(path: string, warning: string): false {
    this.#kept.add(path)
    this.#warnings.push(warning)
    return false
  }

  async #removeOwned(path: string, hash: string): Promise<boolean> {
    const { names, name } = splitPath(path)
    const folder = await this.#folders.find(names, { create: false })
    if ('problem' in folder) return false
    const found = await hashEntry(folder, name)
    if (found === null) return false
    if (found !== hash) {
      this.#warnings.push(
        `${path}: build-demo wrote it before and no longer does, but it changed since; kept as it is`,
      )
      return false
    }
    await folder.check()
    await rm(folder.at(name))
    return true
  }

  // Deepest first, each from its parent held open; rmdir never removes a
  // folder that holds anything.
  async #removeEmptied(emptied: ReadonlySet<string>): Promise<void> {
    const deepestFirst = [...emptied].sort((a, b) => b.length - a.length)
    for (const folder of deepestFirst) {
      const names = folder === '' ? [] : folder.split('/')
      while (names.length > 0) {
        const name = names.pop()!
        const parent = await this.#folders.find(names, { create: false })
        if ('problem' in parent) break
        await parent.check()
        const removed = await rmdir(parent.at(name)).then(
          () => true,
          () => false,
        )
        if (!removed) break
      }
    }
  }

  async #writeManifest(files: DemoManifest): Promise<void> {
    const root = this.#folders.root
    await root.check()
    await writeFileAtomically(
      root.at(DEMO_MANIFEST_FILE),
      formatDemoManifest(files),
    )
  }

  async #fail(path: string, error: unknown): Promise<unknown> {
    await this.abandon()
    if (error instanceof CliError) return error
    if (error instanceof UserFileError) {
      return new CliError(
        `Cannot copy ${error.path} into ${path}: ${error.problem} (it changed while build-demo ran). Run build-demo again.`,
      )
    }
    const { code, message } = error as NodeJS.ErrnoException
    if (code === undefined) return error
    return new CliError(
      `build-demo could not write ${path} in ${this.#directory}: ${message}. If another program changed the folder meanwhile, run build-demo again: the files it wrote are listed in ${DEMO_MANIFEST_FILE}, so the next run replaces them.`,
    )
  }
}

function splitPath(path: string): { names: string[]; name: string } {
  const names = path.split('/')
  const name = names.pop()!
  return { names, name }
}

async function* hashing(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  hash: Hash,
): AsyncIterable<Uint8Array> {
  for await (const chunk of chunks) {
    hash.update(chunk)
    yield chunk
  }
}
