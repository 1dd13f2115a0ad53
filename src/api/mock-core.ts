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

/** The runtime-agnostic heart of one mock instance: the MSW handlers and the server are adapters over it. */
export interface MockCore {
  readonly ready: Promise<void>
  readonly db: Dataset
  readonly origin: string | undefined
  readonly prefix: string
  /** Synchronous; `undefined` for any other path (asset URLs included: see `handleAsset`). */
  handle(request: ApiRequest): ApiResponse | undefined
  /** Async because a thumbnail renders on its first request; a media folder's `ReadableStream` body must be read or cancelled to close the file. */
  handleAsset(request: ApiRequest): Promise<ApiResponse> | undefined
  reset(): Promise<void>
  load(document: unknown): Promise<void>
  exportFixtures(): FixtureDocument
  readonly clock: MockClock
  readonly scenarios: ScenarioController
  readonly requests: Omit<RequestJournal, 'add'>
  /** Which spec and conduct rules the client broke, from the journal (docs/client-report.md). */
  clientReport(request?: ClientReportRequest): ClientReport
  readonly variants: VariantController
  // One record at a time: `list`, `get`, `create`, `patch`, `delete`.
  readonly contents: RecordController<FixtureContent>
  readonly projects: RecordController<FixtureProject>
  readonly apiKeys: RecordController<FixtureApiKey>
  readonly accounts: RecordController<FixtureAccount>
}

/** `rules` override the `clientReport` option for this call. */
export interface ClientReportRequest {
  key?: string
  keyLabel?: string
  rules?: ClientReportOptions
}

/** What an adapter may give a core beyond the public options. */
export interface MockCoreInternals {
  /** Default: title cards and sample clips. */
  media?: MediaLibrary
  /** Proxy mode: answers naming IDs the data does not hold (or every GET and HEAD with `all`) go to the real service. */
  upstream?: { origin: string; all: boolean }
  /** Where story offsets (`"+2m"`) count from at the first load; `reset()` and `load()` count from their own time. */
  storyStart?: number
  /** A fleet's, so `speed` runs from one start. */
  clockStart?: number
  /** A fleet shares entries through it. */
  onJournalEntry?: (entry: RawJournalEntry) => void
}
