import { createClientReport, type JournalEntry } from 'content-api-mock'
import fc from 'fast-check'
import { expect, it } from 'vitest'
import {
  journalOf,
  spaced,
  T0,
  type EntryFields,
} from '../../support/journal-entries.js'

// The property that matters most: a client that behaves gets no finding,
// whatever the mock answers it and however its clock runs. The journals are
// simulated, request by request, as the mock writes them: several keys,
// each with up to eight threads of work in flight at once, answered with
// latency, 500s, dropped connections, 503s and 429s with Retry-After, 401s
// for a key that expires, on a clock at --speed 1, 60, 0.5 or paused, moved
// now and then by a test.

/** How the client behaves: as docs/client-report.md asks. */
const POLITE = {
  maxThreads: 8,
  /** Exponential backoff: this times 2^n, ±25 %. */
  backoffBaseMs: [300, 1000],
  pollEveryMs: [1000, 3000],
} as const

interface World {
  keys: number
  threads: number[]
  tasks: number
  speed: number
  jumps: Array<{ at: number; by: number }>
  tape: number[]
}

const worlds = fc.record<World>({
  keys: fc.integer({ min: 1, max: 3 }),
  threads: fc.array(fc.integer({ min: 1, max: POLITE.maxThreads }), {
    minLength: 3,
    maxLength: 3,
  }),
  tasks: fc.integer({ min: 1, max: 8 }),
  speed: fc.constantFrom(1, 60, 0.5, 0),
  jumps: fc.array(
    fc.record({
      at: fc.integer({ min: 0, max: 60_000 }),
      by: fc.integer({ min: -120_000, max: 600_000 }),
    }),
    { maxLength: 4 },
  ),
  // Draws in [0, 1) as millionths, unbiased: fast-check leans to the ends
  // of a range (and its doubles to tiny ones), which would make most answers
  // the first or the last kind.
  tape: fc.array(fc.noBias(fc.integer({ min: 0, max: 999_999 })), {
    minLength: 256,
    maxLength: 256,
  }),
})

/** One request a thread is about to send. */
interface Thread {
  key: number
  id: number
  at: number
  task: number
  poll: number
  attempt: number
  backoffMs: number
}

/**
 * The journal of one world: threads send in the order of their times; each
 * answer is drawn from the tape; the client waits as it should.
 */
