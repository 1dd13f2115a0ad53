import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import * as state from '../../api/state-change.js'
import type { ReplicaHealth } from '../control/control-hooks.js'
import type { FleetCharter } from './fleet-charter.js'
import type { FleetJournal } from './fleet-journal.js'
import {
  UnreadableKeyError,
  type FleetStore,
  type Head,
} from './fleet-store.js'
import { SerialQueue } from '../../data/serial-queue.js'

// Why no read is stale (docs/replicas.md): a replica reads the head every
// POLL_MS and is fresh for FRESH_MS after sending a read it applied, and a
// write is acknowledged FRESH_MS + MARGIN_MS after Redis took it.
export const [POLL_MS, FRESH_MS, MARGIN_MS] = [10, 50, 5]
const [WAIT_MS, CUT_OFF_MS] = [2e3, 1e3]

/** Where a replica stands with its fleet (docs/replicas.md draws it). */
type ReplicaState =
  | { name: 'following' | 'closed' }
  | { name: 'cut-off' | 'rebuilding' | 'unreadable'; why: string }

/** A moment by both clocks: the monotonic one stands still while the machine sleeps. */
export type Stamp = { mono: number; wall: number }
export const stamp = (): Stamp => ({
  mono: performance.now(),
  wall: Date.now(),
})
export const isRecent = (since: Stamp, ms = FRESH_MS) =>
  performance.now() - since.mono < ms && Date.now() - since.wall < ms

export function deferred<T = void>() {
  let resolve!: (value: T) => void
  return { promise: new Promise<T>((done) => (resolve = done)), resolve }
}
export const describe = (error: unknown) =>
  error instanceof Error ? error.message : String(error)

interface ReplicaSettings {
  store: FleetStore
  journal: FleetJournal
  parts: state.StateParts
  charter: FleetCharter
  /** The mock time a rebuild's reset counts story offsets from. */
  storyStart: number
  /** Answers from the last state while cut off, instead of refusing. */
  servesLastState: boolean
  warn: (message: string) => void
  connected: () => boolean
}

/**
 * One replica of a fleet: its state, the reads of the head that keep it
 * fresh, catching up and rebuilding, and the one serial queue of every
 * change to its mock (the lock and appends are `FleetWriter`'s).
 */
