/**
 * Bytes that stay where they lie until a client takes them (a file of a
 * media folder opened for one answer): their length, read once when opened,
 * and any range of them as a web stream, so the API layer stays
 * runtime-agnostic. Whoever gets one either streams it or closes it.
 */
export interface ByteSource {
  readonly size: number
  /**
   * The bytes from `start` to `end`, both included (default: all); the
   * source closes when the stream ends or is cancelled, and the stream errors
   * when the bytes end early (a file cut while it was served). Call it once.
   */
  stream(start?: number, end?: number): ReadableStream<Uint8Array>
  /** Releases the source without streaming it (an answer to HEAD, a 416). */
  close(): void
}
