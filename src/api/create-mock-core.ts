import * as z from 'zod'
import { generateSeedData, type SeedData } from '../data/generate-seed-data.js'
import type { LiveStream } from '../data/seed/create-live-stream.js'
import { createDataset, type Dataset } from '../data/dataset.js'
import { exportFixtureDocument } from '../data/export-fixture-document.js'
import { loadFixtureDocument } from '../data/load-fixture-document.js'
import {
  parseFixtureDocument,
  parseFixtureDocumentInSlices,
} from '../data/parse-fixture-document.js'
import { createRecordControllers } from '../data/records/create-record-controllers.js'
import type { RecordController } from '../data/records/record-controller.js'
import { ASSET_ENDPOINT } from '../schema/endpoints.js'
import { mainApiKeySchema } from '../data/main-api-key-schema.js'
import type {
  FixtureAccount,
  FixtureApiKey,
  FixtureContent,
  FixtureDocument,
  FixtureProject,
} from '../schema/fixture.js'
import {
  choiceOptionSchema,
  integerOptionSchema,
  isOptionGiven,
  numberOptionSchema,
  OPTION_COMBINATION_RULES,
  OPTION_RULES,
} from '../schema/option-rules.js'
import { OptionsError } from '../schema/options-error.js'
import { parseOptions } from '../schema/parse-options.js'
import {
  scenarioSchema,
  rateLimitSchema,
  SCENARIO_PRESETS,
  type RateLimit,
  type Scenario,
  type ScenarioPreset,
} from '../schema/scenario.js'
import type { ApiContext, ListOrder } from './api-context.js'
import { createMockClock, type MockClock } from './create-mock-clock.js'
import {
  createRequestJournal,
  DEFAULT_JOURNAL_SIZE,
  type RequestJournal,
} from './traffic/create-request-journal.js'
import {
  createScenarioEngine,
  type ScenarioController,
} from './traffic/create-scenario-engine.js'
import { ASSET_PATH_PREFIX, createAssetSigner } from './asset-signer.js'
import { handleApiRequest } from './handle-api-request.js'
import { isUnknownToMock } from './is-unknown-to-mock.js'
import { matchRoute } from './match-route.js'
import { readBearerToken } from './read-bearer-token.js'
import { serveAsset } from './serve-asset.js'
import type { ApiRequest, ApiResponse } from './types.js'
import { viewersOf } from './visibility.js'
import { createBuiltInMedia } from '../media/create-built-in-media.js'
import type { MediaLibrary } from '../media/media-library.js'
import { createErrorResponse } from './error-response.js'
import { isApiPath } from './is-api-path.js'
import { DEFAULT_SEED } from '../data/default-keys.js'
import { variantListSchema, type VariantName } from '../schema/variants.js'
import {
  createVariantState,
  type VariantController,
} from './variants/create-variant-state.js'

/**
 * The API prefix every endpoint lives under (spec 9).
 * @example
 * fetch(`https://api.example.com${DEFAULT_API_PREFIX}/projects`, { headers })
 */
export const DEFAULT_API_PREFIX = '/public-api/v1'

/**
 * How long an issued asset URL stays valid, in seconds, unless `assetTtl` says.
 * @example
 * createContentApiMock({ assetTtl: DEFAULT_ASSET_TTL_SECONDS * 4 })
 */
export const DEFAULT_ASSET_TTL_SECONDS = OPTION_RULES.assetTtl.default

/**
 * Options shared by every way of running the mock.
 */
