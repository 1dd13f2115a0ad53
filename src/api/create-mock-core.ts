import { generateSeedData, type SeedData } from '../data/generate-seed-data.js'
import type { LiveStream } from '../data/seed/live-stream.js'
import { createDataset } from '../data/dataset.js'
import { exportFixtureDocument } from '../data/export-fixture-document.js'
import { loadFixtureDocument } from '../data/load-fixture-document.js'
import { resolveStoryOffsets } from '../data/resolve-story-offsets.js'
import {
  parseFixtureDocument,
  parseFixtureDocumentInSlices,
} from '../data/parse-fixture-document.js'
import { createRecordControllers } from '../data/records/create-record-controllers.js'
import { ASSET_ENDPOINT } from '../schema/endpoints.js'
import type { FixtureDocument } from '../schema/fixture.js'
import {
  isOptionGiven,
  OPTION_COMBINATION_RULES,
  OPTION_RULES,
} from '../schema/option-rules.js'
import { OptionsError } from '../schema/options-error.js'
import { parseOptions } from '../schema/parse-options.js'
import type { ApiContext } from './api-context.js'
import { createMockClock } from './create-mock-clock.js'
import {
  createRequestJournal,
  DEFAULT_JOURNAL_SIZE,
  type RawJournalEntry,
} from './traffic/create-request-journal.js'
import { createScenarioEngine } from './traffic/create-scenario-engine.js'
import { ASSET_PATH_PREFIX, createAssetSigner } from './asset-signer.js'
import { handleApiRequest } from './handle-api-request.js'
import { isUnknownToMock } from './is-unknown-to-mock.js'
import { matchRoute } from './match-route.js'
import type { MockCore, MockCoreInternals } from './mock-core.js'
import {
  OPTIONS_HINT,
  OPTIONS_SUBJECT,
  optionsSchema,
  type MockOptions,
} from './mock-options.js'
import { readBearerToken } from './read-bearer-token.js'
import { createClientReport } from './report/create-client-report.js'
import { clientReportOptionsSchema } from '../schema/client-report-options.js'
import { serveAsset } from './serve-asset.js'
import type { ApiRequest, ApiResponse } from './types.js'
import { viewersOf } from './visibility.js'
import { createBuiltInMedia } from '../media/create-built-in-media.js'
import { createErrorResponse } from './error-response.js'
import { isApiPath, parseBaseUrl } from './api-prefix.js'
import { DEFAULT_SEED } from '../data/default-keys.js'
import { createVariantState } from './variants/create-variant-state.js'
import type { StateParts } from './state-change.js'

/**
 * How long an issued asset URL stays valid, in seconds, unless `assetTtl` says.
 * @example
 * createContentApiMock({ assetTtl: DEFAULT_ASSET_TTL_SECONDS * 4 })
 */
export const DEFAULT_ASSET_TTL_SECONDS = OPTION_RULES.assetTtl.default

/**
 * Creates the core of a mock: validates the options and the dataset at once
 * (throwing before anything is served), then loads the data.
 * @throws {FixtureError} when `fixtures` is not a valid fixture document.
 * @throws {OptionsError} naming every unknown or invalid option.
 */
export function createMockCore(
  options: MockOptions = {},
  internals: MockCoreInternals = {},
): MockCore {
  return buildMockCore(options, internals).core
}

/**
 * Creates a core and the parts its state changes are made on, for a view
 * that reports them (`reportStateChanges`) and to apply the changes another
 * copy reported (`applyStateChange`), as replicas of a fleet do.
 */
