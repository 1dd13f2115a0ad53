import type { IncomingMessage, ServerResponse } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { isApiPath } from '../../api/api-prefix.js'
import { ASSET_PATH_PREFIX } from '../../api/asset-signer.js'
import { buildMockCore } from '../../api/create-mock-core.js'
import type { MockCoreInternals } from '../../api/mock-core.js'
import type { MockOptions } from '../../api/mock-options.js'
import { reportStateChanges } from '../../api/state-change.js'
import { DEFAULT_JOURNAL_SIZE } from '../../api/traffic/create-request-journal.js'
import { writeJsonError } from '../answers/write-json-error.js'
import { connectRedis } from './connect-redis.js'
import { CountingTurns, type Admission } from './counting-turns.js'
import { checkFleetCharter, createFleetCharter } from './fleet-charter.js'
import { FleetJournal } from './fleet-journal.js'
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_FLEET_PREFIX,
  describeRedisUrl,
  FleetError,
  type FleetOptions,
} from './fleet-options.js'
import { FleetStore, UnreadableKeyError } from './fleet-store.js'
import { POLL_MS, Replica } from './replica.js'
import { FleetWriter } from './fleet-writer.js'

/**
 * Joins (or starts) the fleet of replicas at `fleet.url`: checks that this
 * replica serves the fleet's data with its admin token, takes the fleet's
 * start state, asset secret and clock start, and applies the fleet's log.
 * Resolves with the replica: the mock Node calls change (`server.mock`), the
 * hooks of its control API, and the admission of each request.
 * @throws {FleetError} when Redis cannot be reached in time, this replica's
 * options differ from the fleet's, or the fleet's keys cannot be read.
 */
export async function joinFleet(
  fleet: FleetOptions,
  options: MockOptions,
  internals: MockCoreInternals,
  adminToken: string | undefined,
  warn: (message: string) => void,
) {
  const prefix = fleet.prefix ?? DEFAULT_FLEET_PREFIX
  const where = `${describeRedisUrl(fleet.url)} (prefix ${prefix})`
  const timeout = fleet.connectTimeout ?? DEFAULT_CONNECT_TIMEOUT_MS
  const redis = await connectRedis(fleet.url, timeout)
  const store = new FleetStore(redis, prefix)
  try {
    const mine = createFleetCharter(options, adminToken)
    const { charter, head } = await store.claim(mine)
    checkFleetCharter(charter, mine, where)
    const size = options.journalSize ?? DEFAULT_JOURNAL_SIZE
    const journal = new FleetJournal(store, size)
    const storyStart = internals.storyStart ?? charter.clockStart
    // The fleet's start options, also where it has none (JSON drops those).
    const { rateLimit, scenarios, variants, speed } = charter.start
    const { assetSecret } = charter
    const parts = buildMockCore(
      { ...options, rateLimit, scenarios, variants, speed, assetSecret },
      {
        ...internals,
        clockStart: charter.clockStart,
        // Stories count from the fleet's start, its clock's time then.
        storyStart,
        onJournalEntry: (entry) => journal.add(entry),
      },
    )
    await parts.core.ready
    const replica = new Replica({
      ...{ store, journal, parts, charter, storyStart, warn },
      servesLastState: fleet.offline === 'serve-last-state',
      connected: () => redis.status === 'ready',
    })
    await replica.start(head)
    redis.on('ready', () => replica.reconnected())
    const writer = new FleetWriter(replica, store, where, warn)
    return {
      mock: reportStateChanges(parts, writer.fromNode),
      control: {
        mock: reportStateChanges(parts, writer.collect),
        write: writer.write,
        // Once the batches on their way landed.
        readJournal: () =>
          sleep(4 * POLL_MS)
            .then(() => journal.readInto(parts.journal))
            .catch(writer.refuse),
        health: () => replica.health(),
      },
      admit: createAdmission(writer, parts),
      async close() {
        replica.close()
        redis.disconnect()
      },
    }
  } catch (error) {
    redis.disconnect()
    if (!(error instanceof UnreadableKeyError)) throw error
    throw new FleetError(
      `The fleet at ${where} cannot be read: ${error.message}. Delete the keys of that prefix to start the fleet over, or give this replica another --redis-prefix.`,
    )
  }
}

/**
 * The admission of a replica's requests: the API, assets and control reads
 * wait for the replica to be fresh (go on at once while it is), and those
 * that move a count of the fleet count in a turn; `/__mock/health`, control
 * writes (made by `write`) and the rest go on at once.
 */
function createAdmission(
  writer: FleetWriter,
  parts: ReturnType<typeof buildMockCore>,
): (request: IncomingMessage) => Promise<Admission> | undefined {
  const { replica, where } = writer
  const refuseApi = (response: ServerResponse) =>
    writeJsonError(
      response,
      503,
      'service_unavailable',
      `This replica of the mock cannot show that it holds every change its fleet acknowledged (${replica.health().body.problem ?? `its Redis at ${where} is slow to reply`}), so it does not answer from an older state. Try again in a moment: another replica may answer.`,
      { 'retry-after': '1', 'cache-control': 'no-store' },
    )
  const refuseControl = (response: ServerResponse) => {
    const { status, code, message, headers } = writer.refusal(
      `this replica cannot show that it holds every change its fleet acknowledged`,
    )
    writeJsonError(response, status, code, message, headers)
  }
  const turns = new CountingTurns(writer, parts.scenarios)
  const counts = (request: IncomingMessage) =>
    !parts.scenarios.isEmpty ||
    (!parts.strict && request.headers['x-mock-scenario'] !== undefined)

  return (request) => {
    const url = request.url ?? '/'
    const api = isApiPath(url, parts.core.prefix)
    if (!api && !waitsForFresh(request.method, url)) return undefined
    const arrived = performance.now()
    const refuse = api ? refuseApi : refuseControl
    if (counts(request)) return turns.join(refuse, !api)
    if (replica.isFreshFor(arrived)) return undefined
    return replica.waitUntilFresh(arrived).then((fresh) => {
      if (!fresh) return { refuse }
      // Control reads show the fleet's counts, read with the lock.
      return counts(request) ? turns.join(refuse, !api) : {}
    })
  }
}

function waitsForFresh(method = 'GET', url: string): boolean {
  if (url.startsWith(ASSET_PATH_PREFIX)) return true
  const read = method === 'GET' || method === 'HEAD'
  return read && url.startsWith('/__mock/') && !url.startsWith('/__mock/health')
}
