import type { ServerResponse } from 'node:http'
import type { ScenarioEngine } from '../../api/traffic/create-scenario-engine.js'
import type { FleetLock } from './fleet-lock.js'
import { FRESH_MS } from './replica.js'

type Refuse = (response: ServerResponse) => void

/** How a replica lets a request through (the request pipeline's `Admission`). */
export interface Admission {
  refuse?: Refuse
  counted?: () => Promise<Refuse | undefined>
}

interface Turn {
  members: number
  answered: number
  /** When it sent for the lock: a request may join until `FRESH_MS` later. */
  sent?: { mono: number; wall: number }
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
   * (`reads`: the control API's lists). A request joins a turn whose lock is
   * on its way only within `FRESH_MS` of its sending, so the head read with
   * the lock is newer than any write acknowledged before the request came
   * (the argument of docs/replicas.md's "Why no read is stale").
   */
  async join(refuse: Refuse, reads = false): Promise<Admission> {
    const { sent } = this.#next ?? {}
    const late = (now = performance.now()) =>
      now - sent!.mono >= FRESH_MS || Date.now() - sent!.wall >= FRESH_MS
    if (sent !== undefined && late()) this.#next = undefined
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
      turn.sent = { mono: performance.now(), wall: Date.now() }
      const lock = await this.lock.take().catch(() => undefined)
      // Requests from now on wait for the turn after this one.
      if (this.#next === turn) this.#next = undefined
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
      let timer: NodeJS.Timeout | undefined
      const late = new Promise((go) => (timer = setTimeout(go, 1e3)))
      if (turn.members > 0) await Promise.race([allDone, late])
      clearTimeout(timer)
      const counts = JSON.stringify(this.scenarios.exportCounters())
      // Not awaited: the next turn's lock goes out right behind the release
      // on the same connection, so Redis runs it after.
      void this.lock.release(lock.token, counts).then((kept) => {
        if (!kept) replica.mustRebuild('the fleet did not take its counts')
        keep(kept)
      })
    })
    return turn
  }
}
