import {
  createServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { performance } from 'node:perf_hooks'
import { randomUUID } from 'node:crypto'
import type { CorsOptions } from 'cors'
import type { RequestHandler } from 'msw'
import {
  createMockCore,
  type MockCore,
  type MockOptions,
} from '../api/create-mock-core.js'
import { createConnectionKeeper } from './connections/create-connection-keeper.js'
import { createExpressApp } from './create-express-app.js'
import { DEFAULT_HOST, DEFAULT_PORT } from './connections/defaults.js'
import { handleClientError } from './connections/handle-client-error.js'
import { readMediaDirectory } from './files/read-media-directory.js'
import { readRequestTarget } from './host/read-request-target.js'
import { respondWithHandlers } from './answers/respond-with-handlers.js'
import { EXPOSED_HEADERS } from '../api/exposed-headers.js'
import { isApiPath } from '../api/is-api-path.js'
import type { ApiRequest, ApiResponse, HeaderLookup } from '../api/types.js'
import { parseProxyOptions } from './host/parse-host-options.js'
import {
  resolveRequestOrigin,
  type OriginSettings,
} from './host/resolve-request-origin.js'
import { stripBasePath } from './host/strip-base-path.js'
import { toApiRequest } from './to-api-request.js'
import { writeApiResponse } from './answers/write-api-response.js'
import { writeJsonError } from './answers/write-json-error.js'
import { writeRawJsonError } from './answers/write-raw-json-error.js'
import { redactControlPath } from './control/redact-control-path.js'
import { MAX_FIXTURE_BYTES } from './control/create-fixture-routes.js'
import {
  resolveServerTimeouts,
  type ServerTimeouts,
} from './connections/server-timeouts.js'
import { createCorsHandler } from './answers/create-cors-handler.js'
import { createHostCheck } from './host/create-host-check.js'
import { isOwnPath } from './answers/is-own-path.js'
import { refuseHost } from './host/refuse-host.js'
import { resolveAdminToken } from './control/resolve-admin-token.js'
import { forwardToUpstream } from './upstream/forward-to-upstream.js'
import { resolveUpstream, type UpstreamOptions } from './upstream/resolve-upstream.js'

export { DEFAULT_HOST, DEFAULT_PORT } from './connections/defaults.js'

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
  /** The real service's origin, when proxy mode forwarded the request there. */
  proxied?: string
}

/**
 * Options of `createContentApiServer`: the mock's options and the server's.
 */
export interface ContentApiServerOptions
  extends Omit<MockOptions, 'baseUrl'>, Partial<ServerTimeouts> {
  /** Interface to listen on (default `127.0.0.1`). */
  host?: string
  /** Port to listen on (default 4010; 0 picks a free one). */
  port?: number
  /** Your own MSW handlers, tried before the mock (override or add endpoints). */
  handlers?: RequestHandler[]
  /**
   * Origins allowed by CORS (default: any). The control API under `/__mock`
   * and the page's `/__page` answer CORS only to origins named here, never
   * to any.
   */
  corsOrigin?: string | string[]
  /**
   * Protects `/__mock` with `Authorization: Bearer <adminToken>`. Default: open
   * on a loopback `host`, a generated token (see `server.adminToken`) on any
   * other; `false` leaves it open on any host.
   */
  adminToken?: string | false
  /**
   * Host names the server answers besides `localhost`, `*.localhost`, IP
   * addresses, the `publicUrl`'s host and a `host` name; `.example.com`
   * allows a domain and its subdomains, `'all'` any Host. Other Host headers
   * answer 403 `host_not_allowed` on every route (DNS rebinding).
   */
  allowedHosts?: readonly string[] | 'all'
  /** Called once per answered request, e.g. to log it. */
  onRequest?: (entry: RequestLogEntry) => void
  /**
   * The URL clients reach the server at through a proxy or hosting platform,
   * e.g. `https://demo.example.com` or `https://example.com/mock`: asset URLs
   * and the OpenAPI document's server start with it (default: the origin
   * each request came to). Wins over `trustProxy`.
   */
  publicUrl?: string
  /**
   * Build asset URLs from the `Forwarded` and `X-Forwarded-Proto`/`-Host`
   * headers of a reverse proxy (default `false`: they are ignored).
   */
  trustProxy?: boolean
  /**
   * Serve this folder's `.jpg`/`.jpeg` and `.mp4` files behind the asset URLs
   * instead of generated title cards and sample clips, mapped by movie ID.
   */
  mediaDir?: string
  /**
   * Proxy mode: forward the API requests the mock cannot answer (those
   * naming a project or content ID its data does not hold), or every one
   * with `all`, to the real service at `url`, passing the caller's
   * `Authorization` through; answers carry `X-Mock-Proxied`. Not to be
   * confused with `publicUrl` and `trustProxy`, which are about a reverse
   * proxy in front of the mock. See docs/options.md.
   */
  upstream?: UpstreamOptions
}

