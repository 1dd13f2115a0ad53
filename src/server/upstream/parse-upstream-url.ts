// @note Kept free of imports but one without any, so the CLI can check
// --proxy without loading the server.
import { parseHttpUrl } from '../host/parse-http-url.js'

// `--proxy`: the service's `{base_url}` of spec section 1, version prefix included.
export function parseUpstreamUrl(value: string) {
  return parseHttpUrl(value, {
    examples: 'such as https://api.example.com/public-api/v1',
    credentials:
      'which the mock would not send (each caller\'s own "Authorization" header is passed through); remove them',
    query:
      "which forwarded requests cannot carry (each request's own query is passed through); remove it",
  })
}
