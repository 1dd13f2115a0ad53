import { ASSET_ENDPOINT } from '../schema/endpoints.js'
import type { ApiContext } from './api-context.js'
import { isApiPath } from './api-prefix.js'
import { ASSET_PATH_PREFIX } from './asset-signer.js'
import type { MockClockWithLifetime } from './create-mock-clock.js'
import { createErrorResponse } from './error-response.js'
import { handleApiRequest } from './handle-api-request.js'
import { isUnknownToMock } from './is-unknown-to-mock.js'
import { matchRoute } from './match-route.js'
import type { MockCoreInternals } from './mock-core.js'
import { readBearerToken } from './read-bearer-token.js'
import { serveAsset } from './serve-asset.js'
import type {
  RawJournalEntry,
  RequestJournal,
} from './traffic/create-request-journal.js'
import type { ApiRequest, ApiResponse } from './types.js'

interface AnswererParts extends Pick<
  MockCoreInternals,
  'upstream' | 'onJournalEntry'
> {
  context: ApiContext
  clock: MockClockWithLifetime
  journal: RequestJournal
  origin: string | undefined
}

/** Writes each answer to the journal; in proxy mode hands the real service's answers to the adapter. */
export class RequestAnswerer {
  readonly #parts: AnswererParts

  constructor(parts: AnswererParts) {
    this.#parts = parts
  }

  handle(request: ApiRequest): ApiResponse | undefined {
    const { context, upstream } = this.#parts
    if (!this.#isOurs(request) || !isApiPath(request.path, context.prefix)) {
      return undefined
    }
    const arrival = arrivalOn(this.#parts.clock)
    if (
      upstream?.all === true &&
      (request.method === 'GET' || request.method === 'HEAD')
    ) {
      return this.#forwarded(request, this.#passThrough(request), arrival)
    }
    const response = handleApiRequest(context, request)
    // @note Only the lookup's 404: an answer decided before it (401, 429, forced, 422) stays the mock's.
    if (
      upstream !== undefined &&
      response.status === 404 &&
      isUnknownToMock(context, request)
    ) {
      return this.#forwarded(request, response, arrival)
    }
    this.#addToJournal(request, response, arrival)
    return response
  }

  handleAsset(request: ApiRequest): Promise<ApiResponse> | undefined {
    if (!this.#isOurs(request) || !request.path.startsWith(ASSET_PATH_PREFIX)) {
      return undefined
    }
    const arrival = arrivalOn(this.#parts.clock)
    return serveAsset(this.#parts.context, request)
      .catch(() =>
        createErrorResponse(
          500,
          'internal_error',
          `The mock failed to produce the asset at ${request.path}. If the server serves a media folder (--media-dir), check that its files are still there and readable; otherwise this is a bug in content-api-mock: please report it with the URL.`,
          { 'cache-control': 'no-store' },
        ),
      )
      .then((response) => {
        response.endpoint ??= ASSET_ENDPOINT
        this.#addToJournal(request, response, arrival)
        return response
      })
  }

  #isOurs(request: ApiRequest): boolean {
    const { origin } = this.#parts
    return origin === undefined || request.origin === origin
  }

  /** Journalled once the adapter knows the status it sent. */
  #forwarded(
    request: ApiRequest,
    response: ApiResponse,
    arrival: Arrival,
  ): ApiResponse {
    response.forward = (status) =>
      this.#addToJournal(request, { ...response, status }, arrival)
    return response
  }

  /** Under `upstream.all`, a GET or HEAD goes through untouched; endpoint and key label are read only for the journal. */
  #passThrough(request: ApiRequest): ApiResponse {
    const { prefix, dataset } = this.#parts.context
    const route = matchRoute(request.path.slice(prefix.length))
    const token = readBearerToken(request.headers.get('authorization'))
    const keyLabel = token && dataset().index.keyLabels.get(token)
    return {
      status: 0,
      headers: {},
      body: null,
      ...(route !== undefined && { endpoint: route.endpoint }),
      ...(keyLabel !== undefined && { keyLabel }),
    }
  }

  #addToJournal(
    request: ApiRequest,
    response: ApiResponse,
    { started, arrived, lifetime }: Arrival,
  ): void {
    const { journal, upstream, onJournalEntry } = this.#parts
    const entry: RawJournalEntry = {
      id: 0,
      timeMs: arrived,
      method: request.method,
      path: request.path,
      query: request.query,
      endpoint: response.endpoint,
      keyLabel: response.keyLabel,
      status: response.status,
      durationMs: performance.now() - started + (response.delayMs ?? 0),
      // Read now, from `performance` as it is now: fake timers replace it.
      startMs: performance.timeOrigin + started,
      lifetimeClockMs: lifetime,
      networkError: response.networkError === true,
      variants: response.variants,
      proxied: response.forward === undefined ? undefined : upstream?.origin,
    }
    if (response.facts !== undefined) Object.assign(entry, response.facts)
    journal.add(entry)
    onJournalEntry?.(entry)
  }
}

function arrivalOn(clock: MockClockWithLifetime) {
  return {
    started: performance.now(),
    arrived: clock.now(),
    lifetime: clock.lifetimeNow(),
  }
}

type Arrival = ReturnType<typeof arrivalOn>
