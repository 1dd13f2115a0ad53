import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { decodePathSegment } from './decode-path-segment.js'

/** e.g. `/__assets/mov_abc/video.mp4?expires=…&nonce=…&signature=…`. */
export const ASSET_PATH_PREFIX = '/__assets/'

export type AssetKind = 'video' | 'thumbnail'

/** The two asset addresses of a `moviemode` content detail (spec 2.4). */
export type AssetUrls = Record<'download_url' | 'thumbnail_url', string>

export type AssetVerification =
  | {
      ok: true
      kind: AssetKind
      movieUnique: string
      expiresAt: number
    }
  | {
      ok: false
      /** `invalid`: altered, incomplete or signed with another secret; `expired`: genuine but past its expiry. */
      reason: 'invalid' | 'expired' | 'not_found'
      message: string
      expiresAt?: number
    }

interface AssetSignerOptions {
  /**
   * Defaults to 32 random bytes per signer, so URLs do not survive a restart.
   * Non-empty when given: the `assetSecret` option's schema says so.
   */
  secret?: string
  ttlSeconds: number
  /** A mock's `lifetimeNow`, which never runs faster than real time. */
  now: () => number
}

const FILE_NAMES: Record<AssetKind, string> = {
  video: 'video.mp4',
  thumbnail: 'thumbnail.jpg',
}
const KINDS_BY_FILE_NAME = new Map(
  Object.entries(FILE_NAMES).map(([kind, name]) => [name, kind as AssetKind]),
)
// Domain separation; one SHA-256 block long, so it is absorbed once per signer.
const DOMAIN = 'content-api-mock/asset-url/v2\n'.padEnd(64, '.')
// Each URL carries half of one HMAC tag (NIST SP 800-107 allows 128-bit truncation).
const TAG_HALVES: Record<AssetKind, readonly [number, number]> = {
  video: [0, 16],
  thumbnail: [16, 32],
}
const BASE64URL =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const BASE64URL_CODES = Array.from(BASE64URL, (char) => char.charCodeAt(0))
const EXPIRES = /^[0-9]{1,12}$/
/** Printable ASCII but `"` and backslash: a string whose JSON is itself, quoted. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/
const NONCE = /^[A-Za-z0-9._-]{1,128}$/
const REFETCH =
  'Fetch the content again (GET /projects/{project_unique}/contents/{variation_unique}) and use its download_url or thumbnail_url exactly as issued.'

/** HMAC-SHA256 over the movie ID, expiry and a per-call nonce. @see ./serve-asset.ts */
export function createAssetSigner(options: AssetSignerOptions): AssetSigner {
  const { ttlSeconds } = options
  if (!Number.isSafeInteger(ttlSeconds) || ttlSeconds < 1) {
    throw new RangeError(
      `Failed to create the asset signer: ttlSeconds must be a whole number of seconds, at least 1 (got ${String(ttlSeconds)}).`,
    )
  }
  const key =
    options.secret === undefined
      ? crypto.getRandomValues(new Uint8Array(32))
      : encoder.encode(options.secret)
  return new AssetSigner(key, ttlSeconds, options.now)
}

const encoder = new TextEncoder()

/** Issues and checks the signed, expiring asset URLs of spec rule 4.4. */
export class AssetSigner {
  readonly now: () => number
  readonly ttlSeconds: number
  // `_cloneInto` a reused state: bench/hmac.js still finds it 2–3× faster than
  // `clone()` or a one-shot hmac(). Safe: signing is synchronous.
  readonly #keyed: ReturnType<typeof hmac.create>
  readonly #scratch: ReturnType<typeof hmac.create>
  readonly #tag = new Uint8Array(sha256.outputLen)
  readonly #ascii = new Uint8Array(256)
  // Unique per call and cheap: a random per-instance prefix and a counter.
  readonly #noncePrefix = `${toBase64Url(crypto.getRandomValues(new Uint8Array(6)))}.`
  #counter = 0
  // The origin of the last issue, and whether it is plain. An issued URL is plain (its JSON is itself, quoted)
  // exactly when its origin is: every other part is ASCII letters, digits and URL punctuation, the movie ID
  // percent-encoded.
  #lastOrigin: string | undefined
  #lastOriginPlain = false

