import { hashText } from '../random/hash-text.js'
import type { FixtureApiKey } from '../schema/fixture.js'
import type { Caller, ApiContext } from './api-context.js'
import { createErrorResponse } from './error-response.js'
import { BEARER_PATTERN } from './read-bearer-token.js'
import type { RefusalCause } from './traffic/journal-facts.js'
import type { ApiResponse } from './types.js'

/**
 * Resolves the `Authorization: Bearer <key>` header of a request to its
 * caller, or to the 401 response that explains what is wrong with it.
 */
export function authenticate(
  context: ApiContext,
  authorization: string | null | undefined,
): Caller | ApiResponse {
  if (authorization == null || authorization.trim() === '') {
    return unauthorized(
      'Missing API key. Send the header "Authorization: Bearer <API_KEY>".',
      'missing-key',
    )
  }
  const match = BEARER_PATTERN.exec(authorization.trim())
  if (match === null) {
    const scheme = authorization.trim().split(/[ \t]/, 1)[0]
    return unauthorized(
      `Unsupported authorization scheme "${scheme}". Send the header "Authorization: Bearer <API_KEY>".`,
      'other-scheme',
    )
  }
  const key = match[1]?.trim() ?? ''
  if (key === '') {
    return unauthorized(
      'Empty API key after "Bearer". Send the header "Authorization: Bearer <API_KEY>".',
      'empty-key',
    )
  }
  const index = context.dataset().index
  const apiKey = index.apiKeysByKey.get(key)
  const account = apiKey && index.accountsById.get(apiKey.account)
  if (apiKey === undefined || account === undefined) {
    const response = unauthorized(
      'Unknown API key. Check that you copied the whole key from the API keys menu of your account settings.',
      'unknown-key',
      true,
    )
    response.facts!.keyFingerprint = fingerprintOf(key)
    return response
  }
  const refusal = refuseStaleKey(apiKey, context.now())
  if (refusal === undefined) return { apiKey, account }
  // A known key that is no longer valid keeps its label, so the journal can
  // tell which key a client kept sending after it expired.
  const keyLabel = index.keyLabels.get(key)
  if (keyLabel !== undefined) refusal.keyLabel = keyLabel
  return refusal
}

/** The 401 of a known key that was revoked or has expired. */
function refuseStaleKey(apiKey: FixtureApiKey, now: number) {
  const fix = 'Create a new key in the API keys menu of your account settings.'
  if (apiKey.revoked === true) {
    return unauthorized(`This API key was revoked. ${fix}`, 'revoked-key', true)
  }
  if (apiKey.expires_at !== undefined && Date.parse(apiKey.expires_at) <= now) {
    const message = `This API key expired at ${apiKey.expires_at}. ${fix}`
    return unauthorized(message, 'expired-key', true)
  }
  return undefined
}

/**
 * `error="invalid_token"` for a key that was read but is not valid.
 * @see https://www.rfc-editor.org/rfc/rfc6750#section-3
 */
function unauthorized(
  message: string,
  cause: RefusalCause,
  invalidToken = false,
): ApiResponse {
  const challenge = invalidToken ? ', error="invalid_token"' : ''
  const headers = {
    'www-authenticate': `Bearer realm="content-api"${challenge}`,
  }
  return createErrorResponse(401, 'unauthorized', message, headers, { cause })
}

/**
 * @note 32 bits tell a client's few wrong keys apart and say next to
 * nothing of a long key; the journal never holds the key itself.
 */
function fingerprintOf(key: string): string {
  return hashText(key).toString(16).padStart(8, '0')
}
