import type { Redis } from 'ioredis'
import type {
  RawJournalEntry,
  RequestJournal,
} from '../../api/traffic/create-request-journal.js'
import type { JournalFacts } from '../../api/traffic/journal-facts.js'
import { defineScript } from './define-script.js'

/**
 * Adds a batch of entries to the Stream KEYS[journalKey] as one Stream entry
 * (field `b`, their JSON), and drops the oldest batches while the ones left
 * still hold the journal's size (ARGV[journalArg]): the Stream keeps at least
 * the last `size` entries, a reader keeps exactly those. The List
 * KEYS[journalKey + 2] holds each batch's ID and count, oldest first, so the
 * batches need not be read to be counted. ARGV[journalArg + 1] is the version
 * of the last clear the sending replica had applied: a batch answered before
 * a later clear (KEYS[journalKey + 1]) is dropped. Then come the count and
 * the JSON. A part of the scripts that send journal entries.
 */
export function appendJournalLua(journalKey: number, journalArg: number) {
  const [stream, cleared, counts] = [journalKey, journalKey + 1, journalKey + 2]
  const [size, clearedAt, n, batch] = [0, 1, 2, 3].map((i) => journalArg + i)
  return `
if tonumber(ARGV[${clearedAt}]) >= tonumber(redis.call('GET', KEYS[${cleared}]) or '0') then
  local id = redis.call('XADD', KEYS[${stream}], '*', 'b', ARGV[${batch}])
  redis.call('RPUSH', KEYS[${counts}], id .. ' ' .. ARGV[${n}])
  local total = 0
  for _, batch in ipairs(redis.call('LRANGE', KEYS[${counts}], 0, -1)) do
    total = total + tonumber(string.match(batch, ' (%d+)'))
  end
  while true do
    local oldest = redis.call('LINDEX', KEYS[${counts}], 0)
    local oldestId, first = string.match(oldest, '(%S+) (%d+)')
    if total - tonumber(first) < tonumber(ARGV[${size}]) then break end
    redis.call('XDEL', KEYS[${stream}], oldestId)
    redis.call('LPOP', KEYS[${counts}])
    total = total - tonumber(first)
  end
end
`
}

const APPEND = appendJournalLua(1, 1)

/**
 * An entry as sent: the wall-clock time it arrived (which orders the entries
 * of several replicas), then the record's fields in a fixed order: their
 * names would cost bytes and time on every request.
 */
type Packed = [
  at: number,
  timeMs: number,
  method: string,
  path: string,
  query: string,
  endpoint: string | null,
  keyLabel: string | null,
  status: number,
  durationMs: number,
  networkError: 0 | 1,
  variants: string[] | null,
  proxied: string | null,
  startMs: number,
  lifetimeClockMs: number,
  facts: JournalFacts | null,
]

function pack(entry: RawJournalEntry): Packed {
  return [
    performance.timeOrigin + performance.now(),
    entry.timeMs,
    entry.method,
    entry.path,
    entry.query,
    entry.endpoint ?? null,
    entry.keyLabel ?? null,
    entry.status,
    entry.durationMs,
    entry.networkError ? 1 : 0,
    entry.variants ?? null,
    entry.proxied ?? null,
    entry.startMs,
    entry.lifetimeClockMs,
    factsOf(entry),
  ]
}

/**
 * The facts of an entry, `null` for the many that have none (each fact
 * comes with a `cause`, a `retryAfterSeconds` or an `assetExpiresMs`).
 * Undefined ones are left out by `JSON.stringify`.
 */
function factsOf(entry: RawJournalEntry): JournalFacts | null {
  const { cause, retryAfterSeconds, assetExpiresMs } = entry
  if (
    cause === undefined &&
    retryAfterSeconds === undefined &&
    assetExpiresMs === undefined
  ) {
    return null
  }
  const { keyFingerprint, limitScope, assetIssuedMs } = entry
  return {
    cause,
    keyFingerprint,
    retryAfterSeconds,
    limitScope,
    assetIssuedMs,
    assetExpiresMs,
  }
}