export function buildMockCore(
  options: MockOptions,
  internals: MockCoreInternals,
): StateParts {
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
    internals.clockStart,
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
    // A URL lasts its lifetime as a person lives it, also at --speed 60.
    now: clock.lifetimeNow,
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

  // @note Loads and resets run in the order asked for, so the last one stays
  // served; each swaps its whole dataset in at once when done.
  let loads: Promise<unknown> = Promise.resolve()
  function inTurn<Result>(load: () => Promise<Result>): Promise<Result> {
    const turn = loads.then(load)
    loads = turn.catch(() => undefined)
    return turn
  }

  /**
   * Loads `document`, its story offsets (`"+2m"`) counted from `start`: the
   * clock's time when the load was asked for.
   */
  async function swapIn(
    document: FixtureDocument,
    start: number,
    stream?: LiveStream,
  ): Promise<void> {
    const resolved = resolveStoryOffsets(document, start)
    const next = await loadFixtureDocument(resolved, viewersOf)
    dataset = next
    liveStream = stream
  }

  // @note In turn from the start: a generated dataset still on its way (by
  // `import()`) must not replace a document loaded meanwhile.
  function serveInitialData(start = now()): Promise<void> {
    return inTurn(async () => {
      const { document, stream } = await initialData
      await swapIn(document, start, stream)
    })
  }

  function isOurs(request: ApiRequest): boolean {
    return origin === undefined || request.origin === origin
  }

  const upstream = internals.upstream

  function addToJournal(
    request: ApiRequest,
    response: ApiResponse,
    arrived: number,
    started: number,
    lifetime: number,
  ): void {
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
    internals.onJournalEntry?.(entry)
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
    lifetime: number,
  ): ApiResponse {
    response.forward = (status) =>
      addToJournal(request, { ...response, status }, arrived, started, lifetime)
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

  const ready = serveInitialData(internals.storyStart)
  const records = createRecordControllers(() => dataset, ready, {
    all: () => liveStream?.allAt(now()) ?? [],
    // Like the API's detail: a live content stays readable after it left the list.
    byId: (id) => liveStream?.contentOf(id, now()),
  })

  /** Resets; the story offsets count from `start`, by default the reset clock's time. */
  async function resetAt(start?: number): Promise<number> {
    scenarios.reset()
    addInitialScenarios()
    variants.reset()
    clock.reset()
    journal.clear()
    const from = start ?? now()
    await serveInitialData(from)
    return from
  }

  function loadAt(document: unknown, start: number): Promise<void> {
    return inTurn(async () =>
      swapIn(await parseFixtureDocumentInSlices(document), start),
    )
  }

  const core: MockCore = {
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
      const lifetime = clock.lifetimeNow()
      if (
        upstream?.all === true &&
        (request.method === 'GET' || request.method === 'HEAD')
      ) {
        return forwarded(
          request,
          passThrough(request),
          arrived,
          started,
          lifetime,
        )
      }
      const response = handleApiRequest(context, request)
      // @note Only the lookup's 404: an answer the mock decided before it
      // (401, 429, a forced outcome, 422) stays the mock's.
      if (
        upstream !== undefined &&
        response.status === 404 &&
        isUnknownToMock(context, request)
      ) {
        return forwarded(request, response, arrived, started, lifetime)
      }
      addToJournal(request, response, arrived, started, lifetime)
      return response
    },
    handleAsset(request) {
      if (!isOurs(request) || !request.path.startsWith(ASSET_PATH_PREFIX)) {
        return undefined
      }
      const started = performance.now()
      const arrived = now()
      const lifetime = clock.lifetimeNow()
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
          addToJournal(request, response, arrived, started, lifetime)
          return response
        })
    },
    async reset() {
      await resetAt()
    },
    load(document) {
      return loadAt(document, now())
    },
    exportFixtures: () =>
      exportFixtureDocument(dataset, liveStream?.allAt(now()) ?? []),
    clock,
    scenarios,
    requests: journal,
    clientReport({ key, keyLabel, rules } = {}) {
      const settings =
        rules === undefined
          ? options.clientReport
          : {
              ...options.clientReport,
              ...parseOptions(clientReportOptionsSchema, rules, {
                subject: 'clientReport rules',
                hint: 'Each rule and its thresholds are described in docs/client-report.md of the content-api-mock package.',
              }),
            }
      return createClientReport(journal.list({ key, keyLabel }), settings)
    },
    variants: { list: variants.list, set: variants.set },
    ...records,
  }
  return {
    core,
    clock,
    loadAt,
    resetAt,
    scenarios,
    journal,
    strict: options.strict ?? false,
  }
}
