import type { StateChange } from '../../api/state-change.js'
import type { ControlWrite } from '../control/control-hooks.js'
import type { FleetLock } from './fleet-lock.js'

/** Changes made by Node calls in one turn of the event loop. */
interface NodeBatch {
  changes: StateChange[]
  /** How many of the fleet's changes the replica had applied then. */
  remote: number
  written?: Promise<void>
}

/**
 * Writes the changes made on a replica's mock to its fleet, each write as
 * one append under the fleet's lock: a control write's (`write`, whose
 * route's mock reports to `collect`), and those of Node calls
 * (`server.mock`, reporting to `fromNode`), which resolve once written.
 */
export function createFleetWriter(lock: FleetLock) {
  const { replica } = lock
  /** The changes of the control write under way (one at a time). */
  let collected: StateChange[] | undefined
  let nodeBatch: NodeBatch | undefined

  const write: ControlWrite = async (change) => {
    const { made, acknowledged } = await replica.queue.run(async () => {
      const { token } = await lock.take()
      collected = []
      const made = await Promise.resolve()
        .then(change)
        .then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        )
      const changes = collected
      collected = undefined
      if (changes.length > 0) {
        return { made, acknowledged: await lock.append(token, changes) }
      }
      await lock.release(token)
      return { made, acknowledged: async () => undefined }
    })
    await acknowledged()
    if ('error' in made) throw made.error
    return made.value
  }

  function fromNode(change: StateChange): Promise<void> {
    const batch = (nodeBatch ??= { changes: [], remote: replica.remoteApplied })
    batch.changes.push(change)
    return (batch.written ??= replica.queue
      .run(async () => {
        if (nodeBatch === batch) nodeBatch = undefined
        const { token, head } = await lock.take(true)
        // Made on an older state than the fleet's: undone, not written.
        if (head !== replica.head || replica.remoteApplied !== batch.remote) {
          await lock.release(token)
          throw lock.refusal('another replica changed the fleet meanwhile')
        }
        return lock.append(token, batch.changes)
      })
      .then(
        (acknowledged) => acknowledged(),
        (error: Error) => {
          replica.mustRebuild('a change made in Node did not reach the fleet')
          const calls = batch.changes.map((made) => made.kind).join(', ')
          lock.warn(
            `server.mock's ${calls} stays on this replica only until it rebuilds from its fleet (${error.message}); in a fleet, change state through the control API (/__mock).`,
          )
        },
      ))
  }

  return {
    write,
    fromNode,
    /** The change of a control route, made inside `write`. */
    collect(change: StateChange): void {
      if (collected !== undefined) collected.push(change)
      else void fromNode(change)
    },
  }
}
