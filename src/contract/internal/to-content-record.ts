import { isJsonRecord } from '../../data/is-json-record.js'
import { findContentMode } from '../../schema/content-modes.js'
import type {
  FixtureContent,
  FixtureProgress,
  FixturePublishResult,
} from '../../schema/fixture.js'
import { MOVIEMODE } from '../../schema/moviemode-content.js'
import { PUBLIC_ID_PATTERN } from '../../schema/primitives.js'
import { mergeViews, type SeenViews } from './merge-views.js'
import {
  keepOffSpecField,
  toRecordedObject,
  toExtras,
  type OffSpec,
} from './to-recorded-object.js'
import {
  CONTENT_DETAIL_SPEC,
  CONTENT_LIST_SPEC,
  MOVIEMODE_BODY_SPEC,
  PROGRESS_SPEC,
  PUBLISH_SPEC,
} from './recording-specs.js'

/**
 * A recorded content's fixture record, what the service sent off the spec in
 * `extra` and `absent`; seen only in the list, its body and publish results
 * are placeholders.
 */
export function toContentRecord(
  id: string,
  seen: SeenViews & { projectId: string },
  report: OffSpec['report'],
): FixtureContent {
  const where = `content ${id}`
  const observed = mergeViews(seen, where, report)
  const hasDetail = seen.detail !== undefined
  const spec = hasDetail ? CONTENT_DETAIL_SPEC : CONTENT_LIST_SPEC
  const { fields, extras } = toRecordedObject(observed, spec, where, report)
  const nested: OffSpec = {
    observed,
    where,
    report,
    extra: { ...extras.extra },
    absent: [...(extras.absent ?? [])],
  }
  const mode = fields.mode as string
  if (findContentMode(mode) === undefined && observed.mode === mode) {
    report({
      kind: 'other-mode',
      where,
      field: 'mode',
      value: mode,
      message: `${where}: mode "${mode}" (the spec shows the content shape of "${MOVIEMODE}" only; its body is kept as sent)`,
    })
  }
  const progress = recordProgress(nested)
  let publish: FixturePublishResult[] = []
  let content: Record<string, unknown> =
    mode === MOVIEMODE ? { movie_unique: id } : {}
  if (hasDetail) {
    publish = recordPublish(nested)
    content = recordBody(nested, mode, content)
  } else {
    report({
      kind: 'not-recorded',
      where,
      message: `${where}: its detail was not recorded; its list fields are kept, its body and publish results are placeholders`,
    })
  }
  return {
    variation_unique: id,
    project_unique: seen.projectId,
    mode,
    title: fields.title as string,
    progress,
    created_at: fields.created_at as string,
    content,
    publish,
    ...toExtras(nested.extra, nested.absent),
  }
}

/** Its record, or a placeholder with the content's extras saying why. */
function recordProgress(nested: OffSpec): FixtureProgress {
  const { observed, where, report } = nested
  if (!isJsonRecord(observed.progress)) {
    keepOffSpecField(nested, 'progress')
    return { ...PROGRESS_SPEC.placeholders } as FixtureProgress
  }
  const { fields, extras } = toRecordedObject(
    observed.progress,
    PROGRESS_SPEC,
    `${where} progress`,
    report,
  )
  return { ...fields, ...extras } as FixtureProgress
}

function recordPublish(nested: OffSpec): FixturePublishResult[] {
  const { observed, where, report } = nested
  const value = observed.publish
  if (!Array.isArray(value) || !value.every(isJsonRecord)) {
    keepOffSpecField(nested, 'publish')
    return []
  }
  return value.map((result, index) => {
    const inner = `${where} publish[${index}]`
    const { fields, extras } = toRecordedObject(
      result,
      PUBLISH_SPEC,
      inner,
      report,
    )
    if (typeof result.status === 'string' && result.status !== 'success') {
      report({
        kind: 'other-status',
        where: inner,
        field: 'status',
        value: result.status,
        message: `${inner}: status "${result.status}" (the spec shows "success" only)`,
      })
    }
    return { ...fields, ...extras } as FixturePublishResult
  })
}

/**
 * The stored body: for `moviemode`, its ID and extras (the asset URLs are
 * issued by the mock on every request, so a URL sent is not kept, a `null`
 * or absent one is); for any other mode, the object as sent.
 */
function recordBody(
  nested: OffSpec,
  mode: string,
  placeholder: Record<string, unknown>,
): Record<string, unknown> {
  const { observed, where, report } = nested
  const body = observed.content
  if (!isJsonRecord(body)) {
    keepOffSpecField(nested, 'content')
    return placeholder
  }
  if (mode !== MOVIEMODE) return body
  const id = body.movie_unique
  if (typeof id !== 'string' || !PUBLIC_ID_PATTERN.test(id)) {
    keepOffSpecField(nested, 'content')
    return placeholder
  }
  const inner = `${where} content`
  const { extras } = toRecordedObject(body, MOVIEMODE_BODY_SPEC, inner, report)
  return { movie_unique: id, ...extras }
}
