/**
 * A media file that was there when the folder was read and cannot be served
 * now: gone, replaced by something that is not a regular file, grown over
 * the size limit, or leading out of its folder. The asset URL answers 404
 * with its message, which names the file and the fix.
 * @example
 * throw new MediaUnavailableError('The media file m1.mp4 of ./media is gone. Put it back, or restart the server.')
 */
export class MediaUnavailableError extends Error {
  override name = 'MediaUnavailableError'
}
