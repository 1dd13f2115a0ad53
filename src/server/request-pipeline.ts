import type { IncomingMessage, ServerResponse } from 'node:http'
import { performance } from 'node:perf_hooks'
import type { RequestHandler } from 'msw'
import { isApiPath } from '../api/api-prefix.js'
import type { MockCore } from '../api/mock-core.js'
import type { ApiRequest, ApiResponse, HeaderLookup } from '../api/types.js'
import type { createCorsHandlers } from './answers/create-cors-handler.js'
import type { RequestLogEntry } from './request-log-entry.js'
import { isControlPath, isOwnPath } from './answers/is-own-path.js'
import { respondWithHandlers } from './answers/respond-with-handlers.js'
import { writeApiResponse } from './answers/write-api-response.js'
import { writeJsonError } from './answers/write-json-error.js'
import { redactControlPath } from './control/redact-control-path.js'
import { parseAllowedHost } from './host/parse-allowed-hosts.js'
import { readRequestTarget } from './host/read-request-target.js'
import { stripBasePath } from './host/strip-base-path.js'
import { toApiRequest } from './to-api-request.js'
import type { Admission } from './fleet/counting-turns.js'
import { forwardToUpstream } from './upstream/forward-to-upstream.js'
import type { Upstream } from './upstream/resolve-upstream.js'

/** One request on its way through the pipeline. */
interface Exchange {
  request: IncomingMessage
  response: ServerResponse
  /** `performance.now()` when it arrived, for the request log's duration. */
  started: number
  /** The CORS headers not yet set, written with the API's answer. */
  corsHeaders?: readonly string[]
}

/**
 * The server's answer to every request, in this order: the request target
 * must be readable (a path, and a Host header under HTTP/1.1), then the Host
 * must be one it answers (DNS rebinding), then the public URL's base path
 * comes off, then CORS, then the user's `--handlers`, then the API, and
 * express (assets, `/__mock`, `/openapi.json`, the page, `/docs`, the 404)
 * for the rest. Each check is a method, in that order; the base path comes
 * off in `answer()`.
 * @note The request journal is written by `mock.handle` and
 * `mock.handleAsset`, so it holds what the mock answered: never the control
 * API's own requests (a test counting its client's calls must not count its
 * own setup), nor those answered by `--handlers`. `onRequest` sees every
 * answered request.
 */
export class RequestPipeline {
  readonly #settings: PipelineSettings
  readonly #handlers: RequestHandler[] | undefined

  constructor(settings: PipelineSettings) {
    this.#settings = settings
    const { handlers } = settings
    this.#handlers = handlers?.length ? handlers : undefined
  }

