import type { FileHandle } from 'node:fs/promises'
import type { ByteSource } from '../../media/byte-source.js'
import { UserFileError } from './user-file-error.js'

// As `fs.createReadStream` reads.
const CHUNK_BYTES = 64 * 1024

/**
 * Streams read a chunk ahead at most, so memory stays flat. Reads go by
 * position on the file opened, whatever its name now names; a file cut short
 * errors the stream rather than end it with fewer bytes than announced.
 */
export function createFileSource(
  handle: FileHandle,
  size: number,
  path: string,
): ByteSource {
  // A handle closes once however often it is told to.
  const close = () => {
    handle.close().catch(() => {})
  }
  return {
    size,
    close,
    stream(start = 0, end = size - 1) {
      let position = start
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          const length = Math.min(CHUNK_BYTES, end + 1 - position)
          if (length <= 0) {
            close()
            controller.close()
            return
          }
          const chunk = new Uint8Array(length)
          try {
            const { bytesRead } = await handle.read(chunk, 0, length, position)
            if (bytesRead === 0) {
              throw new UserFileError(
                path,
                'unreadable',
                `it ended at byte ${position} of ${size}: it was cut while being served`,
              )
            }
            position += bytesRead
            controller.enqueue(chunk.subarray(0, bytesRead))
          } catch (error) {
            close()
            controller.error(error)
            return
          }
          if (position > end) {
            close()
            controller.close()
          }
        },
        cancel: close,
      })
    },
  }
}
