import * as z from 'zod'
import { CONTENT_MODES, type ServedContentSchema } from './content-modes.js'
import { publicIdSchema, timestampSchema, urlSchema } from './primitives.js'

/**
 * Spec 2.1: a project as it appears in the project list.
 * @example
 * projectListItemSchema.parse(body.data[0])
 */
export const projectListItemSchema = z
  .object({
    project_unique: publicIdSchema,
    project_name: z.string(),
    description: z.string(),
    created_at: timestampSchema,
  })
  .meta({
    id: 'ProjectListItem',
    description: 'Project (list item), spec 2.1.',
  })

/**
 * Spec 2.2: a project as returned by `GET /projects/{project_unique}`.
 * @example
 * projectDetailSchema.parse(body.data).is_readonly
 */
export const projectDetailSchema = projectListItemSchema
  .extend({ is_readonly: z.boolean() })
  .meta({ id: 'ProjectDetail', description: 'Project (detail), spec 2.2.' })

/**
 * Spec 2.5: generation progress of a content.
 * @example
 * progressSchema.parse({ step_process: 3, is_complete: false })
 */
export const progressSchema = z
  .object({
    step_process: z.int().min(0),
    is_complete: z.boolean(),
  })
  .meta({ id: 'Progress', description: 'Generation progress, spec 2.5.' })

/**
 * Spec 2.6: the result of publishing a content to one external platform.
 * @example
 * publishResultSchema.parse(body.data.publish[0]).post_url
 */
export const publishResultSchema = z
  .object({
    platform: z.string().min(1),
    status: z.string().min(1),
    post_url: urlSchema,
    posted_at: timestampSchema,
  })
  .meta({ id: 'PublishResult', description: 'Publish result, spec 2.6.' })

/**
 * Spec 2.3: a content as it appears in a project's content list.
 * @example
 * contentListItemSchema.parse(body.data[0]).progress.is_complete
 */
export const contentListItemSchema = z
  .object({
    mode: z.string().min(1),
    variation_unique: publicIdSchema,
    title: z.string(),
    progress: progressSchema,
    created_at: timestampSchema,
  })
  .meta({
    id: 'ContentListItem',
    description: 'Content (list item), spec 2.3.',
  })

const otherModeContentSchema = z.record(z.string(), z.unknown()).meta({
  description: 'Content body of another mode (shape not shown by the spec).',
})

/**
 * Spec 2.4: a content in detail. `content` (the last field) is its known mode's served body, or for other modes the
 * fixture's object as it is (the spec shows no shape).
 * @example
 * contentDetailSchema.parse(body.data).publish.length
 */
export const contentDetailSchema = contentListItemSchema
  .extend({
    publish: z.array(publishResultSchema),
    content: z.union([
      ...Object.values(CONTENT_MODES).map((shapes) => shapes.served),
      otherModeContentSchema,
    ] as [ServedContentSchema, typeof otherModeContentSchema]),
  })
  .meta({ id: 'ContentDetail', description: 'Content (detail), spec 2.4.' })

export type ProjectListItem = z.infer<typeof projectListItemSchema>
export type ProjectDetail = z.infer<typeof projectDetailSchema>
export type Progress = z.infer<typeof progressSchema>
export type PublishResult = z.infer<typeof publishResultSchema>
export type ContentListItem = z.infer<typeof contentListItemSchema>
export type ContentDetail = z.infer<typeof contentDetailSchema>
