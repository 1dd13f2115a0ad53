import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { StateChange } from '../../api/state-change.js'
import {
  ControlRefusedError,
  type ControlWrite,
} from '../control/control-hooks.js'
import { UnreadableKeyError, type FleetStore } from './fleet-store.js'
import { describe, FRESH_MS, MARGIN_MS, type Replica } from './replica.js'

const [LEASE_MS, LOCK_WAIT_MS] = [2e3, 4e3]

/** Changes made by Node calls in one turn of the event loop. */
interface NodeBatch {
  changes: StateChange[]
  /** How many of the fleet's changes the replica had applied then. */
  remote: number
  written?: Promise<void>
}

/**
 * Writes the changes made on a replica's mock to its fleet, each write as
 * one append under the fleet's one lock: a control write's (`write`, whose
 * route's mock reports to `collect`), and those of Node calls
 * (`server.mock`, reporting to `fromNode`), which resolve once written. The
 * counting turns take the same lock; the refusals of control requests that
 * cannot be served are made here.
 */
export class FleetWriter {
  /** The changes of the control write under way (one at a time). */
  #collected: StateChange[] | undefined
  #nodeBatch: NodeBatch | undefined

  constructor(
    readonly replica: Replica,
    readonly store: FleetStore,
    readonly where: string,
    readonly warn: (message: string) => void,
  ) {}

  readonly write: ControlWrite = async (change) => {
    const { made, acknowledged } = await this.replica.queue.run(async () => {
      const { token } = await this.take()
      this.#collected = []
      const [made] = await Promise.allSettled([Promise.resolve().then(change)])
      const changes = this.#collected
      this.#collected = undefined
      if (changes.length > 0) {
        return { made, acknowledged: await this.#append(token, changes) }
      }
      await this.release(token)
      return { made, acknowledged: async () => undefined }
    })
    await acknowledged()
    if (made.status === 'rejected') throw made.reason
    return made.value
  }

  /** The change of a control route, made inside `write`. */
  readonly collect = (change: StateChange): void => {
    if (this.#collected !== undefined) this.#collected.push(change)
    else void this.fromNode(change)
  }

  readonly fromNode = (change: StateChange): Promise<void> => {
    const { replica } = this
    const batch = (this.#nodeBatch ??= {
      changes: [],
      remote: replica.remoteApplied,
    })
    batch.changes.push(change)
    return (batch.written ??= replica.queue
      .run(async () => {
        if (this.#nodeBatch === batch) this.#nodeBatch = undefined
        const { token, head } = await this.take(true)
        // Made on an older state than the fleet's: undone, not written.
        if (head !== replica.head || replica.remoteApplied !== batch.remote) {
          await this.release(token)
          throw this.refusal('another replica changed the fleet meanwhile')
        }
        return this.#append(token, batch.changes)
      })
      .then(
        (acknowledged) => acknowledged(),
        (error: Error) => {
          replica.mustRebuild('a change made in Node did not reach the fleet')
          const calls = batch.changes.map((made) => made.kind).join(', ')
          this.warn(
            `server.mock's ${calls} stays on this replica only until it rebuilds from its fleet (${error.message}); in a fleet, change state through the control API (/__mock).`,
          )
        },
      ))
  }

  /**
   * Takes the lock and, unless `asIs`, catches up with the head read with
   * it (rebuilding first if need be). In a queued task.
   * @throws {ControlRefusedError} when it cannot within `LOCK_WAIT_MS`.
   */
  async take(asIs = false) {
    const token = randomBytes(9).toString('base64url')
    const deadline = performance.now() + LOCK_WAIT_MS
    for (let pause = 1; ; pause = Math.min(pause * 2, 25)) {
      const lock = await this.store.lock(token, LEASE_MS).catch(this.refuse)
      if (lock.taken) {
        const why = asIs ? undefined : await this.#reconcile(lock.head, token)
        if (why === undefined) return { token, ...lock }
        await this.release(token)
        await this.replica.rebuildNow(why).catch((error: unknown) => {
          this.replica.fail(error, why)
          this.refuse(error)
        })
        continue
      }
      if (lock.ttl === -1) {
        this.warn(
          `${this.store.keys.lock} had no expiry (content-api-mock never writes it so), so no replica could ever have taken it: it now lapses in ${LEASE_MS / 1e3} s.`,
        )
      }
      if (performance.now() > deadline) {
        throw this.refusal(`its lock stayed taken for ${LOCK_WAIT_MS / 1e3} s`)
      }
      await sleep(pause)
    }
  }

  release(token: string, counts = ''): Promise<boolean> {
    return this.store.release(token, counts).catch(() => false)
  }

  refusal(why: string): ControlRefusedError {
    return new ControlRefusedError(
      503,
      'redis_unavailable',
      `Not done: ${why}. A replica changes and reads state only through its fleet's Redis at ${this.where}, so that every replica sees the same; try again once GET /__mock/health answers 200.`,
      { 'retry-after': '1' },
    )
  }

  /** Throws the refusal of a control request for `error`. */
  readonly refuse = (error: unknown, why?: string): never => {
    if (error instanceof ControlRefusedError) throw error
    if (error instanceof UnreadableKeyError) {
      this.replica.fail(error)
      throw this.refusal(`its fleet cannot be read: ${error.message}`)
    }
    throw this.refusal(why ?? `Redis cannot be reached (${describe(error)})`)
  }

  /**
   * Appends changes made here under the lock `token`; resolves with the
   * wait until a request anywhere sees them. In a queued task.
   * @throws {ControlRefusedError} when they were not appended, or Redis did
   * not say; the replica then rebuilds, as it made them.
   */
  async #append(token: string, changes: StateChange[]) {
    const appended = await this.store
      .append(token, this.replica.head, changes)
      .catch((error: unknown) => {
        this.replica.mustRebuild('Redis did not confirm a change made here')
        return this.refuse(
          error,
          'Redis did not confirm it in time: it may have been made or not, so read it back before you send it again',
        )
      })
    if (appended === undefined) {
      this.replica.mustRebuild('the fleet did not take a change made here')
      throw this.refusal('another replica changed the fleet meanwhile')
    }
    this.replica.appended(this.store.parseHead(appended)!, changes)
    const acknowledged = performance.now() + FRESH_MS + MARGIN_MS
    return async () => {
      // A timer may fire a little early.
      while (performance.now() < acknowledged) {
        await sleep(acknowledged - performance.now())
      }
    }
  }

  /** Catches up under the lock, or says why to rebuild first. */
  #reconcile(head: string | null, token: string) {
    return this.replica.reconcile(head).catch((error) => {
      void this.release(token)
      return this.refuse(error)
    })
  }
}
