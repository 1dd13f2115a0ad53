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
  /** e.g. the project's name. */
  label: string
}

/**
 * Generated title cards and sample clips, or a folder's files (`--media-dir`);
 * each maps a movie to its asset deterministically.
 * @throws {MediaUnavailableError} (rejects) when a folder's file cannot be
 * served any more.
 */
export interface MediaLibrary<Asset extends MediaAsset = MediaAsset> {
  thumbnail(subject: ThumbnailSubject): Promise<Asset>
  video(movieUnique: string): Promise<Asset>
}

export const JPEG_TYPE = 'image/jpeg'

export const MP4_TYPE = 'video/mp4'
