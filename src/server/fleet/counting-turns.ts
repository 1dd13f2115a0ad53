import type { ServerResponse } from 'node:http'
import type { ScenarioEngine } from '../../api/traffic/create-scenario-engine.js'
import type { FleetLock } from './fleet-lock.js'

type Refuse = (response: ServerResponse) => void

/** How a replica lets a request through (the request pipeline's `Admission`). */
export interface Admission {
  refuse?: Refuse
  counted?: () => Promise<Refuse | undefined>
}

interface Turn {
  members: number
  answered: number
  /** Whether its members count in it, or are refused, or count alone. */
  admission: Promise<'counted' | 'refused' | 'alone'>
  /** Resolves with whether the fleet took the counts. */
  kept: Promise<boolean>
  done(): void
}

/**
 * The turns in which a replica counts the requests that move a count of its
 * fleet (`times`, fail-rate draws, rate limits): the requests that wait for
 * the same turn take the fleet's lock once, with the counts, and answer one
 * after another; their answers go out once the counts they left are stored,
 * so every count is the fleet's, also when a replica is cut off halfway.
 */
export class CountingTurns {
  #next: Turn | undefined

  constructor(
    readonly lock: FleetLock,
    readonly scenarios: ScenarioEngine,
  ) {}

  /**
   * Joins the next turn: to count, or only to read the counts it takes in
   * (`reads`: the control API's lists).
   */
  async join(refuse: Refuse, reads = false): Promise<Admission> {
    const turn = (this.#next ??= this.#start())
    if (!reads) turn.members++
    const admission = await turn.admission
    if (admission !== 'counted') return admission === 'alone' ? {} : { refuse }
    if (reads) return {}
    return {
      counted: async () => {
        if (++turn.answered === turn.members) turn.done()
        return (await turn.kept) ? undefined : refuse
      },
    }
  }

  #start(): Turn {
    let admit!: (admission: Awaited<Turn['admission']>) => void
    let keep!: (kept: boolean) => void
    let done!: () => void
    const turn: Turn = {
      ...{ members: 0, answered: 0, done: () => done() },
      admission: new Promise((resolve) => (admit = resolve)),
      kept: new Promise((resolve) => (keep = resolve)),
    }
    const allDone = new Promise<void>((resolve) => (done = resolve))
    const { replica } = this.lock
    void replica.queue.run(async () => {
      // Requests from now on wait for the turn after this one.
      this.#next = undefined
      const lock = await this.lock.take().catch(() => undefined)
      if (lock === undefined) {
        return admit(replica.servesLastState() ? 'alone' : 'refused')
      }
      try {
        if (lock.counts !== null) {
          this.scenarios.importCounters(
            this.lock.store.parseCounts(lock.counts),
          )
        }
      } catch (error) {
        void this.lock.release(lock.token)
        replica.fail(error)
        return admit('refused')
      }
      admit('counted')
      // The members answer at once; a second is for one that never does.
      const late = new Promise((go) => setTimeout(go, 1e3))
      if (turn.members > 0) await Promise.race([allDone, late])
      const counts = JSON.stringify(this.scenarios.exportCounters())
      const kept = await this.lock.release(lock.token, counts)
      if (!kept) replica.mustRebuild('the fleet did not take its counts')
      keep(kept)
    })
    return turn
  }
}
