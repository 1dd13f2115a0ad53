import type { Dataset } from '../data/dataset.js'
import type { RecordController } from '../data/records/record-controller.js'
import type { MediaLibrary } from '../media/media-library.js'
import type {
  FixtureAccount,
  FixtureApiKey,
  FixtureContent,
  FixtureDocument,
  FixtureProject,
} from '../schema/fixture.js'
import type { MockClock } from './create-mock-clock.js'
import type {
  RawJournalEntry,
  RequestJournal,
} from './traffic/create-request-journal.js'
import type { ScenarioController } from './traffic/create-scenario-engine.js'
import type { ApiRequest, ApiResponse } from './types.js'
import type { ClientReport } from './report/client-report.js'
import type { ClientReportOptions } from '../schema/client-report-options.js'
import type { VariantController } from './variants/create-variant-state.js'

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
   * is rendered on its first request); `undefined` for any other path. A
   * media folder's file comes as a `ReadableStream` body read from disk:
   * read it or cancel it, which closes the file.
   */
  handleAsset(request: ApiRequest): Promise<ApiResponse> | undefined
  /** Back to the initial dataset, scenarios and clock; an empty journal. */
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
  readonly requests: Omit<RequestJournal, 'add'>
  /**
   * Which rules of the spec and of good conduct the client broke, from the
   * journal (docs/client-report.md): `{ findings, requests }`, with no
   * finding for a client that broke none. `key` or `keyLabel` looks at one
   * key's requests; `rules` changes the `clientReport` option's settings
   * for this call.
   */
  clientReport(request?: ClientReportRequest): ClientReport
  /** The variants in force: `list()`, `set(['hostile'])`, `set([])`. */
  readonly variants: VariantController
  // One record at a time: `list`, `get`, `create`, `patch`, `delete`.
  readonly contents: RecordController<FixtureContent>
  readonly projects: RecordController<FixtureProject>
  readonly apiKeys: RecordController<FixtureApiKey>
  readonly accounts: RecordController<FixtureAccount>
}

/**
 * What `clientReport()` looks at: one key's requests (as sent, or by its
 * label), and rules set for this call over the `clientReport` option.
 */
export interface ClientReportRequest {
  key?: string
  keyLabel?: string
  rules?: ClientReportOptions
}

/** What an adapter may give a core beyond the public options. */
export interface MockCoreInternals {
  /** The media behind the asset URLs (default: title cards and sample clips). */
  media?: MediaLibrary
  /**
   * Proxy mode: the answers to hand to the real service at `origin` (see
   * `ApiResponse.forward`): those naming IDs the data does not hold, or
   * every GET and HEAD with `all`.
   */
  upstream?: { origin: string; all: boolean }
  /**
   * The mock time a fixture document's story offsets (`"+2m"`) count from at
   * the first load (default: the clock's time then); a `reset()` or `load()`
   * counts from its own time.
   */
  storyStart?: number
  /** The clock's start (default: now): a fleet's, so `speed` runs from one. */
  clockStart?: number
  /** Called with each journal entry as it is added (a fleet shares them). */
  onJournalEntry?: (entry: RawJournalEntry) => void
}