/**
 * A started server.
 */
export interface ContentApiServer {
  /** Its origin, e.g. `http://127.0.0.1:4010`. */
  readonly url: string
  /** The API's base URL, e.g. `http://127.0.0.1:4010/public-api/v1`. */
  readonly apiUrl: string
  /** The control API's base URL, e.g. `http://127.0.0.1:4010/__mock`. */
  readonly adminUrl: string
  /** The `publicUrl` option without a trailing slash, when given. */
  readonly publicUrl: string | undefined
  /** The real service's base URL under proxy mode (`upstream.url`), else `undefined`. */
  readonly upstreamUrl: string | undefined
  /** The admin token `/__mock` requires: the one given or a generated one. */
  readonly adminToken: string | undefined
  /** Whether `adminToken` was generated (no token given, not on loopback). */
  readonly adminTokenGenerated: boolean
  /** The mock behind it: its data, `reset()`, `load()`, `exportFixtures()`. */
  readonly mock: MockCore
  /**
   * Stops accepting connections, closes idle ones and resolves when the
   * requests in flight are done (their responses say `Connection: close`),
   * or after `shutdownTimeout` ms, when the connections left are destroyed.
   */
  close(): Promise<void>
}

/**
 * Serves the mock over real HTTP. API requests take a fast path from
 * `node:http` straight to the mock's behaviour functions; express serves the
 * asset URLs, the control API under `/__mock` and `/openapi.json`; CORS applies to all of them.
 * Resolves once the server listens and its dataset is loaded.
 * @throws a Node error with `code: 'EADDRINUSE'` when the port is taken.
 * @example
 * import { createContentApiServer } from 'content-api-mock/server'
 *
 * const server = await createContentApiServer({ port: 0, seed: 42 })
 * const response = await fetch(`${server.apiUrl}/projects`, {
 *   headers: { Authorization: 'Bearer demo-key-alpha' },
 * })
 * await server.close()
 */
