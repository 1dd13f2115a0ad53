import {
  createClientReport,
  MAX_FINDING_ENTRIES,
  type ClientReportOptions,
  type JournalEntry,
} from 'content-api-mock'
import { expect, it } from 'vitest'
import {
  journalOf,
  spaced,
  type EntryFields,
} from '../../support/journal-entries.js'

const TOO_MANY = {
  status: 429,
  retryAfterSeconds: 10,
  limitScope: 'key' as const,
}
const FAILED = { status: 500 }

/** The rule and count of each finding of the journal's report. */
function found(fields: EntryFields[], options?: ClientReportOptions) {
  return createClientReport(journalOf(...fields), options).findings.map(
    ({ rule, count }) => `${rule} ×${count}`,
  )
}

it('finds a request sent before a 429’s Retry-After passed, and not one sent before the 429 was answered', () => {
  expect(
    found([{ at: 0, ...TOO_MANY, durationMs: 200 }, { at: 100 }, { at: 1000 }]),
  ).toEqual(['retry-before-retry-after ×1'])
  expect(found([{ at: 0, ...TOO_MANY }, { at: 10_100 }])).toEqual([])
})

it('lets a 429’s Retry-After pass on either clock: the mock clock at --speed 60, or real time while the clock is paused', () => {
  // At speed 60, 10 mock seconds pass in a sixth of a real second.
  expect(
    found([
      { at: 0, ...TOO_MANY },
      { at: 170, mockAt: 10_200 },
    ]),
  ).toEqual([])
  // Paused: the mock clock stands still while the client waits 10 s.
  expect(
    found([
      { at: 0, ...TOO_MANY },
      { at: 10_050, mockAt: 0, lifetimeAt: 0 },
    ]),
  ).toEqual([])
  // A suite that advances the clock instead of sleeping has waited too.
  expect(
    found([
      { at: 0, ...TOO_MANY },
      { at: 5, mockAt: 10_005, lifetimeAt: 10_005 },
    ]),
  ).toEqual([])
})

it('keeps a 429 to the requests its limit counts: the key’s, the endpoint’s or the path’s', () => {
  const other = {
    at: 200,
    path: '/public-api/v1/projects/p1',
    endpoint: 'getProject',
  }
  expect(found([{ at: 0, ...TOO_MANY }, other])).toEqual([
    'retry-before-retry-after ×1',
  ])
  expect(
    found([{ at: 0, ...TOO_MANY, limitScope: 'endpoint' }, other]),
  ).toEqual([])
  expect(found([{ at: 0, ...TOO_MANY, limitScope: 'path' }, other])).toEqual([])
  expect(
    found([
      { at: 0, ...TOO_MANY },
      { ...other, keyLabel: 'acct_b#1' },
    ]),
  ).toEqual([])
  // Refused by authentication: no limit counted it.
  expect(
    found([
      { at: 0, ...TOO_MANY },
      { ...other, status: 401 },
    ]),
  ).toEqual([])
})

it('finds three resends within a second after a failure, though their waits grow', () => {
  expect(
    found([
      { at: 0, ...FAILED },
      { at: 100, ...FAILED },
      { at: 300, status: 0, networkError: true },
      { at: 700 },
    ]),
  ).toEqual(['retry-without-backoff ×1'])
})

it('finds resends at a steady pace, and not an exponential backoff, capped or with jitter, nor waits that honour Retry-After', () => {
  const run = (waits: number[], failure: Partial<EntryFields> = FAILED) => {
    const fields: EntryFields[] = [{ at: 0, ...failure }]
    let at = 1
    for (const [index, wait] of waits.entries()) {
      at += wait
      fields.push({ at, ...(index < waits.length - 1 ? failure : {}) })
      at += 1
    }
    return found(fields)
  }
  expect(run([2000, 2000, 2000])).toEqual(['retry-without-backoff ×1'])
  expect(run([5000, 4000, 3000, 3000])).toEqual(['retry-without-backoff ×1'])
  expect(run([300, 600, 1200])).toEqual([])
  expect(run([1000, 2000, 4000, 5000, 5000, 5000])).toEqual([])
  expect(run([380, 480, 1000])).toEqual([]) // 1.0 then 1.25 ×: ±25 % jitter
  expect(
    run([2000, 2000, 2000], { status: 503, retryAfterSeconds: 2 }),
  ).toEqual([])
  // Two retries are not three.
  expect(run([10, 10])).toEqual([])
})

