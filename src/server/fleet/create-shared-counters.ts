import { randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'
import { defineScript } from './define-script.js'
import {
  appendJournalLua,
  type SharedJournal,
} from './create-shared-journal.js'

// Takes the fleet's counting lock and reads, in the same round trip, what a
// request needs to be answered as one process would: the fleet's version,
// its record and the scenarios' counts. KEYS: lock, version, fleet,
// counters. ARGV: token, lease in ms.
const ACQUIRE = `
local taken = redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2])
local head = redis.call('MGET', KEYS[2], KEYS[3], KEYS[4])
return {taken and 1 or 0, head[1] or false, head[2] or false, head[3] or false}
`

// Writes the counts and lets the next request count, if the lock is still ours.
const RELEASE = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2])
return redis.call('DEL', KEYS[1])
`

// Adds the journal entries this replica answered since its last command and
// reads the head (version, record, counts), in one command: a replica that
// reads the head for its requests sends one command per turn of the event
// loop. KEYS: version, fleet, counters, then the journal's (see
// appendJournalLua). ARGV: appendJournalLua's.
const HEAD = `${appendJournalLua(4, 1)}
return redis.call('MGET', KEYS[1], KEYS[2], KEYS[3])
`

/** How long one request may hold the counting lock before it lapses. */
const LEASE_MS = 2_000

/** What the fleet's keys held when a request took the counting lock. */
export interface CountingTurn {
  version: number
  record: string | null
  counters: string | null
  /** Writes the counts this request left and releases the lock. */
  release(counters: string): Promise<void>
}

/**
 * The scenarios' counts of a fleet (`times`, draws, rate-limit windows) at
 * `{prefix}:counters`, counted by one request of the fleet at a time under
 * `{prefix}:counting-lock`, so that "the next request" is one request of
 * the whole fleet.
 */
export interface SharedCounters {
  /**
   * The version, record and counts, without the lock (reads, control);
   * first sends the entries `journal` holds, if given.
   */
  head(journal?: SharedJournal): Promise<{
    version: number
    record: string | null
    counters: string | null
  }>
  /** Waits for the counting lock. */
  take(): Promise<CountingTurn>
}

/**
 * Creates the shared counters of the fleet under `prefix`.
 * @example
 * const turn = await createSharedCounters(redis, prefix).take()
 */
export function createSharedCounters(
  redis: Redis,
  prefix: string,
): SharedCounters {
  const keys = {
    lock: `${prefix}:counting-lock`,
    version: `${prefix}:version`,
    fleet: `${prefix}:fleet`,
    counters: `${prefix}:counters`,
  }
  const readHeadSending = defineScript(redis, HEAD, 6)
  return { head: readHead, take }

  async function readHead(journal?: SharedJournal) {
    const entries = journal?.drain() ?? []
    const [version, record, counters] = (
      journal === undefined || entries.length === 0
        ? await redis.mget(keys.version, keys.fleet, keys.counters)
        : await readHeadSending(
            [keys.version, keys.fleet, keys.counters, ...journal.keys],
            entries,
          )
    ) as Array<string | null>
    return {
      version: Number(version ?? 0),
      record: record ?? null,
      counters: counters ?? null,
    }
  }

  async function take(): Promise<CountingTurn> {
    const token = randomBytes(9).toString('base64url')
    for (let wait = 1; ; wait = Math.min(wait * 2, 8)) {
      const [taken, version, record, counters] = (await redis.eval(
        ACQUIRE,
        4,
        keys.lock,
        keys.version,
        keys.fleet,
        keys.counters,
        token,
        LEASE_MS,
      )) as [number, string | null, string | null, string | null]
      if (taken === 1) {
        return {
          version: Number(version ?? 0),
          record,
          counters,
          async release(text) {
            await redis.eval(RELEASE, 2, keys.lock, keys.counters, token, text)
          },
        }
      }
      await new Promise((resolve) => setTimeout(resolve, wait))
    }
  }
}
