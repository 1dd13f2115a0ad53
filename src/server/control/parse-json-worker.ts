// `parseJsonOffThread`'s worker: gathers the bytes, parses, sends slices on request.
import { parentPort, workerData } from 'node:worker_threads'
import {
  END,
  GIVE_BACK,
  type ParserMessage,
  type ParserSettings,
} from './parse-json-off-thread.js'

const port = parentPort!
const { perMessage, byteLength } = workerData as ParserSettings
// A socket's read.
const FIRST_CAPACITY = 64 * 1024
// Grown as bytes arrive, never for bytes only declared: a request may declare
// 200 MB and send 14.
let bytes: Uint8Array = new Uint8Array(0)
let filled = 0
const slices: Array<{ key: string; records: unknown[] } | undefined> = []

port.on('message', (message: Uint8Array | number) => {
  if (typeof message !== 'number') return take(message)
  if (message === GIVE_BACK) return giveBack()
  // A value that cannot be sent: the main thread parses.
  try {
    if (message === END) return parse()
    post({ type: 'slice', slice: slices[message]! })
    slices[message] = undefined
  } catch {
    giveBack()
  }
})

function post(message: ParserMessage, transfer?: ArrayBuffer[]): void {
  port.postMessage(message, transfer)
}

function take(chunk: Uint8Array): void {
  // A first chunk is kept as it is: a whole file sent at once is not copied.
  if (bytes.length === 0) {
    bytes = chunk
    filled = chunk.length
    return
  }
  const needed = filled + chunk.length
  if (needed > bytes.length) {
    const doubled = Math.max(needed, 2 * bytes.length, FIRST_CAPACITY)
    const grown = new Uint8Array(
      byteLength >= needed ? Math.min(doubled, byteLength) : doubled,
    )
    grown.set(bytes.subarray(0, filled))
    bytes = grown
  }
  bytes.set(chunk, filled)
  filled = needed
}

function parse(): void {
  bytes = bytes.subarray(0, filled)
  let value: unknown
  try {
    value = JSON.parse(new TextDecoder().decode(bytes))
  } catch (error) {
    return post({ type: 'invalid', message: (error as Error).message })
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return post({ type: 'whole', value })
  }
  // A fixture document's lists go in slices: one structured clone of 100,000
  // contents would hold the receiving thread for long.
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

function giveBack(): void {
  const whole = new Uint8Array(bytes.byteLength)
  whole.set(bytes)
  post({ type: 'unsendable', bytes: whole }, [whole.buffer])
}
