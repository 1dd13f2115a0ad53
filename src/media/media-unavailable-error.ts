/**
 * A media file that was there when the folder was read and cannot be served
 * now: gone, replaced by something that is not a regular file, grown over
 * the size limit, or leading out of its folder. The asset URL answers 404
 * with its message, which names the file and the fix.
 */
export class MediaUnavailableError extends Error {
  override name = 'MediaUnavailableError'
}
