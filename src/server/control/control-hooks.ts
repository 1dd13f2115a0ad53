import type { RequestHandler } from 'express'

/**
 * What a replica of a fleet puts on the control API.
 */
export interface ControlHooks {
  /** Runs before every route: a write is shared before it is acknowledged. */
  guard?: RequestHandler
  /** What `GET /health` says of the replica beside the dataset's counts. */
  health?: () => { status: 'ok' | 'degraded'; redis: string; roll: string }
}
