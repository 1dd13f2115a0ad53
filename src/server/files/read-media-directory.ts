import { readdir, readFile, stat } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { createFileMedia } from '../../media/create-file-media.js'
import type { MediaLibrary } from '../../media/media-library.js'
import { OptionsError } from '../../schema/options-error.js'

/** The thumbnails and videos a media folder holds, by file name. */
export interface MediaDirectory {
  library: MediaLibrary
  thumbnails: readonly string[]
  videos: readonly string[]
}

const FIX =
  'Pass --media-dir (the server option mediaDir) a folder that holds .jpg or .jpeg thumbnails, .mp4 videos, or both.'

/**
 * Serves a folder's own files behind the asset URLs: a movie's thumbnail is
 * one of its `.jpg`/`.jpeg` files and its video one of its `.mp4` files,
 * each picked from the files sorted by name with the FNV-1a hash of the
 * movie's ID. A folder with only one kind serves the built-in media for the
 * other. Files are read on each request, so they may be replaced while the
 * server runs.
 * @throws {OptionsError} (one line) when the folder cannot be read or holds
 * neither kind of file.
 * @example
 * const { library } = await readMediaDirectory('./media')
 */
export async function readMediaDirectory(
  directory: string,
): Promise<MediaDirectory> {
  let names: string[]
  try {
    if (!(await stat(directory)).isDirectory()) {
      throw fail(directory, 'it is a file, not a folder')
    }
    names = await readdir(directory)
  } catch (error) {
    if (error instanceof OptionsError) throw error
    const code = (error as NodeJS.ErrnoException).code
    throw fail(
      directory,
      code === 'ENOENT'
        ? `no such folder (looked in ${process.cwd()})`
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : (error as Error).message,
    )
  }
  const visible = names.filter((name) => !name.startsWith('.')).sort()
  const ofType = (...extensions: string[]) =>
    visible.filter((name) => extensions.includes(extname(name).toLowerCase()))
  const thumbnails = ofType('.jpg', '.jpeg')
  const videos = ofType('.mp4')
  if (thumbnails.length === 0 && videos.length === 0) {
    throw fail(
      directory,
      visible.length === 0
        ? 'the folder is empty'
        : `it holds no .jpg, .jpeg or .mp4 file (only ${describe(visible)})`,
    )
  }

  return {
    thumbnails,
    videos,
    library: createFileMedia({
      thumbnails,
      videos,
      read: async (name) =>
        new Uint8Array(await readFile(join(directory, name))),
    }),
  }
}

function fail(directory: string, problem: string): OptionsError {
  const message = `Cannot serve media from ${directory}: ${problem}. ${FIX}`
  return new OptionsError(message, [{ path: 'mediaDir', message: problem }])
}

function describe(names: readonly string[]): string {
  const shown = names.slice(0, 3).join(', ')
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown
}