export async function createContentApiServer(
  options: ContentApiServerOptions = {},
): Promise<ContentApiServer> {
  const {
    host = DEFAULT_HOST,
    port = DEFAULT_PORT,
    handlers,
    corsOrigin,
    adminToken: givenAdminToken,
    allowedHosts,
    onRequest,
    publicUrl,
    trustProxy,
    mediaDir,
    upstream: upstreamOptions,
    headersTimeout,
    requestTimeout,
    keepAliveTimeout,
    idleTimeout,
    shutdownTimeout,
    ...mockOptions
  } = options
  const timeouts = resolveServerTimeouts({
    headersTimeout,
    requestTimeout,
    keepAliveTimeout,
    idleTimeout,
    shutdownTimeout,
  })
  const proxy = parseProxyOptions({ publicUrl, trustProxy, allowedHosts })
  const upstream = resolveUpstream(upstreamOptions)
  // @note This server's name in the `Via` header of forwarded requests: one
  // that comes back to it (an upstream URL pointing at the mock itself) is
  // answered 502 instead of forwarded again and again.
  const via = `1.1 content-api-mock-${randomUUID().slice(0, 8)}`
  const admin = resolveAdminToken(givenAdminToken, host)
  const adminToken = admin.token
  const media =
    mediaDir === undefined ? undefined : await readMediaDirectory(mediaDir)
  const mock = createMockCore(mockOptions, {
    media: media?.library,
    upstream:
      upstream === undefined
        ? undefined
        : { origin: upstream.origin, all: upstream.all },
  })
  await mock.ready

  let origin = `http://${host}:${port}`
  const corsOptions: CorsOptions = {
    origin: corsOrigin ?? '*',
    methods: ['GET', 'HEAD', 'PUT', 'POST', 'PATCH', 'DELETE'],
    allowedHeaders: [
      'Authorization',
      'Content-Type',
      'Range',
      'X-Mock-Scenario',
      'X-Mock-Variant',
    ],
    exposedHeaders: [...EXPOSED_HEADERS],
    maxAge: 600,
  }
  const applyCors = createCorsHandler(corsOptions)
  // @note The control API and the page's config (which names the default
  // key) answer only origins named with corsOrigin: with "any", a page of
  // another origin could read every key from GET /__mock/fixtures.
  const namedOrigins = [corsOrigin ?? []].flat().filter((item) => item !== '*')
  const applyOwnCors =
    namedOrigins.length === 0
      ? undefined
      : createCorsHandler({ ...corsOptions, origin: namedOrigins })
  const isHostAllowed = createHostCheck({
    allowedHosts: proxy.allowedHosts,
    publicUrl: proxy.publicUrl,
    listenHost: host,
  })
  const originSettings: OriginSettings = {
    publicUrl: proxy.publicUrl,
    trustProxy: proxy.trustProxy,
    listening: origin,
  }
  const originOf = (headers: HeaderLookup) =>
    resolveRequestOrigin(headers, originSettings)
  const app = createExpressApp(mock, {
    originOf,
    adminToken,
    live: mockOptions.live === true,
  })
  const userHandlers =
    handlers !== undefined && handlers.length > 0 ? handlers : undefined
  const prefix = mock.prefix

  // @note The mock's request journal (`mock.requests`, `GET /__mock/requests`)
  // is written by `mock.handle` and `mock.handleAsset`, so it holds the API
  // and asset requests the mock answered: never the control API's own
  // requests (a test counting its client's calls must not count its own
  // setup), nor those answered by the user's `handlers`. `onRequest` sees
  // every answered request.
  // `corsHeaders`: the CORS headers not yet set, written with the answer's.
  function serveApi(
    request: IncomingMessage,
    response: ServerResponse,
    started: number,
    corsHeaders?: readonly string[],
  ): void {
    const apiRequest = toApiRequest(request, originOf)
    const answer = mock.handle(apiRequest)
    if (answer === undefined) {
      if (corsHeaders !== undefined) applyCors(request, response, ignore)
      app(request, response)
      return
    }
    if (answer.forward !== undefined) {
      if (corsHeaders !== undefined) applyCors(request, response, ignore)
      serveForwarded(request, response, apiRequest, answer, started)
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

  function serveForwarded(
    request: IncomingMessage,
    response: ServerResponse,
    apiRequest: ApiRequest,
    answer: ApiResponse,
    started: number,
  ): void {
    const settle = (status: number) => {
      answer.forward?.(status)
      reportApi(request, { ...answer, status }, started, upstream?.origin)
    }
    if ((request.headers.via ?? '').includes(via)) {
      writeJsonError(
        response,
        502,
        'bad_gateway',
        `This request came back to the mock that forwarded it: the proxy URL (--proxy, the server's upstream.url option) ${upstream?.url} points at this mock itself. Point it at the real service.`,
      )
      settle(502)
      return
    }
    forwardToUpstream(request, response, upstream!, {
      subpath: apiRequest.path.slice(prefix.length),
      query: apiRequest.query,
      endpoint: answer.endpoint,
      via,
    }).then(settle, () => {
      response.destroy()
      settle(0)
    })
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

  async function serveWithHandlers(
    request: IncomingMessage,
    response: ServerResponse,
    started: number,
  ): Promise<void> {
    if (await respondWithHandlers(userHandlers!, request, response, origin)) {
      logWhenFinished(request, response, started)
      return
    }
    serveRest(request, response, started)
  }

  function serveRest(
    request: IncomingMessage,
    response: ServerResponse,
    started: number,
  ): void {
    if (isApiPath(request.url ?? '/', prefix)) {
      serveApi(request, response, started)
      return
    }
    logWhenFinished(request, response, started)
    app(request, response)
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

  function route(
    request: IncomingMessage,
    response: ServerResponse,
    started: number,
  ): void {
    if (
      userHandlers !== undefined &&
      !(request.url ?? '/').startsWith('/__mock')
    ) {
      serveWithHandlers(request, response, started).catch(() => {
        writeJsonError(
          response,
          500,
          'internal_error',
          'A handler passed with --handlers threw while answering this request. Check that handler; the mock itself was not asked.',
        )
      })
      return
    }
    serveRest(request, response, started)
  }

  const server = createServer(
    {
      headersTimeout: timeouts.headersTimeout,
      requestTimeout: timeouts.requestTimeout,
      keepAliveTimeout: timeouts.keepAliveTimeout,
      connectionsCheckingInterval: checkingInterval(timeouts),
      // Answered below with JSON rather than Node's empty 400.
      requireHostHeader: false,
    },
    (request, response) => {
      const started = performance.now()
      keeper.track(response)
      // @note The request target first: the Host check below then sees the
      // host of an absolute-form URL, and a request without Host has had
      // its 400.
      const problem = readRequestTarget(request)
      if (problem !== undefined) {
        logWhenFinished(request, response, started)
        // A client that sends such a request is not one to keep talking to.
        writeJsonError(
          response,
          problem.status,
          problem.code,
          problem.message,
          { connection: 'close' },
        )
        return
      }
      if (!isHostAllowed(request.headers.host)) {
        logWhenFinished(request, response, started)
        refuseHost(response, request.headers.host)
        return
      }
      if (proxy.basePath !== '') {
        request.url = stripBasePath(request.url ?? '/', proxy.basePath)
      }
      // @note CORS comes first, for every path: the API, assets, the control
      // API and the user's own handlers alike. `cors` answers preflights
      // itself; without CORS, the routes answer them (405 under /__mock).
      // An API request with CORS headers that are the same for every
      // request gets them in the answer's one `writeHead` (issue 11).
      if (
        applyCors.headers !== undefined &&
        userHandlers === undefined &&
        request.method !== 'OPTIONS' &&
        isApiPath(request.url ?? '/', prefix)
      ) {
        serveApi(request, response, started, applyCors.headers)
        return
      }
      const next = () => route(request, response, started)
      const applyPathCors = isOwnPath(request.url ?? '/')
        ? applyOwnCors
        : applyCors
      if (applyPathCors === undefined) return next()
      if (request.method === 'OPTIONS')
        logWhenFinished(request, response, started)
      applyPathCors(request, response, next)
    },
  )
  const keeper = createConnectionKeeper(server, timeouts)
  server.on('clientError', handleClientError)
  // @note Node says "100 Continue" to every `Expect: 100-continue` (curl
  // sends it before large uploads) unless told otherwise: a body larger than
  // any route accepts is not asked for, and its 413 comes at once.
  server.on('checkContinue', (request: IncomingMessage, response) => {
    if (!(Number(request.headers['content-length']) > MAX_FIXTURE_BYTES)) {
      response.writeContinue()
    }
    server.emit('request', request, response)
  })
  // @note Without a listener Node closes the socket without a word.
  server.on('connect', (_request, socket: Duplex) => {
    writeRawJsonError(
      socket,
      405,
      'method_not_allowed',
      'CONNECT is not supported: content-api-mock is not a proxy. Send requests such as GET /public-api/v1/projects to it directly.',
      { allow: 'GET, HEAD, PUT, POST, PATCH, DELETE, OPTIONS' },
    )
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`
  originSettings.listening = origin

  return {
    url: origin,
    apiUrl: `${origin}${prefix}`,
    adminUrl: `${origin}/__mock`,
    publicUrl: proxy.publicUrl,
    upstreamUrl: upstream?.url,
    adminToken,
    adminTokenGenerated: admin.generated,
    mock,
    close: () => keeper.close(),
  }
}

function ignore(): void {}

/**
 * How often Node checks the header and request timeouts: a quarter of the
 * shorter one, within 50 ms and 1 s.
 * @note Node's default is every 30 s, so a 10 s header timeout would fire
 * after up to 40 s.
 */
function checkingInterval(timeouts: ServerTimeouts): number {
  const limits = [timeouts.headersTimeout, timeouts.requestTimeout].filter(
    (limit) => limit > 0,
  )
  return Math.min(1000, Math.max(50, Math.floor(Math.min(...limits) / 4)))
}
