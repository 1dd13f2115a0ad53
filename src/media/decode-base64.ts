// atob keeps the media runtime-agnostic (Node 20 and browsers).
export function decodeBase64(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0))
}
