import type { Redis } from 'ioredis'
import type {
  JournalRecord,
  RequestJournal,
} from '../../api/traffic/create-request-journal.js'

/**
 * Adds each entry (ARGV[journalArg] onwards) to the Stream KEYS[journalKey],
 * keeping exactly the last ARGV[journalArg - 1]. A part of the scripts that
 * send journal entries.
 */
export function appendJournalLua(journalKey: number, journalArg: number) {
  return `
for i = ${journalArg}, #ARGV do
  redis.call('XADD', KEYS[${journalKey}], 'MAXLEN', ARGV[${journalArg - 1}], '*', 'e', ARGV[i])
end
`
}

const APPEND = `${appendJournalLua(1, 2)}
return #ARGV - 1
`

/** The fleet's one request journal: a Stream capped at the journal's size. */
export interface SharedJournal {
  /** The Stream's key. */
  readonly key: string
  /** The number of entries the Stream keeps. */
  readonly size: number
  /** Adds a request this replica answered (while Redis is there). */
  add(entry: JournalRecord): void
  /** Takes the entries not sent yet, as JSON, for `send` or a command of the caller's. */
  drain(): string[]
  /** Sends entries taken by `drain`. */
  send(entries: string[]): void
  /** Puts the fleet's journal in `journal`, in order, for its routes. */
  readInto(journal: RequestJournal): Promise<void>
}

/**
 * Creates the fleet's journal at `key`: each replica adds the requests it
 * answered, once, and the Stream keeps the last `size` (an exact `MAXLEN`).
 * `schedule` is called when the first entry waits: it must see that they
 * are drained and sent within the next turn of the event loop.
 * @example
 * const journal = createSharedJournal(redis, 'content-api-mock:journal', 1000, schedule)
 */
export function createSharedJournal(
  redis: Redis,
  key: string,
  size: number,
  schedule: () => void,
): SharedJournal {
  let pending: JournalRecord[] = []
  function drain(): string[] {
    const entries = pending.map((entry) => JSON.stringify(entry))
    pending = []
    return entries
  }
  function send(entries: string[]): void {
    if (entries.length === 0 || redis.status !== 'ready') return
    redis.eval(APPEND, 1, key, size, ...entries).catch(() => undefined)
  }
  function flush(): void {
    if (pending.length > 0) send(drain())
  }
  return {
    key,
    size,
    add(entry) {
      if (pending.push(entry) === 1) schedule()
    },
    drain,
    send,
    async readInto(journal) {
      // What this replica answered but has not sent yet comes first.
      flush()
      const entries = await redis.xrange(key, '-', '+')
      journal.clear()
      for (const [, fields] of entries) {
        journal.record(JSON.parse(fields[1]!) as JournalRecord)
      }
    },
  }
}
