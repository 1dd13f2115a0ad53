import type { MockCore } from '../../api/mock-core.js'

/**
 * Makes a control write: runs `change`, which changes the mock, and
 * resolves with what it returned once the change can be read everywhere it
 * is served (in a fleet: through every replica).
 */
export type ControlWrite = <Result>(
  change: () => Result | Promise<Result>,
) => Promise<Result>

/** A server alone: the change is made, and that is all. */
export const writeAlone: ControlWrite = async (change) => change()

/**
 * A control request that could not be served, with the answer to send: a
 * replica that cannot reach its fleet's Redis, for one.
 */
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

/** What `GET /__mock/health` says of a replica, and the status it answers. */
export interface ReplicaHealth {
  /** 503 while the replica refuses the API, so a load balancer takes it out. */
  httpStatus: number
  body: { status: string; [field: string]: unknown }
}

/**
 * What a replica of a fleet puts on the control API.
 */
export interface ControlHooks {
  /** The mock the routes change: the replica's, whose changes `write` sends to the fleet. */
  mock?: MockCore
  /** Makes each control write (see `ControlWrite`). */
  write?: ControlWrite
  /** Before `GET /requests` lists the journal: fills it with the fleet's. */
  readJournal?: () => Promise<void>
  health?: () => ReplicaHealth
}
