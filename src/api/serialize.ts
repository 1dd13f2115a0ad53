import { MOVIEMODE } from '../schema/moviemode-content.js'
import type { FixtureContent, FixtureProject } from '../schema/fixture.js'

/**
 * @note Records are immutable snapshots (`@msw/data` replaces a record on
 * update), so the JSON of a record can be cached by the record itself.
 */
const projectListItems = new WeakMap<FixtureProject, string>()
const projectDetails = new WeakMap<FixtureProject, string>()
const contentListItems = new WeakMap<FixtureContent, string>()
const contentDetailHeads = new WeakMap<FixtureContent, string>()

/**
 * The JSON of a project as a list item (spec 2.1): only the list fields.
 * @example
 * `[${projects.map(serializeProjectListItem).join(',')}]`
 */
export function serializeProjectListItem(project: FixtureProject): string {
  return cached(projectListItems, project, () =>
    JSON.stringify({
      project_unique: project.project_unique,
      project_name: project.project_name,
      description: project.description,
      created_at: project.created_at,
    }),
  )
}

/**
 * The JSON of a project detail (spec 2.2).
 * @example
 * `{"data":${serializeProjectDetail(project)}}`
 */
export function serializeProjectDetail(project: FixtureProject): string {
  return cached(projectDetails, project, () =>
    JSON.stringify({
      project_unique: project.project_unique,
      project_name: project.project_name,
      description: project.description,
      created_at: project.created_at,
      is_readonly: project.is_readonly,
    }),
  )
}

/**
 * The JSON of a content as a list item (spec 2.3): only the list fields.
 * @example
 * `[${contents.map(serializeContentListItem).join(',')}]`
 */
export function serializeContentListItem(content: FixtureContent): string {
  return cached(contentListItems, content, () =>
    JSON.stringify(contentListFields(content)),
  )
}

/**
 * The JSON of a content detail (spec 2.4). For `moviemode`, the asset URLs
 * issued for this request are spliced into a cached head.
 * @example
 * serializeContentDetail(content, () => signer.issueUrls(origin, movieUnique))
 */
export function serializeContentDetail(
  content: FixtureContent,
  issueUrls: (movieUnique: string) => {
    download_url: string
    thumbnail_url: string
  },
): string {
  const head = cached(contentDetailHeads, content, () => {
    const fields = {
      ...contentListFields(content),
      publish: content.publish.map((result) => ({
        platform: result.platform,
        status: result.status,
        post_url: result.post_url,
        posted_at: result.posted_at,
      })),
    }
    const json = JSON.stringify(fields).slice(0, -1)
    if (content.mode !== MOVIEMODE) {
      return `${json},"content":${JSON.stringify(content.content)}}`
    }
    return `${json},"content":{"movie_unique":${JSON.stringify(content.content.movie_unique)},"download_url":`
  })
  if (content.mode !== MOVIEMODE) return head
  const urls = issueUrls(content.content.movie_unique as string)
  return `${head}${JSON.stringify(urls.download_url)},"thumbnail_url":${JSON.stringify(urls.thumbnail_url)}}}`
}

function contentListFields(content: FixtureContent) {
  return {
    mode: content.mode,
    variation_unique: content.variation_unique,
    title: content.title,
    progress: {
      step_process: content.progress.step_process,
      is_complete: content.progress.is_complete,
    },
    created_at: content.created_at,
  }
}

function cached<Key extends object>(
  cache: WeakMap<Key, string>,
  key: Key,
  serialize: () => string,
): string {
  let json = cache.get(key)
  if (json === undefined) {
    json = serialize()
    cache.set(key, json)
  }
  return json
}
