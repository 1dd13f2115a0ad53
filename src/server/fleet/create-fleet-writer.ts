import type { StateChange } from '../../api/state-change.js'
import type { ControlWrite } from '../control/control-hooks.js'
import type { Replica } from './replica.js'

/** Changes made by Node calls in one turn of the event loop. */
interface NodeBatch {
  changes: StateChange[]
  /** How many of the fleet's changes the replica had applied then. */
  remote: number
  written: Promise<void>
}

/**
 * Writes the changes made on a replica's mock to its fleet, each write as
 * one append under the fleet's lock: a control write's (`write`, whose
 * route's mock reports to `collect`), and those of Node calls
 * (`server.mock`, reporting to `fromNode`), which resolve once written.
 */
export function createFleetWriter(
  replica: Replica,
  warn: (text: string) => void,
) {
  /** The changes of the control write under way (one at a time). */
  let collected: StateChange[] | undefined
  let nodeBatch: NodeBatch | undefined

  const write: ControlWrite = async (change) => {
    const { made, acknowledged } = await replica.queue.run(async () => {
      const { token } = await replica.lock()
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
        return { made, acknowledged: await replica.append(token, changes) }
      }
      await replica.release(token)
      return { made, acknowledged: async () => undefined }
    })
    await acknowledged()
    if ('error' in made) throw made.error
    return made.value
  }

  function fromNode(change: StateChange): Promise<void> {
    const batch = (nodeBatch ??= startNodeBatch())
    batch.changes.push(change)
    return batch.written
  }

  function startNodeBatch(): NodeBatch {
    const batch = { changes: [], remote: replica.remoteApplied } as Omit<
      NodeBatch,
      'written'
    >
    const written = replica.queue
      .run(async () => {
        if (nodeBatch === batch) nodeBatch = undefined
        const lock = await replica.lock(true)
        // Made on an older state than the fleet's: undone, not written.
        if (
          lock.head !== replica.formatHead() ||
          replica.remoteApplied !== batch.remote
        ) {
          await replica.release(lock.token)
          throw replica.refusal('another replica changed the fleet meanwhile')
        }
        return replica.append(lock.token, batch.changes)
      })
      .then(
        (acknowledged) => acknowledged(),
        (error: Error) => {
          replica.mustRebuild('a change made in Node did not reach the fleet')
          const calls = batch.changes.map((made) => made.kind).join(', ')
          warn(
            `server.mock's ${calls} stays on this replica only until it rebuilds from its fleet (${error.message}); in a fleet, change state through the control API (/__mock).`,
          )
        },
      )
    return Object.assign(batch, { written })
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
