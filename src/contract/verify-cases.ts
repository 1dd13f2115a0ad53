import type { Endpoint } from '../schema/endpoints.js'
import type { ErrorCode } from '../schema/envelopes.js'

/** One request `verify` makes and what the mock answers it by default. */
export interface VerifyCase {
  readonly endpoint: Endpoint
  readonly status: number
  readonly code?: ErrorCode
}

/**
 * The four endpoints with the key, and the errors `verify` can provoke
 * without harm: no key, a key nobody issued, IDs that exist nowhere, IDs
 * with a space.
 * @note 422 is for "parameters invalid" (spec 7); the only parameters the
 * spec lists are the path IDs, so a malformed ID is the 422 case.
 */
export const VERIFY_CASES = {
  'list-projects': { endpoint: 'listProjects', status: 200 },
  'get-project': { endpoint: 'getProject', status: 200 },
  'list-contents': { endpoint: 'listContents', status: 200 },
  'get-content': { endpoint: 'getContent', status: 200 },
  'no-key': { endpoint: 'listProjects', status: 401, code: 'unauthorized' },
  'bad-key': { endpoint: 'listProjects', status: 401, code: 'unauthorized' },
  'unknown-project': { endpoint: 'getProject', status: 404, code: 'not_found' },
  'unknown-content': { endpoint: 'getContent', status: 404, code: 'not_found' },
  'malformed-project-id': {
    endpoint: 'getProject',
    status: 422,
    code: 'invalid_parameter',
  },
  'malformed-content-id': {
    endpoint: 'getContent',
    status: 422,
    code: 'invalid_parameter',
  },
} as const satisfies Record<string, VerifyCase>

export type VerifyCaseName = keyof typeof VERIFY_CASES
