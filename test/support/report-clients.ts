import type {
  ClientReportRule,
  ContentApiMock,
  JournalEntry,
} from 'content-api-mock'
import { expect } from 'vitest'

/**
 * Where a client of the report tests sends its requests: the API's base URL
 * and the mock behind it (the interceptor's, or a server's `server.mock`).
 */
export interface ReportTarget {
  apiUrl: string
  mock: Pick<
    ContentApiMock,
    'scenarios' | 'clock' | 'clientReport' | 'requests'
  >
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** An answer read whole: its status, headers and body text. */
interface Answer {
  status: number
  headers: Headers
  text: string
}

/**
 * A request (GET unless `init` says) with the key as a Bearer token (none
 * for `null`), read whole; a dropped connection gives `undefined`.
 */
async function get(
  url: string,
  key: string | null = 'k_a',
  init: RequestInit = {},
): Promise<Answer | undefined> {
  const headers = new Headers(init.headers)
  if (key !== null) headers.set('authorization', `Bearer ${key}`)
  try {
    const response = await fetch(url, { ...init, headers })
    const text = await response.text()
    return { status: response.status, headers: response.headers, text }
  } catch {
    return undefined
  }
}

function parse(answer: Answer): any {
  try {
    return JSON.parse(answer.text)
  } catch {
    return undefined
  }
}

/**
 * The seconds a `Retry-After` header asks for: whole seconds, or an HTTP
 * date (the `error-variants` variant sends one).
 */
function readRetryAfter(response: Answer): number | undefined {
  const value = response.headers.get('retry-after')
  if (value === null) return undefined
  if (/^\d+$/.test(value)) return Number(value)
  return Math.max(0, (Date.parse(value) - Date.now()) / 1000)
}

/**
 * A client that behaves: at most `concurrency` requests at once, sends
 * nothing for the `Retry-After` of a 429 (and waits out a 503's before
 * sending that request again), backs off exponentially (0.3 s, doubling,
 * ±20 % jitter) after a 5xx or a dropped connection, and fetches an asset
 * URL right after reading the content that issued it.
 */
export function createPoliteClient(
  apiUrl: string,
  options: { key?: string; concurrency?: number; random?: () => number } = {},
) {
  const key = options.key ?? 'k_a'
  const random = options.random ?? Math.random
  let free = options.concurrency ?? 4
  const queue: Array<() => void> = []
  // The key's requests wait until then: a 429's Retry-After is the key's.
  let pausedUntil = 0
  async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (free === 0) await new Promise<void>((resolve) => queue.push(resolve))
    else free--
    try {
      while (Date.now() < pausedUntil) await sleep(pausedUntil - Date.now())
      return await work()
    } finally {
      const next = queue.shift()
      if (next === undefined) free++
      else next()
    }
  }

  async function fetchPolitely(url: string): Promise<Answer> {
    let backoff = 300
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await slot(() => get(url, key))
      const retryAfter =
        response === undefined ? undefined : readRetryAfter(response)
      if (
        response !== undefined &&
        response.status !== 429 &&
        response.status < 500
      ) {
        return response
      }
      if (retryAfter !== undefined && response?.status === 429) {
        pausedUntil = Math.max(pausedUntil, Date.now() + retryAfter * 1000)
      } else if (retryAfter !== undefined) {
        await sleep(retryAfter * 1000)
      } else {
        await sleep(backoff * (0.8 + 0.4 * random()))
        backoff *= 2
      }
    }
    throw new Error(`the polite client gave up on ${url}`)
  }

  const json = async (path: string) =>
    parse(await fetchPolitely(`${apiUrl}${path}`))

  return {
    fetch: fetchPolitely,
    /**
     * Lists the projects and each project's contents, reads up to four
     * contents at once and fetches each moviemode content's thumbnail at
     * once, then polls one content `polls` times a second and a bit apart.
     */
    async run({ polls = 3 }: { polls?: number } = {}): Promise<void> {
      await fetchPolitely(`${apiUrl}/projects`)
      const projects = ['p1', 'p2', 'p4']
      const contents: string[] = []
      for (const project of projects) {
        const body = await json(`/projects/${project}/contents`)
        for (const content of body?.data ?? []) {
          contents.push(
            `/projects/${project}/contents/${content.variation_unique}`,
          )
        }
      }
      await Promise.all(
        contents.map(async (path) => {
          const body = await json(path)
          const thumbnail = body?.data?.content?.thumbnail_url
          if (typeof thumbnail === 'string') await slot(() => get(thumbnail))
        }),
      )
      const polled = contents[0]
      for (let poll = 0; polled !== undefined && poll < polls; poll++) {
        if (poll > 0) await sleep(1100)
        await json(polled)
      }
    },
  }
}

/**
 * What a client that breaks one rule should get: exactly one finding of
 * that rule, with this count, key and these entries of the journal.
 */
export interface ExpectedFinding {
  rule: ClientReportRule
  count: number
  keyLabel?: string
  entries(journal: JournalEntry[]): JournalEntry[]
}

