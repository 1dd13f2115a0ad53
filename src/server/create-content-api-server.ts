import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { once } from 'node:events'
import type { Duplex } from 'node:stream'
import type { RequestHandler } from 'msw'
import { DEFAULT_API_PREFIX } from '../api/api-prefix.js'
import { createMockCore } from '../api/create-mock-core.js'
import type { MockCore, MockCoreInternals } from '../api/mock-core.js'
import type { MockOptions } from '../api/mock-options.js'
import type { HeaderLookup } from '../api/types.js'
import { createCorsHandlers } from './answers/create-cors-handler.js'
import { writeRawJsonError } from './answers/write-raw-json-error.js'
import { createConnectionKeeper } from './connections/create-connection-keeper.js'
import { DEFAULT_HOST, DEFAULT_PORT } from './connections/defaults.js'
import { handleClientError } from './connections/handle-client-error.js'
import {
  connectionsCheckingInterval,
  resolveServerTimeouts,
  type ServerTimeouts,
} from './connections/server-timeouts.js'
import { MAX_FIXTURE_BYTES } from './control/create-fixture-routes.js'
import { resolveAdminToken } from './control/resolve-admin-token.js'
import type { FleetOptions } from './fleet/fleet-options.js'
import { createExpressApp } from './create-express-app.js'
import { RequestPipeline } from './request-pipeline.js'
import type { RequestLogEntry } from './request-log-entry.js'
import { readMediaDirectory } from './files/read-media-directory.js'
import { createHostCheck } from './host/create-host-check.js'
import { parseHostOptions } from './host/parse-host-options.js'
import { resolveRequestOrigin } from './host/resolve-request-origin.js'
import {
  resolveUpstream,
  type Upstream,
  type UpstreamOptions,
} from './upstream/resolve-upstream.js'

export { DEFAULT_HOST, DEFAULT_PORT } from './connections/defaults.js'
export type { RequestLogEntry } from './request-log-entry.js'

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
   * Only regular files inside it are served (links too, while their real
   * path stays inside), streamed from disk; any other media file is left out
   * with a warning (see `onWarning`).
   */
  mediaDir?: string
  /**
   * The largest `mediaDir` file served, in bytes (default 4 GiB); a larger
   * one is left out with a warning.
   */
  mediaMaxFileSize?: number
  /**
   * Called with each warning at start, such as the `mediaDir` files left out
   * (default: written to stderr as `content-api-mock: warning: …`).
   */
  onWarning?: (message: string) => void
  /**
   * Forwarding to upstream (the CLI's `--proxy`): forward the API requests the mock cannot answer (those
   * naming a project or content ID its data does not hold), or every one
   * with `all`, to the real service at `url`, passing the caller's
   * `Authorization` through; answers carry `X-Mock-Proxied`. Not to be
   * confused with `publicUrl` and `trustProxy`, which are about a reverse
   * proxy in front of the mock. See docs/options.md.
   */
  upstream?: UpstreamOptions
  /**
   * Share the state that control calls change (scenarios, the clock,
   * variants, dataset edits) with the other replicas of a fleet through this
   * Redis: its URL (`redis://`, `rediss://`, a unix socket path), or the URL
   * with a key prefix. Every replica must serve the same data. The Redis
   * client loads only when this is given. See docs/replicas.md.
   * @throws {FleetError} at start, when Redis cannot be reached within
   * `connectTimeout` or the fleet serves other data.
   */
  redis?: string | FleetOptions
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
  /** The real service's base URL forwarded to (`upstream.url`), else `undefined`. */
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
  const { host = DEFAULT_HOST, port = DEFAULT_PORT } = options
  const timeouts = resolveServerTimeouts(options)
  const hostSettings = parseHostOptions(options)
  const upstream = resolveUpstream(options.upstream)
  const admin = resolveAdminToken(options.adminToken, host)
  const adminToken = admin.token
  const { mock, fleet } = await openMock(options, upstream, adminToken)
  await mock.ready

  const originSettings = {
    ...hostSettings,
    listening: `http://${host}:${port}`,
  }
  const originOf = (headers: HeaderLookup) =>
    resolveRequestOrigin(headers, originSettings)

  const server = createServer({
    ...timeouts,
    connectionsCheckingInterval: connectionsCheckingInterval(timeouts),
    // Answered by the pipeline with JSON rather than Node's empty 400.
    requireHostHeader: false,
  })
  const keeper = createConnectionKeeper(server, timeouts)
  const pipeline = new RequestPipeline({
    mock,
    app: createExpressApp(mock, {
      originOf,
      adminToken,
      live: options.live === true,
      control: fleet?.control,
    }),
    track: (response) => keeper.track(response),
    isHostAllowed: createHostCheck({ ...hostSettings, listenHost: host }),
    basePath: hostSettings.basePath,
    cors: createCorsHandlers(options.corsOrigin),
    handlers: options.handlers,
    originOf,
    listeningOrigin: () => originSettings.listening,
    upstream,
    onRequest: options.onRequest,
    admit: fleet?.admit,
  })
  server.on('request', (request, response) =>
    pipeline.answer(request, response),
  )
  answerNodeEvents(server)

  const origin = await listen(server, port, host)
  originSettings.listening = origin

  return {
    url: origin,
    apiUrl: `${origin}${mock.prefix}`,
    adminUrl: `${origin}/__mock`,
    publicUrl: hostSettings.publicUrl,
    upstreamUrl: upstream?.url,
    adminToken,
    adminTokenGenerated: admin.generated,
    mock,
    close: async () => {
      try {
        await keeper.close()
      } finally {
        await fleet?.close()
      }
    },
  }
}