export interface MockOptions {
  /**
   * Seed of the generated dataset (default 1; the dataset part is ignored with
   * `fixtures`) and of every probability and latency draw of the scenarios.
   */
  seed?: number
  /** Size of the generated dataset. Ignored with `fixtures`. */
  size?: { projects?: number; contents?: number }
  /** A fixture document (parsed JSON) to serve instead of generated data. */
  fixtures?: unknown
  /** The main API key of the generated dataset (default `demo-key-alpha`). */
  apiKey?: string
  /**
   * Restricts the mock to one origin and prefix, e.g.
   * `https://api.example.com/public-api/v1`. By default it answers any origin
   * under `/public-api/v1`.
   */
  baseUrl?: string
  /** Lifetime of issued asset URLs in seconds (default 900). */
  assetTtl?: number
  /** Secret that signs asset URLs (default: random per instance). */
  assetSecret?: string
  /** Order of list items (default `newest-first`). */
  listOrder?: ListOrder
  /**
   * The time source of the mock's clock, in epoch milliseconds (default:
   * `Date.now()` read at each call, so vitest's fake timers move it too).
   */
  now?: () => number
  /** A rate limit per API key, e.g. `{ limit: 60, window: '1m' }` (default: none). */
  rateLimit?: RateLimit
  /** Scenarios in force from the start and again after `reset()`. */
  scenarios?: Array<Scenario | ScenarioPreset>
  /** How many requests the journal keeps (default 1,000). */
  journalSize?: number
  /**
   * Ignore the `X-Mock-Scenario` and `X-Mock-Variant` request headers
   * (default `false`).
   */
  strict?: boolean
  /**
   * Variants of the real service in force from the start and again after
   * `reset()`, e.g. `['nullable', 'paginated']` or `['hostile']` for all
   * (default: none). See docs/variants.md.
   */
  variants?: VariantName[]
  /**
   * Generated contents keep generating (default `false`): in every project
   * that holds contents, a new one starts every few minutes, steps through
   * its progress and gets published, as a function of the seed and the clock
   * alone. Not with `fixtures`: give their contents a `timeline` instead.
   */
  live?: boolean
  /**
   * How much faster than its time source the mock clock runs (default 1;
   * 60: an hour a minute). Counted from the mock's creation.
   */
  speed?: number
}

/**
 * The runtime-agnostic heart of one mock instance: its data and the API's
 * behaviour over it. The MSW handlers and the server are adapters over this.
 */
export interface MockCore {
  /** Settles once the initial dataset is loaded. */
  readonly ready: Promise<void>
  /** The collections of the dataset served now. */
  readonly db: Dataset
  /** The origin the mock is restricted to, if `baseUrl` gave one. */
  readonly origin: string | undefined
  /** The API path prefix, e.g. `/public-api/v1`. */
  readonly prefix: string
  /**
   * Answers a request for the API, synchronously; `undefined` for any other
   * path (asset URLs included: see `handleAsset`).
   */
  handle(request: ApiRequest): ApiResponse | undefined
  /**
   * Answers a request for an asset URL once its media is ready (a thumbnail
   * is rendered on its first request); `undefined` for any other path.
   */
  handleAsset(request: ApiRequest): Promise<ApiResponse> | undefined
  /**
   * Goes back to the initial state: the initial dataset, the scenarios of the
   * options, the clock at its source, an empty journal.
   */
  reset(): Promise<void>
  /** Validates a fixture document and serves it instead of the current data. */
  load(document: unknown): Promise<void>
  /** The current dataset as a fixture document. */
  exportFixtures(): FixtureDocument
  /** The clock behind key expiry, asset expiry and rate-limit windows. */
  readonly clock: MockClock
  /** Forced outcomes and rate limits in force: add, list, remove, clear. */
  readonly scenarios: ScenarioController
  /** The journal of answered requests: list, count, clear. */
  readonly requests: Omit<RequestJournal, 'record'>
  /** The variants in force: `list()`, `set(['hostile'])`, `set([])`. */
  readonly variants: VariantController
  /** The contents, one at a time: `list`, `get`, `create`, `patch`, `delete`. */
  readonly contents: RecordController<FixtureContent>
  /** The projects, one at a time: `list`, `get`, `create`, `patch`, `delete`. */
  readonly projects: RecordController<FixtureProject>
  /** The API keys, one at a time: `list`, `get`, `create`, `patch`, `delete`. */
  readonly apiKeys: RecordController<FixtureApiKey>
  /** The accounts, one at a time: `list`, `get`, `create`, `patch`, `delete`. */
  readonly accounts: RecordController<FixtureAccount>
}

/**
 * What an adapter may give a core beyond the public options.
 */
export interface MockCoreInternals {
  /** The media behind the asset URLs (default: title cards and sample clips). */
  media?: MediaLibrary
  /**
   * Proxy mode: the answers to hand to the real service at `origin` (see
   * `ApiResponse.forward`): those naming IDs the data does not hold, or
   * every GET and HEAD with `all`.
   */
  upstream?: { origin: string; all: boolean }
}

