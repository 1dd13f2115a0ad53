/** Bytes where they lie (a file opened for one answer): stream or close it. */
export interface ByteSource {
  readonly size: number
  /** Once: `start` to `end` included; errors when the bytes end early. */
  stream(start?: number, end?: number): ReadableStream<Uint8Array>
  /** Releases the source without streaming it (an answer to HEAD, a 416). */
  close(): void
}