/** The mock: a fleet's replica under `redis`, else one of its own. */
async function openMock(
  options: ContentApiServerOptions,
  upstream: Upstream | undefined,
  adminToken: string | undefined,
) {
  const {
    mediaDir,
    mediaMaxFileSize,
    redis,
    onWarning = warnOnStderr,
  } = options
  const mockOptions = mockOptionsOf(options)
  const media =
    mediaDir === undefined
      ? undefined
      : await readMediaDirectory(mediaDir, { maxFileSize: mediaMaxFileSize })
  if (media?.warning !== undefined) onWarning(media.warning)
  const internals: MockCoreInternals = { media: media?.library, upstream }
  // @note The fleet's code and its Redis client load only for a fleet.
  const fleet =
    redis === undefined
      ? undefined
      : await (
          await import('./fleet/join-fleet.js')
        ).joinFleet(
          typeof redis === 'string' ? { url: redis } : redis,
          mockOptions,
          internals,
          adminToken,
          onWarning,
        )
  return { mock: fleet?.mock ?? createMockCore(mockOptions, internals), fleet }
}

/** The options left are the mock's: it refuses any it does not know. */
function mockOptionsOf(options: ContentApiServerOptions): MockOptions {
  const {
    host,
    port,
    handlers,
    corsOrigin,
    adminToken,
    allowedHosts,
    onRequest,
    publicUrl,
    trustProxy,
    mediaDir,
    mediaMaxFileSize,
    onWarning,
    upstream,
    redis,
    headersTimeout,
    requestTimeout,
    keepAliveTimeout,
    idleTimeout,
    shutdownTimeout,
    ...mockOptions
  } = options
  return mockOptions
}

/** The events besides requests that Node would otherwise answer its own way. */
function answerNodeEvents(server: Server): void {
  server.on('clientError', handleClientError)
  // Node says "100 Continue" to every `Expect: 100-continue` (curl sends it
  // before large uploads) unless told otherwise: a body larger than any
  // route accepts is not asked for, and its 413 comes at once.
  server.on('checkContinue', (request: IncomingMessage, response) => {
    if (!(Number(request.headers['content-length']) > MAX_FIXTURE_BYTES)) {
      response.writeContinue()
    }
    server.emit('request', request, response)
  })
  // Without a listener Node closes the socket without a word.
  server.on('connect', (_request, socket: Duplex) => {
    writeRawJsonError(
      socket,
      405,
      'method_not_allowed',
      `CONNECT is not supported: content-api-mock is not a proxy. Send requests such as GET ${DEFAULT_API_PREFIX}/projects to it directly.`,
      { allow: 'GET, HEAD, PUT, POST, PATCH, DELETE, OPTIONS' },
    )
  })
}

/** Listens on `port` and `host`; resolves with the origin it listens at. */
async function listen(server: Server, port: number, host: string) {
  // `once` rejects with an 'error' emitted first, e.g. EADDRINUSE.
  await once(server.listen(port, host), 'listening')
  const address = server.address() as AddressInfo
  return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`
}

function warnOnStderr(message: string): void {
  process.stderr.write(`content-api-mock: warning: ${message}\n`)
}