it('does not count a copy of the request sent while the failure was in flight as a resend', () => {
  expect(
    found([
      { at: 0, ...FAILED, durationMs: 500 },
      { at: 100, ...FAILED, durationMs: 500 },
      { at: 900, ...FAILED },
      { at: 1900, ...FAILED },
      { at: 3900 },
    ]),
  ).toEqual([])
})

it('lets a clock moved in the middle of a backoff not make it look steady', () => {
  expect(
    found([
      { at: 0, ...FAILED },
      { at: 301, lifetimeAt: 100_301, ...FAILED },
      { at: 902, lifetimeAt: 150_902, ...FAILED },
      { at: 2103, lifetimeAt: 152_103 },
    ]),
  ).toEqual([])
})

it('finds ten GETs of the same request less than a second apart, and not nine, another query or a poll every second', () => {
  const detail = { path: '/public-api/v1/projects/p1/contents/v1' }
  expect(found(spaced(10, 200, detail))).toEqual(['tight-polling ×1'])
  expect(found(spaced(9, 200, detail))).toEqual([])
  expect(found(spaced(12, 1000, detail))).toEqual([])
  expect(
    found(
      spaced(10, 50).map((fields, index) => ({
        ...fields,
        query: `offset=${index * 20}`,
      })),
    ),
  ).toEqual([])
  expect(
    found(spaced(6, 200, detail), { 'tight-polling': { requests: 5 } }),
  ).toEqual(['tight-polling ×1'])
  expect(
    found(spaced(10, 1500, detail), { 'tight-polling': { intervalMs: 2000 } }),
  ).toEqual(['tight-polling ×1'])
})

it('finds more than eight requests of a key in flight at once, and none answered at once', () => {
  const burst = (count: number, durationMs: number) =>
    Array.from({ length: count }, (_, index) => ({
      at: index,
      durationMs,
      path: `/public-api/v1/projects/p${index}`,
    }))
  expect(found(burst(9, 100))).toEqual(['too-many-in-flight ×1'])
  expect(found(burst(8, 100))).toEqual([])
  expect(found(burst(30, 0))).toEqual([])
  // Back to back: each sent as the one before was answered.
  expect(
    found(
      spaced(20, 100, { durationMs: 100 }).map((fields, index) => ({
        ...fields,
        path: `/public-api/v1/projects/p${index}`,
      })),
    ),
  ).toEqual([])
  expect(found(burst(5, 100), { 'too-many-in-flight': { limit: 4 } })).toEqual([
    'too-many-in-flight ×1',
  ])
})

it('gives one finding per rule and key, errors first, listing the earliest entries', () => {
  const unknown = {
    status: 404,
    cause: 'unknown-path' as const,
    endpoint: undefined,
  }
  const report = createClientReport(
    journalOf(...spaced(12, 200), ...spaced(30, 1, unknown, 5000), {
      at: 6000,
      ...unknown,
      keyLabel: 'acct_b#1',
    }),
  )
  expect(
    report.findings.map(({ rule, keyLabel, count, severity }) => [
      rule,
      keyLabel,
      count,
      severity,
    ]),
  ).toEqual([
    ['unknown-route', 'acct_a#1', 30, 'error'],
    ['unknown-route', 'acct_b#1', 1, 'error'],
    ['tight-polling', 'acct_a#1', 1, 'warning'],
  ])
  const [many] = report.findings
  expect(many!.entries).toHaveLength(MAX_FINDING_ENTRIES)
  expect(many!.entries.map((entry) => entry.id)).toEqual(
    Array.from({ length: MAX_FINDING_ENTRIES }, (_, index) => 13 + index),
  )
  expect(report.requests).toBe(43)
})

