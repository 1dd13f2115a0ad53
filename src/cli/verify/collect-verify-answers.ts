import type { AnswerBody, VerifyAnswer } from '../../contract/check-answer.js'
import type { VerifyCaseName } from '../../contract/verify-cases.js'
import { CliError } from '../cli-error.js'
import { PoliteClient } from '../crawl/polite-client.js'
import { crawlService } from '../crawl/crawl-service.js'
import type { VerifyOptions } from './verify-options.js'

const UNKNOWN_ID = 'content_api_mock_verify_unknown_id'
const MALFORMED_ID = encodeURIComponent('not an id')
const UNISSUED_KEY = 'content-api-mock-verify-unissued-key'
const RATE_LIMIT_RETRIES = 3
const MAX_WAIT_MS = 60_000
const DEFAULT_WAIT_MS = 1_000

type FetchedAnswer = Omit<VerifyAnswer, 'case' | 'request'>

/**
 * Makes the requests of `VERIFY_CASES`, one at a time: the walk of
 * `crawlService` (the project list, then up to `maxProjects` projects,
 * detail and contents, and up to `maxContents` contents of each in detail),
 * then the 401, 404 and 422 cases. A list cut short is read once more, so
 * that the walk goes on (the cut answer is the one reported). A 429 is
 * waited out as its `Retry-After` says (a second without one, at most a
 * minute), three times; then it is the answer.
 * @throws {CliError} when no answer comes (the host is unreachable, or
 * `timeout` passes before the headers), or the project list refuses the key
 * (401 or 403) or is not there (404).
 */
export async function collectVerifyAnswers(options: VerifyOptions) {
  const client = new PoliteClient({
    concurrency: 1,
    rate: Number.POSITIVE_INFINITY,
    retries: RATE_LIMIT_RETRIES,
    retryStatuses: [429],
    retryFailures: false,
    backoffMs: DEFAULT_WAIT_MS,
    backoffLimitMs: DEFAULT_WAIT_MS,
    maxRetryAfterMs: MAX_WAIT_MS,
    timeoutMs: options.timeout,
    headers: { accept: 'application/json' },
  })
  const answers: VerifyAnswer[] = []
  const keyHeader: Record<string, string> = {
    authorization: `Bearer ${options.apiKey}`,
  }
  const fetchAnswer = (path: string, headers = keyHeader) =>
    fetchVerifyAnswer(client, `${options.target}${path}`, headers, options)
  const get = async (
    name: VerifyCaseName,
    path: string,
    headers: Record<string, string> = keyHeader,
  ): Promise<FetchedAnswer> => {
    const fetched = await fetchAnswer(path, headers)
    answers.push({ case: name, request: `GET ${path}`, ...fetched })
    return fetched
  }
  const readListIds = async (
    name: VerifyCaseName,
    path: string,
    key: string,
  ): Promise<string[]> => {
    const fetched = await get(name, path)
    if (name === 'list-projects') checkProjectList(options.target, fetched)
    return readIds(
      fetched.body.kind === 'cut-short' ? await fetchAnswer(path) : fetched,
      key,
    )
  }

  const { projectIds, contents } = await crawlService(
    {
      listProjects: (path) =>
        readListIds('list-projects', path, 'project_unique'),
      getProject: async (_, path) => void (await get('get-project', path)),
      listContents: (_, path) =>
        readListIds('list-contents', path, 'variation_unique'),
      getContent: async (_, __, path) => void (await get('get-content', path)),
    },
    {
      concurrent: false,
      maxProjects: options.maxProjects,
      maxContents: options.maxContents,
    },
  )

  await get('no-key', '/projects', {})
  await get('bad-key', '/projects', { authorization: `Bearer ${UNISSUED_KEY}` })
  await get('unknown-project', `/projects/${UNKNOWN_ID}`)
  await get('malformed-project-id', `/projects/${MALFORMED_ID}`)
  const first = projectIds[0]
  if (first !== undefined) {
    const project = `/projects/${encodeURIComponent(first)}`
    await get('unknown-content', `${project}/contents/${UNKNOWN_ID}`)
    await get('malformed-content-id', `${project}/contents/${MALFORMED_ID}`)
  }
  return { answers, sampled: { projects: projectIds.length, contents } }
}

// A body cut short or not JSON is an answer too (the drift checker judges
// it); only no answer at all throws.
async function fetchVerifyAnswer(
  client: PoliteClient,
  url: string,
  headers: Record<string, string>,
  options: VerifyOptions,
): Promise<FetchedAnswer> {
  const describe = (problem: { reason: string; timedOut?: boolean }) =>
    problem.timedOut === true
      ? `no answer within ${options.timeout} ms (--timeout)`
      : problem.reason
  const outcome = await client.answer(url, { headers })
  if (!outcome.ok) {
    throw new CliError(
      `No answer from ${url}: ${describe(outcome)}. Check that --target is the service's base URL and that this machine can reach it.`,
    )
  }
  const { body } = outcome.value
  return {
    ...outcome.value,
    body: body.whole
      ? parseJson(new TextDecoder().decode(body.bytes))
      : {
          kind: 'cut-short',
          problem: `reading the body failed: ${describe(body)}`,
        },
  }
}

function parseJson(text: string): AnswerBody {
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown }
  } catch {
    return { kind: 'not-json', text }
  }
}

function checkProjectList(target: string, { status }: FetchedAnswer): void {
  if (status === 401 || status === 403) {
    throw new CliError(
      `${target}/projects refused the API key (${status}). Check --api-key (or $CONTENT_API_KEY): it must be a key of this service.`,
    )
  }
  if (status === 404) {
    throw new CliError(
      `${target}/projects answered 404: no API there. --target must be the base URL with the version prefix, such as https://api.example.com/public-api/v1.`,
    )
  }
}

function readIds(answer: FetchedAnswer, key: string): string[] {
  if (answer.body.kind !== 'json') return []
  const data = (answer.body.value as { data?: unknown } | null)?.data
  if (!Array.isArray(data)) return []
  return data
    .map((item) => (item as Record<string, unknown> | null)?.[key])
    .filter((id): id is string => typeof id === 'string' && id !== '')
}
