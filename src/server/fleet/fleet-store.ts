import type { Redis } from 'ioredis'
import * as z from 'zod'
import { isObject } from '../../schema/is-object.js'
import { STATE_CHANGE_KINDS, type StateChange } from '../../api/state-change.js'
import type { RawJournalEntry } from '../../api/traffic/create-request-journal.js'
import type { ScenarioCounters } from '../../api/traffic/scenario-counters.js'
import { fleetCharterSchema, type FleetCharter } from './fleet-charter.js'

// Every key of a fleet, `{prefix}:{name in kebab-case}`, with the type it
// must hold (docs/replicas.md has the table); a fleet has no channels.
const KEY_TYPES = {
  charter: 'string', // the fleet's charter (fleet-charter.ts), JSON
  head: 'string', // `<fleet id> <version> <stream ID of the last change>`
  changes: 'stream', // the log: an entry per change, v: version, c: JSON
  latest: 'hash', // kind -> ID of the last change that replaces earlier ones
  records: 'list', // IDs of the record changes since the last load
  lock: 'string', // the fleet's one lock: a random token, with a lease
  counts: 'string', // the scenarios' counts, JSON
  journal: 'stream', // an entry per batch of requests, n: count, b: JSON
  // count: requests the batches hold; cleared: the version of the last
  // clear; each replica's ID: the number of its last batch added
  journalBook: 'hash',
} as const
type Key = keyof typeof KEY_TYPES

// The Lua scripts: each names its keys and arguments in its first lines.
// Reads the charter and head, or writes the proposed ones and drops the
// rest when either is gone (a new fleet, or a Redis that lost its keys).
const CLAIM = `-- KEYS charter head changes latest records counts journal journalBook
-- ARGV charter head
local charter, head = redis.call('GET', KEYS.charter), redis.call('GET', KEYS.head)
if charter and head then return {charter, head} end
redis.call('DEL', KEYS.changes, KEYS.latest, KEYS.records, KEYS.counts, KEYS.journal, KEYS.journalBook)
redis.call('SET', KEYS.charter, ARGV.charter)
redis.call('SET', KEYS.head, ARGV.head)
return {ARGV.charter, ARGV.head}`

// Takes the lock, reading the head and counts; else says for how long it
// is taken, and puts an expiry on a lock left without one.
const LOCK = `-- KEYS lock head counts
-- ARGV token lease
if redis.call('SET', KEYS.lock, ARGV.token, 'NX', 'PX', ARGV.lease) then
  return {1, redis.call('GET', KEYS.head) or false, redis.call('GET', KEYS.counts) or false}
end
local ttl = redis.call('PTTL', KEYS.lock)
if ttl == -1 then redis.call('PEXPIRE', KEYS.lock, ARGV.lease) end
return {0, ttl}`

const RELEASE = `-- KEYS lock counts
-- ARGV token counts
if redis.call('GET', KEYS.lock) ~= ARGV.token then return 0 end
if ARGV.counts ~= '' then redis.call('SET', KEYS.counts, ARGV.counts) end
return redis.call('DEL', KEYS.lock)`

// Appends the changes of one write if the lock is still the writer's and
// the head the one it caught up to; drops the changes each replaces (a
// reset: all before it; a load: the last load and the record changes
// since; clock, variants, journal-clear: their last); releases the lock.
const APPEND = `-- KEYS lock head changes latest records counts journal journalBook
-- ARGV token head kinds changes
if redis.call('GET', KEYS.lock) ~= ARGV.token or redis.call('GET', KEYS.head) ~= ARGV.head then
  return false
end
local fleet, version = string.match(ARGV.head, '^(%S+) (%d+) ')
local texts, id = cjson.decode(ARGV.changes), nil
for i, kind in ipairs(cjson.decode(ARGV.kinds)) do
  version = tonumber(version) + 1
  id = redis.call('XADD', KEYS.changes, '*', 'v', version, 'c', texts[i])
  local replaced = {}
  if kind == 'reset' then
    redis.call('XTRIM', KEYS.changes, 'MINID', id)
    redis.call('DEL', KEYS.latest, KEYS.records, KEYS.counts)
  elseif kind == 'record' then
    redis.call('RPUSH', KEYS.records, id)
  elseif kind ~= 'scenario' then
    if kind == 'load' then
      replaced = redis.call('LRANGE', KEYS.records, 0, -1)
      redis.call('DEL', KEYS.records)
    end
    local last = redis.call('HGET', KEYS.latest, kind)
    if last then table.insert(replaced, last) end
    redis.call('HSET', KEYS.latest, kind, id)
  end
  for j = 1, #replaced, 500 do
    redis.call('XDEL', KEYS.changes, unpack(replaced, j, math.min(j + 499, #replaced)))
  end
  if kind == 'reset' or kind == 'journal-clear' then
    redis.call('DEL', KEYS.journal, KEYS.journalBook)
    redis.call('HSET', KEYS.journalBook, 'cleared', version)
  end
end
redis.call('SET', KEYS.head, fleet .. ' ' .. version .. ' ' .. id)
redis.call('DEL', KEYS.lock)
return fleet .. ' ' .. version .. ' ' .. id`

