import type { FixtureProject } from '../../schema/fixture.js'
import { RECORDED_ACCOUNT_ID } from '../recorded-account.js'
import type { RecordingFinding } from '../recording-finding.js'
import { mergeViews, type SeenViews } from './merge-views.js'
import { toRecordedObject } from './to-recorded-object.js'
import { PROJECT_DETAIL_SPEC, PROJECT_LIST_SPEC } from './recording-specs.js'

/** Seen only in the list, a recorded project is not read-only. */
export function toProjectRecord(
  id: string,
  seen: SeenViews,
  report: (finding: RecordingFinding) => void,
): FixtureProject {
  const where = `project ${id}`
  const observed = mergeViews(seen, where, report)
  const spec =
    seen.detail === undefined ? PROJECT_LIST_SPEC : PROJECT_DETAIL_SPEC
  const { fields, extras } = toRecordedObject(observed, spec, where, report)
  return {
    project_unique: id,
    project_name: fields.project_name as string,
    description: fields.description as string,
    created_at: fields.created_at as string,
    is_readonly: (fields.is_readonly as boolean | undefined) ?? false,
    account: RECORDED_ACCOUNT_ID,
    ...extras,
  }
}
