import type { ServerResponse } from 'node:http'
import type { ScenarioEngine } from '../../api/traffic/create-scenario-engine.js'
import type { FleetWriter } from './fleet-writer.js'
import { deferred, isRecent, stamp, type Stamp } from './replica.js'

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
  sent?: Stamp
  /** Whether its members count in it, or are refused, or count alone. */
  admission: ReturnType<typeof deferred<'counted' | 'refused' | 'alone'>>
  /** Its lock's, once taken. */
  token?: string
  /** Whether the fleet took the counts. */
  kept: ReturnType<typeof deferred<boolean>>
  allAnswered: ReturnType<typeof deferred<void>>
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
    readonly writer: FleetWriter,
    readonly scenarios: ScenarioEngine,
  ) {}

  /**
   * Joins the next turn: to count, or only to read the counts it takes in
   * (`reads`: the control API's lists). A request joins a turn whose lock is
   * on its way only within `FRESH_MS` of its sending, so the head read with
   * the lock is newer than any write acknowledged before the request came
   * (docs/replicas.md, "Why no read is stale").
   */
  async join(refuse: Refuse, reads = false): Promise<Admission> {
    const sent = this.#next?.sent
    if (sent !== undefined && !isRecent(sent)) this.#next = undefined
    const turn = (this.#next ??= this.#start())
    if (!reads) turn.members++
    const admission = await turn.admission.promise
    if (admission !== 'counted') return admission === 'alone' ? {} : { refuse }
    if (reads) return {}
    return {
      counted: async () => {
        if (++turn.answered === turn.members) turn.allAnswered.resolve()
        return (await turn.kept.promise) ? undefined : refuse
      },
    }
  }

  #start(): Turn {
    const turn: Turn = {
      ...{ members: 0, answered: 0, admission: deferred() },
      ...{ kept: deferred(), allAnswered: deferred() },
    }
    void this.writer.replica.queue.run(async () => {
      turn.sent = stamp()
      const admission = await this.#take(turn)
      turn.admission.resolve(admission === undefined ? 'counted' : admission)
      if (admission === undefined) await this.#keep(turn)
    })
    return turn
  }

  /** Takes the lock and the counts; says why not, if it cannot. */
  async #take(turn: Turn) {
    const lock = await this.writer.take().catch(() => undefined)
    // Requests from now on wait for the turn after this one.
    if (this.#next === turn) this.#next = undefined
    if (lock === undefined) {
      return this.writer.replica.servesLastState() ? 'alone' : 'refused'
    }
    turn.token = lock.token
    try {
      if (lock.counts !== null) {
        this.scenarios.importCounters(
          this.writer.store.parseCounts(lock.counts),
        )
      }
    } catch (error) {
      void this.writer.release(lock.token)
      this.writer.replica.fail(error)
      return 'refused'
    }
  }

  /** Stores the counts once the members answered (a second at most). */
  async #keep(turn: Turn): Promise<void> {
    // Cleared once the members answered: a turn comes every few ms under load.
    let timer: NodeJS.Timeout | undefined
    const late = new Promise((go) => (timer = setTimeout(go, 1e3)))
    if (turn.members > 0) await Promise.race([turn.allAnswered.promise, late])
    clearTimeout(timer)
    const counts = JSON.stringify(this.scenarios.exportCounters())
    // Not awaited: the next turn's lock goes out right behind the release
    // on the same connection, so Redis runs it after.
    void this.writer.release(turn.token!, counts).then((kept) => {
      if (!kept)
        this.writer.replica.mustRebuild('the fleet did not take its counts')
      turn.kept.resolve(kept)
    })
  }
}
