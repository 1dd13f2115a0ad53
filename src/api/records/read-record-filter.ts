import { recordFilterFields } from '../../data/records/record-filter-fields.js'
import type { RecordKind } from '../../data/records/record-kinds.js'
import { findCloseMatch } from '../../schema/find-close-match.js'
import { ControlInputError } from '../traffic/control-input-error.js'

/**
 * Reads the filters of a record list of the control API
 * (`GET /__mock/contents?project_unique=p1`) from its query string: each
 * names a plain field of the records (see `recordFilterFields`) at most
 * once; a boolean field takes `true` or `false`, a number field a number.
 * @throws {ControlInputError} `invalid_filter`, naming an unknown, repeated
 * or malformed filter.
 */
export function readRecordFilter(
  kind: RecordKind,
  query: URLSearchParams,
  route: string,
): Record<string, string | number | boolean> {
  const fields = recordFilterFields(kind)
  const filter: Record<string, string | number | boolean> = {}
  for (const [name, value] of query) {
    const type = fields.get(name)
    if (type === undefined) {
      const close = findCloseMatch(name, [...fields.keys()])
      throw new ControlInputError(
        'invalid_filter',
        `Unknown filter "${name}" in the query${close === undefined ? '' : ` (did you mean "${close}"?)`}. ${route} filters by ${[...fields.keys()].join(', ')}.`,
      )
    }
    if (Object.hasOwn(filter, name)) {
      throw new ControlInputError(
        'invalid_filter',
        `The ${name} filter is given more than once; give each filter at most once.`,
      )
    }
    const invalid = (expected: string) =>
      new ControlInputError(
        'invalid_filter',
        `Invalid ${name} filter ${JSON.stringify(value)}: expected ${expected}.`,
      )
    if (type === 'boolean') {
      if (value !== 'true' && value !== 'false') throw invalid('true or false')
      filter[name] = value === 'true'
    } else if (type === 'number') {
      const number = value.trim() === '' ? NaN : Number(value)
      if (!Number.isFinite(number)) throw invalid('a number')
      filter[name] = number
    } else {
      filter[name] = value
    }
  }
  return filter
}
