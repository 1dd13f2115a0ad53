import type {
  FixtureContent,
  FixtureDocument,
  FixtureProject,
} from '../schema/fixture.js'
import { readStoryOffset, resolveInstant } from '../schema/story-time.js'

/** The record as the document wrote it, for each record resolved from it. */
const writtenRecords = new WeakMap<object, object>()

/**
 * Turns every story offset (`"+2m"`) into an instant counted from `start`, the clock's time at load.
 * @note Each resolved record remembers the record written, so an export gives back the offsets.
 */
export function resolveStoryOffsets(
  document: FixtureDocument,
  start: number,
): FixtureDocument {
  const projects = resolveAll(document.projects, start, resolveProject)
  const contents = resolveAll(document.contents, start, resolveContent)
  if (projects === document.projects && contents === document.contents) {
    return document
  }
  return { ...document, projects, contents }
}

export function writtenRecordOf<Record extends object>(record: Record): Record {
  return (writtenRecords.get(record) as Record | undefined) ?? record
}

function resolveAll<Item extends object>(
  items: Item[],
  start: number,
  resolve: (item: Item, start: number) => Item | undefined,
): Item[] {
  let resolved: Item[] | undefined
  items.forEach((item, i) => {
    const next = resolve(item, start)
    if (next === undefined) return
    resolved ??= [...items]
    resolved[i] = next
    writtenRecords.set(next, item)
  })
  return resolved ?? items
}

function resolveProject(
  project: FixtureProject,
  start: number,
): FixtureProject | undefined {
  if (readStoryOffset(project.created_at) === undefined) return undefined
  return { ...project, created_at: resolveInstant(project.created_at, start) }
}

function resolveContent(
  content: FixtureContent,
  start: number,
): FixtureContent | undefined {
  const { timeline } = content
  const times = [
    content.created_at,
    ...(timeline?.step_ends ?? []),
    ...(timeline?.publish ?? []).flatMap((result) => [
      result.requested_at,
      result.settled_at,
    ]),
  ]
  if (!times.some((time) => readStoryOffset(time) !== undefined)) {
    return undefined
  }
  const at = (time: string) => resolveInstant(time, start)
  return {
    ...content,
    created_at: at(content.created_at),
    ...(timeline !== undefined && {
      timeline: {
        ...timeline,
        step_ends: timeline.step_ends.map(at),
        ...(timeline.publish !== undefined && {
          publish: timeline.publish.map((result) => ({
            ...result,
            requested_at: at(result.requested_at),
            ...(result.settled_at !== undefined && {
              settled_at: at(result.settled_at),
            }),
          })),
        }),
      },
    }),
  }
}
