import { exportFixtureDocument } from '../data/export-fixture-document.js'
import { generateSeedData, type SeedData } from '../data/generate-seed-data.js'
import { parseFixtureDocument } from '../data/parse-fixture-document.js'
import { createRecordControllers } from '../data/records/create-record-controllers.js'
import { DEFAULT_SEED } from '../data/default-keys.js'
import { createBuiltInMedia } from '../media/create-built-in-media.js'
import {
  clientReportOptionsSchema,
  type ClientReportOptions,
} from '../schema/client-report-options.js'
import {
  isOptionGiven,
  OPTION_COMBINATION_RULES,
  OPTION_RULES,
} from '../schema/option-rules.js'
import { OptionsError } from '../schema/options-error.js'
import { parseOptions } from '../schema/parse-options.js'
import type { ApiContext } from './api-context.js'
import { parseBaseUrl } from './api-prefix.js'
import { createAssetSigner } from './asset-signer.js'
import { createMockClock } from './create-mock-clock.js'
import type { MockCore, MockCoreInternals } from './mock-core.js'
import {
  OPTIONS_HINT,
  OPTIONS_SUBJECT,
  optionsSchema,
  type MockOptions,
} from './mock-options.js'
import { createClientReport } from './report/create-client-report.js'
import { RequestAnswerer } from './request-answerer.js'
import { ServedData } from './served-data.js'
import type { StateParts } from './state-change.js'
import {
  createRequestJournal,
  DEFAULT_JOURNAL_SIZE,
} from './traffic/create-request-journal.js'
import {
  createScenarioEngine,
  type ScenarioEngine,
} from './traffic/create-scenario-engine.js'
import { createVariantState } from './variants/create-variant-state.js'

/**
 * How long an issued asset URL stays valid, in seconds, unless `assetTtl` says.
 * @example
 * createContentApiMock({ assetTtl: DEFAULT_ASSET_TTL_SECONDS * 4 })
 */
export const DEFAULT_ASSET_TTL_SECONDS = OPTION_RULES.assetTtl.default

/**
 * Validates options and dataset before anything is served.
 * @throws {FixtureError} when `fixtures` is not a valid fixture document.
 * @throws {OptionsError} naming every unknown or invalid option.
 */
export function createMockCore(
  options: MockOptions = {},
  internals: MockCoreInternals = {},
): MockCore {
  return buildMockCore(options, internals).core
}

/** Also returns what a fleet replica needs to report and apply state changes. */
export function buildMockCore(
  options: MockOptions,
  internals: MockCoreInternals,
): StateParts {
  checkMockOptions(options)
  const { origin, prefix } = parseBaseUrl(options.baseUrl)
  const clock = createMockClock(
    options.now ?? (() => Date.now()),
    options.speed ?? OPTION_RULES.speed.default,
    internals.clockStart,
  )
  const now = clock.now
  const served = new ServedData(readInitialData(options))
  const labelOf = (key: string) => served.dataset.index.keyLabels.get(key)
  const seed = options.seed ?? DEFAULT_SEED
  const scenarios = createScenarioEngine({ seed, now, labelOf, prefix })
  const journal = createRequestJournal(
    options.journalSize ?? DEFAULT_JOURNAL_SIZE,
    labelOf,
  )
  const variants = createVariantState(seed, options.variants)
  const context: ApiContext = {
    ...{ prefix, now, scenarios, variants },
    dataset: () => served.dataset,
    liveStream: () => served.liveStream,
    signer: createAssetSigner({
      secret: options.assetSecret,
      ttlSeconds: options.assetTtl ?? DEFAULT_ASSET_TTL_SECONDS,
      // A URL lasts its lifetime as a person lives it, also at --speed 60.
      now: clock.lifetimeNow,
    }),
    media: internals.media ?? createBuiltInMedia(),
    listOrder: options.listOrder ?? OPTION_RULES.listOrder.default,
    strict: options.strict ?? false,
  }
  const answerer = new RequestAnswerer({
    ...{ context, clock, journal, origin },
    upstream: internals.upstream,
    onJournalEntry: internals.onJournalEntry,
  })
  addInitialScenarios(scenarios, options)
  const ready = served.serveInitial(internals.storyStart ?? now())

  /** Story offsets count from `start`, by default the reset clock's time. */
  async function resetAt(start?: number): Promise<number> {
    scenarios.reset()
    addInitialScenarios(scenarios, options)
    variants.reset()
    clock.reset()
    journal.clear()
    const from = start ?? now()
    await served.serveInitial(from)
    return from
  }
  const loadAt = served.load.bind(served)
  const liveContents = () => served.liveStream?.allAt(now()) ?? []

  const core: MockCore = {
    ready,
    get db() {
      return served.dataset
    },
    ...{ origin, prefix, clock, scenarios, requests: journal },
    handle: (request) => answerer.handle(request),
    handleAsset: (request) => answerer.handleAsset(request),
    async reset() {
      await resetAt()
    },
    load: (document) => loadAt(document, now()),
    exportFixtures: () => exportFixtureDocument(served.dataset, liveContents()),
    clientReport: ({ key, keyLabel, rules } = {}) =>
      createClientReport(
        journal.list({ key, keyLabel }),
        clientReportSettings(options, rules),
      ),
    variants: { list: variants.list, set: variants.set },
    ...createRecordControllers(() => served.dataset, ready, {
      all: liveContents,
      // Like the API's detail: a live content stays readable after it left the list.
      byId: (id) => served.liveStream?.contentOf(id, now()),
    }),
  }
  const { strict } = context
  return { core, clock, loadAt, resetAt, scenarios, journal, strict }
}

/** Names every problem at once, the pairs that cannot go together included (the CLI reads that table too). */
function checkMockOptions(options: MockOptions): void {
  parseOptions(optionsSchema, options, {
    subject: OPTIONS_SUBJECT,
    hint: OPTIONS_HINT,
    elsewhere: {
      projects: 'put it under "size", e.g. size: { projects: 12 }',
      contents: 'put it under "size", e.g. size: { contents: 200 }',
    },
  })
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
}

/** @note Fixtures are checked at once, so a bad document throws here; a generated dataset comes with `ready`. */
function readInitialData(options: MockOptions): SeedData | Promise<SeedData> {
  if (options.fixtures !== undefined) {
    return { document: parseFixtureDocument(options.fixtures) }
  }
  return generateSeedData({
    seed: options.seed,
    projects: options.size?.projects,
    contents: options.size?.contents,
    apiKey: options.apiKey,
    live: options.live,
  })
}

function addInitialScenarios(
  scenarios: ScenarioEngine,
  options: MockOptions,
): void {
  if (options.rateLimit !== undefined) {
    scenarios.add({ name: 'rate-limit', rateLimit: options.rateLimit })
  }
  for (const scenario of options.scenarios ?? []) scenarios.add(scenario)
}

/** `rules` for one call, over the option's settings. */
function clientReportSettings(
  options: MockOptions,
  rules: ClientReportOptions | undefined,
): ClientReportOptions | undefined {
  if (rules === undefined) return options.clientReport
  return {
    ...options.clientReport,
    ...parseOptions(clientReportOptionsSchema, rules, {
      subject: 'clientReport rules',
      hint: 'Each rule and its thresholds are described in docs/client-report.md of the content-api-mock package.',
    }),
  }
}
