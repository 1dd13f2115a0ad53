import type { VerifyAnswer } from '../contract/check-answer.js'
import type { VerifyCaseName } from '../contract/verify-cases.js'
import { CliError } from './cli-error.js'
import { fetchVerifyAnswer, type FetchedAnswer } from './fetch-verify-answer.js'
import type { VerifyOptions } from './verify-options.js'

/** An ID in the mock's ID syntax that no service should have issued. */
const UNKNOWN_ID = 'content_api_mock_verify_unknown_id'
/** An ID outside the mock's ID syntax (1–64 of `[A-Za-z0-9_-]`). */
const MALFORMED_ID = encodeURIComponent('not an id')
/** A key in the usual syntax that no service issued. */
const UNISSUED_KEY = 'content-api-mock-verify-unissued-key'

/**
 * The answers `verify` collected, and how many projects and contents it read.
 */
export interface CollectedAnswers {
  answers: VerifyAnswer[]
  sampled: { projects: number; contents: number }
}

/**
 * Makes the requests of `VERIFY_CASES`, one at a time: the project list,
 * then up to `maxProjects` projects (detail and contents) and up to
 * `maxContents` contents of each in detail, then the 401, 404 and 422
 * cases. A list cut short is read once more, so that the walk goes on (the
 * cut answer is the one reported).
 * @throws {CliError} when the target is not reachable, refuses the key
 * (401 or 403 to the project list) or has no project list (404).
 * @example
 * const { answers } = await collectVerifyAnswers(options)
 */
export async function collectVerifyAnswers(
  options: VerifyOptions,
): Promise<CollectedAnswers> {
  const answers: VerifyAnswer[] = []
  const keyHeader = { authorization: `Bearer ${options.apiKey}` }
  const get = async (
    name: VerifyCaseName,
    path: string,
    headers: Record<string, string> = keyHeader,
  ): Promise<FetchedAnswer> => {
    const fetched = await fetchVerifyAnswer(
      `${options.target}${path}`,
      headers,
      options.timeout,
    )
    answers.push({ case: name, request: `GET ${path}`, ...fetched })
    return fetched
  }
  const readAgainIfCut = async (
    fetched: FetchedAnswer,
    path: string,
  ): Promise<FetchedAnswer> =>
    fetched.body.kind === 'cut-short'
      ? fetchVerifyAnswer(
          `${options.target}${path}`,
          keyHeader,
          options.timeout,
        )
      : fetched

  const list = await get('list-projects', '/projects')
  if (list.status === 401 || list.status === 403) {
    throw new CliError(
      `${options.target}/projects refused the API key (${list.status}). Check --api-key (or $CONTENT_API_KEY): it must be a key of this service.`,
    )
  }
  if (list.status === 404) {
    throw new CliError(
      `${options.target}/projects answered 404: no API there. --target must be the base URL with the version prefix, such as https://api.example.com/public-api/v1.`,
    )
  }
  const projectIds = readIds(
    await readAgainIfCut(list, '/projects'),
    'project_unique',
  ).slice(0, options.maxProjects)
  let contents = 0
  for (const projectId of projectIds) {
    const project = `/projects/${encodeURIComponent(projectId)}`
    await get('get-project', project)
    const contentList = await get('list-contents', `${project}/contents`)
    const contentIds = readIds(
      await readAgainIfCut(contentList, `${project}/contents`),
      'variation_unique',
    ).slice(0, options.maxContents)
    for (const contentId of contentIds) {
      await get(
        'get-content',
        `${project}/contents/${encodeURIComponent(contentId)}`,
      )
      contents++
    }
  }

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
  return {
    answers,
    sampled: { projects: projectIds.length, contents },
  }
}

/** The string IDs under `key` of a list answer's `data`, in its order. */
function readIds(answer: FetchedAnswer, key: string): string[] {
  if (answer.body.kind !== 'json') return []
  const data = (answer.body.value as { data?: unknown } | null)?.data
  if (!Array.isArray(data)) return []
  return data
    .map((item) => (item as Record<string, unknown> | null)?.[key])
    .filter((id): id is string => typeof id === 'string' && id !== '')
}
