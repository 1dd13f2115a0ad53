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
  /** On each request (files may change); rejects: MediaUnavailableError. */
  read(name: string): Promise<Uint8Array | ByteSource>
}

/**
 * A movie's file is the one named after its ID (`m1.jpg`, as `record
 * --media-dir` saves them), else one picked by the hash of its ID.
 */
export function createFileMedia(files: MediaFiles): MediaLibrary {
  const builtIn = createBuiltInMedia()
  const serve = (names: readonly string[], type: string) => {
    const byId = new Map(
      names.map((name) => [name.replace(/\.[^.]*$/, ''), name]),
    )
    return async (key: string): Promise<MediaAsset> => {
      const file = await files.read(byId.get(key) ?? pickByHash(names, key))
      return file instanceof Uint8Array
        ? { bytes: file, type }
        : { source: file, type }
    }
  }
  const thumbnail = serve(files.thumbnails, JPEG_TYPE)
  const video = serve(files.videos, MP4_TYPE)
  return {
    thumbnail:
      files.thumbnails.length === 0
        ? builtIn.thumbnail
        : (subject) => thumbnail(subject.movieUnique),
    video: files.videos.length === 0 ? builtIn.video : video,
  }
}
