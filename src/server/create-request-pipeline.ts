import type { IncomingMessage, ServerResponse } from 'node:http'
import { performance } from 'node:perf_hooks'
import type { RequestHandler } from 'msw'
import { isApiPath } from '../api/api-prefix.js'
import type { MockCore } from '../api/mock-core.js'
import type { ApiResponse, HeaderLookup } from '../api/types.js'
import type { CorsHandler } from './answers/create-cors-handler.js'
import type { RequestLogEntry } from './request-log-entry.js'
import { isControlPath, isOwnPath } from './answers/is-own-path.js'
import { respondWithHandlers } from './answers/respond-with-handlers.js'
import { writeApiResponse } from './answers/write-api-response.js'
import { writeJsonError } from './answers/write-json-error.js'
import { redactControlPath } from './control/redact-control-path.js'
import { readRequestTarget } from './host/read-request-target.js'
import { refuseHost } from './host/refuse-host.js'
import { stripBasePath } from './host/strip-base-path.js'
import { toApiRequest } from './to-api-request.js'
import type { UpstreamForwarder } from './upstream/create-upstream-forwarder.js'

/**
 * The server's answer to every request, in this order: the request target
 * must be readable (a path, and a Host header under HTTP/1.1), then the Host
 * must be one it answers (DNS rebinding), then the public URL's base path
 * comes off, then CORS, then the user's `--handlers`, then the API, and
 * express (assets, `/__mock`, `/openapi.json`, the page, `/docs`, the 404)
 * for the rest.
 * @note The request journal is written by `mock.handle` and
 * `mock.handleAsset`, so it holds what the mock answered: never the control
 * API's own requests (a test counting its client's calls must not count its
 * own setup), nor those answered by `--handlers`. `onRequest` sees every
 * answered request.
 * @example
 * server.on('request', createRequestPipeline({ mock, app, track, … }))
 */