function unpack(packed: Packed): RawJournalEntry {
  const [, timeMs, method, path, query, endpoint, keyLabel, status] = packed
  const [
    durationMs,
    networkError,
    variants,
    proxied,
    startMs,
    lifetime,
    facts,
  ] = packed.slice(8) as [
    number,
    0 | 1,
    string[] | null,
    string | null,
    number,
    number,
    JournalFacts | null,
  ]
  return {
    id: 0,
    timeMs,
    method,
    path,
    query,
    endpoint: endpoint ?? undefined,
    keyLabel: keyLabel ?? undefined,
    status,
    durationMs,
    startMs,
    lifetimeClockMs: lifetime,
    networkError: networkError === 1,
    ...(variants === null ? {} : { variants }),
    ...(proxied === null ? {} : { proxied }),
    ...facts,
  }
}

/**
 * How long an answered request waits to be sent with the ones after it:
 * one command per batch instead of one per request. A read of the journal
 * has every replica send what it holds first, so nothing is missed.
 */
const SEND_AFTER_MS = 5

/** The fleet's one request journal: a Stream capped at the journal's size. */
export interface SharedJournal {
  /** The Stream's key, the key of the version of its last clear, and of its batches' counts. */
  readonly keys: readonly [journal: string, cleared: string, counts: string]
  /** Adds a request this replica answered (while Redis is there). */
  add(entry: RawJournalEntry): void
  /**
   * Takes the entries not sent yet as the arguments of `appendJournalLua`,
   * for a command of the caller's; `[]` when there are none.
   */
  drain(): Array<string | number>
  /** Sends the entries not sent yet. */
  send(): void
  /** This replica applied a clear of the journal at `version`. */
  cleared(version: number): void
  /** Puts the fleet's journal in `journal`, in order of arrival, for its routes. */
  readInto(journal: RequestJournal): Promise<void>
}

/**
 * Creates the fleet's journal at `{prefix}:journal`: each replica adds the
 * requests it answered, once, in batches, and the Stream keeps the last
 * `size` (an exact `MAXLEN`).
 * @example
 * const journal = createSharedJournal(redis, 'content-api-mock', 1000)
 */
export function createSharedJournal(
  redis: Redis,
  prefix: string,
  size: number,
): SharedJournal {
  const keys = [
    `${prefix}:journal`,
    `${prefix}:journal-cleared`,
    `${prefix}:journal-batches`,
  ] as const
  const append = defineScript(redis, APPEND, 3)
  let pending: Packed[] = []
  let clearedVersion = 0
  let timer: NodeJS.Timeout | undefined

  function drain(): Array<string | number> {
    clearTimeout(timer)
    timer = undefined
    if (pending.length === 0) return []
    const args = [size, clearedVersion, pending.length, JSON.stringify(pending)]
    pending = []
    return args
  }

  function send(): void {
    const args = drain()
    if (args.length === 0 || redis.status !== 'ready') return
    append(keys, args).catch(() => undefined)
  }

  return {
    keys,
    add(entry) {
      if (pending.push(pack(entry)) === 1) {
        timer = setTimeout(send, SEND_AFTER_MS)
      }
    },
    drain,
    send,
    cleared(version) {
      clearedVersion = version
      drain()
    },
    async readInto(journal) {
      send()
      // Sent in batches, a replica's entries can land after a later one of
      // another replica: ordered here by arrival.
      const batches = await redis.xrange(keys[0], '-', '+')
      const entries = batches
        .flatMap(([, fields]) => JSON.parse(fields[1]!) as Packed[])
        .sort((a, b) => a[0] - b[0])
      journal.clear()
      for (const packed of entries.slice(-size)) journal.add(unpack(packed))
    },
  }
}
