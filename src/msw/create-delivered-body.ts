import { splitBody } from '../api/variants/split-body.js'
import type { BodyDelivery } from '../api/types.js'

/**
 * The body of an intercepted response under `slow-body` or `truncated`: a
 * stream that hands out its pieces `intervalMs` apart and, when cut, errors
 * after `truncateAt` bytes, so reading the body (`response.json()`) rejects
 * with a `TypeError` as `fetch` does when a connection closes mid-body.
 * @note An interceptor has no connection to close: an erroring stream is
 * what it can express of a truncated body. The error comes one pull after
 * the last piece, once the client has had the headers and that piece; msw 3
 * ends such a body quietly, and only the `Content-Length` of the whole body,
 * which the handlers send, makes the client see it cut.
 */
export function createDeliveredBody(
  body: string | Uint8Array,
  delivery: BodyDelivery,
): ReadableStream<Uint8Array> {
  const pieces = splitBody(body, delivery)
  let next = 0
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next > 0 && delivery.intervalMs > 0) {
        await new Promise((resolve) => setTimeout(resolve, delivery.intervalMs))
      }
      const piece = pieces[next++]
      if (piece !== undefined) {
        controller.enqueue(piece.slice())
        if (next < pieces.length || delivery.truncateAt !== undefined) return
        controller.close()
        return
      }
      await new Promise((resolve) => setTimeout(resolve, 0))
      controller.error(
        new TypeError(
          'terminated: the mock cut this body short (the "truncated" variant)',
        ),
      )
    },
  })
}
