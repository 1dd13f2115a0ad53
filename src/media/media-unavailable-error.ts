/**
 * A media file gone, not a regular file, too big or leading out of its folder
 * since the folder was read: the asset URL answers 404 with its message.
 */
export class MediaUnavailableError extends Error {
  override name = 'MediaUnavailableError'
}
