import { isSuccess, type ApiExchange } from '../api-client.js'

// Written out: the page imports no code of the library.
export interface Project {
  project_unique: string
  project_name: string
  description: string
  created_at: string
  is_readonly?: boolean
}

/** A list item (spec 2.3); with `publish` and `content`, a detail (2.4). */
export interface Content {
  mode: string
  variation_unique: string
  title: string
  progress: { step_process: number; is_complete: boolean }
  created_at: string
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

/** A list response (spec 2.7). */
export interface ListBody<Item> {
  data: Item[]
  meta: { total: number }
}

/** The `data` of a 2xx JSON body, or undefined. */
export function dataOf<T>(exchange: ApiExchange | undefined): T | undefined {
  if (!isSuccess(exchange)) return undefined
  return (exchange!.body as { data?: T } | undefined)?.data
}
