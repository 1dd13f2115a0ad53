// `parseJsonOffThread`'s worker: gathers the text, parses, sends slices on request.
import { parentPort, workerData } from 'node:worker_threads'
import {
  END,
  GIVE_BACK,
  type ParserMessage,
  type ParserSettings,
} from './parse-json-off-thread.js'

const port = parentPort!
const { perMessage } = workerData as ParserSettings
// Decoded as the chunks arrive: memory grows with the bytes sent, never with
// those only declared (a request may declare 200 MB and send 14).
const decoder = new TextDecoder()
let text = ''
const slices: Array<{ key: string; records: unknown[] } | undefined> = []

port.on('message', (message: Uint8Array | number) => {
  if (typeof message !== 'number') {
    text += decoder.decode(message, { stream: true })
    return
  }
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

function post(message: ParserMessage): void {
  port.postMessage(message)
}

function parse(): void {
  text += decoder.decode()
  let value: unknown
  try {
    value = JSON.parse(text)
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
  post({ type: 'unsendable', text })
}
