import { createRecording } from '../../contract/create-recording.js'
import { isJsonRecord } from '../../data/is-json-record.js'
import { PUBLIC_ID_PATTERN } from '../../schema/primitives.js'
import { CliError } from '../cli-error.js'
import {
  PoliteClient,
  type PoliteClientOptions,
  type PoliteFailure,
} from '../crawl/polite-client.js'
import { crawlService, type CrawlVisitor } from '../crawl/crawl-service.js'
import { POLITE_CLIENT_DEFAULTS } from '../crawl/polite-client-defaults.js'
import { saveMediaFile, type SavedMediaFile } from './save-media-file.js'
import { DEFAULT_MAX_FILE_SIZE } from '../../server/files/open-user-folder.js'

interface RecordServiceOptions {
  /** The base URL with its version prefix, no trailing `/`. */
  target: string
  apiKey: string
  concurrency: number
  rate: number
  /** A folder to save thumbnails and videos into (it exists). */
  mediaDir?: string
  /** For the `User-Agent` header. */
  version: string
  /** Default: `POLITE_CLIENT_DEFAULTS`, and the largest file `--media-dir` serves for media. */
  limits?: {
    timeoutMs?: number
    maxMediaBytes?: number
    idleTimeoutMs?: number
  }
  onProgress?: (progress: RecordProgress) => void
  onRetry?: PoliteClientOptions['onRetry']
  /** Told of each project whose contents are all recorded. */
  onProjectDone?: (project: { id: string; contents: number }) => void
}

export interface RecordProgress {
  done: number
  planned: number
  failed: number
}

export type RecordResult = ReturnType<RecordingCrawl['result']>

/**
 * Walks the service (`crawlService`, every request at once, paced by one
 * polite client): the project list, each project's detail and content
 * list, each content's detail and, with `mediaDir`, its thumbnail and video
 * right after the detail (their URLs expire).
 * The first request decides whether the service is there: when it cannot
 * be reached or refuses the key the run stops with a `CliError`; after
 * that, what cannot be fetched is left out and listed in `failures`.
 * @throws {CliError} when the project list cannot be read.
 */
export async function recordService(
  options: RecordServiceOptions,
): Promise<RecordResult> {
  const crawl = new RecordingCrawl(options)
  await crawlService(crawl, { concurrent: true })
  return crawl.result()
}

/** What `recordService` does at each request of the service's tree, and what it gathered. */
class RecordingCrawl implements CrawlVisitor {
  readonly #options: RecordServiceOptions
  readonly #authorization: Record<string, string>
  readonly #client: PoliteClient
  // The first request decides whether the service is there, so is tried
  // twice, not five times: a wrong --target fails in a second.
  readonly #probe: PoliteClient
  readonly #recording = createRecording()
  readonly #media: SavedMediaFile[] = []
  readonly #progress: RecordProgress = { done: 0, planned: 1, failed: 0 }
  // Projects whose content list could not be read are not "done".
  readonly #unlisted = new Set<string>()

