export function byteLengthOf(body: string | Uint8Array): number {
  return typeof body === 'string'
    ? new TextEncoder().encode(body).byteLength
    : body.byteLength
}
