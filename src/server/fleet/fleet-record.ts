import { createHash, randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { MockOptions } from '../../api/mock-options.js'
import { DEFAULT_SEED } from '../../data/default-keys.js'
import { FleetError } from './fleet-options.js'

/**
 * What the first replica of a fleet writes at `{prefix}:fleet` and every
 * later one reads: the data it serves (which must match), and the state it
 * started with (applied once for the fleet).
 */
export interface FleetRecord {
  /** Tells one life of the fleet from the next (after Redis lost its data). */
  epoch: string
  data: DataFingerprint
  /** The asset secret of the fleet, given or generated once. */
  assetSecret: string
  /** When the fleet's clock started, epoch milliseconds. */
  clockStart: number
  /** The start options that set shared state, as the first replica had them. */
  start: Pick<MockOptions, 'rateLimit' | 'scenarios' | 'variants' | 'speed'>
}

/** The data options every replica must share, with the flags that set them. */
interface DataFingerprint {
  seed: number
  projects: number | null
  contents: number | null
  apiKey: string | null
  live: boolean
  /** SHA-256 of the fixture document's JSON, or null for generated data. */
  fixtures: string | null
  /** SHA-256 of the asset secret a replica was given, or null. */
  assetSecret: string | null
}

const FLAGS: Record<keyof DataFingerprint, string> = {
  seed: '--seed',
  projects: '--projects',
  contents: '--contents',
  apiKey: '--api-key',
  live: '--live',
  fixtures: '--fixtures (the document)',
  assetSecret: '--asset-secret',
}

/**
 * The record a replica would write if it were the first of its fleet.
 * @example
 * const record = createFleetRecord({ seed: 7 })
 */
export function createFleetRecord(options: MockOptions): FleetRecord {
  return {
    epoch: randomBytes(9).toString('base64url'),
    data: {
      seed: options.seed ?? DEFAULT_SEED,
      projects: options.size?.projects ?? null,
      contents: options.size?.contents ?? null,
      apiKey: options.apiKey ?? null,
      live: options.live === true,
      fixtures:
        options.fixtures === undefined
          ? null
          : sha256(JSON.stringify(options.fixtures)),
      assetSecret:
        options.assetSecret === undefined ? null : sha256(options.assetSecret),
    },
    assetSecret: options.assetSecret ?? randomBytes(32).toString('base64url'),
    clockStart: Date.now(),
    start: {
      rateLimit: options.rateLimit,
      scenarios: options.scenarios,
      variants: options.variants,
      speed: options.speed,
    },
  }
}

/**
 * Throws unless this replica's data options are the fleet's.
 * @throws {FleetError} naming the first flag that differs.
 */
export function checkFleetData(
  fleet: FleetRecord,
  mine: FleetRecord,
  where: string,
): void {
  for (const key of Object.keys(FLAGS) as Array<keyof DataFingerprint>) {
    const theirs = fleet.data[key]
    const ours = mine.data[key]
    // A replica that gives no secret takes the fleet's.
    if (key === 'assetSecret' && ours === null) continue
    if (theirs === ours) continue
    const shown = (value: unknown) =>
      key === 'fixtures' || key === 'assetSecret'
        ? value === null
          ? 'none'
          : 'another one'
        : value === null
          ? 'not given'
          : JSON.stringify(value)
    throw new FleetError(
      `This replica's ${FLAGS[key]} (${shown(ours)}) differs from its fleet's (${key === 'fixtures' || key === 'assetSecret' ? (theirs === null ? 'none' : 'another') : shown(theirs)}) at ${where}: start it with the same data flags as the other replicas, or give it another --redis-prefix to start a fleet of its own.`,
    )
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/**
 * Writes `proposal` at `key` unless the fleet has a record there already;
 * resolves with the fleet's record as stored.
 * @example
 * const text = await claimFleetRecord(redis, 'content-api-mock:fleet', createFleetRecord(options))
 */
export async function claimFleetRecord(
  redis: Redis,
  key: string,
  proposal: FleetRecord,
): Promise<string> {
  await redis.set(key, JSON.stringify(proposal), 'NX')
  const text = await redis.get(key)
  if (text === null) throw new Error(`${key} vanished at start`)
  return text
}
