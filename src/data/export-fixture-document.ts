import {
  FIXTURE_VERSION,
  type FixtureApiKey,
  type FixtureContent,
  type FixtureDocument,
  type FixtureProject,
} from '../schema/fixture.js'
import type { DatasetCollections } from './dataset.js'

/**
 * Writes a dataset back as a fixture document, version 1, in collection order
 * and with keys in the order of the format, so that loading the export and
 * exporting again gives the same document.
 * @example
 * const json = JSON.stringify(exportFixtureDocument(mock.db), null, 2)
 */
export function exportFixtureDocument(
  dataset: DatasetCollections,
): FixtureDocument {
  return {
    version: FIXTURE_VERSION,
    accounts: dataset.accounts.all().map((a) => ({ id: a.id, name: a.name })),
    api_keys: dataset.apiKeys.all().map(exportApiKey),
    projects: dataset.projects.all().map(exportProject),
    contents: dataset.contents.all().map(exportContent),
  }
}

function exportApiKey(apiKey: FixtureApiKey): FixtureApiKey {
  return withoutUndefined({
    key: apiKey.key,
    account: apiKey.account,
    expires_at: apiKey.expires_at,
    revoked: apiKey.revoked,
  })
}

function exportProject(project: FixtureProject): FixtureProject {
  return withoutUndefined({
    project_unique: project.project_unique,
    project_name: project.project_name,
    description: project.description,
    created_at: project.created_at,
    is_readonly: project.is_readonly,
    account: project.account,
    shared_with: project.shared_with && [...project.shared_with],
  })
}

function exportContent(content: FixtureContent): FixtureContent {
  return {
    variation_unique: content.variation_unique,
    project_unique: content.project_unique,
    mode: content.mode,
    title: content.title,
    progress: {
      step_process: content.progress.step_process,
      is_complete: content.progress.is_complete,
    },
    created_at: content.created_at,
    content: structuredClone(content.content),
    publish: content.publish.map((result) => ({
      platform: result.platform,
      status: result.status,
      post_url: result.post_url,
      posted_at: result.posted_at,
    })),
  }
}

function withoutUndefined<Value extends object>(value: Value): Value {
  for (const key of Object.keys(value) as (keyof Value)[]) {
    if (value[key] === undefined) delete value[key]
  }
  return value
}
