import type { ServerResponse } from 'node:http'
import { splitBody } from '../../api/variants/split-body.js'
import type { BodyDelivery } from '../../api/types.js'

/**
 * Writes a body in pieces `intervalMs` apart (`slow-body`) and, when
 * `truncateAt` is set, destroys the connection once those bytes are out
 * (`truncated`): the client has read the headers and the `Content-Length`
 * of the whole body, then the connection closes mid-body.
 */
export function writeDeliveredBody(
  response: ServerResponse,
  body: string | Uint8Array,
  delivery: BodyDelivery,
): void {
  const pieces = splitBody(body, delivery)
  let next = 0
  const write = (): void => {
    if (response.destroyed) return
    const piece = pieces[next++]
    const isLast = next >= pieces.length
    if (!isLast) {
      response.write(piece)
      setTimeout(write, delivery.intervalMs)
      return
    }
    if (delivery.truncateAt === undefined) {
      response.end(piece)
      return
    }
    // @note Destroyed once the cut piece is flushed, so the client reads it.
    response.write(piece ?? new Uint8Array(0), () => response.destroy())
  }
  write()
}
