import { stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import { decodePathSegment } from '../../api/decode-path-segment.js'
import { createRecording } from '../../contract/create-recording.js'
import { mergeRecordedDocument } from '../../contract/merge-recorded-document.js'
import type { FixtureDocument } from '../../schema/fixture.js'
import type { UpstreamAnswer } from '../../server/upstream/resolve-upstream.js'
import { CliError } from '../cli-error.js'
import type { CliLog } from '../output/create-cli-log.js'
import { readFixtureFile } from '../files/read-fixture-file.js'
import { writeFileAtomically } from '../files/write-file-atomically.js'

/** A burst of answers is written once. */
const RECORD_DEBOUNCE_MS = 500

/**
 * Starts the recording of `--record <file>`. A file that exists is read as
 * a fixture document and kept: the recording adds to it
 * (`mergeRecordedDocument`). The file is written whole each time, by a
 * rename over it, a moment after the last answer and on `flush()`.
 * @throws {CliError} when the file's folder does not exist, or the file is
 * no readable JSON; {FixtureError} when it is no valid fixture document.
 */
export async function createProxyRecorder(
  path: string,
  log: CliLog,
): Promise<ProxyRecorder> {
  return new ProxyRecorder(path, log, await readEarlierRecording(path))
}

/**
 * `--record <file>`: the answers forwarded from upstream (`--proxy`), kept
 * in a fixture document, and the file it goes to: the answers added, the
 * writes debounced and chained, one warning per run of failed writes.
 */
export class ProxyRecorder {
  readonly #recording = createRecording()
  readonly #details = {
    projects: new Set<string>(),
    contents: new Set<string>(),
  }
  #timer: NodeJS.Timeout | undefined
  #written: Promise<void> = Promise.resolve()
  #pending = false
  #failing = false
  /** Where it writes, and the document already there, which it adds to. */
  readonly #file: { path: string; log: CliLog; earlier?: FixtureDocument }

  constructor(path: string, log: CliLog, earlier?: FixtureDocument) {
    this.#file = { path, log, earlier }
  }

  /**
   * The server's `upstream.onAnswer`; the file follows soon after. Arrow
   * functions, this and `flush`: the server calls them unbound.
   */
  readonly record = (answer: UpstreamAnswer): void => {
    let body: unknown
    try {
      body = JSON.parse(answer.body)
    } catch {
      // Not JSON: nothing a fixture document could hold.
      return
    }
    this.#add(answer, body)
    this.#pending = true
    clearTimeout(this.#timer)
    // Unref'd: a write still waiting does not keep the process alive;
    // the CLI flushes when it stops.
    this.#timer = setTimeout(() => void this.flush(), RECORD_DEBOUNCE_MS)
    this.#timer.unref()
  }

  readonly flush = (): Promise<void> => {
    clearTimeout(this.#timer)
    this.#timer = undefined
    this.#written = this.#written.then(() => this.#write())
    return this.#written
  }

  #add(answer: UpstreamAnswer, body: unknown): void {
    const recording = this.#recording
    const projectId = decodePathSegment(answer.path.split('/')[2])
    switch (answer.endpoint) {
      case 'listProjects':
        recording.addProjects(body)
        return
      case 'getProject': {
        const id = recording.addProjectDetail(body)
        if (id !== undefined) this.#details.projects.add(id)
        return
      }
      case 'listContents':
        if (projectId !== undefined) recording.addContents(projectId, body)
        return
      case 'getContent': {
        if (projectId === undefined) return
        const id = recording.addContentDetail(projectId, body)
        if (id !== undefined) this.#details.contents.add(id)
      }
    }
  }

  async #write(): Promise<void> {
    if (!this.#pending) return
    this.#pending = false
    const { path, log, earlier } = this.#file
    const recorded = this.#recording.toFixtureDocument()
    const document =
      earlier === undefined
        ? recorded
        : mergeRecordedDocument(earlier, recorded, this.#details)
    try {
      await writeFileAtomically(path, `${JSON.stringify(document, null, 2)}\n`)
      this.#failing = false
    } catch (error) {
      this.#pending = true
      if (!this.#failing) {
        log.warn(
          `Cannot write the recording to ${path}: ${(error as Error).message}. Check that its folder is writable; the answers are kept and written with the next one.`,
        )
      }
      this.#failing = true
    }
  }
}

async function readEarlierRecording(
  path: string,
): Promise<FixtureDocument | undefined> {
  const found = await stat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw new CliError(
      `Cannot record to ${path}: ${error.message}. Give --record a file this user may read and write.`,
    )
  })
  if (found !== undefined) return readFixtureFile(path)
  const folder = dirname(path)
  const parent = await stat(folder).catch(() => undefined)
  if (parent?.isDirectory() !== true) {
    throw new CliError(
      `Cannot record to ${path}: the folder ${folder} does not exist. Create it, or give --record a file in an existing folder.`,
    )
  }
  return undefined
}
