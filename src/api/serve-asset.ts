import type { MediaAsset, ThumbnailSubject } from '../media/media-library.js'
import { MediaUnavailableError } from '../media/media-unavailable-error.js'
import type { ApiContext } from './api-context.js'
import type { AssetVerification } from './asset-signer.js'
import { createErrorResponse } from './error-response.js'
import type { ApiRequest, ApiResponse } from './types.js'

/** The dataset and live stream at the mock's clock find the content a movie belongs to. */
type AssetContext = Pick<
  ApiContext,
  'signer' | 'media' | 'dataset' | 'liveStream' | 'now'
>

const NO_STORE = { 'cache-control': 'no-store' }
const SINGLE_RANGE = /^bytes=[ \t]*([0-9]*)-([0-9]*)[ \t]*$/i

/**
 * Async: a thumbnail is rendered and a clip loaded on its first request. A media file is streamed per request, never read whole.
 * @see https://www.rfc-editor.org/rfc/rfc9110#section-14 for range requests.
 */
export async function serveAsset(
  context: AssetContext,
  request: ApiRequest,
): Promise<ApiResponse> {
  const { signer } = context
  const result = signer.verify(request.path, request.query)
  if (!result.ok && result.reason === 'not_found') {
    return createErrorResponse(404, 'not_found', result.message, NO_STORE)
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return methodNotAllowed(request.method)
  }
  if (!result.ok) return refuseUrl(result, signer.ttlSeconds)
  const asset = await loadAsset(context, result)
  if ('status' in asset) return asset
  const size = 'bytes' in asset ? asset.bytes.length : asset.source.size
  const head = request.method === 'HEAD'
  // @note Without validators an If-Range can never match, so RFC 9110 section 13.1.5 says to send the whole.
  const rangeHeader =
    request.headers.get('if-range') == null
      ? request.headers.get('range')
      : undefined
  const range =
    rangeHeader == null ? undefined : parseSingleRange(rangeHeader, size)
  // An open file whose bytes are not sent is let go.
  if ((range === 'unsatisfiable' || head) && 'source' in asset) {
    asset.source.close()
  }
  if (range === 'unsatisfiable') return unsatisfiable(rangeHeader!, size)
  const maxAge = Math.max(
    0,
    Math.floor((result.expiresAt - signer.now()) / 1000),
  )
  const { start, end } = range ?? { start: 0, end: size - 1 }
  const headers: Record<string, string> = {
    'content-type': asset.type,
    'accept-ranges': 'bytes',
    'cache-control': `private, max-age=${maxAge}`,
    'content-length': String(end - start + 1),
  }
  if (range !== undefined) {
    headers['content-range'] = `bytes ${start}-${end}/${size}`
  }
  return {
    status: range === undefined ? 200 : 206,
    headers,
    body: head ? null : bodyOf(asset, start, end),
    facts: lifetimeOf(result.expiresAt, signer.ttlSeconds),
  }
}

function methodNotAllowed(method: string): ApiResponse {
  return createErrorResponse(
    405,
    'method_not_allowed',
    `Asset URLs answer GET and HEAD only, not ${method}. Request the URL with GET to download it.`,
    { ...NO_STORE, allow: 'GET, HEAD' },
    { cause: 'method-not-allowed' },
  )
}

/** The 403 of a URL that was altered, or is genuine but expired. */
function refuseUrl(
  result: Extract<AssetVerification, { ok: false }>,
  ttlSeconds: number,
): ApiResponse {
  const expired = result.reason === 'expired'
  return createErrorResponse(
    403,
    expired ? 'asset_url_expired' : 'asset_url_invalid',
    result.message,
    NO_STORE,
    expired && result.expiresAt !== undefined
      ? {
          cause: 'asset-url-expired',
          ...lifetimeOf(result.expiresAt, ttlSeconds),
        }
      : { cause: 'asset-url-invalid' },
  )
}

/** The movie's video or thumbnail, or a 404 naming what cannot be served. */
async function loadAsset(
  context: AssetContext,
  { kind, movieUnique }: Extract<AssetVerification, { ok: true }>,
): Promise<MediaAsset | ApiResponse> {
  try {
    return kind === 'video'
      ? await context.media.video(movieUnique)
      : await context.media.thumbnail(
          findThumbnailSubject(context, movieUnique),
        )
  } catch (error) {
    if (!(error instanceof MediaUnavailableError)) throw error
    return createErrorResponse(404, 'not_found', error.message, NO_STORE)
  }
}

function unsatisfiable(rangeHeader: string, size: number): ApiResponse {
  return createErrorResponse(
    416,
    'range_not_satisfiable',
    size === 0
      ? `The requested range "${rangeHeader}" asks for bytes of an empty asset, which has none. Omit the Range header to get the empty file.`
      : `The requested range "${rangeHeader}" starts beyond the end of this ${size}-byte asset. Request bytes 0-${size - 1}, or omit the Range header for the whole file.`,
    {
      ...NO_STORE,
      'accept-ranges': 'bytes',
      'content-range': `bytes */${size}`,
    },
  )
}

/** When a URL that expires at `expiresAt` was issued, and its expiry. */
function lifetimeOf(expiresAt: number, ttlSeconds: number) {
  return {
    assetIssuedMs: expiresAt - ttlSeconds * 1000,
    assetExpiresMs: expiresAt,
  }
}

/** The bytes from `start` to `end` (both included) of an asset. */
function bodyOf(asset: MediaAsset, start: number, end: number) {
  return 'source' in asset
    ? asset.source.stream(start, end)
    : asset.bytes.subarray(start, end + 1)
}

/**
 * The title and project of the content a movie belongs to; a movie no content
 * has (any more) shows its own ID.
 */
function findThumbnailSubject(
  context: AssetContext,
  movieUnique: string,
): ThumbnailSubject {
  const dataset = context.dataset()
  const content =
    dataset.index.contentsByMovie.get(movieUnique) ??
    context.liveStream()?.contentOfMovie(movieUnique, context.now())
  const project =
    content && dataset.index.projectsById.get(content.project_unique)
  return {
    movieUnique,
    title: content?.title ?? movieUnique,
    label: project?.project_name ?? 'content-api-mock',
  }
}

/**
 * The one byte range of a `Range` header, clamped to the asset, or
 * `unsatisfiable`; `undefined` when the header is to be ignored (malformed,
 * another unit, or several ranges), which RFC 9110 section 14.2 allows.
 */
function parseSingleRange(
  header: string,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = SINGLE_RANGE.exec(header.trim())
  if (match === null) return undefined
  const first = match[1] ?? ''
  const last = match[2] ?? ''
  if (first === '') {
    if (last === '') return undefined
    const suffix = Number(last)
    // @note An empty asset has no last bytes to give (RFC 9110 section
    // 14.1.1: a suffix range of a zero-length representation cannot be
    // satisfied), so "bytes=-5" of it is a 416, not "bytes 0--1/0".
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? Infinity : Number(last)
  // "bytes=5-2" is invalid syntax (ignored), not an unsatisfiable range.
  if (end < start) return undefined
  if (start >= size) return 'unsatisfiable'
  return { start, end: Math.min(end, size - 1) }
}
