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
export function createOwnedWriter(directory: string, previous: DemoManifest) {
  const written = new Map<string, string>()
  const warnings: string[] = []
  // Paths this build would have written but kept as they were (warned once).
  const kept = new Set<string>()
  let bytes = 0

  /** Whether `absolute`'s folder is, by real path, inside the output folder. */
  const isInsideFolder = async (absolute: string) => {
    const parent = await realpathOfNearest(dirname(absolute))
    const root = await realpath(directory)
    return parent === root || parent.startsWith(root + sep)
  }

  /** Whether `path` may be written: nothing there, or ours unchanged. */
  const mayWrite = async (path: string, absolute: string) => {
    if (!(await isInsideFolder(absolute))) {
      kept.add(path)
      warnings.push(
        `${path}: its folder is a link that leads out of ${directory}; not written`,
      )
      return false
    }
    const found = await hashExistingFile(absolute)
    if (found === null || found === previous.get(path)) return true
    kept.add(path)
    warnings.push(
      previous.has(path)
        ? `${path} changed since build-demo wrote it; kept as it is (delete it to get the new one)`
        : `${path} was not written by build-demo; kept as it is (delete it to get the demo's)`,
    )
    return false
  }

  const put = async (
    path: string,
    fill: (temporary: string) => Promise<{ hash: string; size: number }>,
  ) => {
    const absolute = join(directory, ...path.split('/'))
    if (!(await mayWrite(path, absolute))) return
    await mkdir(dirname(absolute), { recursive: true })
    const temporary = join(
      dirname(absolute),
      `.${basename(absolute)}.${randomBytes(4).toString('hex')}.tmp`,
    )
    try {
      const { hash, size } = await fill(temporary)
      await rename(temporary, absolute)
      written.set(path, hash)
      bytes += size
    } catch (error) {
      await rm(temporary, { force: true })
      throw error
    }
  }

  return {
    /** Writes `data` as `path` (relative, `/`-separated). */
    write: (path: string, data: string | Uint8Array) =>
      put(path, async (temporary) => {
        const buffer = typeof data === 'string' ? Buffer.from(data) : data
        await pipeline([buffer], createWriteStream(temporary))
        const hash = createHash('sha256').update(buffer).digest('hex')
        return { hash, size: buffer.byteLength }
      }),
    /** Writes `chunks` (an opened file's stream) as `path`, as they come. */
    copy: (path: string, chunks: AsyncIterable<Uint8Array>) =>
      put(path, async (temporary) => {
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
      }),
    async finish(): Promise<OwnedWrites> {
      const emptied = new Set<string>()
      for (const [path, hash] of previous) {
        if (written.has(path) || kept.has(path)) continue
        const absolute = join(directory, ...path.split('/'))
        if (!(await isInsideFolder(absolute))) continue
        const found = await hashExistingFile(absolute)
        if (found === null) continue
        if (found === hash) {
          await rm(absolute)
          emptied.add(dirname(absolute))
        } else {
          warnings.push(
            `${path}: build-demo wrote it before and no longer does, but it changed since; kept as it is`,
          )
        }
      }
      // Folders left empty by the removals go too; rmdir never removes a
      // folder that holds anything.
      for (const folder of [...emptied].sort((a, b) => b.length - a.length)) {
        for (
          let at = folder;
          relative(directory, at) !== '';
          at = dirname(at)
        ) {
          if (
            !(await rmdir(at).then(
              () => true,
              () => false,
            ))
          )
            break
        }
      }
      // Last, so that a build cut short still owns what the last one wrote.
      await writeFileAtomically(
        join(directory, DEMO_MANIFEST_FILE),
        formatDemoManifest(written),
      )
      return { files: written.size, bytes, warnings }
    },
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
