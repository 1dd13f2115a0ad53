import type { OPTION_RULES } from '../schema/option-rules.js'
import type { Dataset } from '../data/dataset.js'
import type { LiveStream } from '../data/seed/live-stream.js'
import type { FixtureAccount, FixtureApiKey } from '../schema/fixture.js'
import type { MediaLibrary } from '../media/media-library.js'
import type { AssetSigner } from './asset-signer.js'
import type { ScenarioEngine } from './traffic/create-scenario-engine.js'
import type { VariantState } from './variants/create-variant-state.js'

/**
 * The order of list items: by `created_at`, newest or oldest first, ties
 * broken by ID. The spec does not show an order.
 */
export type ListOrder = (typeof OPTION_RULES.listOrder.choices)[number]

/**
 * Who is asking: the API key a request authenticated with and its account.
 */
export interface Caller {
  apiKey: FixtureApiKey
  account: FixtureAccount
}

/**
 * Everything the API's behaviour functions need besides the request. The
 * adapters (MSW handlers, server) build one per mock instance.
 */
export interface ApiContext {
  /** The dataset currently served; it is swapped whole on reset or load. */
  dataset(): Dataset
  /** The live stream of the generated dataset (`live: true`), while it is served. */
  liveStream(): LiveStream | undefined
  /** The path prefix of the API, e.g. `/public-api/v1`, without trailing slash. */
  prefix: string
  signer: AssetSigner
  /** The media behind the asset URLs. */
  media: MediaLibrary
  /** The clock, in epoch milliseconds. */
  now(): number
  listOrder: ListOrder
  /** Rate limits and forced outcomes, decided after authentication. */
  scenarios: ScenarioEngine
  /** Ignore the `X-Mock-Scenario` and `X-Mock-Variant` request headers. */
  strict: boolean
  /** The variants in force and the seed of their draws. */
  variants: VariantState
}
