import type { ByteSource } from './byte-source.js'
import { createBuiltInMedia } from './create-built-in-media.js'
import {
  JPEG_TYPE,
  MP4_TYPE,
  type MediaAsset,
  type MediaLibrary,
} from './media-library.js'
import { pickByHash } from './pick-by-hash.js'

interface MediaFiles {
  thumbnails: readonly string[]
  videos: readonly string[]
  /**
   * Read on each request, so files may be replaced.
   * @throws {MediaUnavailableError} (rejects) when it cannot be served now.
   */
  read(name: string): Promise<Uint8Array | ByteSource>
}

/**
 * A movie's file is the one named after its ID (`m1.jpg`, as `record
 * --media-dir` saves them), else one picked by the FNV-1a hash of its ID.
 * Runtime-agnostic: the server reads disk, a `build-demo` folder fetches.
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
