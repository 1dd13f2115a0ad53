import { Worker } from 'node:worker_threads'

/**
 * From how many bytes on JSON text is worth parsing in a worker thread
 * (`parseJsonOffThread`) rather than on the event loop.
 * @note `JSON.parse` takes ~8 ms a megabyte here, and a worker 40–90 ms to
 * start: below this size parsing in place holds the loop for a few
 * milliseconds and is done sooner than a worker would have started.
 */
export const OFF_THREAD_BYTES = 1_048_576

/**
 * How many records of a top-level list the worker of `parseJsonOffThread`
 * sends in one message: about 125 KB of contents, which the main
 * thread takes a millisecond or two to receive.
 */
const RECORDS_PER_MESSAGE = 250

/** What the main thread asks for instead of a slice: the bytes back. */
const GIVE_BACK = -1

/** What the main thread sends once the last bytes were sent. */
const END = -2

/**
 * The worker of `parseJsonOffThread`, as source: it gathers the bytes it is
 * sent, then `JSON.parse`, then the parsed value in messages the main
 * thread asks for one at a time.
 * @note Source text run with `eval: true`, not a file: the CLI is bundled
 * into chunks (scripts/build-cli.js), where a worker file's path relative to
 * `import.meta.url` would not resolve, and it needs nothing but `JSON.parse`.
 * @note The bytes come as they arrive (a request's chunks) and are joined
 * here (joining 50 MB held the main thread for 35–300 ms), into a buffer of
 * the declared length, so that the chunks and their join are not held at once.
 * @note A value is sent whole, except the arrays directly under a top-level
 * object (the lists of a fixture document), which go in slices: one
 * structured clone of 100,000 contents holds the receiving thread for
 * hundreds of milliseconds.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { perMessage, byteLength } = workerData
const GIVE_BACK = ${GIVE_BACK}
const END = ${END}
const declared = byteLength > 0 ? new Uint8Array(byteLength) : undefined
let filled = 0
const chunks = []
let bytes
const slices = []
parentPort.on('message', (message) => {
  if (typeof message !== 'number') return take(message)

  if (message === END) return start()
  if (message === GIVE_BACK) return giveBack()
  try {
    parentPort.postMessage({ type: 'slice', slice: slices[message] })
  } catch {
    giveBack()
  }
  slices[message] = undefined
})
function take(chunk) {
  if (declared !== undefined && filled + chunk.length <= declared.length) {
    declared.set(chunk, filled)
    filled += chunk.length
  } else chunks.push(chunk)
}
function run() {
  const parts = declared === undefined ? chunks : [declared.subarray(0, filled), ...chunks]
  bytes = parts.length === 1 ? parts[0] : Buffer.concat(parts)
  chunks.length = 0
  let value
  try {
    value = JSON.parse(new TextDecoder().decode(bytes))
  } catch (error) {
    return parentPort.postMessage({ type: 'invalid', message: error.message })
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return parentPort.postMessage({ type: 'whole', value })
  }
  const head = {}
  for (const key of Object.keys(value)) {
    const item = value[key]
    const isLong = Array.isArray(item) && item.length > perMessage
    head[key] = isLong ? [] : item
    if (!isLong) continue
    for (let i = 0; i < item.length; i += perMessage) {
      slices.push({ key, records: item.slice(i, i + perMessage) })
    }
  }
  parentPort.postMessage({ type: 'head', head, slices: slices.length })
}
function giveBack() {
  const whole = new Uint8Array(bytes.byteLength)
  whole.set(bytes)
  parentPort.postMessage({ type: 'unsendable', bytes: whole }, [whole.buffer])
}
function start() {
  try {
    run()
  } catch {
    giveBack()
  }
}
`

type WorkerMessage =
  | { type: 'invalid'; message: string }
  | { type: 'unsendable'; bytes: Uint8Array }
  | { type: 'whole'; value: unknown }
  | { type: 'head'; head: Record<string, unknown[]>; slices: number }
  | { type: 'slice'; slice: { key: string; records: unknown[] } }

/**
 * Parses UTF-8 JSON text in a worker thread and resolves to the value, so
 * that a large body (50 MB takes ~0.5 s to parse) does not hold the event
 * loop: the text goes to the worker as it comes (the chunks of a request,
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
 * the worker, into one buffer of `byteLength` when given (the length a
 * request declares).
 * @example
 * const document = await parseJsonOffThread(await readFile('fixtures.json'))
 * const body = await parseJsonOffThread(request, { byteLength: 52_000_000 })
 */
export function parseJsonOffThread(
  source: Uint8Array | AsyncIterable<Uint8Array>,
  { byteLength = 0 }: { byteLength?: number } = {},
): Promise<unknown> {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { perMessage: RECORDS_PER_MESSAGE, byteLength },
  })
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
    // and transferred. A buffer of its own is transferred as it is (a copy
    // of 50 MB holds this thread for ~50 ms).
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
    let value: Record<string, unknown[]> | undefined
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
    worker.on('message', (message: WorkerMessage) => {
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
          value![message.slice.key]!.push(...message.slice.records)
          received++
          break
      }
      if (received === expected) return finish(() => resolve(value))
      // @note Asked for after the loop has run: a port handles up to 1,000
      // waiting messages in one go, and a worker that answers at once kept
      // this thread receiving for tens of milliseconds without a break.
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
