import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RequestHandler } from 'express'
import { createSharedMockCore } from '../../api/create-mock-core.js'
import type { MockCore, MockCoreInternals } from '../../api/mock-core.js'
import type { MockOptions } from '../../api/mock-options.js'
import type { StateChange } from '../../api/state-change.js'
import { DEFAULT_JOURNAL_SIZE } from '../../api/traffic/create-request-journal.js'
import { writeJsonError } from '../answers/write-json-error.js'
import { connectRedis } from './connect-redis.js'
import { createChangeLog, isReset } from './create-change-log.js'
import { createSharedCounters } from './create-shared-counters.js'
import { createSharedJournal } from './create-shared-journal.js'
import { createHeadReads } from './create-head-reads.js'
import { shareScenarioCounts } from './share-scenario-counts.js'
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_FLEET_PREFIX,
  describeRedisUrl,
  type FleetOptions,
} from './fleet-options.js'
import {
  checkFleetData,
  createFleetRecord,
  type FleetRecord,
} from './fleet-record.js'

/** How a replica stands with its fleet, as `/__mock/health` tells it. */
export interface FleetHealth {
  status: 'ok' | 'degraded'
  redis: 'connected' | 'unreachable'
}

/**
 * One replica of a fleet: its mock, whose control calls go through the
 * fleet's change log, and the hooks the server puts on its request path.
 */
