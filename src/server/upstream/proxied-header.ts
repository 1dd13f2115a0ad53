/**
 * The response header that marks an answer of upstream, the real service
 * the mock forwarded to; its value is the real service's origin.
 * @example
 * response.headers.get(PROXIED_HEADER) // 'https://api.example.com'
 */
export const PROXIED_HEADER = 'x-mock-proxied'