  constructor(key: Uint8Array, ttlSeconds: number, now: () => number) {
    this.ttlSeconds = ttlSeconds
    this.now = now
    this.#keyed = hmac.create(sha256, key).update(encoder.encode(DOMAIN))
    this.#scratch = hmac.create(sha256, key)
  }

  /**
   * Signs fresh URLs for a movie's video and thumbnail, which differ on every call, each as its JSON string
   * (quoted, escaped where needed), to splice into a JSON body.
   */
  issueJson(origin: string, movieUnique: string): AssetUrls {
    const base = `${origin.endsWith('/') ? origin.slice(0, -1) : origin}${ASSET_PATH_PREFIX}${encodeURIComponent(movieUnique)}/`
    const expires = String(Math.ceil(this.now() / 1000) + this.ttlSeconds)
    const nonce = this.#noncePrefix + (this.#counter++).toString(36)
    const query = `?expires=${expires}&nonce=${nonce}&signature=`
    this.#computeTag(movieUnique, expires, nonce)
    const download = `${base}${FILE_NAMES.video}${query}${this.#signatureOf('video')}`
    const thumbnail = `${base}${FILE_NAMES.thumbnail}${query}${this.#signatureOf('thumbnail')}`
    // Tested once per origin, not per URL: the other parts are always plain.
    if (origin !== this.#lastOrigin) {
      this.#lastOrigin = origin
      this.#lastOriginPlain = PLAIN.test(origin)
    }
    return this.#lastOriginPlain
      ? { download_url: `"${download}"`, thumbnail_url: `"${thumbnail}"` }
      : {
          download_url: JSON.stringify(download),
          thumbnail_url: JSON.stringify(thumbnail),
        }
  }

  verify(path: string, query: string): AssetVerification {
    const target = parseAssetPath(path)
    if (target === undefined) {
      return {
        ok: false,
        reason: 'not_found',
        message: `No asset at "${clip(path)}". Asset URLs look like ${ASSET_PATH_PREFIX}{movie_unique}/video.mp4 or ${ASSET_PATH_PREFIX}{movie_unique}/thumbnail.jpg with expires, nonce and signature parameters. ${REFETCH}`,
      }
    }
    const params = readSignedQuery(query)
    if ('ok' in params) return params
    const { expires, nonce, signature } = params
    this.#computeTag(target.movieUnique, expires, nonce)
    if (!equalsConstantTime(signature, this.#signatureOf(target.kind))) {
      return invalid(
        `The asset URL's signature does not match its path, expires and nonce: the URL was changed after it was issued, or another mock instance issued it (each instance signs with its own random secret unless a fixed secret is configured). ${REFETCH}`,
      )
    }
    const expiresAt = Number(expires) * 1000
    if (expiresAt <= this.now()) {
      return {
        ok: false,
        reason: 'expired',
        expiresAt,
        message: `This asset URL expired at ${new Date(expiresAt).toISOString()}; asset URLs stay valid for ${this.ttlSeconds} s after they are issued, counted at most at real speed (a --speed above 1 does not shorten them; a set or advance of the mock clock counts in full). Fetch the content again (GET /projects/{project_unique}/contents/{variation_unique}) for a fresh download_url and thumbnail_url.`,
      }
    }
    return { ok: true, ...target, expiresAt }
  }

  /** The tag of one issue, in `#tag`: both URLs' signatures are halves of it. */
  #computeTag(movieUnique: string, expires: string, nonce: string): void {
    // No length prefixes needed: `expires` and `nonce` never contain "\n", so
    // the message splits uniquely from the right.
    this.#keyed
      ._cloneInto(this.#scratch)
      .update(this.#toBytes(`${movieUnique}\n${expires}\n${nonce}`))
      .digestInto(this.#tag)
  }

  #signatureOf(kind: AssetKind): string {
    const [start, end] = TAG_HALVES[kind]
    return toBase64Url(this.#tag.subarray(start, end))
  }

  // Signed messages are short ASCII: copied into a reused buffer, they skip TextEncoder#encode's crossing into C++.
  #toBytes(text: string): Uint8Array {
    const ascii = this.#ascii
    if (text.length > ascii.length) return encoder.encode(text)
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i)
      if (code > 0x7f) return encoder.encode(text)
      ascii[i] = code
    }
    return ascii.subarray(0, text.length)
  }
}

