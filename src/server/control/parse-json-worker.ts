// The worker thread of `parseJsonOffThread`: it gathers the bytes it is sent,
// then `JSON.parse`, then sends the parsed value in messages the main thread
// asks for one at a time.
import { parentPort, workerData } from 'node:worker_threads'
import {
  END,
  GIVE_BACK,
  type ParserMessage,
  type ParserSettings,
} from './parse-json-off-thread.js'

const port = parentPort!
const { perMessage, byteLength } = workerData as ParserSettings
// The chunks are joined here, into a buffer of the declared length, so that
// the chunks and their join are not held at once.
const declared = byteLength > 0 ? new Uint8Array(byteLength) : undefined
let filled = 0
const chunks: Uint8Array[] = []
let bytes: Uint8Array = new Uint8Array(0)
const slices: Array<{ key: string; records: unknown[] } | undefined> = []

port.on('message', (message: Uint8Array | number) => {
  if (typeof message !== 'number') return take(message)
  if (message === END) return start()
  if (message === GIVE_BACK) return giveBack()
  try {
    post({ type: 'slice', slice: slices[message]! })
  } catch {
    giveBack()
  }
  slices[message] = undefined
})

function post(message: ParserMessage, transfer?: ArrayBuffer[]): void {
  port.postMessage(message, transfer)
}

function take(chunk: Uint8Array): void {
  if (declared !== undefined && filled + chunk.length <= declared.length) {
    declared.set(chunk, filled)
    filled += chunk.length
  } else chunks.push(chunk)
}

function start(): void {
  try {
    run()
  } catch {
    giveBack()
  }
}

function run(): void {
  const parts =
    declared === undefined ? chunks : [declared.subarray(0, filled), ...chunks]
  bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts)
  chunks.length = 0
  let value: unknown
  try {
    value = JSON.parse(new TextDecoder().decode(bytes))
  } catch (error) {
    return post({ type: 'invalid', message: (error as Error).message })
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return post({ type: 'whole', value })
  }
  // The arrays directly under a top-level object (the lists of a fixture
  // document) go in slices: one structured clone of 100,000 contents would
  // hold the receiving thread for long.
  const head: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    const isLong = Array.isArray(item) && item.length > perMessage
    head[key] = isLong ? [] : item
    if (!isLong) continue
    for (let i = 0; i < item.length; i += perMessage) {
      slices.push({ key, records: item.slice(i, i + perMessage) })
    }
  }
  post({ type: 'head', head, slices: slices.length })
}

/** The bytes back, for a value that cannot be sent: the main thread parses. */
function giveBack(): void {
  const whole = new Uint8Array(bytes.byteLength)
  whole.set(bytes)
  post({ type: 'unsendable', bytes: whole }, [whole.buffer])
}