// Adds a batch unless it was answered before the last clear or added
// already, then drops the oldest batches while the rest hold the journal's
// size: a few commands each time, whatever the size.
const ADD_BATCH = `-- KEYS journal journalBook
-- ARGV size cleared sender seq count batch
local book = redis.call('HMGET', KEYS.journalBook, 'cleared', ARGV.sender)
if tonumber(ARGV.cleared) < tonumber(book[1] or '0') or tonumber(ARGV.seq) <= tonumber(book[2] or '0') then
  return 0
end
redis.call('HSET', KEYS.journalBook, ARGV.sender, ARGV.seq)
redis.call('XADD', KEYS.journal, '*', 'n', ARGV.count, 'b', ARGV.batch)
local held = redis.call('HINCRBY', KEYS.journalBook, 'count', ARGV.count)
while true do
  local oldest = redis.call('XRANGE', KEYS.journal, '-', '+', 'COUNT', 1)[1]
  local count = tonumber(oldest[2][2])
  if held - count < tonumber(ARGV.size) then return 1 end
  redis.call('XDEL', KEYS.journal, oldest[1])
  held = redis.call('HINCRBY', KEYS.journalBook, 'count', -count)
end`

/** A key under the prefix that holds what the fleet cannot read. */
export class UnreadableKeyError extends Error {
  override name = 'UnreadableKeyError'
  constructor(key: string, problem: string) {
    super(`${key} ${problem}`)
  }
}

/** Where a fleet stands: its identity, version and last change's stream ID. */
export type Head = { fleet: string; version: number; entry: string }

type Args = Record<string, string | number>
const NAMES = Object.keys(KEY_TYPES) as Key[]
const SCRIPTS = { CLAIM, LOCK, RELEASE, APPEND, ADD_BATCH }
/** JSON text that holds what `schema` says (`#parse` takes a throw in). */
const json = <T>(schema: z.ZodType<T>) =>
  z
    .string()
    .transform((text): unknown => JSON.parse(text))
    .pipe(schema)
const isChange = (change: unknown) =>
  STATE_CHANGE_KINDS.includes((change as StateChange | null)?.kind as never)
const logEntrySchema = z.tuple([
  z.literal('v'),
  z.string().regex(/^\d+$/).transform(Number),
  z.literal('c'),
  json(z.custom<StateChange>(isChange)),
])
const countsSchema = json(
  z.custom<ScenarioCounters>((counts) =>
    isObject((counts as ScenarioCounters | null)?.scenarios),
  ),
)
/** A batch of the journal: each entry with when it arrived by the wall clock. */
const batchSchema = json(
  z.array(z.tuple([z.number(), z.custom<RawJournalEntry>(isObject)])),
)
/** What each key must hold, as a message says. */
const WHAT = {
  charter: 'the charter of a fleet',
  changes: 'a change of the fleet',
  counts: 'counts',
  journal: 'a batch of journal entries',
}
export type JournalBatch = z.infer<typeof batchSchema>

/**
 * Every Redis command of a fleet at one prefix, the only place that names
 * its keys. A key of the wrong type, and a value that cannot be read, throw
 * an `UnreadableKeyError` naming the key.
 */
export class FleetStore {
  readonly keys: Record<Key, string>
  readonly #redis: Redis
  readonly #scripts: Record<string, (args: Args) => Promise<unknown>> = {}

  constructor(redis: Redis, prefix: string) {
    const kebab = (name: string) =>
      name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
    this.keys = Object.fromEntries(
      NAMES.map((name) => [name, `${prefix}:${kebab(name)}`]),
    ) as Record<Key, string>
    this.#redis = redis
    for (const [name, lua] of Object.entries(SCRIPTS)) {
      this.#scripts[name] = defineScript(redis, this.keys, lua)
    }
  }

  parseHead(text: string | null): Head | null {
    const match = /^(\S+) (\d+) (\d+-\d+)$/.exec(text ?? '')
    if (match !== null) {
      return { fleet: match[1]!, version: Number(match[2]), entry: match[3]! }
    }
    if (text === null) return null
    const shown = JSON.stringify(text.slice(0, 60))
    throw new UnreadableKeyError(this.keys.head, `holds ${shown}, not a head`)
  }

  formatHead(head: Head): string {
    return `${head.fleet} ${head.version} ${head.entry}`
  }

  readHead(): Promise<string | null> {
    return this.#naming(this.#redis.get(this.keys.head))
  }

