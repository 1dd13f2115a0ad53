import type { ByteSource } from './byte-source.js'
import { createBuiltInMedia } from './create-built-in-media.js'
import {
  JPEG_TYPE,
  MP4_TYPE,
  type MediaAsset,
  type MediaLibrary,
} from './media-library.js'
import { pickByHash } from './pick-by-hash.js'

/**
 * The media files of a folder, by name, and how to read one.
 */
interface MediaFiles {
  /** The `.jpg`/`.jpeg` file names, sorted. */
  thumbnails: readonly string[]
  /** The `.mp4` file names, sorted. */
  videos: readonly string[]
  /**
   * One file, on each request (so files may be replaced): its bytes, or a
   * source that streams them from where they lie (a server's folder).
   * @throws {MediaUnavailableError} (rejects) when it cannot be served now.
   */
  read(name: string): Promise<Uint8Array | ByteSource>
}

/**
 * Serves a folder's own files behind the asset URLs: a movie's thumbnail is
 * the one named after its ID (`m1.jpg`, as `content-api-mock record
 * --media-dir` saves them), else one of its thumbnails picked with the
 * FNV-1a hash of the movie's ID; its video likewise (`m1.mp4`). A folder with only one kind serves the
 * built-in media for the other. Runtime-agnostic: the server reads from
 * disk, a `build-demo` folder fetches the files from its own host.
 */
export function createFileMedia(files: MediaFiles): MediaLibrary {
  const { thumbnails, videos, read } = files
  const builtIn = createBuiltInMedia()
  const own = (names: readonly string[]) =>
    new Map(names.map((name) => [name.replace(/\.[^.]*$/, ''), name]))
  const named = { thumbnails: own(thumbnails), videos: own(videos) }
  const pick = async (
    names: readonly string[],
    byId: ReadonlyMap<string, string>,
    key: string,
    type: string,
  ): Promise<MediaAsset> => {
    const file = await read(byId.get(key) ?? pickByHash(names, key))
    return file instanceof Uint8Array
      ? { bytes: file, type }
      : { source: file, type }
  }
  return {
    thumbnail: (subject) =>
      thumbnails.length === 0
        ? builtIn.thumbnail(subject)
        : pick(thumbnails, named.thumbnails, subject.movieUnique, JPEG_TYPE),
    video: (movieUnique) =>
      videos.length === 0
        ? builtIn.video(movieUnique)
        : pick(videos, named.videos, movieUnique, MP4_TYPE),
  }
}
