import { Worker } from 'node:worker_threads'
import { isObject } from '../../schema/is-object.js'

// Below it, parsing in place ends before a worker would have started
// (bench/README.md, "Server").
export const OFF_THREAD_BYTES = 1_048_576

// Small enough for the main thread to receive one between two answers.
const RECORDS_PER_MESSAGE = 250

// Asked instead of a slice's number, and sent after the last bytes.
export const GIVE_BACK = -1
export const END = -2

const NOT_AN_OBJECT = 'The JSON text is not an object or an array.'

export interface ParserSettings {
  perMessage: number
}

export type ParserMessage =
  | { type: 'invalid'; message: string }
  | { type: 'unsendable'; text: string }
  | { type: 'whole'; value: unknown }
  | { type: 'head'; head: Record<string, unknown>; slices: number }
  | { type: 'slice'; slice: { key: string; records: unknown[] } }

/**
 * Parses UTF-8 JSON in a worker so that a large body does not hold the event
 * loop. A value too deep to clone is parsed here; a buffer that owns its
 * memory is transferred (not to be used afterwards).
 * @throws {SyntaxError} when the text is not JSON, or not an object or array.
 */
export function parseJsonOffThread(
  source: Uint8Array | AsyncIterable<Uint8Array>,
): Promise<unknown> {
  const workerData: ParserSettings = { perMessage: RECORDS_PER_MESSAGE }
  // The bundled entries get their own copy (scripts/build-bundles.js).
  const worker = new Worker(
    new URL('./parse-json-worker.js', import.meta.url),
    { workerData },
  )
  // A load in progress must not keep a closing server alive.
  worker.unref()
  const parsed = receiveValue(worker)
  // Handled at once: a failure of the source settles first.
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

async function sendBytes(
  worker: Worker,
  source: Uint8Array | AsyncIterable<Uint8Array>,
): Promise<void> {
  const send = (bytes: Uint8Array, copy: boolean) => {
    // A chunk may view a larger buffer (a socket's read) a clone would copy whole.
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
    // A value too deep to clone here is dropped: ask for the bytes back.
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
          return finish(() => {
            try {
              resolve(JSON.parse(message.text))
            } catch (error) {
              reject(error)
            }
          })
        case 'whole':
          return finish(() =>
            isObject(message.value)
              ? resolve(message.value)
              : reject(new SyntaxError(NOT_AN_OBJECT)),
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
      // After the loop has run: a port takes up to 1,000 waiting messages in
      // one go, which would keep this thread receiving without a break.
      setImmediate(() => worker.postMessage(received))
    })
  })
}
