import { createHash, randomBytes } from 'node:crypto'
import * as z from 'zod'
import type { MockOptions } from '../../api/mock-options.js'
import { DEFAULT_SEED } from '../../data/default-keys.js'
import { FleetError } from './fleet-options.js'

/**
 * What the first replica of a fleet writes at `{prefix}:charter` and every
 * later one reads: each flag every replica gives as the first did (`data`:
 * its value as JSON, `#` and the SHA-256 of a secret, or null), and the
 * state the fleet started with. `id` tells it from one started over.
 */
export const fleetCharterSchema = z.object({
  id: z.string(),
  data: z.record(z.string(), z.string().nullable()),
  assetSecret: z.string(),
  /** When the fleet's clock started, in Unix milliseconds. */
  clockStart: z.number(),
  start: z.custom<
    Pick<MockOptions, 'rateLimit' | 'scenarios' | 'variants' | 'speed'>
  >((start) => typeof start === 'object' && start !== null),
})
export type FleetCharter = z.infer<typeof fleetCharterSchema>

/** The charter a replica would write if it were the first of its fleet. */
export function createFleetCharter(
  options: MockOptions,
  adminToken: string | undefined,
): FleetCharter {
  const json = (value: unknown) => JSON.stringify(value) ?? null
  const hash = (text?: string | null) =>
    text == null ? null : `#${createHash('sha256').update(text).digest('hex')}`
  const { size, fixtures, assetSecret, rateLimit, scenarios, variants } =
    options
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
    start: { rateLimit, scenarios, variants, speed: options.speed },
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
