import { randomBytes } from 'node:crypto'
import type {
  RawJournalEntry,
  RequestJournal,
} from '../../api/traffic/create-request-journal.js'
import type { FleetStore, JournalBatch } from './fleet-store.js'

// An entry is sent whole, so that a field added to journal entries reaches
// the fleet's journal as it is; the wall clock orders several replicas'.
type Batch = { seq: number; cleared: number; entries: JournalBatch }

/**
 * The fleet's one request journal: each replica adds the requests it
 * answered in batches (`send`, with each read of the head), each batch
 * once, and the fleet keeps the last `size` of them.
 */
export class FleetJournal {
  readonly #sender = randomBytes(6).toString('hex')
  #pending: JournalBatch = []
  /** Sent, not confirmed: sent again, under its number, until it is. */
  #unconfirmed: Batch | undefined
  #seq = 0
  /** The version of the last clear this replica applied. */
  #cleared = 0
  #sending: Promise<void> | undefined

  constructor(
    readonly store: FleetStore,
    readonly size: number,
  ) {}

  add(entry: RawJournalEntry): void {
    this.#pending.push([performance.timeOrigin + performance.now(), entry])
    if (this.#pending.length > this.size) this.#pending.shift()
  }

  /** This replica applied a clear at `version`: what it holds is older. */
  cleared(version: number): void {
    this.#cleared = version
    this.#pending = []
    this.#unconfirmed = undefined
  }

  /** Sends the next batch, unless one is on its way. */
  send(): void {
    if (this.#sending !== undefined) return
    if (this.#unconfirmed === undefined && this.#pending.length > 0) {
      const [seq, cleared] = [++this.#seq, this.#cleared]
      this.#unconfirmed = { seq, cleared, entries: this.#pending }
      this.#pending = []
    }
    const batch = this.#unconfirmed
    if (batch === undefined) return
    const { seq, cleared, entries } = batch
    const [sender, count, size] = [this.#sender, entries.length, this.size]
    const text = JSON.stringify(entries)
    this.#sending = this.store
      .addBatch({ size, cleared, sender, seq, count, batch: text })
      .then(() => {
        if (this.#unconfirmed === batch) this.#unconfirmed = undefined
      })
      .catch(() => undefined)
      .finally(() => (this.#sending = undefined))
  }

  /**
   * Puts the fleet's journal into `journal`, in order of arrival, once what
   * this replica holds is sent.
   */
  async readInto(journal: RequestJournal): Promise<void> {
    for (let round = 0; round < 3; round++) {
      await this.#sending
      if (round < 2) this.send()
    }
    const sent = (await this.store.readJournal()).flat()
    sent.sort((a, b) => a[0] - b[0])
    journal.clear()
    for (const [, entry] of sent.slice(-this.size)) journal.add(entry)
  }
}
