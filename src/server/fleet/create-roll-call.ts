import { randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'

// Redis's clock in milliseconds: leases are counted on it, so that replicas
// whose clocks differ agree on when one ran out.
const NOW = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
`

// Puts a replica on the roll, leased until Redis's now + ARGV[2] ms, and
// returns the fleet's version and the number of the last call: the replica
// catches up to that version before it skips head reads, and answers that
// call for the calls it did not hear. KEYS: roll, version, calls.
// ARGV: replica, lease in ms.
const ENROL = `${NOW}
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
return {redis.call('GET', KEYS[2]) or '0', redis.call('GET', KEYS[3]) or '0'}
`

// Extends a lease that still holds; 0 when the replica was struck off or
// its lease ran out (it must enrol again). KEYS: roll. ARGV: replica, lease.
const RENEW = `${NOW}
local leased = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not leased or tonumber(leased) <= now then
  redis.call('ZREM', KEYS[1], ARGV[1])
  return 0
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
return 1
`

// Numbers a call, publishes it with the version to catch up to, and returns
// the number and the replicas whose lease holds, in one step: a replica
// enrolled after it has caught up to the version already. KEYS: roll, calls.
// ARGV: calls channel, version.
const CALL = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local number = redis.call('INCR', KEYS[2])
redis.call('PUBLISH', ARGV[1], number .. ' ' .. ARGV[2])
return {number, redis.call('ZRANGE', KEYS[1], 0, -1)}
`

// Strikes replicas off the roll and returns how long, at most, one of them
// may still think its lease holds (ms). KEYS: roll. ARGV: replicas.
const STRIKE = `${NOW}
local longest = 0
for i = 1, #ARGV do
  local leased = redis.call('ZSCORE', KEYS[1], ARGV[i])
  if leased then longest = math.max(longest, tonumber(leased) - now) end
  redis.call('ZREM', KEYS[1], ARGV[i])
end
return longest
`

/** How long a lease on the roll holds, on Redis's clock. */
const LEASE_MS = 2_000
/** How often a replica renews its lease, or tries to enrol. */
const RENEW_EVERY_MS = 500
/**
 * How much sooner than Redis a replica takes its lease to end: it counts
 * from before its request was sent, and this covers clocks that run apart.
 */
const MARGIN_MS = 250
/** How long a call waits for an answer before it strikes a replica off. */
const ANSWER_WITHIN_MS = 1_000

/**
 * The fleet's roll: the replicas that answer every write's call (catch up,
 * send their journal) before the write is acknowledged, so their API
 * requests need not read the fleet's head first.
 */
interface RollCall {
  /**
   * Whether this replica is on the roll and its lease holds: every write
   * acknowledged so far is applied here.
   */
  present(): boolean
  /**
   * Calls the roll: resolves once every replica on it has caught up to
   * `version` and sent the journal entries it held, or was struck off and
   * its lease has run out.
   */
  call(version: number): Promise<void>
  /** Leaves the roll (at close). */
  leave(): Promise<void>
}

interface Waiting {
  number: number
  replicas: Set<string>
  done: () => void
}

/**
 * Puts this replica on the roll of the fleet under `prefix`. `answer(version)`
 * is what it does when called: catch up to `version` and send its journal.
 * The lease is renewed in the background; while Redis or the subscription
 * is away, the replica is not present, and reads the head per request.
 * @example
 * const roll = await createRollCall(redis, prefix, (version) => catchUp(version))
 */
export async function createRollCall(
  redis: Redis,
  prefix: string,
  answer: (version: number) => Promise<void>,
): Promise<RollCall> {
  const me = randomBytes(6).toString('hex')
  const keys = {
    roll: `${prefix}:roll`,
    version: `${prefix}:version`,
    calls: `${prefix}:calls`,
  }
  const channels = {
    calls: `${prefix}:calls`,
    answers: `${prefix}:answers`,
  }
  /** Until when (this process's clock) this replica is present; 0: not. */
  let presentUntil = 0
  let enrolled = false
  /** The highest call each replica answered. */
  const answered = new Map<string, number>()
  const waiting = new Set<Waiting>()
  let selfAnswer: { number: number; heard: () => void } | undefined

  const subscriber = redis.duplicate()
  subscriber.on('error', () => undefined)
  const away = () => {
    presentUntil = 0
    enrolled = false
  }
  /** Takes this replica off the roll in Redis too, so no call waits for it. */
  const withdraw = () => {
    away()
    if (redis.status === 'ready')
      redis.zrem(keys.roll, me).catch(() => undefined)
  }
  subscriber.on('close', withdraw)
  redis.on('close', away)
  subscriber.on('message', (channel: string, message: string) => {
    const [first, second] = message.split(' ') as [string, string]
    if (channel === channels.calls) {
      const number = Number(first)
      answer(Number(second)).then(
        () => redis.publish(channels.answers, `${me} ${number}`),
        () => undefined,
      )
      return
    }
    const number = Number(second)
    if ((answered.get(first) ?? 0) < number) answered.set(first, number)
    if (first === me && selfAnswer !== undefined && number >= selfAnswer.number)
      selfAnswer.heard()
    for (const call of waiting) {
      if (call.number <= number && call.replicas.delete(first)) {
        if (call.replicas.size === 0) call.done()
      }
    }
  })
  await subscriber.connect().catch(() => undefined)
  await subscriber
    .subscribe(channels.calls, channels.answers)
    .catch(() => undefined)

  /** Enrols: catches up to the version of then, and hears its own answer. */
  async function enrol(): Promise<void> {
    const sent = performance.now()
    const [version, number] = (await redis.eval(
      ENROL,
      3,
      keys.roll,
      keys.version,
      keys.calls,
      me,
      LEASE_MS,
    )) as [string, string]
    await answer(Number(version))
    // Hearing its own answer proves the subscription carries the calls.
    const heard = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), ANSWER_WITHIN_MS)
      selfAnswer = {
        number: Number(number),
        heard: () => {
          clearTimeout(timer)
          resolve(true)
        },
      }
    })
    await redis.publish(channels.answers, `${me} ${number}`)
    const proved = await heard
    selfAnswer = undefined
    if (!proved) return withdraw()
    enrolled = true
    presentUntil = sent + LEASE_MS - MARGIN_MS
  }

  async function renew(): Promise<void> {
    const sent = performance.now()
    const held = await redis.eval(RENEW, 1, keys.roll, me, LEASE_MS)
    if (held === 1) presentUntil = sent + LEASE_MS - MARGIN_MS
    else away()
  }

  let busy = false
  async function keepLease(): Promise<void> {
    if (busy) return
    busy = true
    try {
      if (redis.status !== 'ready' || subscriber.status !== 'ready') away()
      else if (enrolled) await renew()
      else await enrol()
    } catch {
      away()
    } finally {
      busy = false
    }
  }
  const timer = setInterval(() => void keepLease(), RENEW_EVERY_MS)
  timer.unref()
  await keepLease()

  return {
    present: () => performance.now() < presentUntil,
    async call(version) {
      const [number, replicas] = (await redis.eval(
        CALL,
        2,
        keys.roll,
        keys.calls,
        channels.calls,
        version,
      )) as [number, string[]]
      // Replicas that left the roll are forgotten (restarts bring new ones).
      for (const replica of answered.keys()) {
        if (!replicas.includes(replica)) answered.delete(replica)
      }
      const call: Waiting = {
        number,
        replicas: new Set(
          replicas.filter((replica) => (answered.get(replica) ?? 0) < number),
        ),
        done: () => undefined,
      }
      if (call.replicas.size === 0) return
      await new Promise<void>((resolve) => {
        let late: NodeJS.Timeout | undefined
        let finished = false
        call.done = () => {
          if (finished) return
          finished = true
          clearTimeout(late)
          waiting.delete(call)
          resolve()
        }
        waiting.add(call)
        late = setTimeout(() => {
          // Struck off, a replica reads the head per request again once its
          // lease has run out: then it sees this write too.
          redis
            .eval(STRIKE, 1, keys.roll, ...call.replicas)
            .then((longest) => Math.max(Number(longest), 0) + 20)
            .catch(() => LEASE_MS)
            .then((ms) => {
              if (!finished) late = setTimeout(call.done, ms)
            })
        }, ANSWER_WITHIN_MS)
      })
    },
    async leave() {
      clearInterval(timer)
      away()
      for (const call of waiting) call.done()
      await redis.zrem(keys.roll, me).catch(() => undefined)
      subscriber.disconnect()
    },
  }
}
