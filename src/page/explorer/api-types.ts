import type {
  ContentListItem,
  ProjectDetail,
  ProjectListItem,
} from '../../schema/resources.js'
import { isSuccess, type ApiExchange } from '../api-client.js'

/** A list item (spec 2.1); with `is_readonly`, a detail (2.2). */
export type Project = ProjectListItem & Partial<ProjectDetail>

/**
 * A list item (spec 2.3); with `publish` and `content`, a detail (2.4),
 * written out where variants and other modes loosen the spec's shape.
 */
export type Content = ContentListItem & {
  publish?: PublishResult[]
  content?: Record<string, unknown> & {
    movie_unique?: string
    download_url?: string
    thumbnail_url?: string
  }
}

/** A publish result (spec 2.6). */
export interface PublishResult {
  platform: string
  status: string
  /** null under the publish-statuses variant. */
  post_url?: string | null
  posted_at?: string | null
}

/** The `data` of a 2xx JSON body, or undefined. */
export function dataOf<T>(exchange: ApiExchange | undefined): T | undefined {
  if (!isSuccess(exchange)) return undefined
  return (exchange!.body as { data?: T } | undefined)?.data
}
