import { bindMethods } from '../data/bind-methods.js'
import { cached } from '../data/cached.js'
import { formatIssuePath } from '../data/fixture-error.js'
import { isJsonRecord } from '../data/is-json-record.js'
import {
  findTooDeepPath,
  MAX_NESTING_DEPTH,
} from '../schema/find-too-deep-path.js'
import {
  FIXTURE_SCHEMA_PATH,
  FIXTURE_VERSION,
  type FixtureContent,
  type FixtureDocument,
  type FixtureProject,
} from '../schema/fixture.js'
import { PUBLIC_ID_PATTERN } from '../schema/primitives.js'
import { RECORDED_ACCOUNT_ID, RECORDED_DEMO_KEY } from './recorded-account.js'
import type { SeenViews } from './internal/merge-views.js'
import { toContentRecord } from './internal/to-content-record.js'
import { toProjectRecord } from './internal/to-project-record.js'
import type { RecordingFinding } from './recording-finding.js'

/**
 * An answer's item's level in the fixture document: what it holds one level
 * down lands at most two levels further (in `extra` of a record, a publish
 * result or a body).
 */
const ITEM_DEPTH = 4

/** Options of `createRecording`. */
export interface RecordingOptions {
  /** The API key the document lists first (default `RECORDED_DEMO_KEY`). */
  demoKey?: string
}

/**
 * A recording in progress: feed it the parsed JSON bodies of the service's
 * answers, in any order, then take the fixture document and the findings.
 * Plain values in, plain values out: it does no HTTP.
 */
export interface Recording {
  /** Adds the body of `GET /projects`; returns the IDs of the projects kept. */
  addProjects(listBody: unknown): string[]
  /** Adds the body of `GET /projects/{project_unique}`; returns the ID kept, if any. */
  addProjectDetail(detailBody: unknown): string | undefined
  /** Adds the body of `GET /projects/{projectId}/contents`; returns the IDs of the contents kept. */
  addContents(projectId: string, listBody: unknown): string[]
  /** Adds the body of `GET /projects/{projectId}/contents/{variation_unique}`; returns the ID kept, if any. */
  addContentDetail(projectId: string, detailBody: unknown): string | undefined
  /** The fixture document of everything added so far (a new object each call). */
  toFixtureDocument(): FixtureDocument
  /** What was found off the spec so far, in the order found. */
  findings(): RecordingFinding[]
}

/**
 * Starts a recording: the service's answers in, a fixture document out that
 * `--fixtures` serves with the same answers (asset URLs aside, which the
 * mock issues itself). Whatever the service sends off the spec (unknown
 * fields, nulls, absent fields, other modes and publish statuses) is kept in
 * the records' `extra` and `absent` and listed in `findings()`. The document
 * has one account (`acct_recorded`) owning every project and one API key
 * (`demoKey`), never the key the service was read with.
 * @see https://github.com/content-api-mock/content-api-mock/blob/main/docs/cli.md#recording-the-real-service
 * @example
 * const recording = createRecording()
 * for (const id of recording.addProjects(await get('/projects'))) {
 *   recording.addProjectDetail(await get(`/projects/${id}`))
 *   for (const contentId of recording.addContents(id, await get(`/projects/${id}/contents`))) {
 *     recording.addContentDetail(id, await get(`/projects/${id}/contents/${contentId}`))
 *   }
 * }
 * const document = recording.toFixtureDocument()
 */
export function createRecording(options: RecordingOptions = {}): Recording {
  return bindMethods(
    new RecordingInProgress(options.demoKey ?? RECORDED_DEMO_KEY),
  )
}

type View = 'list' | 'detail'
type JsonRecord = Record<string, unknown>
type SeenContent = SeenViews & { projectId: string }

class RecordingInProgress implements Recording {
  readonly #demoKey: string
  readonly #projects = new Map<string, SeenViews>()
  readonly #contents = new Map<string, SeenContent>()
  readonly #found: RecordingFinding[] = []

  constructor(demoKey: string) {
    this.#demoKey = demoKey
  }

