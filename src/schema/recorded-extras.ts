import * as z from 'zod'

/**
 * What a real service sent that the spec's fields cannot describe: `extra` replaces a spec field's value in place
 * or adds a member after them; `absent` names spec fields the answer leaves out.
 * @note Beside the record, not inside it: a service may send a field named `extra`, and record fields keep their types.
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
 * The recorded extras of one object of an answer.
 * @example
 * const extras: RecordedExtras = { extra: { x_extension: 'ext_1' }, absent: ['post_url'] }
 */
export type RecordedExtras = z.infer<z.ZodObject<typeof recordedExtrasShape>>
