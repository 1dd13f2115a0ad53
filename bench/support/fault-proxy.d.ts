/** What a fault proxy does to the bytes between a replica and Redis. */
export type FaultMode = 'pass' | 'stall' | 'refuse' | 'slow'

/** A started fault proxy (see fault-proxy.js). */
export interface FaultProxy extends AsyncDisposable {
  readonly port: number
  /** The Redis URL that goes through the proxy. */
  readonly url: string
  readonly mode: FaultMode
  /** Switches the mode; `delayMs` is the delay of each chunk under `slow`. */
  set(mode: FaultMode, options?: { delayMs?: number }): void
  close(): Promise<void>
}

export function startFaultProxy(target: {
  host: string
  port: number
}): Promise<FaultProxy>
