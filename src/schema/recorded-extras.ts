import * as z from 'zod'

/**
 * The two optional members that let a record of a fixture document hold an
 * answer the spec's fields cannot describe, as a real service sent it
 * (`content-api-mock record` writes them):
 * - `extra`: members written into the answer. A name of the spec's fields
 *   replaces that field's value in its place (`null` included); any other
 *   name is added after the spec's fields, in the order written.
 * - `absent`: names of the spec's fields the answer leaves out.
 *
 * A project, a content, its `progress`, each publish result and a
 * `moviemode` body take them. A field of a view that does not show it (a
 * content's `publish` in the list) is not added to that view.
 * @note Beside the record, not inside it: a service may well send a field
 * named `extra`, and the record's own fields keep their types, so every
 * other part of the mock (filters, timelines, the page) reads them as ever.
 */
export const recordedExtrasShape = {
  extra: z.record(z.string(), z.unknown()).optional().meta({
    description:
      "Members written into the answer as recorded: a spec field's name replaces its value (null included), any other name is added after the spec's fields.",
  }),
  absent: z.array(z.string().min(1, 'expected a field name')).optional().meta({
    description:
      "Names of the spec's fields the answer leaves out, as recorded.",
  }),
}

/**
 * The recorded extras of one object of an answer (see `recordedExtrasShape`).
 * @example
 * const extras: RecordedExtras = { extra: { x_extension: 'ext_1' }, absent: ['post_url'] }
 */
export interface RecordedExtras {
  extra?: Record<string, unknown> | undefined
  absent?: string[] | undefined
}
