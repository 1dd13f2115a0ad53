import type { JournalFilter } from './create-request-journal.js'
import { JOURNAL_ENDPOINTS } from '../../schema/endpoints.js'
import { ControlInputError } from './control-input-error.js'

/** The filters `GET /__mock/requests` reads from its query string: what each expects, and the test of it. */
const JOURNAL_FILTERS: Record<
  keyof JournalFilter,
  [expected: string, isValid: (value: string) => boolean]
> = {
  endpoint: [
    `one of ${JOURNAL_ENDPOINTS.join(', ')}`,
    (value) => (JOURNAL_ENDPOINTS as readonly string[]).includes(value),
  ],
  // @note Matched through its label, never stored nor echoed.
  key: ['a value', () => true],
  keyLabel: ['a value', () => true],
  // @note 0 is the status the journal gives a dropped connection.
  status: [
    'an HTTP status code such as 200 or 429, or 0 for a dropped connection',
    (value) => /^(?:[1-5]\d\d|0)$/.test(value),
  ],
  method: ['an HTTP method such as GET', (value) => /^[A-Za-z]+$/.test(value)],
  path: [
    'a path as sent, without the query, such as /public-api/v1/projects',
    (value) => value.startsWith('/'),
  ],
}

/**
 * Reads the journal filters of `GET /__mock/requests`; each may be given once.
 * @throws {ControlInputError} naming an unknown, repeated or bad filter.
 */
export function readJournalFilter(query: URLSearchParams): JournalFilter {
  const filter: Record<string, string | number> = {}
  for (const [name, value] of query) {
    if (!Object.hasOwn(JOURNAL_FILTERS, name)) {
      throw new ControlInputError(
        'invalid_filter',
        `Unknown filter "${name}" in the query. GET /__mock/requests filters by ${Object.keys(JOURNAL_FILTERS).join(', ')}.`,
      )
    }
    if (Object.hasOwn(filter, name)) {
      throw new ControlInputError(
        'invalid_filter',
        `The ${name} filter is given more than once; give each filter at most once.`,
      )
    }
    const [expected, isValid] = JOURNAL_FILTERS[name as keyof JournalFilter]
    if (value === '' || !isValid(value)) {
      throw new ControlInputError(
        'invalid_filter',
        `Invalid ${name} filter ${JSON.stringify(value)}: expected ${value === '' ? 'a value' : expected}.`,
      )
    }
    filter[name] =
      name === 'status'
        ? Number(value)
        : name === 'method'
          ? value.toUpperCase()
          : value
  }
  return filter as JournalFilter
}
