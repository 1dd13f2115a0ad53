import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'
import type {
  JournalRecord,
  RequestJournal,
} from '../../api/traffic/create-request-journal.js'

// Adds each entry to the Stream, keeping exactly the last ARGV[1].
const APPEND = `
for i = 2, #ARGV do
  redis.call('XADD', KEYS[1], 'MAXLEN', ARGV[1], '*', 'e', ARGV[i])
end
return #ARGV - 1
`
const sha = createHash('sha1').update(APPEND).digest('hex')

/** The fleet's one request journal: a Stream capped at the journal's size. */
export interface SharedJournal {
  /** Adds a request this replica answered (while Redis is there). */
  add(entry: JournalRecord): void
  /** Puts the fleet's journal in `journal`, in order, for its routes. */
  readInto(journal: RequestJournal): Promise<void>
}

/**
 * Creates the fleet's journal at `key`: each replica adds the requests it
 * answered, once, and the Stream keeps the last `size` (an exact `MAXLEN`).
 * @example
 * const journal = createSharedJournal(redis, 'content-api-mock:journal', 1000)
 */
export function createSharedJournal(
  redis: Redis,
  key: string,
  size: number,
): SharedJournal {
  // @note The entries of one turn of the event loop go in one script call:
  // one command to encode and parse for them all, each still its own entry.
  let pending: JournalRecord[] = []
  function flush(): void {
    const entries = pending
    pending = []
    if (redis.status !== 'ready') return
    redis
      .evalsha(
        sha,
        1,
        key,
        size,
        ...entries.map((entry) => JSON.stringify(entry)),
      )
      .catch((error: Error) =>
        error.message.startsWith('NOSCRIPT')
          ? redis.eval(
              APPEND,
              1,
              key,
              size,
              ...entries.map((entry) => JSON.stringify(entry)),
            )
          : undefined,
      )
      .catch(() => undefined)
  }
  return {
    add(entry) {
      if (pending.push(entry) === 1) setImmediate(flush)
    },
    async readInto(journal) {
      // What this replica answered but has not sent yet comes first.
      if (pending.length > 0) flush()
      const entries = await redis.xrange(key, '-', '+')
      journal.clear()
      for (const [, fields] of entries) {
        journal.record(JSON.parse(fields[1]!) as JournalRecord)
      }
    },
  }
}
