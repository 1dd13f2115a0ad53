/**
 * One answered request, as the server reports it for logs.
 */
export interface RequestLogEntry {
  method: string
  /**
   * The request target as sent: path and query; the API key in a control
   * path (`/__mock/api-keys/<key>`) shows as its label.
   */
  path: string
  status: number
  durationMs: number
  /** The log-safe label of the API key, e.g. `acct_alpha#1`; never the key. */
  keyLabel?: string
  /** The endpoint that answered, e.g. `getContent`. */
  endpoint?: string
  /** The variants applied to the answer (`hostile` for all), when any were. */
  variants?: string[]
  /** Upstream's origin, when the request was forwarded there. */
  proxied?: string
}
