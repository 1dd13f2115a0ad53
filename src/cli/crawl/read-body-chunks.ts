export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError'
  constructor(
    readonly maxBytes: number,
    capName = 'the cap',
  ) {
    super(`the body is larger than ${formatCap(maxBytes)}, ${capName}`)
  }
}

class BodyIdleError extends Error {
  override name = 'BodyIdleError'
  constructor(readonly idleTimeoutMs: number) {
    super(`no byte of the body came for ${idleTimeoutMs} ms`)
  }
}

export interface BodyLimits {
  maxBytes: number
  /** The longest wait for the next chunk (default: none). */
  idleTimeoutMs?: number
  /** What the cap is, for the message: `the cap of one JSON answer`. */
  capName?: string
}

/**
 * The chunks of an answer's body as they arrive, never more than
 * `maxBytes` in all (a `Content-Length` over it fails before the first
 * read) and never a wait over `idleTimeoutMs` for the next one: a slow body
 * is read as long as it moves, an endless one stops at the cap. The body is
 * cancelled when reading stops early.
 * @throws {BodyTooLargeError} {@link BodyIdleError}, or the stream's error.
 */
export async function* readBodyChunks(
  response: Response,
  { maxBytes, idleTimeoutMs, capName }: BodyLimits,
): AsyncGenerator<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {})
    throw new BodyTooLargeError(maxBytes, capName)
  }
  if (response.body === null) return
  const reader = response.body.getReader()
  let read = 0
  try {
    for (;;) {
      const { done, value } = await withIdleTimeout(
        reader.read(),
        idleTimeoutMs,
      )
      if (done) return
      read += value.byteLength
      if (read > maxBytes) throw new BodyTooLargeError(maxBytes, capName)
      yield value
    }
  } finally {
    // Nothing to cancel once the body ended: then it resolves at once.
    await reader.cancel().catch(() => {})
    reader.releaseLock()
  }
}

function withIdleTimeout<T>(
  read: Promise<T>,
  ms: number | undefined,
): Promise<T> {
  if (ms === undefined || !Number.isFinite(ms)) return read
  let timer: ReturnType<typeof setTimeout> | undefined
  const idle = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BodyIdleError(ms)), ms)
  })
  return Promise.race([read, idle]).finally(() => clearTimeout(timer))
}

function formatCap(bytes: number): string {
  return bytes % 1_048_576 === 0 ? `${bytes / 1_048_576} MiB` : `${bytes} bytes`
}