function parseAssetPath(path: string) {
  if (!path.startsWith(ASSET_PATH_PREFIX)) return undefined
  const rest = path.slice(ASSET_PATH_PREFIX.length)
  const slash = rest.indexOf('/')
  if (slash <= 0) return undefined
  const kind = KINDS_BY_FILE_NAME.get(rest.slice(slash + 1))
  const movieUnique = decodePathSegment(rest.slice(0, slash))
  if (kind === undefined || movieUnique === undefined || movieUnique === '') {
    return undefined
  }
  return { kind, movieUnique }
}

type AssetParams = Partial<Record<'expires' | 'nonce' | 'signature', string>>

/** The three signed parameters of a raw query, well formed, or why not. */
function readSignedQuery(query: string) {
  const params = parseQuery(query)
  if (typeof params === 'string') return invalid(params)
  const { expires, nonce, signature } = params
  if (expires === undefined || nonce === undefined || signature === undefined) {
    const missing = Object.entries({ expires, nonce, signature })
      .filter(([, value]) => value === undefined)
      .map(([name]) => `"${name}"`)
    return invalid(
      `The asset URL lacks its ${missing.join(', ')} query parameter${missing.length > 1 ? 's' : ''}, so it cannot be verified. ${REFETCH}`,
    )
  }
  if (!EXPIRES.test(expires)) {
    return invalid(
      `The asset URL's "expires" parameter must be Unix seconds (digits only), got "${clip(expires)}". ${REFETCH}`,
    )
  }
  if (!NONCE.test(nonce)) {
    return invalid(
      `The asset URL's "nonce" parameter is malformed ("${clip(nonce)}"). ${REFETCH}`,
    )
  }
  return { expires, nonce, signature }
}

function parseQuery(query: string): AssetParams | string {
  const params: AssetParams = {}
  if (query === '') return params
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=')
    const name = eq === -1 ? pair : pair.slice(0, eq)
    // Other parameters (cache busters and the like) are not signed: ignored.
    if (name !== 'expires' && name !== 'nonce' && name !== 'signature') {
      continue
    }
    if (params[name] !== undefined) {
      return `The asset URL repeats its "${name}" query parameter, so it is ambiguous. ${REFETCH}`
    }
    const raw = eq === -1 ? '' : pair.slice(eq + 1)
    const value = raw === '' ? '' : decodePathSegment(raw)
    if (value === undefined) {
      return `The asset URL's "${name}" parameter is not valid percent-encoding. ${REFETCH}`
    }
    params[name] = value
  }
  return params
}

function invalid(message: string): AssetVerification {
  return { ok: false, reason: 'invalid', message }
}

function equalsConstantTime(actual: string, expected: string): boolean {
  // Only the length leaks, and every genuine signature has the same one.
  if (actual.length !== expected.length) return false
  let difference = 0
  for (let i = 0; i < expected.length; i++) {
    difference |= actual.charCodeAt(i) ^ expected.charCodeAt(i)
  }
  return difference === 0
}

function toBase64Url(bytes: Uint8Array): string {
  const codes: number[] = []
  let i = 0
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!
    codes.push(
      BASE64URL_CODES[n >>> 18]!,
      BASE64URL_CODES[(n >>> 12) & 63]!,
      BASE64URL_CODES[(n >>> 6) & 63]!,
      BASE64URL_CODES[n & 63]!,
    )
  }
  if (i < bytes.length) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8)
    codes.push(BASE64URL_CODES[n >>> 18]!, BASE64URL_CODES[(n >>> 12) & 63]!)
    if (i + 1 < bytes.length) codes.push(BASE64URL_CODES[(n >>> 6) & 63]!)
  }
  return String.fromCharCode(...codes)
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text
}