const optionsSchema = z.strictObject({
  seed: integerOptionSchema(OPTION_RULES.seed).optional(),
  size: z
    .strictObject({
      projects: integerOptionSchema(OPTION_RULES.projects).optional(),
      contents: integerOptionSchema(OPTION_RULES.contents).optional(),
    })
    .optional(),
  fixtures: z.unknown().optional(),
  apiKey: mainApiKeySchema.optional(),
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
  assetTtl: integerOptionSchema(OPTION_RULES.assetTtl).optional(),
  assetSecret: z.string().min(1).optional(),
  listOrder: choiceOptionSchema(OPTION_RULES.listOrder).optional(),
  now: z.function().optional(),
  rateLimit: rateLimitSchema.optional(),
  scenarios: z
    .array(z.union([z.enum(SCENARIO_PRESETS), scenarioSchema]))
    .optional(),
  journalSize: integerOptionSchema(OPTION_RULES.journalSize).optional(),
  strict: z.boolean().optional(),
  variants: variantListSchema.optional(),
  live: z.boolean().optional(),
  speed: numberOptionSchema(OPTION_RULES.speed).optional(),
})

const OPTIONS_SUBJECT = 'content-api-mock options'
const OPTIONS_HINT =
  'Every option is described in docs/options.md of the content-api-mock package.'

/**
 * Creates the core of a mock: validates the options and the dataset at once
 * (throwing before anything is served), then loads the data.
 * @throws {FixtureError} when `fixtures` is not a valid fixture document.
 * @throws {OptionsError} naming every unknown or invalid option.
 * @example
 * const core = createMockCore({ seed: 7 })
 * await core.ready
 * core.handle({ method: 'GET', origin: 'http://localhost', path: '/public-api/v1/projects', query: '', headers })
 */
