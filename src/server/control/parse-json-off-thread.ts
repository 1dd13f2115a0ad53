import { Worker } from 'node:worker_threads'

/**
 * From how many bytes on JSON text is worth parsing in a worker thread
 * (`parseJsonOffThread`) rather than on the event loop.
 * @note Below it, parsing in place is done sooner than a worker would have
 * started (figures in bench/README.md, "Server").
 */
export const OFF_THREAD_BYTES = 1_048_576

/**
 * How many records of a top-level list the worker of `parseJsonOffThread`
 * sends in one message: small enough for the main thread to receive
 * between two answers.
 */
const RECORDS_PER_MESSAGE = 250

/** What the main thread asks for instead of a slice: the bytes back. */
export const GIVE_BACK = -1

/** What the main thread sends once the last bytes were sent. */
export const END = -2

/** What the worker (`parse-json-worker.ts`) is started with. */
export interface ParserSettings {
  /** Records of a long top-level list per message. */
  perMessage: number
  /** The length the source declared, or 0: the most the buffer grows to. */
  byteLength: number
}

/** What the worker sends. */
export type ParserMessage =
  | { type: 'invalid'; message: string }
  | { type: 'unsendable'; bytes: Uint8Array }
  | { type: 'whole'; value: unknown }
  | { type: 'head'; head: Record<string, unknown>; slices: number }
  | { type: 'slice'; slice: { key: string; records: unknown[] } }

/**
 * Parses UTF-8 JSON text in a worker thread (`parse-json-worker.ts`) and
 * resolves to the value, so that a large body does not hold the event loop: the text goes to the worker as it comes (the chunks of a request,
 * or one buffer), and the main thread only receives the value, a slice of
 * each long top-level list at a time, with the loop free between slices.
 * @throws {SyntaxError} with `JSON.parse`'s message when the text is not
 * JSON, or is JSON but not an object or an array (as `express.json()` in
 * its strict mode refuses it).
 * @throws whatever error the chunks' source throws (a request that was
 * aborted), once the worker is stopped.
 * @note A value the worker cannot send (nested thousands of levels deep,
 * past the structured clone's stack) is parsed on this thread instead; the
 * fixture checks then refuse it for its depth.
 * @note A buffer is handed to the worker (transferred) when it owns its
 * whole memory: the caller must not use it afterwards. Chunks are joined in
 * the worker, into one buffer that grows as they arrive, never past
 * `byteLength` when given (the length a request declares) and never
 * allocated for bytes that did not come.
 */
export function parseJsonOffThread(
  source: Uint8Array | AsyncIterable<Uint8Array>,
  { byteLength = 0 }: { byteLength?: number } = {},
): Promise<unknown> {
  const workerData: ParserSettings = {
    perMessage: RECORDS_PER_MESSAGE,
    byteLength,
  }
  // The bundled entries get their own copy of the worker
  // (scripts/build-bundles.js).
  const worker = new Worker(
    new URL('./parse-json-worker.js', import.meta.url),
    { workerData },
  )
  // @note Unreferenced: a load in progress does not keep a server that is
  // shutting down alive.
  worker.unref()
  const parsed = receiveValue(worker)
  // @note Seen as handled at once: a failure of the source settles first.
  parsed.catch(() => undefined)
  return sendBytes(worker, source).then(
    () => parsed,
    (error: unknown) => {
      worker.removeAllListeners()
      void worker.terminate()
      throw error
    },
  )
}

/** Sends the text to the worker, each buffer without a copy if it can. */
async function sendBytes(
  worker: Worker,
  source: Uint8Array | AsyncIterable<Uint8Array>,
): Promise<void> {
  const send = (bytes: Uint8Array, copy: boolean) => {
    // @note A chunk may be a view of a larger buffer (a socket's read),
    // which a structured clone would copy whole: the chunk alone is copied
    // and transferred. A buffer of its own is transferred as it is.
    const owned =
      !copy &&
      bytes.byteOffset === 0 &&
      bytes.byteLength === bytes.buffer.byteLength
        ? bytes
        : new Uint8Array(bytes)
    worker.postMessage(owned, [owned.buffer as ArrayBuffer])
  }
  if (source instanceof Uint8Array) send(source, false)
  else for await (const chunk of source) send(chunk, true)
  worker.postMessage(END)
}

/** The value the worker parsed, gathered from its messages. */
function receiveValue(worker: Worker): Promise<unknown> {
  return new Promise<unknown>((resolve, reject) => {
    let value: Record<string, unknown> | undefined
    let received = 0
    let expected = 0
    const finish = (settle: () => void) => {
      worker.removeAllListeners()
      void worker.terminate()
      settle()
    }
    worker.on('error', (error) => finish(() => reject(error)))
    // @note A value this thread cannot receive (the structured clone of
    // something nested thousands of levels deep overflows the stack here)
    // is dropped with this event: the worker then sends the bytes back.
    worker.on('messageerror', () => worker.postMessage(GIVE_BACK))
    worker.on('exit', (code) =>
      finish(() =>
        reject(new Error(`The JSON parser's worker stopped (exit ${code}).`)),
      ),
    )
    worker.on('message', (message: ParserMessage) => {
      switch (message.type) {
        case 'invalid':
          return finish(() => reject(new SyntaxError(message.message)))
        case 'unsendable':
          return finish(() => parseHere(message.bytes, resolve, reject))
        case 'whole':
          return Array.isArray(message.value) || isObject(message.value)
            ? finish(() => resolve(message.value))
            : finish(() =>
                reject(
                  new SyntaxError(
                    'The JSON text is not an object or an array.',
                  ),
                ),
              )
        case 'head':
          value = message.head
          expected = message.slices
          break
        case 'slice':
          ;(value![message.slice.key] as unknown[]).push(
            ...message.slice.records,
          )
          received++
          break
      }
      if (received === expected) return finish(() => resolve(value))
      // @note Asked for after the loop has run: a port handles up to 1,000
      // waiting messages in one go, and a worker that answered at once
      // would keep this thread receiving without a break.
      setImmediate(() => worker.postMessage(received))
    })
  })
}

function parseHere(
  bytes: Uint8Array,
  resolve: (value: unknown) => void,
  reject: (error: unknown) => void,
): void {
  try {
    resolve(JSON.parse(new TextDecoder().decode(bytes)))
  } catch (error) {
    reject(error)
  }
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null
}
