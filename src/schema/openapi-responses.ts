type JsonObject = Record<string, unknown>

const SCHEMAS_POINTER = '#/components/schemas/'

/** Optional: the spec does not show them, and the mock sends them only for a configured rate limit. */
export function createRateLimitHeaders(): Record<string, JsonObject> {
  const seconds = { type: 'string', pattern: '^[0-9]+$' }
  const header = (description: string): JsonObject => ({
    description,
    required: false,
    schema: seconds,
  })
  return {
    'RateLimit-Limit': header(
      'Requests allowed per window (when a rate limit is configured).',
    ),
    'RateLimit-Remaining': header('Requests left in the current window.'),
    'RateLimit-Reset': header('Seconds until the window resets.'),
    'X-RateLimit-Limit': header(
      'Requests allowed per window (the `x-ratelimit` header style).',
    ),
    'X-RateLimit-Remaining': header('Requests left in the current window.'),
    'X-RateLimit-Reset': header('When the window resets, in epoch seconds.'),
  }
}
export function createErrorResponses(
  errorEnvelopeId: string,
): Record<string, JsonObject> {
  const response = (
    description: string,
    headers?: Record<string, JsonObject>,
  ): JsonObject => ({
    description,
    headers: { ...headers, ...createRateLimitHeaders() },
    content: {
      'application/json': {
        schema: { $ref: SCHEMAS_POINTER + errorEnvelopeId },
      },
    },
  })
  const retryAfter = {
    description: 'Seconds to wait before retrying.',
    required: false,
    schema: { type: 'string', pattern: '^[0-9]+$' },
  }
  return {
    Unauthorized: response('API key invalid or expired.', {
      'WWW-Authenticate': {
        description: 'The Bearer challenge (RFC 6750).',
        required: true,
        schema: { type: 'string', pattern: '^Bearer' },
      },
    }),
    NotFound: response(
      'Resource does not exist, including the case where the caller lacks access permission.',
    ),
    MethodNotAllowed: response(
      'The method is neither GET nor HEAD. Every operation of the API is a GET; HEAD answers as GET without the body, any other method with 405.',
      {
        Allow: {
          description: 'The methods the path answers.',
          required: true,
          schema: { type: 'string', pattern: '\\bGET\\b' },
        },
      },
    ),
    InvalidParameter: response('Parameters invalid.'),
    RateLimited: response('Rate limit exceeded.', {
      'Retry-After': retryAfter,
    }),
    InternalError: response('Unexpected error.'),
    ServiceUnavailable: response(
      'The service is unavailable. The spec does not list 503; the mock answers it only when a scenario forces it.',
      { 'Retry-After': retryAfter },
    ),
  }
}
