import { join } from 'node:path'
import { readBodyChunks, type BodyLimits } from '../crawl/read-body-chunks.js'
import { writeFileAtomically } from '../files/write-file-atomically.js'

/** The kind of an asset and the extension the server's `--media-dir` serves it by. */
const SERVED_EXTENSIONS = { thumbnail: '.jpg', video: '.mp4' } as const

const EXTENSIONS_BY_TYPE: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/jpg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'image/gif': '.gif',
  'video/mp4': '.mp4',
  'video/webm': '.webm',
  'video/quicktime': '.mov',
}

export type SavedMediaFile = Awaited<ReturnType<typeof saveMediaFile>>

/**
 * Saves one downloaded asset as `<movie_unique><extension>` in `directory`,
 * the extension following its `Content-Type` (`.jpg` and `.mp4` when it says
 * nothing), so that the server's `--media-dir` serves each movie its own
 * thumbnail and video. The body goes to disk as it arrives (a temporary
 * file, renamed once whole), within `limits`: a body over the cap or idle
 * too long leaves no file.
 */
export async function saveMediaFile(
  directory: string,
  movieUnique: string,
  kind: keyof typeof SERVED_EXTENSIONS,
  response: Response,
  limits: BodyLimits,
) {
  const contentType = response.headers.get('content-type')
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? ''
  const extension = EXTENSIONS_BY_TYPE[type] ?? SERVED_EXTENSIONS[kind]
  const name = `${movieUnique}${extension}`
  const bytes = await writeFileAtomically(
    join(directory, name),
    readBodyChunks(response, limits),
  )
  // False for a type the server's `--media-dir` does not serve (a PNG thumbnail).
  const served = extension === SERVED_EXTENSIONS[kind]
  return { name, bytes, served }
}
