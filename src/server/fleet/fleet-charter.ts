import { createHash, randomBytes } from 'node:crypto'
import type { MockOptions } from '../../api/mock-options.js'
import { DEFAULT_SEED } from '../../data/default-keys.js'
import { FleetError } from './fleet-options.js'
import { UnreadableKeyError } from './fleet-store.js'

/**
 * What the first replica of a fleet writes at `{prefix}:charter` and every
 * later one reads: what each must share with it (`data`), and the state the
 * fleet started with.
 */
export interface FleetCharter {
  /** Tells this fleet from one started over at the same prefix. */
  id: string
  data: {
    seed: number
    projects: number | null
    contents: number | null
    apiKey: string | null
    live: boolean
    /** SHA-256 of the fixture document's JSON. */
    fixtures: string | null
    /** SHA-256 of the asset secret a replica was given. */
    assetSecret: string | null
    /** SHA-256 of the control API's admin token; null: open. */
    adminToken: string | null
  }
  /** The asset secret of the fleet, given or generated once. */
  assetSecret: string
  /** When the fleet's clock started, epoch milliseconds. */
  clockStart: number
  /** The start options that set fleet state, as the first replica had them. */
  start: Pick<MockOptions, 'rateLimit' | 'scenarios' | 'variants' | 'speed'>
}

type Fingerprint = FleetCharter['data']

// The flags of each option every replica must give as the fleet's first did.
const FLAGS: Record<keyof Fingerprint, string> = {
  seed: '--seed',
  projects: '--projects',
  contents: '--contents',
  apiKey: '--api-key',
  live: '--live',
  fixtures: '--fixtures (the document)',
  assetSecret: '--asset-secret',
  adminToken: '--admin-token',
}
const HIDDEN = new Set<string>(['fixtures', 'assetSecret', 'adminToken'])

/**
 * The charter a replica would write if it were the first of its fleet.
 * @example
 * const charter = createFleetCharter({ seed: 7 }, undefined)
 */
export function createFleetCharter(
  options: MockOptions,
  adminToken: string | undefined,
): FleetCharter {
  const sha256 = (text: string | undefined) =>
    text === undefined ? null : createHash('sha256').update(text).digest('hex')
  return {
    id: randomBytes(9).toString('base64url'),
    data: {
      seed: options.seed ?? DEFAULT_SEED,
      projects: options.size?.projects ?? null,
      contents: options.size?.contents ?? null,
      apiKey: options.apiKey ?? null,
      live: options.live === true,
      fixtures: sha256(
        options.fixtures === undefined
          ? undefined
          : JSON.stringify(options.fixtures),
      ),
      assetSecret: sha256(options.assetSecret),
      adminToken: sha256(adminToken),
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
 * Throws unless this replica's options are the fleet's.
 * @throws {FleetError} naming the first flag that differs.
 */
export function checkFleetCharter(
  fleet: FleetCharter,
  mine: FleetCharter,
  where: string,
): void {
  for (const key of Object.keys(FLAGS) as Array<keyof Fingerprint>) {
    const [theirs, ours] = [fleet.data[key], mine.data[key]]
    // A replica that gives no asset secret takes the fleet's.
    if (theirs === ours || (key === 'assetSecret' && ours === null)) continue
    const shown = (value: unknown, other: string) =>
      value === null
        ? HIDDEN.has(key)
          ? 'none'
          : 'not given'
        : HIDDEN.has(key)
          ? other
          : JSON.stringify(value)
    const why =
      key === 'adminToken'
        ? ' (a fleet has one admin token, so that no replica left open changes what a protected one serves; a token a replica generates is its own)'
        : ''
    throw new FleetError(
      `This replica's ${FLAGS[key]} (${shown(ours, 'another one')}) differs from its fleet's (${shown(theirs, 'another')}) at ${where}${why}: start it with the same flags as the other replicas, or give it another --redis-prefix to start a fleet of its own.`,
    )
  }
}

/**
 * Reads the charter at `key`.
 * @throws {UnreadableKeyError} when it is not one.
 */
export function parseFleetCharter(text: string, key: string): FleetCharter {
  try {
    const charter = JSON.parse(text) as FleetCharter
    const { id, data, assetSecret, clockStart, start } = charter
    const types = [id, data, assetSecret, clockStart, start].map(
      (v) => typeof v,
    )
    if (types.join() === 'string,object,string,number,object') return charter
  } catch {
    // Told below.
  }
  throw new UnreadableKeyError(key, 'is not the charter of a fleet')
}
