import type { BodyDelivery } from '../types.js'

/**
 * The pieces a body is sent in under `slow-body` and `truncated`: its UTF-8
 * bytes up to `truncateAt` (all of them without it), cut into
 * `delivery.pieces` parts of nearly equal size.
 */
export function splitBody(
  body: string | Uint8Array,
  delivery: BodyDelivery,
): Uint8Array[] {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body
  const end = Math.min(
    delivery.truncateAt ?? bytes.byteLength,
    bytes.byteLength,
  )
  const count = Math.max(1, Math.min(delivery.pieces, end))
  return Array.from({ length: count }, (_, i) =>
    bytes.subarray(
      Math.floor((end * i) / count),
      Math.floor((end * (i + 1)) / count),
    ),
  )
}