  answer(request: IncomingMessage, response: ServerResponse): void {
    const exchange: Exchange = { request, response, started: performance.now() }
    this.#settings.track(response)
    // The target first: the Host check then sees the host of an
    // absolute-form URL, and a request without Host has had its 400.
    if (!this.#isTargetReadable(exchange)) return
    if (!this.#isHostAllowed(exchange)) return
    // Behind a public URL with a path, the routes see paths without it.
    request.url = stripBasePath(request.url ?? '/', this.#settings.basePath)
    this.#applyCors(exchange)
  }

  /** A client that sends an unreadable target is not one to keep talking to. */
  #isTargetReadable(exchange: Exchange): boolean {
    const problem = readRequestTarget(exchange.request)
    if (problem === undefined) return true
    this.#logWhenFinished(exchange)
    writeJsonError(exchange.response, 400, 'bad_request', problem, {
      connection: 'close',
    })
    return false
  }

  /** A Host it does not answer for is a DNS rebinding page's request. */
  #isHostAllowed(exchange: Exchange): boolean {
    const { host } = exchange.request.headers
    if (this.#settings.isHostAllowed(host)) return true
    this.#logWhenFinished(exchange)
    const shown = host ?? ''
    const result = parseAllowedHost(shown.replace(/:\d+$/, ''))
    const name = result.ok ? result.host : '<name>'
    writeJsonError(
      exchange.response,
      403,
      'host_not_allowed',
      `The Host ${JSON.stringify(shown.slice(0, 100))} is not one this server answers: it answers localhost, IP addresses and the host of --public-url, so that no web page can reach it through DNS rebinding. If this is a name you reach the server by, start it with --allowed-hosts ${name} (allowedHosts: [${JSON.stringify(name)}]), or --allowed-hosts all to answer any Host.`,
    )
    return false
  }

  /**
   * CORS comes first, for every path: the API, assets, the control API and
   * the user's own handlers alike. `cors` answers preflights itself; without
   * CORS, the routes answer them (405 under /__mock).
   */
  #applyCors(exchange: Exchange): void {
    const { request, response } = exchange
    const { cors } = this.#settings
    // An API request whose CORS headers are the same for every request gets
    // them in the answer's one `writeHead`.
    const { headers } = cors.any
    if (headers !== undefined && this.#isPlainApiRequest(request)) {
      exchange.corsHeaders = headers
      this.#serveApi(exchange)
      return
    }
    const next = () => this.#route(exchange)
    const applyPathCors = isOwnPath(request.url ?? '/') ? cors.own : cors.any
    if (applyPathCors === undefined) return next()
    if (request.method === 'OPTIONS') this.#logWhenFinished(exchange)
    applyPathCors(request, response, next)
  }

  /** No preflight, no user handler to ask first: the API's fast path. */
  #isPlainApiRequest(request: IncomingMessage): boolean {
    return (
      this.#handlers === undefined &&
      request.method !== 'OPTIONS' &&
      isApiPath(request.url ?? '/', this.#settings.mock.prefix)
    )
  }

  /** The user's `--handlers` come before the mock, but never for /__mock. */
  #route(exchange: Exchange): void {
    const handlers = this.#handlers
    if (handlers === undefined || isControlPath(exchange.request.url ?? '/')) {
      this.#serveMock(exchange)
      return
    }
    this.#serveWithHandlers(handlers, exchange).catch(() => {
      writeJsonError(
        exchange.response,
        500,
        'internal_error',
        'A handler passed with --handlers threw while answering this request. Check that handler; the mock itself was not asked.',
      )
    })
  }

  /** A request no user handler answers falls through to the mock. */
  async #serveWithHandlers(
    handlers: RequestHandler[],
    exchange: Exchange,
  ): Promise<void> {
    const { request, response } = exchange
    const origin = this.#settings.listeningOrigin()
    if (await respondWithHandlers(handlers, request, response, origin)) {
      this.#logWhenFinished(exchange)
      return
    }
    this.#serveMock(exchange)
  }

  /** The API answers its paths; express the rest. */
  #serveMock(exchange: Exchange): void {
    const { request, response } = exchange
    if (isApiPath(request.url ?? '/', this.#settings.mock.prefix)) {
      this.#serveApi(exchange)
      return
    }
    this.#admit(exchange, () => {
      this.#logWhenFinished(exchange)
      this.#settings.app(request, response)
    })
  }

  #serveApi(exchange: Exchange): void {
    this.#admit(exchange, (counted) => this.#answerApi(exchange, counted))
  }

  /** In a fleet, a request goes on once this replica is fresh, or is refused. */
  #admit(
    exchange: Exchange,
    goOn: (counted?: Admission['counted']) => void,
  ): void {
    const waiting = this.#settings.admit?.(exchange.request)
    if (waiting === undefined) return goOn()
    void waiting.then(({ refuse, counted }) => {
      if (refuse === undefined) goOn(counted)
      else this.#refuse(exchange, refuse)
    })
  }

  /** A refusal of the fleet's, logged, with CORS headers a browser can read. */
  #refuse(exchange: Exchange, refuse: (response: ServerResponse) => void) {
    const { request, response, corsHeaders } = exchange
    if (corsHeaders !== undefined)
      this.#settings.cors.any(request, response, ignore)
    this.#logWhenFinished(exchange)
    refuse(response)
  }

  /** A count the fleet keeps goes out once the fleet has taken it. */
  #answerApi(exchange: Exchange, counted?: Admission['counted']): void {
    const apiRequest = toApiRequest(exchange.request, this.#settings.originOf)
    const answer = this.#settings.mock.handle(apiRequest)
    if (counted === undefined)
      return this.#sendApi(exchange, apiRequest, answer)
    void counted().then((refuse) => {
      if (refuse === undefined) this.#sendApi(exchange, apiRequest, answer)
      else this.#refuse(exchange, refuse)
    })
  }

  #sendApi(
    exchange: Exchange,
    apiRequest: ApiRequest,
    answer: ApiResponse | undefined,
  ): void {
    const { request, response, corsHeaders } = exchange
    const { cors } = this.#settings
    // Express or upstream writes the head: the CORS headers go on it now.
    const passedOn = answer === undefined || answer.forward !== undefined
    if (passedOn && corsHeaders !== undefined)
      cors.any(request, response, ignore)
    if (answer === undefined) return this.#settings.app(request, response)
    const { upstream, mock } = this.#settings
    if (answer.forward !== undefined && upstream !== undefined) {
      void forwardToUpstream(request, response, upstream, {
        subpath: apiRequest.path.slice(mock.prefix.length),
        query: apiRequest.query,
        endpoint: answer.endpoint,
      }).then((status) => {
        answer.forward?.(status)
        this.#reportApi(exchange, { ...answer, status }, upstream.origin)
      })
      return
    }
    this.#writeApiAnswer(exchange, answer)
  }

  /** A delay or a dropped connection waits; everything else is written now. */
  #writeApiAnswer(exchange: Exchange, answer: ApiResponse): void {
    const { request, response, corsHeaders } = exchange
    const write = () => {
      const isHead = request.method === 'HEAD'
      writeApiResponse(response, answer, isHead, corsHeaders)
    }
    if (answer.delayMs === undefined && answer.networkError !== true) {
      write()
      this.#reportApi(exchange, answer)
      return
    }
    setTimeout(() => {
      // A dropped connection: the client gets no answer at all, so `fetch`
      // rejects as it does with the interceptor's `HttpResponse.error()`.
      if (answer.networkError === true) request.socket.destroy()
      else write()
      this.#reportApi(exchange, answer)
    }, answer.delayMs ?? 0)
  }

  /** The request log's line for an API answer, with what only the mock knows. */
  #reportApi(exchange: Exchange, answer: ApiResponse, proxied?: string): void {
    const { request, started } = exchange
    this.#settings.onRequest?.({
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      status: answer.status,
      durationMs: performance.now() - started,
      keyLabel: answer.keyLabel,
      endpoint: answer.endpoint,
      ...(answer.variants !== undefined && { variants: answer.variants }),
      ...(proxied !== undefined && { proxied }),
    })
  }

  /** Everything else is logged once its answer is sent. */
  #logWhenFinished({ request, response, started }: Exchange): void {
    const { onRequest, mock } = this.#settings
    if (onRequest === undefined) return
    // Read now: express rewrites `request.url` inside mounted routers.
    const target = redactControlPath(request.url ?? '/', (key) =>
      mock.db.index.keyLabels.get(key),
    )
    response.once('finish', () => {
      // Set by express's asset route; absent for everything else.
      const endpoint = (response as { locals?: { endpoint?: string } }).locals
        ?.endpoint
      onRequest({
        method: request.method ?? 'GET',
        path: target,
        status: response.statusCode,
        durationMs: performance.now() - started,
        ...(endpoint !== undefined && { endpoint }),
      })
    })
  }
}

/** What the pipeline of one server works with. */
interface PipelineSettings {
  mock: MockCore
  /** Everything around the API (`createExpressApp`). */
  app: (request: IncomingMessage, response: ServerResponse) => void
  /** The connection keeper's watch on each response. */
  track: (response: ServerResponse) => void
  isHostAllowed: (host: string | undefined) => boolean
  /** The public URL's path, stripped from targets that carry it; or `''`. */
  basePath: string
  cors: ReturnType<typeof createCorsHandlers>
  /** The user's own MSW handlers (`--handlers`), when there are any. */
  handlers?: RequestHandler[]
  originOf: (headers: HeaderLookup) => string
  /** The server's own origin, once it listens. */
  listeningOrigin: () => string
  /** Forwarding to upstream (`--proxy`), when it is on. */
  upstream?: Upstream
  onRequest?: (entry: RequestLogEntry) => void
  /**
   * In a fleet of replicas: `undefined` when the mock may answer the request
   * now, else what to wait for (this replica to be fresh, a count of the
   * fleet) and how to go on.
   */
  admit?: (request: IncomingMessage) => Promise<Admission> | undefined
}

function ignore(): void {}
