import { randomBytes } from 'node:crypto'
import type {
  RawJournalEntry,
  RequestJournal,
} from '../../api/traffic/create-request-journal.js'
import { UnreadableKeyError, type FleetStore } from './fleet-store.js'

// An entry as sent: when it arrived by the wall clock (which orders several
// replicas' entries), then the entry itself, all of it, so that a field
// added to journal entries reaches the fleet's journal as it is.
type Sent = [at: number, entry: RawJournalEntry]
type Batch = { seq: number; cleared: number; entries: Sent[] }

/**
 * The fleet's one request journal: each replica adds the requests it
 * answered in batches (`send`, with each read of the head), each batch
 * once, and the fleet keeps the last `size` of them.
 */
export class FleetJournal {
  readonly #sender = randomBytes(6).toString('hex')
  #pending: Sent[] = []
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
   * @throws {UnreadableKeyError} when a batch is not journal entries.
   */
  async readInto(journal: RequestJournal): Promise<void> {
    for (let round = 0; round < 3; round++) {
      await this.#sending
      if (round < 2) this.send()
    }
    const sent: Sent[] = []
    for (const text of await this.store.readJournal()) {
      let batch: unknown
      try {
        batch = JSON.parse(text)
      } catch {}
      if (!Array.isArray(batch) || !batch.every(isSent)) {
        const problem = 'holds a batch that is not journal entries'
        throw new UnreadableKeyError(this.store.keys.journal, problem)
      }
      sent.push(...batch)
    }
    sent.sort((a, b) => a[0] - b[0])
    journal.clear()
    for (const [, entry] of sent.slice(-this.size)) journal.add(entry)
  }
}

function isSent(item: unknown): item is Sent {
  const [at, entry] = Array.isArray(item) ? item : []
  return typeof at === 'number' && typeof entry === 'object' && entry !== null
}
