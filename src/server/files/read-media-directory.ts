import { extname } from 'node:path'
import * as z from 'zod'
import type { ByteSource } from '../../media/byte-source.js'
import { createFileMedia } from '../../media/create-file-media.js'
import { MediaUnavailableError } from '../../media/media-unavailable-error.js'
import {
  integerOptionSchema,
  type IntegerOptionRule,
} from '../../schema/option-rules.js'
import { OptionsError } from '../../schema/options-error.js'
import { parseOptions } from '../../schema/parse-options.js'
import { formatFileSize } from './format-file-size.js'
import { DEFAULT_MAX_FILE_SIZE, openUserFolder } from './open-user-folder.js'
import { UserFileError } from './user-file-error.js'

export const MEDIA_FILE_SIZE_RULE = {
  min: 1,
  max: Number.MAX_SAFE_INTEGER,
  default: DEFAULT_MAX_FILE_SIZE,
  summary:
    'largest file in bytes a media folder serves; larger ones are left out with a warning',
} as const satisfies IntegerOptionRule

const FIX =
  'Pass --media-dir (the server option mediaDir) a folder that holds .jpg or .jpeg thumbnails, .mp4 videos, or both.'
const MEDIA_TYPES = new Map([
  ['.jpg', 'thumbnail'],
  ['.jpeg', 'thumbnail'],
  ['.mp4', 'video'],
])

/**
 * Each request opens its file again, so files may be replaced while the server runs.
 * @throws {OptionsError} when the folder cannot be read or serves no media file.
 */
export async function readMediaDirectory(
  directory: string,
  options: { maxFileSize?: number } = {},
) {
  const { mediaMaxFileSize: maxFileSize = MEDIA_FILE_SIZE_RULE.default } =
    parseOptions(
      z.object({
        mediaMaxFileSize: integerOptionSchema(MEDIA_FILE_SIZE_RULE).optional(),
      }),
      { mediaMaxFileSize: options.maxFileSize },
      { subject: 'content-api-mock server options' },
    )
  const refuse = (error: unknown): never => {
    if (!(error instanceof UserFileError)) throw error
    throw fail(directory, describeFolderProblem(error))
  }
  const folder = await openUserFolder(directory, { maxFileSize }).catch(refuse)
  const listing = await folder.list().catch(refuse)
  const isMedia = (name: string) => typeOf(name) !== undefined
  const servable = listing.files.map((file) => file.name).filter(isMedia)
  const leftOut = listing.leftOut.filter((entry) => isMedia(entry.name))
  const limit = formatFileSize(maxFileSize)
  if (servable.length === 0) {
    const names = [...listing.files, ...listing.leftOut]
      .map((entry) => entry.name)
      .sort()
    throw fail(
      directory,
      leftOut.length > 0
        ? `none of its media files can be served: ${describeLeftOut(leftOut)}; only regular files inside the folder (or links to them that stay inside), up to ${limit} each, are`
        : names.length === 0
          ? 'the folder is empty'
          : `it holds no .jpg, .jpeg or .mp4 file (only ${describe(names)})`,
    )
  }

  const thumbnails = servable.filter((name) => typeOf(name) === 'thumbnail')
  const videos = servable.filter((name) => typeOf(name) === 'video')
  return {
    thumbnails,
    videos,
    leftOut,
    warning:
      leftOut.length === 0
        ? undefined
        : `--media-dir ${directory}: left out ${leftOut.length} media file${leftOut.length === 1 ? '' : 's'} that cannot be served: ${describeLeftOut(leftOut)}. Only regular files inside the folder (or links to them that stay inside) are served, up to ${limit} each${leftOut.some((entry) => entry.reason === 'too-large') ? ' (--media-max-file-size, the server option mediaMaxFileSize, raises the limit)' : ''}.`,
    folder,
    library: createFileMedia({
      thumbnails,
      videos,
      read: async (name): Promise<ByteSource> => {
        try {
          return await folder.open(name)
        } catch (error) {
          if (!(error instanceof UserFileError)) throw error
          throw new MediaUnavailableError(
            `The media file ${name} of ${directory} cannot be served now: ${error.problem}. Put a regular file back under that name (inside the folder, up to ${limit}), or restart the server to map movies to the files there now.`,
          )
        }
      },
    }),
  }
}

function typeOf(name: string): string | undefined {
  return MEDIA_TYPES.get(extname(name).toLowerCase())
}

function describeFolderProblem({ reason, problem }: UserFileError): string {
  if (reason === 'missing') return `no such folder (looked in ${process.cwd()})`
  return reason === 'not-regular' ? 'it is a file, not a folder' : problem
}

function describeLeftOut(
  entries: ReadonlyArray<{ name: string; problem: string }>,
): string {
  return describe(
    entries.map((entry) => `${entry.name} (${entry.problem})`),
    10,
  )
}

function fail(directory: string, problem: string): OptionsError {
  const message = `Cannot serve media from ${directory}: ${problem}. ${FIX}`
  return new OptionsError(message, [{ path: 'mediaDir', message: problem }])
}

function describe(names: readonly string[], most = 3): string {
  const shown = names.slice(0, most).join(', ')
  return names.length > most
    ? `${shown} and ${names.length - most} more`
    : shown
}
