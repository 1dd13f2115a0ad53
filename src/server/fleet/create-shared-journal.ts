import type { Redis } from 'ioredis'
import type {
  JournalRecord,
  RequestJournal,
} from '../../api/traffic/create-request-journal.js'

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
  return {
    add(entry) {
      if (redis.status !== 'ready') return
      redis
        .xadd(key, 'MAXLEN', size, '*', 'e', JSON.stringify(entry))
        .catch(() => undefined)
    },
    async readInto(journal) {
      const entries = await redis.xrange(key, '-', '+')
      journal.clear()
      for (const [, fields] of entries) {
        journal.record(JSON.parse(fields[1]!) as JournalRecord)
      }
    },
  }
}
