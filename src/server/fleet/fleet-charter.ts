import { createHash, randomBytes } from 'node:crypto'
import type { MockOptions } from '../../api/mock-options.js'
import { DEFAULT_SEED } from '../../data/default-keys.js'
import { FleetError } from './fleet-options.js'
import { UnreadableKeyError } from './fleet-store.js'

/**
 * What the first replica of a fleet writes at `{prefix}:charter` and every
 * later one reads: what each must give as it did (`data`), and the state the
 * fleet started with.
 */
export interface FleetCharter {
  /** Tells this fleet from one started over at the same prefix. */
  id: string
  /**
   * Each flag every replica gives as the first did, by its name (`--seed`):
   * its value as JSON, `#` and the SHA-256 of a secret, or null when none.
   */
  data: Record<string, string | null>
  /** The asset secret of the fleet, given or generated once. */
  assetSecret: string
  /** When the fleet's clock started, in Unix milliseconds. */
  clockStart: number
  /** The start options that set fleet state, as the first replica had them. */
  start: Pick<MockOptions, 'rateLimit' | 'scenarios' | 'variants' | 'speed'>
}

/** The charter a replica would write if it were the first of its fleet. */
export function createFleetCharter(
  options: MockOptions,
  adminToken: string | undefined,
): FleetCharter {
  const json = (value: unknown) => JSON.stringify(value) ?? null
  const hash = (text?: string | null) =>
    text == null ? null : `#${createHash('sha256').update(text).digest('hex')}`
  const { size, fixtures, assetSecret } = options
  return {
    id: randomBytes(9).toString('base64url'),
    data: {
      '--seed': json(options.seed ?? DEFAULT_SEED),
      '--projects': json(size?.projects),
      '--contents': json(size?.contents),
      '--api-key': json(options.apiKey),
      '--live': json(options.live === true),
      '--fixtures (the document)': hash(json(fixtures)),
      '--asset-secret': hash(assetSecret),
      '--admin-token': hash(adminToken),
    },
    assetSecret: assetSecret ?? randomBytes(32).toString('base64url'),
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
  for (const [flag, ours] of Object.entries(mine.data)) {
    const theirs = fleet.data[flag] ?? null
    // A replica that gives no asset secret takes the fleet's.
    if (theirs === ours || (flag === '--asset-secret' && ours === null)) {
      continue
    }
    const secret = (theirs ?? ours)!.startsWith('#')
    const shown = (value: string | null, other: string) =>
      value === null ? (secret ? 'none' : 'not given') : secret ? other : value
    const why =
      flag === '--admin-token'
        ? ' (a fleet has one admin token, so that no replica left open changes what a protected one serves; a token a replica generates is its own)'
        : ''
    throw new FleetError(
      `This replica's ${flag} (${shown(ours, 'another one')}) differs from its fleet's (${shown(theirs, 'another')}) at ${where}${why}: start it with the same flags as the other replicas, or give it another --redis-prefix to start a fleet of its own.`,
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
  } catch {}
  throw new UnreadableKeyError(key, 'is not the charter of a fleet')
}
