import { randomBytes } from 'node:crypto'
import { rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/**
 * Writes `data` to `path` whole or not at all: into a hidden temporary file
 * beside it, then renamed over it, so a reader (or `--watch`) never sees
 * half a file and a failed write leaves the old file as it was. Every file
 * the CLI writes for the user goes through here.
 * @example
 * await writeFileAtomically('recording.json', `${JSON.stringify(document, null, 2)}\n`)
 */
export async function writeFileAtomically(
  path: string,
  data: string | Uint8Array,
): Promise<void> {
  // Beside the target, so the rename stays on one file system.
  const temporary = join(
    dirname(path),
    `.${basename(path)}.${randomBytes(4).toString('hex')}.tmp`,
  )
  try {
    await writeFile(temporary, data)
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}
