import type { AnswerBody } from '../contract/check-answer.js'
import { CliError } from './cli-error.js'
import { parseRetryAfter } from './parse-retry-after.js'

/** How often a 429 is waited out before its answer counts as the answer. */
const RATE_LIMIT_RETRIES = 3
/** The longest `Retry-After` honoured, and the wait when it is unreadable. */
const MAX_WAIT_MS = 60_000
const DEFAULT_WAIT_MS = 1_000

/**
 * An answer as `verify` read it: status, headers (lower-case names) and
 * body, or `undefined` status when no answer came (a network error).
 */
export interface FetchedAnswer {
  status: number
  headers: Record<string, string>
  body: AnswerBody
}

/**
 * GETs one URL for `verify`: waits out a 429 as its `Retry-After` says (in
 * seconds or as an HTTP date, at most a minute, three times), then reads the
 * whole body and parses it as JSON. A body cut short or not JSON is an
 * answer too (the drift checker judges it); only no answer at all throws.
 * @note The smallest client verify needs, sequential by design; the polite
 * client of `record` (rate cap, backoff) can replace it once merged.
 * @throws {CliError} when no answer comes: the host is unreachable, the
 * connection fails before the headers, or the timeout passes.
 * @example
 * const answer = await fetchVerifyAnswer(`${target}/projects`, { authorization: `Bearer ${key}` }, 30_000)
 */
export async function fetchVerifyAnswer(
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<FetchedAnswer> {
  for (let attempt = 0; ; attempt++) {
    let response: Response
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json', ...headers },
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      throw new CliError(
        `No answer from ${url}: ${describeFetchError(error, timeoutMs)}. Check that --target is the service's base URL and that this machine can reach it.`,
      )
    }
    const retryAfter = response.headers.get('retry-after')
    if (response.status === 429 && attempt < RATE_LIMIT_RETRIES) {
      await response.arrayBuffer().catch(() => undefined)
      await new Promise((resolve) =>
        setTimeout(
          resolve,
          Math.min(parseRetryAfter(retryAfter) ?? DEFAULT_WAIT_MS, MAX_WAIT_MS),
        ),
      )
      continue
    }
    const answerHeaders: Record<string, string> = {}
    response.headers.forEach((value, name) => {
      answerHeaders[name.toLowerCase()] = value
    })
    return {
      status: response.status,
      headers: answerHeaders,
      body: await readBody(response),
    }
  }
}

async function readBody(response: Response): Promise<AnswerBody> {
  let text: string
  try {
    text = new TextDecoder().decode(await response.arrayBuffer())
  } catch (error) {
    return {
      kind: 'cut-short',
      problem: `reading the body failed: ${describeFetchError(error, 0)}`,
    }
  }
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown }
  } catch {
    return { kind: 'not-json', text }
  }
}

function describeFetchError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'TimeoutError') {
    return `no answer within ${timeoutMs} ms (--timeout)`
  }
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return (
    cause?.code ??
    cause?.message ??
    (error instanceof Error ? error.message : String(error))
  )
}