function simulate(world: World): JournalEntry[] {
  let draws = 0
  const draw = () => world.tape[draws++ % world.tape.length]! / 1_000_000
  const between = ([low, high]: readonly [number, number]) =>
    low + draw() * (high - low)
  const clockAt = (real: number) => {
    const moved = world.jumps
      .filter((jump) => jump.at <= real)
      .reduce((sum, jump) => sum + jump.by, 0)
    return {
      mockAt: real * world.speed + moved,
      lifetimeAt: real * Math.min(world.speed, 1) + moved,
    }
  }
  const paused = new Map<number, { from: number; until: number }>()
  const dead = new Map<number, { at: number; known: number }>()
  const threads: Thread[] = []
  for (let key = 0; key < world.keys; key++) {
    for (let id = 0; id < world.threads[key]!; id++) {
      threads.push({
        key,
        id,
        at: draw() * 500,
        task: 0,
        poll: 0,
        attempt: 0,
        backoffMs: 0,
      })
    }
  }
  const fields: EntryFields[] = []
  while (threads.length > 0) {
    threads.sort((a, b) => a.at - b.at)
    const thread = threads[0]!
    const death = dead.get(thread.key)
    if (death !== undefined && thread.at >= death.known) {
      threads.shift() // a key refused with 401 is not sent again
      continue
    }
    const pause = paused.get(thread.key)
    if (
      pause !== undefined &&
      thread.at >= pause.from &&
      thread.at < pause.until
    ) {
      thread.at = pause.until
      continue
    }
    // A mock answers in 50 µs at the fastest; a forced latency adds more.
    const durationMs = 0.05 + draw() * 400
    const end = thread.at + durationMs
    // The client has the answer a little after the mock sent it (late
    // timers, the network): its other threads may send meanwhile.
    const known = end + draw() * 99
    const roll = draw()
    const expired = death !== undefined || (roll < 0.01 && thread.attempt === 0)
    const failing = thread.attempt < 5
    const answer: Partial<EntryFields> = expired
      ? { status: 401, cause: 'expired-key' }
      : failing && roll < 0.1
        ? { status: 500 }
        : failing && roll < 0.15
          ? { status: 0, networkError: true }
          : failing && roll < 0.18
            ? { status: 503, retryAfterSeconds: 1 + Math.floor(draw() * 3) }
            : failing && roll < 0.26
              ? {
                  status: 429,
                  retryAfterSeconds: 1 + Math.floor(draw() * 5),
                  limitScope: (['key', 'endpoint', 'path'] as const)[
                    Math.floor(draw() * 3)
                  ],
                }
              : { status: 200 }
    fields.push({
      at: thread.at,
      ...clockAt(thread.at),
      durationMs,
      keyLabel: `acct_${thread.key}#1`,
      path: `/public-api/v1/projects/p${thread.key}/contents/v${thread.id}-${thread.task}`,
      endpoint: 'getContent',
      ...answer,
    })
    if (answer.status === 401) {
      if (death === undefined) dead.set(thread.key, { at: thread.at, known })
      threads.shift()
      continue
    }
    if (answer.status === 429) {
      const until = known + answer.retryAfterSeconds! * 1000
      const before = paused.get(thread.key)
      const still = before !== undefined && before.until > known
      paused.set(thread.key, {
        from: still ? Math.min(before.from, known) : known,
        until: Math.max(until, before?.until ?? 0),
      })
      thread.at = known
      thread.attempt++
      continue
    }
    if (answer.status !== 200) {
      thread.backoffMs =
        thread.backoffMs === 0
          ? between(POLITE.backoffBaseMs)
          : thread.backoffMs * 2
      const backoff = thread.backoffMs * (0.75 + draw() * 0.5)
      const told = (answer.retryAfterSeconds ?? 0) * 1000
      thread.at = known + Math.max(backoff, told)
      thread.attempt++
      continue
    }
    // Answered: poll the same content again a second or more later, a few
    // times, then go on to the next.
    thread.attempt = 0
    thread.backoffMs = 0
    thread.poll++
    if (thread.poll >= 3) {
      thread.poll = 0
      thread.task++
    }
    if (thread.task >= world.tasks) threads.shift()
    else thread.at = known + between(POLITE.pollEveryMs)
  }
  return journalOf(...fields)
}

it('finds nothing, ever, for a client that behaves', () => {
  fc.assert(
    fc.property(worlds, (world) => {
      const journal = simulate(world)
      const { findings } = createClientReport(journal)
      expect(
        findings.map(({ rule, message }) => `${rule}: ${message}`),
      ).toEqual([])
    }),
    { numRuns: 300 },
  )
})

it('simulates worlds that meet every kind of trouble the property is about', () => {
  const seen = new Set<string>()
  fc.assert(
    fc.property(worlds, (world) => {
      for (const entry of simulate(world)) {
        seen.add(entry.networkError ? 'dropped' : String(entry.status))
      }
    }),
    { numRuns: 300 },
  )
  expect([...seen].sort()).toEqual([
    '200',
    '401',
    '429',
    '500',
    '503',
    'dropped',
  ])
})

it('finds a client that stops behaving in the same worlds', () => {
  fc.assert(
    fc.property(worlds, (world) => {
      const journal = simulate(world)
      const last = journal.at(-1)!
      const from = last.startMs + last.durationMs + 5000 - T0
      // Then ten polls of one content 0.1 s apart, with another key.
      const polls = journalOf(
        ...spaced(
          10,
          100,
          {
            keyLabel: 'acct_9#1',
            path: '/public-api/v1/projects/p9/contents/v9',
          },
          from,
        ),
      ).map((entry, index) => ({ ...entry, id: journal.length + index + 1 }))
      const rules = createClientReport([...journal, ...polls]).findings.map(
        ({ rule }) => rule,
      )
      expect(rules).toEqual(['tight-polling'])
    }),
    { numRuns: 100 },
  )
})