  constructor(options: RecordServiceOptions) {
    this.#options = options
    this.#authorization = { authorization: `Bearer ${options.apiKey}` }
    const shared = {
      timeoutMs: options.limits?.timeoutMs,
      rate: options.rate,
      headers: { 'user-agent': `content-api-mock/${options.version} (record)` },
    }
    this.#client = new PoliteClient({
      ...shared,
      concurrency: options.concurrency,
      onRetry: options.onRetry,
    })
    this.#probe = new PoliteClient({ ...shared, retries: 1 })
  }

  async listProjects(path: string): Promise<readonly string[]> {
    const list = await this.#getApi(path, this.#probe)
    if (!list.ok) throw describeUnreachable(this.#options.target, list)
    const projectIds = this.#recording.addProjects(list.value)
    this.#progress.planned += projectIds.length * 2
    this.#options.onProgress?.({ ...this.#progress })
    return projectIds
  }

  async getProject(_: string, path: string): Promise<void> {
    const detail = await this.#getApi(path)
    if (detail.ok) this.#recording.addProjectDetail(detail.value)
  }

  async listContents(
    projectId: string,
    path: string,
  ): Promise<readonly string[]> {
    const contents = await this.#getApi(path)
    if (!contents.ok) {
      this.#unlisted.add(projectId)
      return []
    }
    const contentIds = this.#recording.addContents(projectId, contents.value)
    this.#progress.planned += contentIds.length
    return contentIds
  }

  async getContent(projectId: string, _: string, path: string): Promise<void> {
    const detail = await this.#getApi(path)
    if (!detail.ok) return
    this.#recording.addContentDetail(projectId, detail.value)
    // Right after the detail: the asset URLs it holds expire.
    const body = readMoviemodeBody(detail.value)
    if (body === undefined) return
    await Promise.all([
      this.#download(body.movieUnique, 'thumbnail', body.thumbnailUrl),
      this.#download(body.movieUnique, 'video', body.downloadUrl),
    ])
  }

  projectDone(id: string, contents: number): void {
    if (!this.#unlisted.has(id)) this.#options.onProjectDone?.({ id, contents })
  }

  result() {
    return {
      document: this.#recording.toFixtureDocument(),
      findings: this.#recording.findings(),
      failures: this.#client.failures(),
      stats: this.#client.stats(),
      media: this.#media,
    }
  }

  #tick(ok: boolean): void {
    this.#progress.done++
    if (!ok) this.#progress.failed++
    this.#options.onProgress?.({ ...this.#progress })
  }

  async #getApi(path: string, through = this.#client) {
    const outcome = await through.get(`${this.#options.target}${path}`, {
      headers: this.#authorization,
    })
    this.#tick(outcome.ok)
    return outcome
  }

  async #download(
    movieUnique: string,
    kind: 'thumbnail' | 'video',
    url: unknown,
  ): Promise<void> {
    const { mediaDir, limits = {} } = this.#options
    if (typeof url !== 'string' || mediaDir === undefined) return
    this.#progress.planned++
    const mediaLimits = {
      maxBytes: limits.maxMediaBytes ?? DEFAULT_MAX_FILE_SIZE,
      idleTimeoutMs:
        limits.idleTimeoutMs ?? POLITE_CLIENT_DEFAULTS.idleTimeoutMs,
      capName: 'the most record saves of one media file',
    }
    // No Authorization: asset URLs are signed, and often on another host
    // (a CDN) that must not see the API key.
    const outcome = await this.#client.download(url, (response) =>
      saveMediaFile(mediaDir, movieUnique, kind, response, mediaLimits),
    )
    this.#tick(outcome.ok)
    if (outcome.ok) this.#media.push(outcome.value)
  }
}

/** The movie's ID and asset URLs of a content detail, when it has them. */
function readMoviemodeBody(body: unknown) {
  const data = isJsonRecord(body) ? body.data : undefined
  const content = isJsonRecord(data) ? data.content : undefined
  if (!isJsonRecord(content)) return undefined
  const movieUnique = content.movie_unique
  // The ID names a file: only IDs of the spec's alphabet are used.
  if (typeof movieUnique !== 'string' || !PUBLIC_ID_PATTERN.test(movieUnique)) {
    return undefined
  }
  return {
    movieUnique,
    thumbnailUrl: content.thumbnail_url,
    downloadUrl: content.download_url,
  }
}

function describeUnreachable(target: string, failure: PoliteFailure): CliError {
  const url = `${target}/projects`
  const after = `after ${failure.attempts} attempt${failure.attempts === 1 ? '' : 's'}`
  if (failure.status === 401 || failure.status === 403) {
    return new CliError(
      `${url} refused the API key (${failure.status}). Check --api-key (or $CONTENT_API_KEY): it must be a key of this service.`,
    )
  }
  if (failure.status === 404) {
    return new CliError(
      `${url} answered 404. Check --target: it is the service's base URL with its version prefix, such as https://api.example.com/public-api/v1.`,
    )
  }
  if (failure.tooLarge === true) {
    return new CliError(
      `${url} answered ${failure.reason.replace(/^the body is/, 'a body')}, so nothing was recorded. Check --target: it is the service's base URL with its version prefix, whose project list is a JSON page of projects.`,
    )
  }
  if (failure.status !== undefined) {
    return new CliError(
      `${url} answered ${failure.status} ${after}, so nothing was recorded. Try again later, or check --target.`,
    )
  }
  return new CliError(
    `Cannot read ${url} (${failure.reason}, ${after}), so nothing was recorded. Check --target and that the service is reachable from here.`,
  )
}