export class Replica {
  readonly queue = new SerialQueue(() => this.#changed())
  /** How many of the fleet's changes it applied: a Node change made before one is undone. */
  remoteApplied = 0
  readonly #settings: ReplicaSettings
  readonly #store: FleetStore
  #state: ReplicaState = { name: 'rebuilding', why: 'joining the fleet' }
  #charter: FleetCharter
  #head: Head
  /** When the last read of the head applied here was sent. */
  #fresh: Stamp = { mono: -Infinity, wall: -Infinity }
  #appendedAt = -Infinity
  #lastReply = performance.now()
  #polling = false
  /** The catch-up or rebuild queued and not started, if any. */
  readonly #queued = new Set<'catch-up' | 'rebuild'>()
  /** Redis was reached again: maybe another one (a failover). */
  #reconnected = false
  /** It made a change the fleet may lack: it rebuilds once Redis replies. */
  #mustRebuild: string | undefined
  /** Its mock left the start state since it started or rebuilt. */
  #dirty = false
  #warned = ''
  /** Resolves at the next change of state or freshness. */
  #next = deferred()
  readonly #timers: NodeJS.Timeout[] = []

  constructor(settings: ReplicaSettings) {
    this.#settings = settings
    this.#store = settings.store
    this.#charter = settings.charter
    this.#head = { fleet: settings.charter.id, version: 0, entry: '0-0' }
  }

  /** Applies the fleet's log up to `head`, then follows the fleet. */
  async start(head: Head): Promise<void> {
    await this.queue.run(() => this.#catchUp(head))
    this.#enter({ name: 'following' })
    const again = (state = this.#state) =>
      state.name === 'unreadable' && this.#rebuild(state.why)
    this.#timers.push(
      setInterval(() => this.#poll(), POLL_MS).unref(),
      setInterval(again, CUT_OFF_MS).unref(),
    )
  }

  reconnected(): void {
    this.#reconnected = true
  }

  /**
   * Whether a request that arrived at `arrived` may be answered now: nothing
   * is changing the mock, and it applied a read of the head sent after the
   * request arrived or less than `FRESH_MS` ago by both clocks (the
   * monotonic one stands still while the machine sleeps).
   */
  isFreshFor(arrived: number): boolean {
    if (this.queue.busy || this.#state.name !== 'following') return false
    return this.#fresh.mono >= arrived || isRecent(this.#fresh)
  }

  servesLastState(): boolean {
    const { name } = this.#state
    const away = name === 'cut-off' || name === 'following'
    return this.#settings.servesLastState && away
  }

  /** Whether it became fresh within `WAIT_MS` (no wait while cut off), or serves its last state. */
  async waitUntilFresh(arrived: number): Promise<boolean> {
    const late = sleep(arrived + WAIT_MS - performance.now()).then(() => true)
    const waits = () => ['following', 'rebuilding'].includes(this.#state.name)
    while (!this.isFreshFor(arrived) && waits()) {
      if (await Promise.race([this.#next.promise.then(() => false), late])) {
        break
      }
    }
    return this.isFreshFor(arrived) || this.servesLastState()
  }

  /** What `/__mock/health` answers: 503 while it refuses the API. */
  health(): ReplicaHealth {
    const serving =
      this.#state.name === 'following' && isRecent(this.#fresh, CUT_OFF_MS)
    const degraded = this.servesLastState() ? 'degraded' : 'unavailable'
    const status = serving ? 'ok' : degraded
    const redis = this.#settings.connected() ? 'connected' : 'unreachable'
    const problem = 'why' in this.#state ? this.#state.why : undefined
    const body = { status, redis, replica: this.#state.name, problem }
    return { httpStatus: status === 'unavailable' ? 503 : 200, body }
  }

  get head(): string {
    return this.#store.formatHead(this.#head)
  }

  /**
   * Under the lock, with the head read with it: catches up, or says why to
   * rebuild first. In a queued task.
   */
  async reconcile(text: string | null): Promise<string | undefined> {
    const head = this.#store.parseHead(text)
    const verdict = this.#compare(head, Infinity)
    if (verdict === 'behind') await this.#catchUp(head!)
    return verdict === 'behind' || verdict === 'same' ? undefined : verdict
  }

  /** Its changes were appended as the fleet's up to `head`. */
  appended(head: Head, changes: state.StateChange[]): void {
    const first = head.version - changes.length + 1
    changes.forEach((change, i) => this.#cleared(change, first + i))
    this.#head = head
    this.#dirty = true
    this.#appendedAt = performance.now()
  }

  mustRebuild(why: string): void {
    this.#mustRebuild ??= why
    if (this.#state.name === 'following') this.#rebuild(why)
  }

  close(): void {
    for (const timer of this.#timers) clearInterval(timer)
    this.#enter({ name: 'closed' })
  }

  #enter(next: ReplicaState): void {
    if (this.#state.name === 'closed') return
    this.#state = next
    if (next.name === 'unreadable' && next.why !== this.#warned) {
      this.#settings.warn((this.#warned = next.why))
    }
    this.#changed()
  }

  #changed(): void {
    this.#next.resolve()
    this.#next = deferred()
  }

  #poll(): void {
    if (performance.now() - this.#lastReply > CUT_OFF_MS) {
      const why = `Redis has not replied for ${CUT_OFF_MS / 1e3} s`
      if (this.#state.name === 'following')
        this.#enter({ name: 'cut-off', why })
    }
    if (this.#polling || this.#state.name === 'closed') return
    this.#polling = true
    this.#settings.journal.send()
    const sent = stamp()
    void this.#store
      .readHead()
      .then((text) => this.#onHead(text, sent), this.fail)
      .finally(() => (this.#polling = false))
  }

  #onHead(text: string | null, sent: Stamp): void {
    this.#lastReply = performance.now()
    const { name } = this.#state
    if (name === 'closed' || name === 'unreadable') return
    if (this.#queued.has('rebuild')) return
    try {
      const head = this.#store.parseHead(text)
      const verdict = this.#compare(head, sent.mono)
      if (this.#mustRebuild !== undefined) this.#rebuild(this.#mustRebuild)
      else if (verdict === 'behind')
        this.#queueOnce('catch-up', () => this.#catchUp(head!))
      else if (verdict !== 'same') this.#rebuild(verdict)
      else {
        if (name === 'cut-off') this.#enter({ name: 'following' })
        if (sent.mono > this.#fresh.mono) this.#fresh = sent
        this.#changed()
      }
    } catch (error) {
      this.fail(error)
    }
  }

  /** How it stands with `head`, read at `sent`: why it must rebuild, if so. */
  #compare(head: Head | null, sent: number): 'same' | 'behind' | string {
    const mine = this.#head
    if (head === null) {
      return "the fleet's keys are gone from Redis (flushed, evicted, or a Redis without its data)"
    }
    if (head.fleet !== mine.fleet) return 'the fleet was started over'
    if (head.version > mine.version) return 'behind'
    if (head.version === mine.version && head.entry === mine.entry) {
      this.#reconnected = false
      return 'same'
    }
    // Read before this replica's own last append landed.
    if (head.version < mine.version && sent < this.#appendedAt) return 'same'
    return "the fleet's log went back (Redis failed over, or restarted without its last changes)"
  }

  /** Queues `task` unless a task of its `kind` is queued and not started. */
  #queueOnce(kind: 'catch-up' | 'rebuild', task: () => Promise<void>): void {
    if (this.#state.name === 'closed' || this.#queued.has(kind)) return
    this.#queued.add(kind)
    const run = () => (this.#queued.delete(kind), task())
    this.queue.run(run).catch(this.fail)
  }

  /** Applies the changes after its head, up to `target` at least. In a queued task. */
  async #catchUp(target?: Head): Promise<void> {
    const { keys } = this.#store
    if (this.#reconnected && this.#head.version > 0) {
      this.#reconnected = false
      if (!(await this.#store.hasEntry(this.#head.entry))) {
        return this.rebuildNow('Redis came back without the last change here')
      }
    }
    for (const { id, version, change } of await this.#store.readLog(
      this.#head.entry,
    )) {
      this.#dirty = true
      this.remoteApplied++
      await state.applyStateChange(this.#settings.parts, change).catch((e) => {
        const problem = `holds entry ${id} (${change.kind}), which cannot be applied: ${describe(e)}`
        throw new UnreadableKeyError(keys.changes, problem)
      })
      this.#head = { fleet: this.#head.fleet, version, entry: id }
      this.#cleared(change, version)
    }
    if (target !== undefined && this.#head.version < target.version) {
      const problem = `ends at version ${this.#head.version}, but ${keys.head} says ${target.version}`
      throw new UnreadableKeyError(keys.changes, problem)
    }
  }

  #cleared(change: state.StateChange, version: number): void {
    if (change.kind === 'reset' || change.kind === 'journal-clear') {
      this.#settings.journal.cleared(version)
    }
  }

  #rebuild(why: string): void {
    const rebuild = () => this.rebuildNow(why).catch((e) => this.fail(e, why))
    this.#queueOnce('rebuild', rebuild)
  }

  /** Back to the start state, then the fleet's log. In a queued task. */
  async rebuildNow(why: string): Promise<void> {
    this.#enter({ name: 'rebuilding', why })
    const id = randomBytes(9).toString('base64url')
    const { charter, head } = await this.#store.claim({ ...this.#charter, id })
    const settled = ({ id, ...rest }: FleetCharter) => JSON.stringify(rest)
    if (settled(charter) !== settled(this.#charter)) {
      throw new UnreadableKeyError(
        this.#store.keys.charter,
        'was written by a replica started with other flags (data, asset secret, admin token or start options): restart this one with them to join that fleet',
      )
    }
    if (this.#dirty) {
      const reset = { kind: 'reset', start: this.#settings.storyStart } as const
      await state.applyStateChange(this.#settings.parts, reset)
    }
    this.#charter = charter
    this.#head = { fleet: charter.id, version: 0, entry: '0-0' }
    this.#settings.journal.cleared(0)
    this.#dirty = this.#reconnected = false
    this.remoteApplied++
    await this.#catchUp(head)
    this.#mustRebuild = undefined
    this.#enter({ name: 'following' })
  }

  /** Takes a failure in: what cannot be read, or Redis out of reach. */
  readonly fail = (error: unknown, rebuildWhy?: string): void => {
    const { name } = this.#state
    if (name === 'closed') return
    if (error instanceof UnreadableKeyError) {
      const pattern = this.#store.keys.head.replace(/head$/, '*')
      const why = `${error.message}. This replica refuses requests until it can read its fleet (it looks again every second); to start the fleet over, delete its keys: redis-cli --scan --pattern '${pattern}' | xargs redis-cli del`
      return this.#enter({ name: 'unreadable', why })
    }
    if (rebuildWhy) this.#mustRebuild ??= rebuildWhy
    if (name === 'rebuilding' || name === 'following') {
      this.#enter({ name: 'cut-off', why: `Redis: ${describe(error)}` })
    }
  }
}
