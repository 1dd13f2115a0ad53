import type { Redis } from 'ioredis'
import { STATE_CHANGE_KINDS, type StateChange } from '../../api/state-change.js'

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
  journalCount: 'string', // how many requests the batches hold
  journalCleared: 'string', // the version of the last journal clear
  journalSenders: 'hash', // replica -> number of its last batch added
} as const
type Key = keyof typeof KEY_TYPES

// The Lua scripts: each names its keys and arguments in its first lines.
// Reads the charter and head, or writes the proposed ones and drops the
// rest when either is gone (a new fleet, or a Redis that lost its keys).
const CLAIM = `-- KEYS charter head changes latest records counts journal journalCount journalCleared journalSenders
-- ARGV charter head
local charter, head = redis.call('GET', KEYS.charter), redis.call('GET', KEYS.head)
if charter and head then return {charter, head} end
redis.call('DEL', KEYS.changes, KEYS.latest, KEYS.records, KEYS.counts,
  KEYS.journal, KEYS.journalCount, KEYS.journalCleared, KEYS.journalSenders)
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
const APPEND = `-- KEYS lock head changes latest records counts journal journalCount journalSenders journalCleared
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
    redis.call('DEL', KEYS.journal, KEYS.journalCount, KEYS.journalSenders)
    redis.call('SET', KEYS.journalCleared, version)
  end
end
redis.call('SET', KEYS.head, fleet .. ' ' .. version .. ' ' .. id)
redis.call('DEL', KEYS.lock)
return fleet .. ' ' .. version .. ' ' .. id`

// Adds a batch unless it was answered before the last clear or added
// already, then drops the oldest batches while the rest hold the journal's
// size: a few commands each time, whatever the size.
const ADD_BATCH = `-- KEYS journal journalCount journalCleared journalSenders
-- ARGV size cleared sender seq count batch
if tonumber(ARGV.cleared) < tonumber(redis.call('GET', KEYS.journalCleared) or '0')
  or tonumber(ARGV.seq) <= tonumber(redis.call('HGET', KEYS.journalSenders, ARGV.sender) or '0') then
  return 0
end
redis.call('HSET', KEYS.journalSenders, ARGV.sender, ARGV.seq)
redis.call('XADD', KEYS.journal, '*', 'n', ARGV.count, 'b', ARGV.batch)
local held = redis.call('INCRBY', KEYS.journalCount, ARGV.count)
while true do
  local oldest = redis.call('XRANGE', KEYS.journal, '-', '+', 'COUNT', 1)[1]
  local count = tonumber(oldest[2][2])
  if held - count < tonumber(ARGV.size) then return 1 end
  redis.call('XDEL', KEYS.journal, oldest[1])
  held = redis.call('DECRBY', KEYS.journalCount, count)
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

/** The fleet's keys and scripts at one prefix. */
export type FleetStore = ReturnType<typeof createFleetStore>

/**
 * Every Redis command of a fleet, the only place that names its keys. A key
 * of the wrong type, and a value that cannot be read, throw an
 * `UnreadableKeyError` naming the key.
 * @example
 * const store = createFleetStore(redis, 'content-api-mock')
 * const head = store.parseHead(await store.readHead())
 */