export function createMockCore(
  options: MockOptions = {},
  internals: MockCoreInternals = {},
): MockCore {
  parseOptions(optionsSchema, options, {
    subject: OPTIONS_SUBJECT,
    hint: OPTIONS_HINT,
    elsewhere: {
      projects: 'put it under "size", e.g. size: { projects: 12 }',
      contents: 'put it under "size", e.g. size: { contents: 200 }',
    },
  })
  // The pairs that cannot go together, from the table the CLI reads too.
  const clashes = OPTION_COMBINATION_RULES.filter(
    (rule) =>
      rule.library !== undefined &&
      isOptionGiven(options[rule.option as keyof MockOptions]) &&
      isOptionGiven(options[rule.other as keyof MockOptions]),
  )
  if (clashes.length > 0) {
    throw OptionsError.for(
      OPTIONS_SUBJECT,
      clashes.map((rule) => ({ path: rule.option, message: rule.library! })),
      OPTIONS_HINT,
    )
  }
  const { origin, prefix } = parseBaseUrl(options.baseUrl)
  const clock = createMockClock(
    options.now ?? (() => Date.now()),
    options.speed ?? OPTION_RULES.speed.default,
  )
  const now = clock.now
  // @note Fixtures are checked at once, so a bad document throws here; a
  // generated dataset comes with `ready` (see generateSeedData).
  const initialData: SeedData | Promise<SeedData> =
    options.fixtures !== undefined
      ? { document: parseFixtureDocument(options.fixtures) }
      : generateSeedData({
          seed: options.seed,
          projects: options.size?.projects,
          contents: options.size?.contents,
          apiKey: options.apiKey,
          live: options.live,
        })

  let dataset = createDataset(viewersOf)
  let liveStream: LiveStream | undefined
  const signer = createAssetSigner({
    secret: options.assetSecret,
    ttlSeconds: options.assetTtl ?? DEFAULT_ASSET_TTL_SECONDS,
    now,
  })
  const labelOf = (key: string) => dataset.index.keyLabels.get(key)
  const scenarios = createScenarioEngine({
    seed: options.seed ?? DEFAULT_SEED,
    now,
    labelOf,
    prefix,
  })
  const journal = createRequestJournal(
    options.journalSize ?? DEFAULT_JOURNAL_SIZE,
    labelOf,
  )
  const variants = createVariantState(
    options.seed ?? DEFAULT_SEED,
    options.variants,
  )
  const context: ApiContext = {
    dataset: () => dataset,
    liveStream: () => liveStream,
    prefix,
    signer,
    media: internals.media ?? createBuiltInMedia(),
    now,
    listOrder: options.listOrder ?? OPTION_RULES.listOrder.default,
    scenarios,
    strict: options.strict ?? false,
    variants,
  }

  function addInitialScenarios(): void {
    if (options.rateLimit !== undefined) {
      scenarios.add({ name: 'rate-limit', rateLimit: options.rateLimit })
    }
    for (const scenario of options.scenarios ?? []) scenarios.add(scenario)
  }
  addInitialScenarios()

  // @note Loads (and resets) run one after another, in the order they were
  // asked for, so the last one asked for is what stays served; each swaps its
  // whole dataset in at once when done, and the answers before that come
  // from the dataset it replaces.
  let loads: Promise<unknown> = Promise.resolve()
  function inTurn<Result>(load: () => Promise<Result>): Promise<Result> {
    const turn = loads.then(load)
    loads = turn.catch(() => undefined)
    return turn
  }

  async function swapIn(
    document: FixtureDocument,
    stream?: LiveStream,
  ): Promise<void> {
    const next = await loadFixtureDocument(document, viewersOf)
    dataset = next
    liveStream = stream
  }

  // @note In turn from the moment it is asked for: a generated initial
  // dataset may still be on its way (by `import()`), and must not land after
  // a document loaded meanwhile and replace it.
  function serveInitialData(): Promise<void> {
    return inTurn(async () => {
      const { document, stream } = await initialData
      await swapIn(document, stream)
    })
  }

  function isOurs(request: ApiRequest): boolean {
    return origin === undefined || request.origin === origin
  }

  const upstream = internals.upstream

  function record(
    request: ApiRequest,
    response: ApiResponse,
    arrived: number,
    started: number,
  ): void {
    journal.record({
      timeMs: arrived,
      method: request.method,
      path: request.path,
      query: request.query,
      endpoint: response.endpoint,
      keyLabel: response.keyLabel,
      status: response.status,
      durationMs: performance.now() - started + (response.delayMs ?? 0),
      networkError: response.networkError === true,
      variants: response.variants,
      proxied: response.forward === undefined ? undefined : upstream?.origin,
    })
  }

  /**
   * The answer of a request the real service answers: journalled once the
   * adapter knows the status it sent.
   */
  function forwarded(
    request: ApiRequest,
    response: ApiResponse,
    arrived: number,
    started: number,
  ): ApiResponse {
    response.forward = (status) =>
      record(request, { ...response, status }, arrived, started)
    return response
  }

  /**
   * Under `upstream.all`, a GET or HEAD goes to the real service untouched:
   * the endpoint and key label are only read, for the journal and the log.
   */
  function passThrough(request: ApiRequest): ApiResponse {
    const route = matchRoute(request.path.slice(prefix.length))
    const token = readBearerToken(request.headers.get('authorization'))
    return {
      status: 0,
      headers: {},
      body: null,
      ...(route !== undefined && { endpoint: route.endpoint }),
      ...(token !== undefined && { keyLabel: labelOf(token) }),
    }
  }

  const ready = serveInitialData()
  const records = createRecordControllers(
    () => dataset,
    ready,
    () => liveStream?.allAt(now()) ?? [],
  )

  return {
    ready,
    get db() {
      return dataset
    },
    origin,
    prefix,
    handle(request) {
      if (!isOurs(request) || !isApiPath(request.path, prefix)) return undefined
      const started = performance.now()
      const arrived = now()
      if (
        upstream?.all === true &&
        (request.method === 'GET' || request.method === 'HEAD')
      ) {
        return forwarded(request, passThrough(request), arrived, started)
      }
      const response = handleApiRequest(context, request)
      // @note Only the lookup's 404: an answer the mock decided before it
      // (401, 429, a forced outcome, 422) stays the mock's.
      if (
        upstream !== undefined &&
        response.status === 404 &&
        isUnknownToMock(context, request)
      ) {
        return forwarded(request, response, arrived, started)
      }
      record(request, response, arrived, started)
      return response
    },
    handleAsset(request) {
      if (!isOurs(request) || !request.path.startsWith(ASSET_PATH_PREFIX)) {
        return undefined
      }
      const started = performance.now()
      const arrived = now()
      return serveAsset(context, request)
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
          record(request, response, arrived, started)
          return response
        })
    },
    async reset() {
      scenarios.clear()
      addInitialScenarios()
      variants.reset()
      clock.reset()
      journal.clear()
      await serveInitialData()
    },
    load: (document) =>
      inTurn(async () => swapIn(await parseFixtureDocumentInSlices(document))),
    exportFixtures: () =>
      exportFixtureDocument(dataset, liveStream?.allAt(now()) ?? []),
    clock,
    scenarios,
    requests: journal,
    variants: { list: variants.list, set: variants.set },
    ...records,
  }
}

function parseBaseUrl(baseUrl: string | undefined): {
  origin: string | undefined
  prefix: string
} {
  if (baseUrl === undefined)
    return { origin: undefined, prefix: DEFAULT_API_PREFIX }
  const url = new URL(baseUrl)
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') }
}
