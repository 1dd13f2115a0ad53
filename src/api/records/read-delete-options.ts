import type { DeleteRecordOptions } from '../../data/records/record-controller.js'
import { ControlInputError } from '../traffic/control-input-error.js'

/**
 * Reads the options of a record's `DELETE` in the control API from its query
 * string: `cascade=true` or `cascade=false`, nothing else.
 * @throws {ControlInputError} `invalid_parameter`, naming an unknown or
 * malformed parameter.
 */
export function readDeleteOptions(query: URLSearchParams): DeleteRecordOptions {
  const options: DeleteRecordOptions = {}
  for (const [name, value] of query) {
    if (name !== 'cascade') {
      throw new ControlInputError(
        'invalid_parameter',
        `Unknown parameter "${name}" in the query. A DELETE takes only cascade=true, which also deletes the records that belong to this one.`,
      )
    }
    if (value !== 'true' && value !== 'false') {
      throw new ControlInputError(
        'invalid_parameter',
        `Invalid cascade ${JSON.stringify(value)}: expected true or false.`,
      )
    }
    options.cascade = value === 'true'
  }
  return options
}