  /** The charter and head at the prefix, `mine` and its start if there were none. */
  async claim(mine: FleetCharter) {
    const head = this.formatHead({ fleet: mine.id, version: 0, entry: '0-0' })
    const args = { charter: JSON.stringify(mine), head }
    const [charter, found] = (await this.#script('CLAIM', args)) as string[]
    return {
      charter: this.#parse('charter', charter, json(fleetCharterSchema)),
      head: this.parseHead(found!)!,
    }
  }

  /** The lock taken with the head and counts, or how long it stays taken. */
  async lock(token: string, lease: number) {
    const reply = await this.#script('LOCK', { token, lease })
    const [taken, head, counts] = reply as [number, string | null, string]
    return { taken: taken === 1, head, counts, ttl: Number(head) }
  }

  parseCounts(text: string): ScenarioCounters {
    return this.#parse('counts', text, countsSchema)
  }

  async release(token: string, counts: string): Promise<boolean> {
    return (await this.#script('RELEASE', { token, counts })) === 1
  }

  /** The new head, or `undefined` when the lock lapsed or the head moved. */
  async append(token: string, head: string, changes: StateChange[]) {
    const kinds = changes.map(({ kind }) =>
      kind.startsWith('scenario') ? 'scenario' : kind,
    )
    const texts = JSON.stringify(changes.map((c) => JSON.stringify(c)))
    const args = { token, head, kinds: JSON.stringify(kinds), changes: texts }
    const appended = await this.#script('APPEND', args)
    return appended === null ? undefined : String(appended)
  }

  async readLog(after: string) {
    const range = this.#redis.xrange(this.keys.changes, `(${after}`, '+')
    return (await this.#naming(range)).map(([id, fields]) => {
      const [, version, , change] = this.#parse(
        'changes',
        fields,
        logEntrySchema,
        id,
      )
      return { id, version, change }
    })
  }

  async hasEntry(id: string): Promise<boolean> {
    const range = this.#redis.xrange(this.keys.changes, id, id)
    return (await this.#naming(range)).length === 1
  }

  addBatch(args: Args): Promise<unknown> {
    return this.#script('ADD_BATCH', args)
  }

  async readJournal(): Promise<JournalBatch[]> {
    const range = this.#redis.xrange(this.keys.journal, '-', '+')
    return (await this.#naming(range)).map(([id, fields]) =>
      this.#parse('journal', fields[3], batchSchema, id),
    )
  }

  /** `value`, read at `key` (in its stream entry `id`), as `schema` has it. */
  #parse<T>(
    key: keyof typeof WHAT,
    value: unknown,
    schema: z.ZodType<T>,
    id?: string,
  ): T {
    try {
      const parsed = schema.safeParse(value)
      if (parsed.success) return parsed.data
    } catch {}
    const what = id === undefined ? 'is' : `holds entry ${id}, which is`
    throw new UnreadableKeyError(this.keys[key], `${what} not ${WHAT[key]}`)
  }

  #script(name: keyof typeof SCRIPTS, args: Args): Promise<unknown> {
    return this.#naming(this.#scripts[name]!(args))
  }

  /** Awaits `reply`, naming a key of the wrong type if it meets one. */
  async #naming<Result>(reply: Promise<Result>): Promise<Result> {
    try {
      return await reply
    } catch (error) {
      if (!String(error).includes('WRONGTYPE')) throw error
      const types = await Promise.all(
        NAMES.map((name) => this.#redis.type(this.keys[name])),
      )
      const i = NAMES.findIndex(
        (name, i) => types[i] !== 'none' && types[i] !== KEY_TYPES[name],
      )
      if (i === -1) throw error
      const problem = `is a ${types[i]}, where the fleet keeps a ${KEY_TYPES[NAMES[i]!]}`
      throw new UnreadableKeyError(this.keys[NAMES[i]!], problem)
    }
  }
}

let defined = 0

/**
 * Defines the Lua script `lua` on `redis` as a command of its own (sent by
 * its SHA with `EVALSHA`, loaded again after a restart). Its first lines
 * name its keys (`-- KEYS lock head`), taken from `keys`, and its arguments
 * (`-- ARGV token`), which it reads by name: `KEYS.lock`, `ARGV.token`.
 */
function defineScript(
  redis: Redis,
  keys: Readonly<Record<string, string>>,
  lua: string,
): (args: Args) => Promise<unknown> {
  const [, used = '', args = ''] = /^-- KEYS (.*)\n-- ARGV (.*)/.exec(lua) ?? []
  const [keyNames, argNames] = [used.split(' '), args.split(' ')]
  // Locals that shadow the globals: Redis 7 refuses to change a global.
  const named = (table: string, names: string[]) =>
    `local ${table} = {${names.map((name, i) => `${name} = ${table}[${i + 1}]`).join(', ')}}`
  const name = `fleetScript${++defined}`
  redis.defineCommand(name, {
    numberOfKeys: keyNames.length,
    lua: `${named('KEYS', keyNames)}\n${named('ARGV', argNames)}\n${lua}`,
  })
  const command = (redis as unknown as Record<string, Function>)[name]!
  return (values) =>
    command.call(
      redis,
      ...keyNames.map((key) => keys[key]),
      ...argNames.map((arg) => values[arg]),
    )
}