export function createFleetStore(redis: Redis, prefix: string) {
  const names = Object.keys(KEY_TYPES) as Key[]
  const kebab = (name: string) =>
    name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
  const keys = Object.fromEntries(
    names.map((name) => [name, `${prefix}:${kebab(name)}`]),
  ) as Record<Key, string>
  const unreadable = (key: Key, problem: string) =>
    new UnreadableKeyError(keys[key], problem)
  const [claim, lock, release, append, addBatch] = [
    CLAIM,
    LOCK,
    RELEASE,
    APPEND,
    ADD_BATCH,
  ].map((lua) => defineScript(redis, keys, lua))

  /** Runs `step`, naming a key of the wrong type if it meets one. */
  const naming =
    <Args extends unknown[], Result>(step: (...args: Args) => Result) =>
    async (...args: Args): Promise<Awaited<Result>> => {
      try {
        return await step(...args)
      } catch (error) {
        if (!String(error).includes('WRONGTYPE')) throw error
        const types = await Promise.all(names.map((n) => redis.type(keys[n])))
        const i = names.findIndex(
          (name, i) => types[i] !== 'none' && types[i] !== KEY_TYPES[name],
        )
        if (i === -1) throw error
        const expected = KEY_TYPES[names[i]!]
        throw unreadable(
          names[i]!,
          `is a ${types[i]}, where the fleet keeps a ${expected}`,
        )
      }
    }

  function decode([id, [v, version, c, text]]: [string, string[]]) {
    let change: StateChange | undefined
    try {
      change = JSON.parse(text!) as StateChange
    } catch {
      // Told below.
    }
    const isChange = STATE_CHANGE_KINDS.includes(change?.kind as never)
    if (v !== 'v' || c !== 'c' || !/^\d+$/.test(version!) || !isChange) {
      throw unreadable(
        'changes',
        `holds entry ${id}, which is not a change of the fleet`,
      )
    }
    return { id, version: Number(version), change: change! }
  }

  return {
    keys,
    parseHead(text: string | null): Head | null {
      const match = /^(\S+) (\d+) (\d+-\d+)$/.exec(text ?? '')
      if (match !== null) {
        return { fleet: match[1]!, version: Number(match[2]), entry: match[3]! }
      }
      if (text === null) return null
      throw unreadable(
        'head',
        `holds ${JSON.stringify(text.slice(0, 60))}, not a head`,
      )
    },
    formatHead: (head: Head) => `${head.fleet} ${head.version} ${head.entry}`,
    readHead: naming(() => redis.get(keys.head)),
    claim: naming(
      async (charter: string, head: string) =>
        (await claim!({ charter, head })) as [string, string],
    ),
    lock: naming(async (token: string, lease: number) => {
      type Reply = [number, string | null, string | null]
      const [taken, head, counts] = (await lock!({ token, lease })) as Reply
      return { taken: taken === 1, head, counts, ttl: Number(head) }
    }),
    release: naming(
      async (token: string, counts: string) =>
        (await release!({ token, counts })) === 1,
    ),
    /** The new head, or `undefined` when the lock lapsed or the head moved. */
    append: naming(
      async (token: string, head: string, changes: StateChange[]) => {
        const kinds = changes.map(({ kind }) =>
          kind.startsWith('scenario') ? 'scenario' : kind,
        )
        const texts = JSON.stringify(changes.map((c) => JSON.stringify(c)))
        const args = { token, head, kinds: JSON.stringify(kinds) }
        const appended = await append!({ ...args, changes: texts })
        return appended === null ? undefined : String(appended)
      },
    ),
    /** The changes after the one with stream ID `after`. */
    readLog: naming(async (after: string) => {
      const read = []
      for (let from = `(${after}`; ;) {
        const page = await redis.xrange(keys.changes, from, '+', 'COUNT', 200)
        read.push(...page.map(decode))
        if (page.length < 200) return read
        from = `(${page[page.length - 1]![0]}`
      }
    }),
    hasEntry: naming(
      async (id: string) =>
        (await redis.xrange(keys.changes, id, id)).length === 1,
    ),
    addBatch: naming((args: Record<string, string | number>) =>
      addBatch!(args),
    ),
    /** The journal's batches, as JSON texts. */
    readJournal: naming(async () =>
      (await redis.xrange(keys.journal, '-', '+')).map(([, f]) => f[3]!),
    ),
  }
}

let defined = 0

/**
 * Defines the Lua script `lua` on `redis` as a command of its own (sent by
 * its SHA with `EVALSHA`, loaded again after a restart). Its first lines
 * name its keys (`-- KEYS lock head`), taken from `keys`, and its arguments
 * (`-- ARGV token`), which it reads by name: `KEYS.lock`, `ARGV.token`.
 * @example
 * const bump = defineScript(redis, { n: 'fleet:n' }, "-- KEYS n\n-- ARGV by\nreturn redis.call('INCRBY', KEYS.n, ARGV.by)")
 * await bump({ by: 2 })
 */
export function defineScript(
  redis: Redis,
  keys: Readonly<Record<string, string>>,
  lua: string,
): (args: Record<string, string | number>) => Promise<unknown> {
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
