import { randomUUID } from 'node:crypto'
import { rename, rm, writeFile } from 'node:fs/promises'

/**
 * Writes a file so that a reader sees the old content or the new, never a
 * part: into a temporary file beside it, then renamed over it.
 * @example
 * await writeFileAtomically('recorded.json', `${JSON.stringify(document, null, 2)}\n`)
 */
export async function writeFileAtomically(
  path: string,
  text: string,
): Promise<void> {
  const temporary = `${path}.${randomUUID().slice(0, 8)}.tmp`
  try {
    await writeFile(temporary, text)
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}
