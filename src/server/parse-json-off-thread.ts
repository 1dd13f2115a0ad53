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

/**
 * The worker of `parseJsonOffThread`, as source: `JSON.parse`, then the
 * parsed value in messages the main thread asks for one at a time.
 * @note Source text run with `eval: true`, not a file: the CLI is bundled
 * into chunks (scripts/build-cli.js), where a worker file's path relative to
 * `import.meta.url` would not resolve, and it needs nothing but `JSON.parse`.
 * @note A value is sent whole, except the arrays directly under a top-level
 * object (the lists of a fixture document), which go in slices: one
 * structured clone of 100,000 contents holds the receiving thread for
 * hundreds of milliseconds.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { bytes, perMessage } = workerData
const GIVE_BACK = ${GIVE_BACK}
const slices = []
parentPort.on('message', (index) => {
  if (index === GIVE_BACK) return giveBack()
  try {
    parentPort.postMessage({ type: 'slice', slice: slices[index] })
  } catch {
    giveBack()
  }
  slices[index] = undefined
})
function run() {
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
  parentPort.postMessage({ type: 'unsendable', bytes }, [bytes.buffer])
}
try {
  run()
} catch {
  giveBack()
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
 * loop: the main thread only receives the value, a slice of each long
 * top-level list at a time, with the loop free between slices.
 * @throws {SyntaxError} with `JSON.parse`'s message when the text is not
 * JSON, or is JSON but not an object or an array (as `express.json()` in
 * its strict mode refuses it).
 * @note A value the worker cannot send (nested thousands of levels deep,
 * past the structured clone's stack) is parsed on this thread instead; the
 * fixture checks then refuse it for its depth.
 * @note `bytes` is handed to the worker (transferred) when it owns its whole
 * buffer: the caller must not use it afterwards.
 * @example
 * const document = await parseJsonOffThread(await readFile('fixtures.json'))
 */
export function parseJsonOffThread(bytes: Uint8Array): Promise<unknown> {
  // @note Transferred, not copied (a copy of 50 MB holds this thread for
  // ~50 ms); the worker sends the bytes back if it cannot send the value.
  const owned =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? bytes
      : bytes.slice()
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { bytes: owned, perMessage: RECORDS_PER_MESSAGE },
    transferList: [owned.buffer as ArrayBuffer],
  })
  // @note Unreferenced: a load in progress does not keep a server that is
  // shutting down alive.
  worker.unref()
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
      worker.postMessage(received)
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
