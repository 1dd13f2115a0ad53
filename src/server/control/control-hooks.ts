import type { MockCore } from '../../api/mock-core.js'

// Resolves once the change can be read everywhere (in a fleet: every replica).
export type ControlWrite = <Result>(
  change: () => Result | Promise<Result>,
) => Promise<Result>

// e.g. a replica that cannot reach its fleet's Redis.
export class ControlRefusedError extends Error {
  override name = 'ControlRefusedError'
  constructor(
    readonly status: number,
    readonly code: 'redis_unavailable',
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export interface ReplicaHealth {
  /** 503 while the replica refuses the API, so a load balancer takes it out. */
  httpStatus: number
  body: { status: string; [field: string]: unknown }
}

export interface ControlHooks {
  /** A replica's own view of the mock, whose changes `write` sends to the fleet. */
  mock?: MockCore
  write?: ControlWrite
  /** Before `GET /requests` lists the journal: fills it with the fleet's. */
  readJournal?: () => Promise<void>
  health?: () => ReplicaHealth
}