export interface Fleet {
  readonly mock: MockCore
  /**
   * Before a request is answered: catches up with the fleet's changes
   * (read-your-writes through any replica); `undefined` while Redis is away,
   * when the replica answers from the state it knows.
   */
  sync(request: IncomingMessage): Promise<(() => void) | undefined> | undefined
  /** Goes before the control routes: a write is shared before it is acknowledged. */
  readonly guardControl: RequestHandler
  health(): FleetHealth
  close(): Promise<void>
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Joins (or starts) the fleet of replicas at `fleet.url`: checks that this
 * replica serves the fleet's data, takes the fleet's start state, asset
 * secret and clock start, and applies the changes made so far.
 * @throws {FleetError} when Redis cannot be reached in time, or this
 * replica's data options differ from the fleet's.
 * @example
 * const fleet = await joinFleet({ url: 'redis://127.0.0.1:6379' }, { seed: 7 }, {})
 */
export async function joinFleet(
  fleet: FleetOptions,
  options: MockOptions,
  internals: MockCoreInternals,
  warn: (message: string) => void,
): Promise<Fleet> {
  const prefix = fleet.prefix ?? DEFAULT_FLEET_PREFIX
  const where = `${describeRedisUrl(fleet.url)} (prefix ${prefix})`
  const redis = await connectRedis(
    fleet.url,
    fleet.connectTimeout ?? DEFAULT_CONNECT_TIMEOUT_MS,
  )
  const log = createChangeLog(redis, prefix)
  const counters = createSharedCounters(redis, prefix)
  const recordKey = `${prefix}:fleet`
  const mine = createFleetRecord(options)

  /** Writes our record unless the fleet has one; returns the fleet's. */
  async function claimRecord(proposal: FleetRecord): Promise<string> {
    await redis.set(recordKey, JSON.stringify(proposal), 'NX')
    const text = await redis.get(recordKey)
    if (text === null) throw new Error(`${recordKey} vanished at start`)
    return text
  }

  let recordText: string
  try {
    recordText = await claimRecord(mine)
  } catch (error) {
    redis.disconnect()
    throw error
  }
  const record = JSON.parse(recordText) as FleetRecord
  try {
    checkFleetData(record, mine, where)
  } catch (error) {
    redis.disconnect()
    throw error
  }

  let version = 0
  /** The version of the last reset this replica applied (0: none). */
  let resetVersion = 0
  let lastId = '-'
  /** The changes of the control write in progress, which holds the lock. */
  let captured: StateChange[] | undefined
  let rejoining: Promise<void> | undefined
  /** Whether this replica holds a change the fleet never got. */
  let diverged = false
  // Catch-ups, appends and rejoins run one at a time, in order.
  let turn: Promise<unknown> = Promise.resolve()
  function inTurn<Result>(step: () => Promise<Result>): Promise<Result> {
    const next = turn.then(step)
    turn = next.catch(() => undefined)
    return next
  }

  const fleetJournal = createSharedJournal(
    redis,
    `${prefix}:journal`,
    options.journalSize ?? DEFAULT_JOURNAL_SIZE,
    () => heads.schedule(),
  )
  const shared = createSharedMockCore(
    {
      ...options,
      // The fleet's, also where it has none (JSON leaves those out).
      rateLimit: record.start.rateLimit,
      scenarios: record.start.scenarios,
      variants: record.start.variants,
      speed: record.start.speed,
      assetSecret: record.assetSecret,
    },
    {
      ...internals,
      clockStart: record.clockStart,
      // Stories count from the fleet's start, which is its clock's time then.
      storyStart: internals.storyStart ?? record.clockStart,
      onJournalEntry: (entry) => fleetJournal.add(entry),
    },
    (change) => {
      if (captured !== undefined) captured.push(change)
      else void publishAlone(change)
    },
  )
  await shared.mock.ready

  function catchUp(target = Infinity): Promise<void> {
    return inTurn(async () => {
      if (version >= target) return
      for (const entry of await log.read(lastId)) {
        lastId = entry.id
        if (entry.version <= version) continue
        for (const change of entry.changes) {
          await shared.apply(change).catch((error: Error) => {
            warn(
              `a change of the fleet failed here (${change.kind}): ${error.message}`,
            )
          })
        }
        version = entry.version
        if (isReset(entry.changes)) resetVersion = entry.version
      }
    })
  }

  /** Back to the start state, after Redis lost the fleet's data. */
  function rejoin(): Promise<void> {
    rejoining ??= inTurn(async () => {
      recordText = await claimRecord({
        ...record,
        epoch: createFleetRecord(options).epoch,
      })
      await shared.apply({ kind: 'reset' })
      version = 0
      resetVersion = 0
      lastId = '-'
      diverged = false
    })
      .then(() => catchUp())
      .finally(() => {
        rejoining = undefined
      })
    return rejoining
  }

  /** Brings this replica to the fleet's version and record. */
  async function reconcile(fleetVersion: number, text: string | null) {
    if (text !== recordText || fleetVersion < version) await rejoin()
    else if (diverged) await rejoinFromLog()
    else if (fleetVersion > version) await catchUp(fleetVersion)
  }

  const scenarioCounts = shareScenarioCounts(
    shared.scenarios,
    () => resetVersion,
  )

  const heads = createHeadReads(counters, fleetJournal, async (head) => {
    await reconcile(head.version, head.record)
    scenarioCounts.take(head.counters)
  })

  function sync(
    request: IncomingMessage,
  ): Promise<(() => void) | undefined> | undefined {
    if (redis.status !== 'ready') return undefined
    if (rejoining !== undefined) {
      return rejoining.then(
        () => undefined,
        () => undefined,
      )
    }
    return heads.caughtUp().then(
      () =>
        scenarioCounts.counts(request, shared.mock.prefix, shared.strict)
          ? takeCount()
          : undefined,
      () => undefined,
    )
  }

  /** Takes the fleet's counting lock for one request; resolves with its release. */
  async function takeCount(): Promise<(() => void) | undefined> {
    const turn = await counters.take().catch(() => undefined)
    if (turn === undefined) return undefined
    const release = () => {
      void turn.release(scenarioCounts.give()).catch(() => undefined)
    }
    try {
      await reconcile(turn.version, turn.record)
      scenarioCounts.forget()
      scenarioCounts.take(turn.counters)
    } catch {
      release()
      return undefined
    }
    return release
  }

  /** Appends changes made here; on a conflict, takes the fleet's state back. */
  function publish(changes: StateChange[]): Promise<boolean> {
    if (changes.length === 0) return Promise.resolve(true)
    return inTurn(async () => {
      const appended = await log.append(version, changes)
      if (appended === undefined) {
        diverged = true
        return false
      }
      version = appended.version
      if (isReset(changes)) resetVersion = appended.version
      lastId = appended.id
      return true
    }).then((published) => {
      if (!published) void rejoinFromLog().catch(() => undefined)
      return published
    })
  }

  /** The changes of a library call outside a control request (`server.mock`). */
  async function publishAlone(change: StateChange): Promise<void> {
    try {
      const release = await log.lock()
      try {
        if (!(await publish([change]))) {
          warn(
            `server.mock.${change.kind} was made while another replica changed the fleet, so it was undone; make changes through the control API (/__mock) in a fleet.`,
          )
        }
      } finally {
        await release()
      }
    } catch {
      warn(
        `server.mock.${change.kind} stays on this replica: Redis at ${where} cannot be reached.`,
      )
    }
  }

  /** Replays the whole log over the start state: this replica diverged. */
  function rejoinFromLog(): Promise<void> {
    return inTurn(async () => {
      diverged = false
      await shared.apply({ kind: 'reset' })
      version = 0
      resetVersion = 0
      lastId = '-'
    }).then(() => catchUp())
  }

  function unavailable(response: ServerResponse, why: string): void {
    writeJsonError(
      response,
      503,
      'redis_unavailable',
      `This change was not made: ${why}, and a replica changes state only through the fleet's Redis at ${where}, so that every replica sees the same. The API keeps answering from the last state it knew; try the change again once GET /__mock/health answers "status": "ok".`,
    )
  }

  const guardControl: RequestHandler = (request, response, next) => {
    if (READ_METHODS.has(request.method)) {
      if (request.path !== '/requests' || redis.status !== 'ready') {
        return next()
      }
      fleetJournal.readInto(shared.journal).then(
        () => next(),
        () => next(),
      )
      return
    }
    if (redis.status !== 'ready') {
      unavailable(response, 'Redis cannot be reached')
      return
    }
    void (async () => {
      let release: (() => Promise<void>) | undefined
      try {
        release = await log.lock()
        const { version: fleetVersion, record: text } = await log.head()
        if (text !== recordText || fleetVersion < version) await rejoin()
        else await catchUp(fleetVersion)
      } catch {
        await release?.().catch(() => undefined)
        unavailable(response, 'Redis cannot be reached')
        return
      }
      captured = []
      const end = response.end
      response.end = ((...args: Parameters<typeof end>) => {
        response.end = end
        const changes = captured ?? []
        captured = undefined
        publish(changes)
          .then(
            (published) => {
              if (published) end.apply(response, args)
              else {
                answerInstead(
                  response,
                  'another replica changed the fleet meanwhile (the write lock lapsed)',
                )
              }
            },
            () => {
              diverged = true
              answerInstead(response, 'Redis could not be reached to share it')
            },
          )
          .finally(() => release!().catch(() => undefined))
        return response
      }) as typeof end
      next()
    })()
  }

  function answerInstead(response: ServerResponse, why: string): void {
    for (const name of response.getHeaderNames()) {
      if (!name.startsWith('access-control-')) response.removeHeader(name)
    }
    unavailable(response, why)
  }

  // Idle replicas catch up as soon as a change is announced, so the
  // request path rarely has to.
  const subscriber = redis.duplicate()
  subscriber.on('error', () => undefined)
  await subscriber.connect().catch(() => undefined)
  await subscriber.subscribe(`${prefix}:notices`).catch(() => undefined)
  subscriber.on('message', (_channel: string, message: string) => {
    if (Number(message) > version)
      void catchUp(Number(message)).catch(() => undefined)
  })
  redis.on('ready', () => {
    void counters
      .head()
      .then((head) => reconcile(head.version, head.record))
      .catch(() => undefined)
  })
  redis.on('error', () => undefined)

  await catchUp()

  return {
    mock: shared.mock,
    sync,
    guardControl,
    health() {
      const connected = redis.status === 'ready'
      return {
        status: connected && rejoining === undefined ? 'ok' : 'degraded',
        redis: connected ? 'connected' : 'unreachable',
      }
    },
    async close() {
      subscriber.disconnect()
      redis.disconnect()
    },
  }
}
