import { randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { StateChange } from '../../api/state-change.js'
import type { SharedJournal } from './create-shared-journal.js'

// Appends one entry (the changes of one write) if the fleet is still at the
// version the writer caught up to, bumping the version in the same step; a
// reset or a clear of the journal empties the fleet's journal with it (and
// marks the version, so entries answered before it, sent late, are
// dropped), and a reset drops the entries before it (a replica behind reads
// the reset first, and rebuilds from it). KEYS: version, changes, then the
// journal's (Stream, version of its last clear, count). ARGV: expected version, changes, '1' to empty the
// journal, '1' for a reset. Returns the new version and the entry's ID, or
// -1 and the fleet's version.
const APPEND = `
local version = tonumber(redis.call('GET', KEYS[1]) or '0')
if version ~= tonumber(ARGV[1]) then return {-1, version} end
version = version + 1
redis.call('SET', KEYS[1], version)
local id = redis.call('XADD', KEYS[2], '*', 'v', version, 'c', ARGV[2])
if ARGV[3] == '1' then
  redis.call('DEL', KEYS[3], KEYS[5])
  redis.call('SET', KEYS[4], version)
end
if ARGV[4] == '1' then redis.call('XTRIM', KEYS[2], 'MINID', id) end
return {version, id}
`

// Releases the write lock only if it is still ours.
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`

/** Whether the changes of one write hold a reset. */
export function isReset(changes: StateChange[]): boolean {
  return changes.some((change) => change.kind === 'reset')
}

/** Whether the changes of one write empty the journal. */
export function clearsJournal(changes: StateChange[]): boolean {
  return changes.some(
    (change) => change.kind === 'reset' || change.kind === 'journal-clear',
  )
}

/** How long a write may hold the fleet's write lock before it lapses. */
const LOCK_MS = 10_000

/** One entry of the change log: the changes of one write, and its version. */
interface ChangeEntry {
  id: string
  version: number
  changes: StateChange[]
}

/**
 * The fleet's change log in Redis: `{prefix}:changes` (a Stream),
 * `{prefix}:version` and `{prefix}:write-lock`.
 */
interface ChangeLog {
  /** The fleet's version and its record as stored, in one round trip. */
  head(): Promise<{ version: number; record: string | null }>
  /** The entries after the one with stream ID `after` ('-': from the start). */
  read(after: string): Promise<ChangeEntry[]>
  /** Appends if the fleet is at `expected`; `undefined` on a conflict. */
  append(
    expected: number,
    changes: StateChange[],
  ): Promise<{ version: number; id: string } | undefined>
  /** Waits for the fleet's write lock; resolves with its release. */
  lock(): Promise<() => Promise<void>>
}

/**
 * Creates the change log of the fleet under `prefix`; a reset or a clear of
 * the journal empties the journal at `journalKeys` with it.
 * @example
 * const log = createChangeLog(redis, 'content-api-mock', journal.keys)
 */
export function createChangeLog(
  redis: Redis,
  prefix: string,
  journalKeys: SharedJournal['keys'],
): ChangeLog {
  const keys = {
    version: `${prefix}:version`,
    changes: `${prefix}:changes`,
    lock: `${prefix}:write-lock`,
    fleet: `${prefix}:fleet`,
  }
  return {
    async head() {
      const [version, record] = await redis.mget(keys.version, keys.fleet)
      return { version: Number(version ?? 0), record: record ?? null }
    },
    async read(after) {
      const entries: ChangeEntry[] = []
      let start = after === '-' ? '-' : `(${after}`
      for (;;) {
        const page = await redis.xrange(keys.changes, start, '+', 'COUNT', 500)
        for (const [id, fields] of page) {
          const value = (name: string) => fields[fields.indexOf(name) + 1]!
          entries.push({
            id,
            version: Number(value('v')),
            changes: JSON.parse(value('c')) as StateChange[],
          })
        }
        if (page.length < 500) return entries
        start = `(${page[page.length - 1]![0]}`
      }
    },
    async append(expected, changes) {
      const [version, id] = (await redis.eval(
        APPEND,
        5,
        keys.version,
        keys.changes,
        ...journalKeys,
        expected,
        JSON.stringify(changes),
        clearsJournal(changes) ? '1' : '0',
        isReset(changes) ? '1' : '0',
      )) as [number, string | number]
      return version === -1 ? undefined : { version, id: String(id) }
    },
    async lock() {
      const token = randomBytes(9).toString('base64url')
      for (let wait = 2; ; wait = Math.min(wait * 2, 50)) {
        if (await redis.set(keys.lock, token, 'PX', LOCK_MS, 'NX')) break
        await new Promise((resolve) => setTimeout(resolve, wait))
      }
      return async () => {
        await redis.eval(RELEASE, 1, keys.lock, token)
      }
    },
  }
}