export function createRequestPipeline(
  settings: PipelineSettings,
): (request: IncomingMessage, response: ServerResponse) => void {
  const { mock, app, cors, onRequest } = settings
  const handlers =
    settings.handlers !== undefined && settings.handlers.length > 0
      ? settings.handlers
      : undefined

  return (request, response) => {
    const started = performance.now()
    settings.track(response)
    // The target first: the Host check then sees the host of an
    // absolute-form URL, and a request without Host has had its 400.
    if (!isTargetReadable(request, response, started)) return
    if (!settings.isHostAllowed(request.headers.host)) {
      logWhenFinished(request, response, started)
      refuseHost(response, request.headers.host)
      return
    }
    if (settings.basePath !== '') {
      request.url = stripBasePath(request.url ?? '/', settings.basePath)
    }
    // Then CORS, and `route`: the user's handlers, the API, express.
    applyCors(request, response, started)
  }

  function isTargetReadable(
    request: IncomingMessage,
    response: ServerResponse,
    started: number,
  ): boolean {
    const problem = readRequestTarget(request)
    if (problem === undefined) return true
    logWhenFinished(request, response, started)
    // A client that sends such a request is not one to keep talking to.
    writeJsonError(response, problem.status, problem.code, problem.message, {
      connection: 'close',
    })
    return false
  }

  /**
   * CORS comes first, for every path: the API, assets, the control API and
   * the user's own handlers alike. `cors` answers preflights itself; without
   * CORS, the routes answer them (405 under /__mock).
   */
  function applyCors(
    request: IncomingMessage,
    response: ServerResponse,
    started: number,
  ): void {
    // An API request whose CORS headers are the same for every request gets
    // them in the answer's one `writeHead`.
    if (
      cors.any.headers !== undefined &&
      handlers === undefined &&
      request.method !== 'OPTIONS' &&
      isApiPath(request.url ?? '/', mock.prefix)
    ) {
      serveApi(request, response, started, cors.any.headers)
      return
    }
    const next = () => route(request, response, started)
    const applyPathCors = isOwnPath(request.url ?? '/') ? cors.own : cors.any
    if (applyPathCors === undefined) return next()
    if (request.method === 'OPTIONS')
      logWhenFinished(request, response, started)
    applyPathCors(request, response, next)
  }

  function route(
    request: IncomingMessage,
    response: ServerResponse,
    started: number,
  ): void {
    if (handlers === undefined || isControlPath(request.url ?? '/')) {
      serveMock(request, response, started)
      return
    }
    serveWithHandlers(handlers, request, response, started).catch(() => {
      writeJsonError(
        response,
        500,
        'internal_error',
        'A handler passed with --handlers threw while answering this request. Check that handler; the mock itself was not asked.',
      )
    })
  }

  async function serveWithHandlers(
    handlers: RequestHandler[],
    request: IncomingMessage,
    response: ServerResponse,
    started: number,
  ): Promise<void> {
    const origin = settings.listeningOrigin()
    if (await respondWithHandlers(handlers, request, response, origin)) {
      logWhenFinished(request, response, started)
      return
    }
    serveMock(request, response, started)
  }

  function serveMock(
    request: IncomingMessage,
    response: ServerResponse,
    started: number,
  ): void {
    if (isApiPath(request.url ?? '/', mock.prefix)) {
      serveApi(request, response, started)
      return
    }
    logWhenFinished(request, response, started)
    const waiting = settings.admit?.(request)
    if (waiting === undefined) app(request, response)
    else {
      void waiting.then((admission) => {
        if (admission.refuse !== undefined) admission.refuse(response)
        else app(request, response)
      })
    }
  }

  /** `corsHeaders`: the CORS headers not yet set, written with the answer's. */
  function serveApi(
    request: IncomingMessage,
    response: ServerResponse,
    started: number,
    corsHeaders?: readonly string[],
  ): void {
    const waiting = settings.admit?.(request)
    if (waiting === undefined) {
      serveApiNow(request, response, started, corsHeaders)
      return
    }
    void waiting.then((admission) => {
      if (admission.refuse === undefined) {
        serveApiNow(request, response, started, corsHeaders, admission.counted)
        return
      }
      if (corsHeaders !== undefined) cors.any(request, response, ignore)
      logWhenFinished(request, response, started)
      admission.refuse(response)
    })
  }

  function serveApiNow(
    request: IncomingMessage,
    response: ServerResponse,
    started: number,
    corsHeaders?: readonly string[],
    counted?: Admission['counted'],
  ): void {
    const apiRequest = toApiRequest(request, settings.originOf)
    const answer = mock.handle(apiRequest)
    if (counted === undefined) {
      sendApiAnswer(request, response, started, apiRequest, answer, corsHeaders)
      return
    }
    // A count of the fleet's: the answer goes once the fleet has the count.
    void counted().then((refuse) => {
      if (refuse === undefined) {
        sendApiAnswer(
          request,
          response,
          started,
          apiRequest,
          answer,
          corsHeaders,
        )
        return
      }
      if (corsHeaders !== undefined) cors.any(request, response, ignore)
      logWhenFinished(request, response, started)
      refuse(response)
    })
  }

  function sendApiAnswer(
    request: IncomingMessage,
    response: ServerResponse,
    started: number,
    apiRequest: ReturnType<typeof toApiRequest>,
    answer: ApiResponse | undefined,
    corsHeaders?: readonly string[],
  ): void {
    if (answer === undefined || answer.forward !== undefined) {
      if (corsHeaders !== undefined) cors.any(request, response, ignore)
    }
    if (answer === undefined) {
      app(request, response)
      return
    }
    const { forward } = settings
    if (answer.forward !== undefined && forward !== undefined) {
      void forward
        .to(request, response, apiRequest, answer.endpoint)
        .then((status) => {
          answer.forward?.(status)
          reportApi(request, { ...answer, status }, started, forward.origin)
        })
      return
    }
    if (answer.delayMs === undefined && answer.networkError !== true) {
      writeApiResponse(response, answer, request.method === 'HEAD', corsHeaders)
      reportApi(request, answer, started)
      return
    }
    setTimeout(() => {
      if (answer.networkError === true) {
        // A dropped connection: the client gets no answer at all, so `fetch`
        // rejects as it does with the interceptor's `HttpResponse.error()`.
        request.socket.destroy()
      } else {
        writeApiResponse(
          response,
          answer,
          request.method === 'HEAD',
          corsHeaders,
        )
      }
      reportApi(request, answer, started)
    }, answer.delayMs ?? 0)
  }

  function reportApi(
    request: IncomingMessage,
    answer: ApiResponse,
    started: number,
    proxied?: string,
  ): void {
    onRequest?.({
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

  function logWhenFinished(
    request: IncomingMessage,
    response: ServerResponse,
    started: number,
  ): void {
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
export interface PipelineSettings {
  mock: MockCore
  /** Everything around the API (`createExpressApp`). */
  app: (request: IncomingMessage, response: ServerResponse) => void
  /** The connection keeper's watch on each response. */
  track: (response: ServerResponse) => void
  isHostAllowed: (host: string | undefined) => boolean
  /** The public URL's path, stripped from targets that carry it; or `''`. */
  basePath: string
  cors: { any: CorsHandler; own?: CorsHandler }
  /** The user's own MSW handlers (`--handlers`), when there are any. */
  handlers?: RequestHandler[]
  originOf: (headers: HeaderLookup) => string
  /** The server's own origin, once it listens. */
  listeningOrigin: () => string
  /** Forwarding to upstream (`--proxy`), when it is on. */
  forward?: { to: UpstreamForwarder; origin: string }
  onRequest?: (entry: RequestLogEntry) => void
  /**
   * In a fleet of replicas: `undefined` when the mock may answer the request
   * now, else what to wait for (this replica to be fresh, a count of the
   * fleet) and how to go on.
   */
  admit?: (request: IncomingMessage) => Promise<Admission> | undefined
}

/** How a replica of a fleet lets a request through (see `admit`). */
export interface Admission {
  /** Set when the replica refuses the request: writes the refusal. */
  refuse?: (response: ServerResponse) => void
  /**
   * Set when the answer moves a count the fleet keeps: called once the mock
   * answered; resolves with a refusal to send instead when the fleet did not
   * take the count.
   */
  counted?: () => Promise<((response: ServerResponse) => void) | undefined>
}

function ignore(): void {}
