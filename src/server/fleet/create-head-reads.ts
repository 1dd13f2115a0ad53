import type { SharedCounters } from './create-shared-counters.js'
import type { SharedJournal } from './create-shared-journal.js'

type Head = Awaited<ReturnType<SharedCounters['head']>>

/** The reads of the fleet's head a replica makes before it answers. */
interface HeadReads {
  /**
   * Resolves once a read of the head sent after this call was taken in
   * (read-your-writes: it sees every change acknowledged before the call).
   */
  caughtUp(): Promise<void>
}

/**
 * Reads the fleet's head for the requests of a replica, and takes each
 * head in with `takeIn` (catching up) before the requests go on.
 * @example
 * const heads = createHeadReads(counters, journal, (head) => reconcile(head))
 */
export function createHeadReads(
  counters: SharedCounters,
  journal: SharedJournal,
  takeIn: (head: Head) => Promise<void>,
): HeadReads {
  // @note The requests that arrive while no read is on its way wait on one
  // promise: one read, sent after the last of them arrived, which also
  // carries the journal entries waiting then. With one read on its way at a
  // time, a replica under load sends one command for many requests.
  let scheduled = false
  let onItsWay = false
  let waiters:
    { resolve: () => void; reject: (error: unknown) => void } | undefined
  let waiting: Promise<void> | undefined

  function schedule(): void {
    if (scheduled) return
    scheduled = true
    setImmediate(run)
  }

  function run(): void {
    scheduled = false
    const these = waiters
    if (these === undefined || onItsWay) return
    waiters = undefined
    waiting = undefined
    onItsWay = true
    counters
      .head(journal)
      .then(takeIn)
      .finally(() => {
        onItsWay = false
        if (waiters !== undefined) schedule()
      })
      .then(these.resolve, these.reject)
  }

  return {
    caughtUp() {
      if (waiting === undefined) {
        waiting = new Promise((resolve, reject) => {
          waiters = { resolve, reject }
        })
        schedule()
      }
      return waiting
    },
  }
}
