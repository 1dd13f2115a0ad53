import type { ByteSource } from './byte-source.js'

/**
 * The bytes of one asset in memory (the generated media) and its
 * `Content-Type`.
 */
export interface MediaBytes {
  /** One copy for every response: treat it as read-only. */
  bytes: Uint8Array
  type: string
}

/**
 * One asset read as it is sent (a file of a media folder) and its
 * `Content-Type`.
 */
export interface StreamedMedia {
  source: ByteSource
  type: string
}

/**
 * One asset: in memory, or streamed from where it lies.
 */
export type MediaAsset = MediaBytes | StreamedMedia

/**
 * What a content's thumbnail is about: the movie and what its card shows.
 */
export interface ThumbnailSubject {
  movieUnique: string
  /** The content's title. */
  title: string
  /** A short line about where it belongs, e.g. the project's name. */
  label: string
}

/**
 * Where the media behind the asset URLs come from: generated title cards and
 * the sample clips, or the files of a folder (`--media-dir`). Each maps a
 * movie to its asset deterministically.
 * @throws {MediaUnavailableError} (rejects) when a folder's file cannot be
 * served any more.
 */
export interface MediaLibrary<Asset extends MediaAsset = MediaAsset> {
  thumbnail(subject: ThumbnailSubject): Promise<Asset>
  video(movieUnique: string): Promise<Asset>
}

/**
 * `Content-Type` of the thumbnails.
 */
export const JPEG_TYPE = 'image/jpeg'

/**
 * `Content-Type` of the videos.
 */
export const MP4_TYPE = 'video/mp4'