const byStatus = (status: number) => (journal: JournalEntry[]) =>
  journal.filter((entry) => entry.status === status)

/**
 * One client per rule that breaks it, and nothing else: each sends its
 * requests to `target` and says which finding it should get.
 */
export const RULE_BREAKERS: Record<
  ClientReportRule,
  (target: ReportTarget) => Promise<ExpectedFinding>
> = {
  async 'retry-before-retry-after'({ apiUrl, mock }) {
    mock.scenarios.add({ status: 429, retryAfter: 5, times: 1 })
    await get(`${apiUrl}/projects`)
    await get(`${apiUrl}/projects`)
    return {
      rule: 'retry-before-retry-after',
      count: 1,
      keyLabel: 'acct_a#1',
      entries: (journal) => journal,
    }
  },
  async 'retry-without-backoff'({ apiUrl, mock }) {
    mock.scenarios.add('server-error', { times: 2 })
    mock.scenarios.add('network-error', { times: 1 })
    for (let attempt = 0; attempt < 4; attempt++) {
      const response = await get(`${apiUrl}/projects/p1`)
      if (response?.status === 200) break
    }
    return {
      rule: 'retry-without-backoff',
      count: 1,
      keyLabel: 'acct_a#1',
      entries: (journal) => journal,
    }
  },
  async 'expired-asset-url'({ apiUrl, mock }) {
    const detail = await fetch(`${apiUrl}/projects/p1/contents/v1`, {
      headers: { authorization: 'Bearer k_a' },
    })
    const { content } = (await detail.json()).data
    await get(content.thumbnail_url)
    mock.clock.advance(901_000)
    await get(content.download_url)
    return {
      rule: 'expired-asset-url',
      count: 1,
      entries: byStatus(403),
    }
  },
  async 'missing-authorization'({ apiUrl }) {
    await get(`${apiUrl}/projects`, null)
    await get(`${apiUrl}/projects`, null, {
      headers: { authorization: 'Basic azphOg==' },
    })
    await get(`${apiUrl}/projects`, '')
    return {
      rule: 'missing-authorization',
      count: 3,
      entries: (journal) => journal,
    }
  },
  async 'repeated-unauthorized'({ apiUrl }) {
    for (let attempt = 0; attempt < 4; attempt++) {
      await get(`${apiUrl}/projects`, 'k_expired')
    }
    return {
      rule: 'repeated-unauthorized',
      count: 1,
      keyLabel: 'acct_a#2',
      entries: (journal) => journal,
    }
  },
  async 'unknown-route'({ apiUrl }) {
    await get(`${apiUrl}/project`)
    await get(`${apiUrl}/projects/p1`, 'k_a', { method: 'DELETE' })
    await get(`${apiUrl}/projects/p1`)
    return {
      rule: 'unknown-route',
      count: 2,
      keyLabel: 'acct_a#1',
      entries: (journal) => journal.filter((entry) => entry.status !== 200),
    }
  },
  async 'invalid-parameter'({ apiUrl }) {
    await get(`${apiUrl}/projects/p1/contents/not%20an%20id`)
    await get(`${apiUrl}/projects/p1/contents/v1`)
    return {
      rule: 'invalid-parameter',
      count: 1,
      keyLabel: 'acct_a#1',
      entries: byStatus(422),
    }
  },
  async 'tight-polling'({ apiUrl }) {
    for (let poll = 0; poll < 12; poll++) {
      await get(`${apiUrl}/projects/p1/contents/v1`)
    }
    return {
      rule: 'tight-polling',
      count: 1,
      keyLabel: 'acct_a#1',
      entries: (journal) => journal,
    }
  },
  async 'too-many-in-flight'({ apiUrl, mock }) {
    mock.scenarios.add({ latency: 300 })
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        get(`${apiUrl}/projects/p1/contents/v${(index % 2) + 1}`),
      ),
    )
    return {
      rule: 'too-many-in-flight',
      count: 1,
      keyLabel: 'acct_a#1',
      entries: (journal) => journal,
    }
  },
}

/**
 * Runs the client that breaks `rule` against `target`, then checks that
 * the report holds exactly that finding, with its count, key and entries.
 */
export async function expectOnlyFinding(
  rule: ClientReportRule,
  target: ReportTarget,
  readReport: () => Promise<{ findings: any[]; requests: number }> = async () =>
    target.mock.clientReport(),
): Promise<void> {
  const expected = await RULE_BREAKERS[rule](target)
  const journal = target.mock.requests.list()
  const report = await readReport()
  expect(report.requests).toBe(journal.length)
  expect(report.findings).toEqual([
    {
      rule: expected.rule,
      severity: expect.stringMatching(/^(error|warning)$/),
      ...(expected.keyLabel !== undefined && { keyLabel: expected.keyLabel }),
      count: expected.count,
      message: expect.any(String),
      source: expect.any(String),
      entries: expected.entries(journal),
    },
  ])
}
