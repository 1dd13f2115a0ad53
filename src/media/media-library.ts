/**
 * The bytes of one asset and its `Content-Type`.
 */
export interface MediaAsset {
  /** Shared between responses: treat it as read-only. */
  bytes: Uint8Array
  type: string
}

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
 */
export interface MediaLibrary {
  thumbnail(subject: ThumbnailSubject): Promise<MediaAsset>
  video(movieUnique: string): Promise<MediaAsset>
}

/**
 * `Content-Type` of the thumbnails.
 * @example
 * return { bytes: jpeg, type: JPEG_TYPE }
 */
export const JPEG_TYPE = 'image/jpeg'

/**
 * `Content-Type` of the videos.
 * @example
 * return { bytes: mp4, type: MP4_TYPE }
 */
export const MP4_TYPE = 'video/mp4'
