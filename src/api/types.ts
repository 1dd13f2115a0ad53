import type { JournalFacts } from './traffic/journal-facts.js'

/**
 * Reads one request header by its case-insensitive name, as `Headers#get`
 * does. Adapters pass whatever is cheapest for their runtime.
 */
export interface HeaderLookup {
  get(name: string): string | null | undefined
}

/**
 * The runtime-agnostic description of a request that every adapter (the MSW
 * handlers, the standalone server) hands to the API's behaviour functions.
 */
export interface ApiRequest {
  /** Upper-case HTTP method, e.g. `GET`. */
  method: string
  /**
   * Scheme, host and port the request came to, e.g. `http://127.0.0.1:4010`:
   * the base of the asset URLs issued. Behind a proxy that mounts the server
   * under a path, the server's public URL with that path, e.g.
   * `https://example.com/mock`.
   */
  origin: string
  /** The raw (still percent-encoded) path, without query or fragment. */
  path: string
  /** The raw query string without the leading `?`; empty when there is none. */
  query: string
  headers: HeaderLookup
}

/**
 * The runtime-agnostic description of a response. JSON bodies are already
 * serialised, so an adapter writes them as they are.
 */
export interface ApiResponse {
  status: number
  headers: Record<string, string>
  /**
   * A stream only for an asset read as it is sent (a media folder's file),
   * with its `content-length` in `headers`: the adapter sends it as the
   * client takes it, and cancels it when the client leaves.
   */
  body: string | Uint8Array | ReadableStream<Uint8Array> | null
  /** Which endpoint answered, for logs; absent for unknown paths and assets. */
  endpoint?: string
  /**
   * The log-safe label of the API key sent, e.g. `acct_alpha#1`, when the
   * dataset knows the key (also for an expired or revoked one).
   */
  keyLabel?: string
  /** Wait this long before answering (a latency scenario). */
  delayMs?: number
  /** Drop the connection instead of answering (a network-error scenario). */
  networkError?: boolean
  /** The variants applied to this answer, for logs (`hostile` for all). */
  variants?: string[]
  /** Send the body in pieces over time, or cut it (`slow-body`, `truncated`). */
  delivery?: BodyDelivery
  /**
   * Set under proxy mode when the real service answers this request instead
   * of the mock (the answer's other fields are not sent): the adapter
   * forwards the request, then calls it with the status it sent back, which
   * journals the request as proxied.
   */
  forward?: (status: number) => void
  /**
   * What the journal records of this answer beyond its status: why the
   * request was refused, a `Retry-After`, an asset URL's lifetime.
   */
  facts?: JournalFacts
}

/**
 * How an adapter sends a body under the `slow-body` and `truncated`
 * variants: in `pieces` parts `intervalMs` apart, then the connection is
 * closed after `truncateAt` bytes when that is set (see `splitBody`).
 */
export interface BodyDelivery {
  pieces: number
  intervalMs: number
  truncateAt?: number
}
