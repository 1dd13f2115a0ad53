import { OPTION_RULES } from '../schema/option-rules.js'

/**
 * The main demo API key: account `acct_alpha`, never expires.
 * @example
 * fetch(url, { headers: { Authorization: `Bearer ${DEFAULT_API_KEY}` } })
 */
export const DEFAULT_API_KEY = OPTION_RULES.apiKey.default

/**
 * The demo API key of the second account, `acct_beta`.
 * @example
 * fetch(url, { headers: { Authorization: `Bearer ${BETA_API_KEY}` } })
 */
export const BETA_API_KEY = 'demo-key-beta'

/**
 * A demo API key of `acct_alpha` that expired before the reference date: answered 401.
 * @example
 * fetch(url, { headers: { Authorization: `Bearer ${EXPIRED_API_KEY}` } }) // 401
 */
export const EXPIRED_API_KEY = 'demo-key-expired'

/**
 * A revoked demo API key of `acct_alpha`: answered 401.
 * @example
 * fetch(url, { headers: { Authorization: `Bearer ${REVOKED_API_KEY}` } }) // 401
 */
export const REVOKED_API_KEY = 'demo-key-revoked'

/**
 * The seed of the demo dataset when none is given.
 * @example
 * createSeedDocument({ seed: DEFAULT_SEED })
 */
export const DEFAULT_SEED = OPTION_RULES.seed.default