  addProjects(listBody: unknown): string[] {
    const where = 'GET /projects'
    const data = this.#readData(listBody, where, true)
    if (!Array.isArray(data)) return []
    return data.flatMap((item) => this.#addProject(item, where, 'list') ?? [])
  }

  addProjectDetail(detailBody: unknown): string | undefined {
    const where = 'GET /projects/{project_unique}'
    const data = this.#readData(detailBody, where, false)
    return this.#addProject(data, where, 'detail')
  }

  addContents(projectId: string, listBody: unknown): string[] {
    const where = `GET /projects/${projectId}/contents`
    const data = this.#readData(listBody, where, true)
    if (!Array.isArray(data)) return []
    return data.flatMap(
      (item) => this.#addContent(projectId, item, where, 'list') ?? [],
    )
  }

  addContentDetail(projectId: string, detailBody: unknown): string | undefined {
    const where = `GET /projects/${projectId}/contents/{variation_unique}`
    const data = this.#readData(detailBody, where, false)
    return this.#addContent(projectId, data, where, 'detail')
  }

  toFixtureDocument(): FixtureDocument {
    return this.#build(() => {})
  }

  findings(): RecordingFinding[] {
    // The build's findings (placeholders) are made afresh, like the document.
    const building: RecordingFinding[] = []
    this.#build((finding) => building.push(finding))
    return [...this.#found, ...building]
  }

  #readData(body: unknown, where: string, list: boolean): unknown {
    if (!isJsonRecord(body) || (list && !Array.isArray(body.data))) {
      this.#found.push({
        kind: 'not-recorded',
        where,
        message: `${where}: the body is not an envelope with ${list ? 'a "data" array' : '"data"'}; nothing recorded from it`,
      })
      return undefined
    }
    for (const name of Object.keys(body)) {
      if (name === 'data' || (list && name === 'meta')) continue
      this.#reportEnvelope(where, name, body[name])
    }
    if (list && isJsonRecord(body.meta)) {
      for (const name of Object.keys(body.meta)) {
        if (name !== 'total')
          this.#reportEnvelope(where, `meta.${name}`, body.meta[name])
      }
    }
    return body.data
  }

  #reportEnvelope(where: string, field: string, value: unknown): void {
    this.#found.push({
      kind: 'envelope-field',
      where,
      field,
      // A value nested too deep to print is named, not kept.
      ...(findTooDeepPath(value, { startDepth: 2 }) === undefined && { value }),
      message: `${where}: "${field}" beside the spec's envelope (not kept: the mock writes its own)`,
    })
  }

  #addProject(item: unknown, where: string, view: View): string | undefined {
    const id = this.#readId(item, 'project_unique', where)
    if (id !== undefined) {
      cached(this.#projects, id, (): SeenViews => ({}))[view] =
        item as JsonRecord
    }
    return id
  }

  #addContent(
    projectId: string,
    item: unknown,
    where: string,
    view: View,
  ): string | undefined {
    const id = this.#readId(item, 'variation_unique', where)
    if (id !== undefined) {
      const create = (): SeenContent => ({ projectId })
      cached(this.#contents, id, create)[view] = item as JsonRecord
    }
    return id
  }

  /** The ID of an item it can keep; else a finding says why not. */
  #readId(item: unknown, idField: string, where: string): string | undefined {
    const id = isJsonRecord(item) ? item[idField] : undefined
    const isValid = typeof id === 'string' && PUBLIC_ID_PATTERN.test(id)
    // Deeper than --fixtures reads, it would make a file --fixtures refuses
    // (and thousands of levels overflow the stack of JSON.stringify).
    const tooDeep = findTooDeepPath(item, { startDepth: ITEM_DEPTH })
    if (tooDeep !== undefined) {
      const at = formatIssuePath(tooDeep.slice(0, 8))
      this.#found.push({
        kind: 'not-recorded',
        where,
        field: at,
        message: `${where}: ${isValid ? `${idField} ${id}` : 'an item'} nests objects and arrays more than ${MAX_NESTING_DEPTH} levels deep in the fixture document, at ${at}${tooDeep.length > 8 ? '…' : ''}; not kept, as --fixtures reads at most ${MAX_NESTING_DEPTH} levels`,
      })
      return undefined
    }
    if (!isValid) {
      this.#found.push({
        kind: 'not-recorded',
        where,
        field: idField,
        value: id,
        message: `${where}: an item without a valid "${idField}" (${JSON.stringify(id)}) cannot be kept`,
      })
      return undefined
    }
    return id
  }

  #build(note: (finding: RecordingFinding) => void): FixtureDocument {
    const projectRecords = new Map<string, FixtureProject>()
    for (const [id, seen] of this.#projects) {
      projectRecords.set(id, toProjectRecord(id, seen, note))
    }
    const contentRecords: FixtureContent[] = []
    for (const [id, seen] of inProjectOrder(this.#contents, this.#projects)) {
      if (!projectRecords.has(seen.projectId)) {
        const list = { project_unique: seen.projectId }
        projectRecords.set(
          seen.projectId,
          toProjectRecord(seen.projectId, { list }, () => {}),
        )
        note({
          kind: 'not-recorded',
          where: `project ${seen.projectId}`,
          message: `project ${seen.projectId}: not recorded, only contents of it; kept with placeholder fields`,
        })
      }
      contentRecords.push(toContentRecord(id, seen, note))
    }
    return {
      $schema: FIXTURE_SCHEMA_PATH,
      version: FIXTURE_VERSION,
      accounts: [{ id: RECORDED_ACCOUNT_ID, name: 'Recorded' }],
      api_keys: [{ key: this.#demoKey, account: RECORDED_ACCOUNT_ID }],
      projects: [...projectRecords.values()],
      contents: contentRecords,
    }
  }
}

/** By project, in the order added: the same whatever order answers came in. */
function inProjectOrder<Seen extends { projectId: string }>(
  contents: ReadonlyMap<string, Seen>,
  projects: ReadonlyMap<string, unknown>,
): Array<[string, Seen]> {
  const rank = new Map([...projects.keys()].map((id, index) => [id, index]))
  return [...contents].sort(
    ([, a], [, b]) =>
      (rank.get(a.projectId) ?? rank.size) -
      (rank.get(b.projectId) ?? rank.size),
  )
}
