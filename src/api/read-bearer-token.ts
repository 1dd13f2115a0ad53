/**
 * `Authorization: Bearer <token>`, the scheme in any case (RFC 9110 11.1:
 * schemes are case-insensitive), the token optional so that callers can tell
 * an empty one from another scheme.
 */
export const BEARER_PATTERN = /^bearer(?:[ \t]+(.*))?$/i

/**
 * The token of an `Authorization: Bearer <token>` header, read as the API
 * reads an API key: the scheme in any case, spaces around the token ignored.
 * `undefined` for a missing header, another scheme or an empty token.
 */
export function readBearerToken(
  authorization: string | null | undefined,
): string | undefined {
  const token = BEARER_PATTERN.exec(authorization?.trim() ?? '')?.[1]?.trim()
  return token === '' ? undefined : token
}
