/* The mock */
export {
  createContentApiMock,
  type ContentApiMock,
  type ContentApiMockOptions,
} from './msw/create-content-api-mock.js'
export { DEFAULT_API_PREFIX } from './api/api-prefix.js'
export { DEFAULT_ASSET_TTL_SECONDS } from './api/create-mock-core.js'
export {
  ENDPOINT_NAMES,
  ENDPOINT_PATHS,
  JOURNAL_ENDPOINTS,
  type Endpoint,
  type JournalEndpoint,
} from './schema/endpoints.js'
export type { ListOrder } from './api/api-context.js'
export type { MockClock } from './api/create-mock-clock.js'
export { OptionsError, type OptionIssue } from './schema/options-error.js'
export type { Dataset, DatasetCollections } from './data/dataset.js'

/* Variants of the real service the spec leaves open (docs/variants.md) */
export {
  VARIANT_NAMES,
  VARIANT_SUMMARIES,
  variantListSchema,
} from './schema/variants.js'
export type { VariantName } from './schema/variants.js'
export type { VariantController } from './api/variants/create-variant-state.js'
export { VARIANT_ERROR_CODES } from './api/variants/error-variants.js'
export { OTHER_CONTENT_MODES } from './api/variants/other-modes.js'
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './schema/variants.js'
export { PUBLISH_STATUS_VARIANTS } from './api/variants/publish-statuses.js'

/* Traffic shaping: rate limits, forced outcomes, the request journal */
export {
  SCENARIO_PRESETS,
  SCENARIO_ENDPOINTS,
  scenarioSchema,
  rateLimitSchema,
  latencySchema,
} from './schema/scenario.js'
export type {
  Scenario,
  ScenarioPreset,
  ScenarioEndpoint,
  RateLimit,
  Latency,
} from './schema/scenario.js'
export { SCENARIO_PRESET_DEFINITIONS } from './api/traffic/scenario-presets.js'
export type {
  ActiveScenario,
  ScenarioController,
} from './api/traffic/create-scenario-engine.js'
export type { RateLimitUsage } from './api/traffic/rate-limiter.js'
export {
  DEFAULT_JOURNAL_SIZE,
  type JournalEntry,
  type JournalFilter,
  type RequestJournal,
} from './api/traffic/create-request-journal.js'
export {
  REFUSAL_CAUSES,
  type RefusalCause,
  type LimitScope,
} from './api/traffic/journal-facts.js'

/* The client report: the rules a client broke, from the journal (docs/client-report.md) */
export {
  createClientReport,
  MAX_FINDING_ENTRIES,
} from './api/report/create-client-report.js'
export type {
  ClientReport,
  ClientFinding,
  FindingSeverity,
} from './api/report/client-report.js'
export type { ClientReportRequest } from './api/mock-core.js'
export {
  CLIENT_REPORT_RULES,
  CLIENT_REPORT_DEFAULTS,
  clientReportOptionsSchema,
  type ClientReportRule,
  type ClientReportOptions,
  type ClientReportThresholds,
} from './schema/client-report-options.js'

/* The demo dataset */
export {
  DEFAULT_API_KEY,
  BETA_API_KEY,
  EXPIRED_API_KEY,
  REVOKED_API_KEY,
  DEFAULT_SEED,
} from './data/default-keys.js'

/* Fixture documents */
export { parseFixtureDocument } from './data/parse-fixture-document.js'
export { FixtureError, type FixtureIssue } from './data/fixture-error.js'
export {
  FIXTURE_VERSION,
  FIXTURE_SCHEMA_PATH,
  fixtureDocumentSchema,
  fixtureAccountSchema,
  fixtureApiKeySchema,
  fixtureProjectSchema,
  fixtureContentSchema,
  fixtureProgressSchema,
  fixturePublishResultSchema,
} from './schema/fixture.js'
export type {
  FixtureDocument,
  FixtureAccount,
  FixtureApiKey,
  FixtureProject,
  FixtureContent,
  FixtureProgress,
  FixturePublishResult,
} from './schema/fixture.js'
export type { RecordedExtras } from './schema/recorded-extras.js'

/* One record at a time: mock.contents, mock.projects, mock.apiKeys, mock.accounts */
export { InvalidRecordError } from './data/records/invalid-record-error.js'
export { RecordNotFoundError } from './data/records/record-not-found-error.js'
export { ComputedRecordError } from './data/records/computed-record-error.js'
export {
  RecordInUseError,
  type RecordDependents,
} from './data/records/record-in-use-error.js'
export type {
  RecordController,
  RecordFilter,
  MergePatch,
  DeleteRecordOptions,
} from './data/records/record-controller.js'
export type { RecordKindName } from './data/records/record-kinds.js'

/* Resources and envelopes of the API */
export {
  projectListItemSchema,
  projectDetailSchema,
  contentListItemSchema,
  contentDetailSchema,
  progressSchema,
  publishResultSchema,
} from './schema/resources.js'
export {
  MOVIEMODE,
  moviemodeContentSchema,
  type MoviemodeContent,
} from './schema/moviemode-content.js'
export {
  ERROR_CODES,
  CONTROL_ERROR_CODES,
  listMetaSchema,
  errorEnvelopeSchema,
  projectListResponseSchema,
  projectDetailResponseSchema,
  contentListResponseSchema,
  contentDetailResponseSchema,
} from './schema/envelopes.js'
export { PUBLIC_ID_PATTERN } from './schema/primitives.js'
export type {
  ProjectListItem,
  ProjectDetail,
  ContentListItem,
  ContentDetail,
  Progress,
  PublishResult,
} from './schema/resources.js'
export type {
  ErrorCode,
  ControlErrorCode,
  ListMeta,
  ErrorEnvelope,
  ProjectListResponse,
  ProjectDetailResponse,
  ContentListResponse,
  ContentDetailResponse,
} from './schema/envelopes.js'

/* Generated documents */
export { createOpenApiDocument } from './schema/create-openapi-document.js'
export { createTolerantOpenApiDocument } from './schema/create-tolerant-openapi-document.js'
export { createFixtureJsonSchema } from './schema/create-fixture-json-schema.js'

/* Recording a real service into a fixture document */
export { createRecording } from './contract/create-recording.js'
export type {
  Recording,
  RecordingOptions,
} from './contract/create-recording.js'
export {
  RECORDED_ACCOUNT_ID,
  RECORDED_DEMO_KEY,
} from './contract/recorded-account.js'
export { RECORDING_FINDING_KINDS } from './contract/recording-finding.js'
export type {
  RecordingFinding,
  RecordingFindingKind,
} from './contract/recording-finding.js'
