import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RequestHandler } from 'express'
import { isApiPath } from '../../api/api-prefix.js'
import { createSharedMockCore } from '../../api/create-mock-core.js'
import type { MockCore, MockCoreInternals } from '../../api/mock-core.js'
import type { MockOptions } from '../../api/mock-options.js'
import type { StateChange } from '../../api/state-change.js'
import { DEFAULT_JOURNAL_SIZE } from '../../api/traffic/create-request-journal.js'
import { connectRedis } from './connect-redis.js'
import { clearsJournal, createChangeLog, isReset } from './create-change-log.js'
import { createSharedCounters } from './create-shared-counters.js'
import { createSharedJournal } from './create-shared-journal.js'
import { createCountingTurns } from './create-counting-turns.js'
import { createHeadReads } from './create-head-reads.js'
import { createRollCall } from './create-roll-call.js'
import { refuseWithoutRedis } from './refuse-without-redis.js'
import { shareScenarioCounts } from './share-scenario-counts.js'
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_FLEET_PREFIX,
  describeRedisUrl,
  type FleetOptions,
} from './fleet-options.js'
import {
  checkFleetData,
  claimFleetRecord,
  createFleetRecord,
  type FleetRecord,
} from './fleet-record.js'

/** How a replica stands with its fleet, as `/__mock/health` tells it. */
interface FleetHealth {
  status: 'ok' | 'degraded'
  redis: 'connected' | 'unreachable'
  /** On the fleet's roll it answers API requests without asking Redis; off it, it reads the fleet's version first. */
  roll: 'on' | 'off'
}

/**
 * One replica of a fleet: its mock, whose control calls go through the
 * fleet's change log, and the hooks the server puts on its request path.
 */
interface Fleet {
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
/** The control routes that read the journal: the fleet's is read first. */
const JOURNAL_READS = new Set(['/requests', '/client-report'])

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
  const counters = createSharedCounters(redis, prefix)
  const recordKey = `${prefix}:fleet`
  const mine = createFleetRecord(options)

  const claimRecord = (proposal: FleetRecord) =>
    claimFleetRecord(redis, recordKey, proposal)
  let recordText: string
  let record: FleetRecord
  try {
    recordText = await claimRecord(mine)
    record = JSON.parse(recordText) as FleetRecord
    checkFleetData(record, mine, where)
  } catch (error) {
    redis.disconnect()
    throw error
  }

  let version = 0
  /** The version of the last reset this replica applied (0: none). */
  let resetVersion = 0
  let lastId = '-'
  /** The changes of library calls (`server.mock`), shared one after another. */
  let alone: Promise<void> = Promise.resolve()
  /** The changes of the control write in progress, which holds the lock. */
  let captured: StateChange[] | undefined
  let rejoining: Promise<void> | undefined
  /** Whether this replica holds a change the fleet never got. */
  let diverged = false
  // Catch-ups, appends and rejoins run one at a time, in order.
  let turn: Promise<unknown> = Promise.resolve()
  /** How many of them are queued or running. */
  let turnsAhead = 0
  function inTurn<Result>(step: () => Promise<Result>): Promise<Result> {
    turnsAhead++
    const next = turn.then(step).finally(() => turnsAhead--)
    turn = next.catch(() => undefined)
    return next
  }

  const fleetJournal = createSharedJournal(
    redis,
    prefix,
    options.journalSize ?? DEFAULT_JOURNAL_SIZE,
  )
  const log = createChangeLog(redis, prefix, fleetJournal.keys)
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
      if (captured !== undefined) return void captured.push(change)
      // In the order they were made; an async call resolves once shared.
      alone = alone.then(() => publishAlone(change))
      return alone
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
        if (clearsJournal(entry.changes)) fleetJournal.cleared(entry.version)
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
      fleetJournal.cleared(0)
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

  const countingTurns = createCountingTurns(counters, scenarioCounts, reconcile)
  const countIfShared = (request: IncomingMessage) =>
    countingTurns.join(request, shared.mock.prefix, shared.strict)

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
    // On the roll, this replica has every acknowledged write already: an
    // API request waits only for a catch-up under way (never half-applied
    // state). Control reads still read the head, for the counts they show.
    if (
      roll.present() &&
      !diverged &&
      isApiPath(request.url ?? '/', shared.mock.prefix)
    ) {
      if (turnsAhead === 0) return countIfShared(request)
      return turn.then(() => countIfShared(request))
    }
    return heads.caughtUp().then(
      () => countIfShared(request),
      () => undefined,
    )
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
      if (clearsJournal(changes)) fleetJournal.cleared(appended.version)
      lastId = appended.id
      return true
    }).then(async (published) => {
      if (!published) void rejoinFromLog().catch(() => undefined)
      // Acknowledged once every replica on the roll has it.
      else await roll.call(version).catch(() => undefined)
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
      fleetJournal.cleared(0)
    }).then(() => catchUp())
  }

  const guardControl: RequestHandler = (request, response, next) => {
    if (READ_METHODS.has(request.method)) {
      if (!JOURNAL_READS.has(request.path) || redis.status !== 'ready') {
        return next()
      }
      // Every replica on the roll sends what it holds, then it is read.
      roll
        .call(version)
        .then(() => fleetJournal.readInto(shared.journal))
        .then(
          () => next(),
          () => next(),
        )
      return
    }
    if (redis.status !== 'ready') {
      refuseWithoutRedis(response, 'Redis cannot be reached', where)
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
        refuseWithoutRedis(response, 'Redis cannot be reached', where)
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
                refuseWithoutRedis(
                  response,
                  'another replica changed the fleet meanwhile (the write lock lapsed)',
                  where,
                )
              }
            },
            () => {
              diverged = true
              refuseWithoutRedis(
                response,
                'Redis could not be reached to share it',
                where,
              )
            },
          )
          .finally(() => release!().catch(() => undefined))
        return response
      }) as typeof end
      next()
    })()
  }

  redis.on('ready', () => {
    void counters
      .head()
      .then((head) => reconcile(head.version, head.record))
      .catch(() => undefined)
  })
  redis.on('error', () => undefined)

  await catchUp()
  const roll = await createRollCall(redis, prefix, async (target) => {
    await catchUp(target)
    fleetJournal.send()
  })

  return {
    mock: shared.mock,
    sync,
    guardControl,
    health() {
      const connected = redis.status === 'ready'
      return {
        status: connected && rejoining === undefined ? 'ok' : 'degraded',
        redis: connected ? 'connected' : 'unreachable',
        roll: roll.present() ? 'on' : 'off',
      }
    },
    async close() {
      await roll.leave()
      redis.disconnect()
    },
  }
}
