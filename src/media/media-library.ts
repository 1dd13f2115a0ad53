import type { ByteSource } from './byte-source.js'

export interface MediaBytes {
  /** One copy for every response: treat it as read-only. */
  bytes: Uint8Array
  type: string
}

/** A file of a media folder, read as it is sent. */
export interface StreamedMedia {
  source: ByteSource
  type: string
}

export type MediaAsset = MediaBytes | StreamedMedia

export interface ThumbnailSubject {
  movieUnique: string
  title: string
  label: string
}

/**
 * Generated title cards and clips, or a folder's files (`--media-dir`).
 * @throws {MediaUnavailableError} (rejects) when a file cannot be served.
 */
export interface MediaLibrary<Asset extends MediaAsset = MediaAsset> {
  thumbnail(subject: ThumbnailSubject): Promise<Asset>
  video(movieUnique: string): Promise<Asset>
}

export const JPEG_TYPE = 'image/jpeg'

export const MP4_TYPE = 'video/mp4'
