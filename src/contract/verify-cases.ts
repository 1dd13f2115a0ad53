import type { Endpoint } from '../schema/endpoints.js'
import type { ErrorCode } from '../schema/envelopes.js'

/**
 * One request `verify` makes and what the mock answers to it by default:
 * the endpoint, the status and, for errors, the `error.code`.
 */
export interface VerifyCase {
  readonly endpoint: Endpoint
  readonly status: number
  readonly code?: ErrorCode
  /** What the request is, for the report. */
  readonly description: string
}

/**
 * The requests `verify` makes, each with the mock's choice for it: the four
 * endpoints with the key, and the errors it can provoke without harm (no key,
 * a key nobody issued, IDs that exist nowhere, IDs that break the mock's ID
 * rule).
 * @note 422 is for "parameters invalid" (spec 7); the only parameters the
 * spec lists are the path IDs, so a malformed ID is the 422 case.
 */
export const VERIFY_CASES = {
  'list-projects': {
    endpoint: 'listProjects',
    status: 200,
    description: 'the projects of the key',
  },
  'get-project': {
    endpoint: 'getProject',
    status: 200,
    description: 'a project',
  },
  'list-contents': {
    endpoint: 'listContents',
    status: 200,
    description: 'the contents of a project',
  },
  'get-content': {
    endpoint: 'getContent',
    status: 200,
    description: 'a content',
  },
  'no-key': {
    endpoint: 'listProjects',
    status: 401,
    code: 'unauthorized',
    description: 'the projects, without Authorization',
  },
  'bad-key': {
    endpoint: 'listProjects',
    status: 401,
    code: 'unauthorized',
    description: 'the projects, with a key nobody issued',
  },
  'unknown-project': {
    endpoint: 'getProject',
    status: 404,
    code: 'not_found',
    description: 'a project ID that exists nowhere',
  },
  'unknown-content': {
    endpoint: 'getContent',
    status: 404,
    code: 'not_found',
    description: 'a content ID that exists nowhere',
  },
  'malformed-project-id': {
    endpoint: 'getProject',
    status: 422,
    code: 'invalid_parameter',
    description: 'a project ID with a space',
  },
  'malformed-content-id': {
    endpoint: 'getContent',
    status: 422,
    code: 'invalid_parameter',
    description: 'a content ID with a space',
  },
} as const satisfies Record<string, VerifyCase>

/** The name of one request of `verify`: a key of `VERIFY_CASES`. */
export type VerifyCaseName = keyof typeof VERIFY_CASES