it('finds nothing in a journal whose entries lack the times, as an older mock wrote them', () => {
  const old = journalOf(
    ...spaced(12, 10, FAILED),
    ...spaced(12, 10, { status: 429, retryAfterSeconds: 30 }, 200),
  ).map(({ startMs, lifetimeClockMs, ...rest }) => rest as JournalEntry)
  expect(createClientReport(old).findings).toEqual([])
})

it('words each finding as one sentence with what to do instead, and names its source', () => {
  const { findings } = createClientReport(
    journalOf(
      { at: 0, status: 401, cause: 'missing-key', keyLabel: undefined },
      { at: 1, status: 401, cause: 'other-scheme', keyLabel: undefined },
    ),
  )
  expect(findings).toEqual([
    {
      rule: 'missing-authorization',
      severity: 'error',
      count: 2,
      message:
        '2 API requests came without a Bearer key (1 with no Authorization header, 1 with another scheme): send "Authorization: Bearer <API_KEY>" on every request.',
      source: 'spec 5, rule 2 (every request carries Authorization: Bearer)',
      entries: expect.any(Array),
    },
  ])
})

it('gives another part of the client 0.1 s to have heard of a 429, and the request that got it none', () => {
  const other = { path: '/public-api/v1/projects/p1', endpoint: 'getProject' }
  expect(
    found([
      { at: 0, ...TOO_MANY },
      { at: 60, ...other },
    ]),
  ).toEqual([])
  expect(found([{ at: 0, ...TOO_MANY }, { at: 60 }])).toEqual([
    'retry-before-retry-after ×1',
  ])
})

it('leaves the pace of a run to the limit when the key got a 429 meanwhile', () => {
  const detail = { path: '/public-api/v1/projects/p1/contents/v1' }
  const steady = [
    { at: 0, ...FAILED, ...detail },
    { at: 2001, ...FAILED, ...detail },
    { at: 4002, ...FAILED, ...detail },
    { at: 6003, ...detail },
  ]
  expect(found(steady)).toEqual(['retry-without-backoff ×1'])
  expect(
    found([
      ...steady.slice(0, 2),
      { at: 3000, status: 429, retryAfterSeconds: 1 },
      ...steady.slice(2),
    ]),
  ).toEqual([])
})

it('holds a 429 to the first limit it broke, whichever limit came first', () => {
  const detail = { path: '/public-api/v1/projects/p1', endpoint: 'getProject' }
  const firstBroken = (fields: EntryFields[]) =>
    createClientReport(journalOf(...fields)).findings.map(({ entries }) =>
      entries.map(({ id }) => id),
    )
  const byEndpoint = { ...TOO_MANY, ...detail, limitScope: 'endpoint' as const }
  for (const [first, second] of [
    [byEndpoint, TOO_MANY],
    [TOO_MANY, byEndpoint],
  ]) {
    const fields = [
      { at: 0, ...first },
      { at: 50, ...second },
    ]
    expect(firstBroken([...fields, { at: 200, ...detail }])).toEqual([[1, 3]])
  }
})

it('counts every early request in a loop of thousands of 429s whose Retry-After shrinks as the window runs', () => {
  // A 10 s window: a 429 sent at 4.5 s says 6 s; all of them run out by 11 s.
  const loop = spaced(3000, 3).map((fields) => ({
    ...fields,
    ...TOO_MANY,
    retryAfterSeconds: 10 - Math.floor(fields.at / 1000),
  }))
  const [finding] = createClientReport(
    journalOf(...loop, { at: 9_500 }, { at: 11_100 }),
  ).findings
  expect(finding).toMatchObject({
    rule: 'retry-before-retry-after',
    count: 3000,
  })
  expect(finding!.entries[0]!.id).toBe(1)
})
