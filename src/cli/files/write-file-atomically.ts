import { randomBytes } from 'node:crypto'
import { open, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/**
 * Writes `data` to `path` whole or not at all: into a hidden temporary file
 * beside it, then renamed over it, so a reader (or `--watch`) never sees
 * half a file and a failed write leaves the old file as it was. Every file
 * the CLI writes for the user goes through here.
 */
export async function writeFileAtomically(
  path: string,
  data: string | Uint8Array,
): Promise<void> {
  await writeStreamAtomically(path, [
    typeof data === 'string' ? Buffer.from(data) : data,
  ])
}

/** `writeFileAtomically` for chunks as they come: a failure of `chunks` leaves no file. Resolves with the bytes written. */
export async function writeStreamAtomically(
  path: string,
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<number> {
  // Beside `path`, so that the rename stays on one file system.
  const temporary = join(
    dirname(path),
    `.${basename(path)}.${randomBytes(4).toString('hex')}.tmp`,
  )
  let size = 0
  try {
    const file = await open(temporary, 'w')
    try {
      for await (const chunk of chunks) {
        await file.write(chunk)
        size += chunk.byteLength
      }
    } finally {
      await file.close()
    }
    await rename(temporary, path)
    return size
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}
