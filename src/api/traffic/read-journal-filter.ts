import type { JournalFilter } from './create-request-journal.js'
import { JOURNAL_ENDPOINTS } from '../../schema/endpoints.js'
import { ControlInputError } from './control-input-error.js'

/** The filters `GET /__mock/requests` reads from its query string. */
const JOURNAL_FILTERS = [
  'endpoint',
  'key',
  'keyLabel',
  'status',
  'method',
  'path',
] as const

/**
 * Reads the journal filters of `GET /__mock/requests`; each may be given once.
 * @throws {ControlInputError} naming an unknown, repeated or bad filter.
 */
export function readJournalFilter(query: URLSearchParams): JournalFilter {
  const filter: JournalFilter = {}
  const seen = new Set<string>()
  for (const [name, value] of query) {
    const fail = (expected: string): never => {
      throw new ControlInputError(
        'invalid_filter',
        `Invalid ${name} filter ${JSON.stringify(value)}: expected ${expected}.`,
      )
    }
    if (!(JOURNAL_FILTERS as readonly string[]).includes(name)) {
      throw new ControlInputError(
        'invalid_filter',
        `Unknown filter "${name}" in the query. GET /__mock/requests filters by ${JOURNAL_FILTERS.join(', ')}.`,
      )
    }
    if (seen.has(name)) {
      throw new ControlInputError(
        'invalid_filter',
        `The ${name} filter is given more than once; give each filter at most once.`,
      )
    }
    seen.add(name)
    if (value === '') fail('a value')
    switch (name as (typeof JOURNAL_FILTERS)[number]) {
      case 'endpoint':
        if (!(JOURNAL_ENDPOINTS as readonly string[]).includes(value)) {
          fail(`one of ${JOURNAL_ENDPOINTS.join(', ')}`)
        }
        filter.endpoint = value
        break
      case 'key':
        // @note Matched through its label, never stored nor echoed.
        filter.key = value
        break
      case 'keyLabel':
        filter.keyLabel = value
        break
      case 'status':
        // @note 0 is the status the journal gives a dropped connection.
        if (!/^(?:[1-5]\d\d|0)$/.test(value)) {
          fail(
            'an HTTP status code such as 200 or 429, or 0 for a dropped connection',
          )
        }
        filter.status = Number(value)
        break
      case 'method':
        if (!/^[A-Za-z]+$/.test(value)) fail('an HTTP method such as GET')
        filter.method = value.toUpperCase()
        break
      case 'path':
        if (!value.startsWith('/')) {
          fail(
            'a path as sent, without the query, such as /public-api/v1/projects',
          )
        }
        filter.path = value
        break
    }
  }
  return filter
}
