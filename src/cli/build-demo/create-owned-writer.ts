import { createHash, randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, realpath, rename, rm, rmdir } from 'node:fs/promises'
import { basename, dirname, join, relative, sep } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  DEMO_MANIFEST_FILE,
  formatDemoManifest,
  hashExistingFile,
  type DemoManifest,
} from './demo-folder-manifest.js'
import { writeFileAtomically } from '../files/write-file-atomically.js'

/** What an owned writer wrote, and what it left alone and why. */
export interface OwnedWrites {
  files: number
  bytes: number
  /** One line per file kept as it was instead of replaced or removed. */
  warnings: string[]
}

/**
 * Writes files into a build-demo folder without touching a file it did not
 * write: one is replaced only when the manifest lists it with the hash it
 * still has; a file there that the manifest does not list, or that changed
 * since, is kept (with a warning). `finish` removes what the last build
 * wrote and this one did not (unchanged ones only) and writes the new
 * manifest. Each file goes to a temporary file first, then is renamed.
 * @example
 * const writer = createOwnedWriter(dir, await readDemoManifest(dir))
 * await writer.write('index.html', html)
 * const { files, warnings } = await writer.finish()
 */
export function createOwnedWriter(
  directory: string,
  previous: DemoManifest,
): OwnedWriter {
  return new OwnedWriter(directory, previous)
}

/** The writer `createOwnedWriter` makes. */
export class OwnedWriter {
  readonly #directory: string
  readonly #previous: DemoManifest
  /** The files written, with their hashes: the next manifest. */
  readonly #written = new Map<string, string>()
  readonly #warnings: string[] = []
  // Paths this build would have written but kept as they were (warned once).
  readonly #kept = new Set<string>()
  #bytes = 0

  constructor(directory: string, previous: DemoManifest) {
    this.#directory = directory
    this.#previous = previous
  }

  /** Writes `data` as `path` (relative, `/`-separated). */
  write(path: string, data: string | Uint8Array): Promise<void> {
    return this.#put(path, async (temporary) => {
      const buffer = typeof data === 'string' ? Buffer.from(data) : data
      await pipeline([buffer], createWriteStream(temporary))
      const hash = createHash('sha256').update(buffer).digest('hex')
      return { hash, size: buffer.byteLength }
    })
  }

  /** Writes `chunks` (an opened file's stream) as `path`, as they come. */
  copy(path: string, chunks: AsyncIterable<Uint8Array>): Promise<void> {
    return this.#put(path, async (temporary) => {
      const hash = createHash('sha256')
      let size = 0
      const tap = new Transform({
        transform(chunk: Buffer, _, done) {
          hash.update(chunk)
          size += chunk.byteLength
          done(null, chunk)
        },
      })
      await pipeline(chunks, tap, createWriteStream(temporary))
      return { hash: hash.digest('hex'), size }
    })
  }

  /**
   * Removes what the last build wrote and this one did not (unchanged ones
   * only, and the folders that leaves empty), then writes the manifest.
   */
  async finish(): Promise<OwnedWrites> {
    const emptied = await this.#removeLeftovers()
    // Folders left empty by the removals go too; rmdir never removes a
    // folder that holds anything.
    for (const folder of [...emptied].sort((a, b) => b.length - a.length)) {
      await removeEmptyFolders(folder, this.#directory)
    }
    // Last, so that a build cut short still owns what the last one wrote.
    await writeFileAtomically(
      join(this.#directory, DEMO_MANIFEST_FILE),
      formatDemoManifest(this.#written),
    )
    return {
      files: this.#written.size,
      bytes: this.#bytes,
      warnings: this.#warnings,
    }
  }

  /** Writes `path` through a temporary file that `fill` fills, then renames it. */
  async #put(
    path: string,
    fill: (temporary: string) => Promise<{ hash: string; size: number }>,
  ): Promise<void> {
    const absolute = join(this.#directory, ...path.split('/'))
    if (!(await this.#mayWrite(path, absolute))) return
    await mkdir(dirname(absolute), { recursive: true })
    const temporary = join(
      dirname(absolute),
      `.${basename(absolute)}.${randomBytes(4).toString('hex')}.tmp`,
    )
    try {
      const { hash, size } = await fill(temporary)
      await rename(temporary, absolute)
      this.#written.set(path, hash)
      this.#bytes += size
    } catch (error) {
      await rm(temporary, { force: true })
      throw error
    }
  }

  /** Whether `path` may be written: nothing there, or ours unchanged. */
  async #mayWrite(path: string, absolute: string): Promise<boolean> {
    if (!(await this.#isInsideFolder(absolute))) {
      this.#kept.add(path)
      this.#warnings.push(
        `${path}: its folder is a link that leads out of ${this.#directory}; not written`,
      )
      return false
    }
    const found = await hashExistingFile(absolute)
    if (found === null || found === this.#previous.get(path)) return true
    this.#kept.add(path)
    this.#warnings.push(
      this.#previous.has(path)
        ? `${path} changed since build-demo wrote it; kept as it is (delete it to get the new one)`
        : `${path} was not written by build-demo; kept as it is (delete it to get the demo's)`,
    )
    return false
  }

  /** Removes the last build's files this one did not write; returns their folders. */
  async #removeLeftovers(): Promise<Set<string>> {
    const emptied = new Set<string>()
    for (const [path, hash] of this.#previous) {
      if (this.#written.has(path) || this.#kept.has(path)) continue
      const absolute = join(this.#directory, ...path.split('/'))
      if (!(await this.#isInsideFolder(absolute))) continue
      const found = await hashExistingFile(absolute)
      if (found === null) continue
      if (found === hash) {
        await rm(absolute)
        emptied.add(dirname(absolute))
      } else {
        this.#warnings.push(
          `${path}: build-demo wrote it before and no longer does, but it changed since; kept as it is`,
        )
      }
    }
    return emptied
  }

  /** Whether `absolute`'s folder is, by real path, inside the output folder. */
  async #isInsideFolder(absolute: string): Promise<boolean> {
    const parent = await realpathOfNearest(dirname(absolute))
    const root = await realpath(this.#directory)
    return parent === root || parent.startsWith(root + sep)
  }
}

/** Removes `folder` and each empty parent up to (not including) `root`. */
async function removeEmptyFolders(folder: string, root: string) {
  for (let at = folder; relative(root, at) !== ''; at = dirname(at)) {
    const removed = await rmdir(at).then(
      () => true,
      () => false,
    )
    if (!removed) break
  }
}

/**
 * The real path of `path`'s nearest folder that exists: a link on the way
 * to a folder still to be made leads where `mkdir` would follow it.
 */
async function realpathOfNearest(path: string): Promise<string> {
  for (let at = path; ; at = dirname(at)) {
    const real = await realpath(at).catch(() => undefined)
    if (real !== undefined || dirname(at) === at) return real ?? at
  }
}
