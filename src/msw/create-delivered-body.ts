import { splitBody } from '../api/variants/split-body.js'
import type { BodyDelivery } from '../api/types.js'

/** An interceptor has no connection to close: a cut body errors one pull after its last piece, so `response.json()` rejects as in `fetch`. */
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
