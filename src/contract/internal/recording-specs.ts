import { findContentMode } from '../../schema/content-modes.js'
import { MOVIEMODE } from '../../schema/moviemode-content.js'
import * as resources from '../../schema/resources.js'
import type { ObjectSpec } from './to-recorded-object.js'

const PLACEHOLDER_TIME = '1970-01-01T00:00:00Z'

/** A project as its detail shows it (spec 2.2). */
export const PROJECT_DETAIL_SPEC: ObjectSpec = {
  shape: resources.projectDetailSchema.shape,
  placeholders: {
    project_name: '',
    description: '',
    created_at: PLACEHOLDER_TIME,
    is_readonly: false,
  },
  own: new Set(['project_unique']),
}

/** A project as the list shows it (spec 2.1). */
export const PROJECT_LIST_SPEC: ObjectSpec = {
  ...PROJECT_DETAIL_SPEC,
  shape: resources.projectListItemSchema.shape,
}

/** A content as its detail shows it (spec 2.4). */
export const CONTENT_DETAIL_SPEC: ObjectSpec = {
  shape: resources.contentDetailSchema.shape,
  placeholders: { mode: 'unknown', title: '', created_at: PLACEHOLDER_TIME },
  own: new Set(['variation_unique', 'progress', 'publish', 'content']),
}

/** A content as the list shows it (spec 2.3). */
export const CONTENT_LIST_SPEC: ObjectSpec = {
  ...CONTENT_DETAIL_SPEC,
  shape: resources.contentListItemSchema.shape,
}

/** Spec 2.5. */
export const PROGRESS_SPEC: ObjectSpec = {
  shape: resources.progressSchema.shape,
  placeholders: { step_process: 0, is_complete: false },
}

/** Spec 2.6. */
export const PUBLISH_SPEC: ObjectSpec = {
  shape: resources.publishResultSchema.shape,
  placeholders: {
    platform: 'unknown',
    status: 'unknown',
    post_url: 'https://absent.invalid/',
    posted_at: PLACEHOLDER_TIME,
  },
}

/** The served `moviemode` body; its ID is recorded by the caller. */
export const MOVIEMODE_BODY_SPEC: ObjectSpec = {
  shape: findContentMode(MOVIEMODE)!.served.shape,
  placeholders: {},
  own: new Set(['movie_unique']),
}
