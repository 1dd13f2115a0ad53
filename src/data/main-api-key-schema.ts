import { tokenOptionSchema } from '../schema/option-rules.js'
import {
  BETA_API_KEY,
  EXPIRED_API_KEY,
  REVOKED_API_KEY,
} from './default-keys.js'

const OTHER_DEMO_KEYS: Readonly<Record<string, string>> = {
  [BETA_API_KEY]: 'the key of the second account (acct_beta)',
  [EXPIRED_API_KEY]: 'the expired demo key',
  [REVOKED_API_KEY]: 'the revoked demo key',
}

/**
 * The rule of the demo dataset's main API key (`apiKey`, `--api-key`): a
 * token an HTTP header can carry, and not the value of one of the other demo
 * keys, which the dataset issues too: two keys with one value would be one
 * key for two accounts.
 */
export const mainApiKeySchema = tokenOptionSchema().superRefine(
  (key, context) => {
    if (!Object.hasOwn(OTHER_DEMO_KEYS, key)) return
    context.addIssue({
      code: 'custom',
      message: `${JSON.stringify(key)} is already ${OTHER_DEMO_KEYS[key]} in the demo dataset; pick another value`,
    })
  },
)
