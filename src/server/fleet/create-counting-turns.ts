import type { IncomingMessage } from 'node:http'
import type { SharedCounters } from './create-shared-counters.js'
import type { ScenarioCounts } from './share-scenario-counts.js'

/** A request's part of a counting turn: call it once the request is answered. */
type Release = () => void

/**
 * The turns of the fleet's counting lock a replica takes for the requests
 * that move a count the fleet shares.
 */
interface CountingTurns {
  /**
   * Joins the next turn if answering `request` moves a shared count;
   * resolves with this request's release, or `undefined` when it counts
   * without one (Redis away). `undefined` at once when nothing is counted.
   */
  join(
    request: IncomingMessage,
    prefix: string,
    strict: boolean,
  ): Promise<Release | undefined> | undefined
}

/**
 * Creates the counting turns of a replica: the requests that wait for the
 * same turn all count in it, one after another, and the last of them
 * releases the lock with the counts they left, so a busy replica takes the
 * lock once for many requests and the counts stay the fleet's. A turn first
 * brings the replica to the fleet's version (`reconcile`).
 * @example
 * const turns = createCountingTurns(counters, counts, reconcile)
 * const release = await turns.join(request, '/public-api/v1', true)
 */
export function createCountingTurns(
  counters: SharedCounters,
  counts: ScenarioCounts,
  reconcile: (version: number, record: string | null) => Promise<void>,
): CountingTurns {
  let next: { members: number; turn: Promise<Release | undefined> } | undefined

  async function takeTurn(): Promise<Release | undefined> {
    const turn = await counters.take().catch(() => undefined)
    if (turn === undefined) {
      next = undefined
      return undefined
    }
    const release = () => {
      void turn.release(counts.give()).catch(() => undefined)
    }
    try {
      await reconcile(turn.version, turn.record)
      counts.forget()
      counts.take(turn.counters)
    } catch {
      release()
      return undefined
    } finally {
      // Requests from now on wait for the turn after this one.
      next = undefined
    }
    return release
  }

  return {
    join(request, prefix, strict) {
      if (!counts.counts(request, prefix, strict)) return undefined
      const group = (next ??= { members: 0, turn: takeTurn() })
      group.members++
      return group.turn.then((release) =>
        release === undefined
          ? undefined
          : () => {
              if (--group.members === 0) release()
            },
      )
    },
  }
}
