import type { OPTION_RULES } from '../schema/option-rules.js'
import type { Dataset } from '../data/dataset.js'
import type { LiveStream } from '../data/seed/live-stream.js'
import type { FixtureAccount, FixtureApiKey } from '../schema/fixture.js'
import type { MediaLibrary } from '../media/media-library.js'
import type { AssetSigner } from './asset-signer.js'
import type { ScenarioEngine } from './traffic/create-scenario-engine.js'
import type { VariantState } from './variants/create-variant-state.js'

/** By `created_at`, ties broken by ID: the spec does not show an order. */
export type ListOrder = (typeof OPTION_RULES.listOrder.choices)[number]

export interface Caller {
  apiKey: FixtureApiKey
  account: FixtureAccount
}

/** Adapters build one per mock instance. */
export interface ApiContext {
  /** Swapped whole on reset or load. */
  dataset(): Dataset
  /** While `live: true` data is served. */
  liveStream(): LiveStream | undefined
  /** Without trailing slash. */
  prefix: string
  signer: AssetSigner
  media: MediaLibrary
  now(): number
  listOrder: ListOrder
  /** Decided after authentication. */
  scenarios: ScenarioEngine
  /** Ignores the `X-Mock-Scenario` and `X-Mock-Variant` headers. */
  strict: boolean
  variants: VariantState
}
