import { randomBytes } from 'node:crypto'
import { rename, rm, stat, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/**
 * Writes `data` (whole, or chunks as they come) to `path` whole or not at
 * all: into a hidden temporary file beside it, then renamed over it, so a
 * reader (or `--watch`) never sees half a file and a failed write (or a
 * failure of the chunks) leaves the old file as it was. Every file the CLI
 * writes for the user goes through here. Resolves with the bytes written.
 */
export async function writeFileAtomically(
  path: string,
  data: string | Uint8Array | AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<number> {
  // Beside `path`, so that the rename stays on one file system.
  const temporary = join(
    dirname(path),
    `.${basename(path)}.${randomBytes(4).toString('hex')}.tmp`,
  )
  try {
    await writeFile(temporary, data)
    const { size } = await stat(temporary)
    await rename(temporary, path)
    return size
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}
