import type { JournalFacts } from './traffic/journal-facts.js'

/** Case-insensitive, as `Headers#get`; adapters pass what is cheapest. */
export interface HeaderLookup {
  get(name: string): string | null | undefined
}

/** A request as every adapter hands it to `api/`. */
export interface ApiRequest {
  method: string
  /** The asset URLs' base; behind a proxy, the public URL with its path. */
  origin: string
  /** Still percent-encoded, without query or fragment. */
  path: string
  /** Without the leading `?`. */
  query: string
  headers: HeaderLookup
}

/** A response as `api/` hands it to an adapter; JSON bodies come serialised. */
export interface ApiResponse {
  status: number
  headers: Record<string, string>
  /** A stream only for a media folder's file, cancelled if the client goes. */
  body: string | Uint8Array | ReadableStream<Uint8Array> | null
  /** For logs; absent for unknown paths and assets. */
  endpoint?: string
  /** Log-safe label of a key the dataset knows, e.g. `acct_alpha#1`. */
  keyLabel?: string
  delayMs?: number
  networkError?: boolean
  /** For logs (`hostile` for all). */
  variants?: string[]
  delivery?: BodyDelivery
  /** Proxy mode: the real service answers; the adapter calls this with its status, to journal it. */
  forward?: (status: number) => void
  facts?: JournalFacts
}

/** `slow-body`, `truncated`: `pieces` parts `intervalMs` apart, maybe cut. */
export interface BodyDelivery {
  pieces: number
  intervalMs: number
  truncateAt?: number
}
