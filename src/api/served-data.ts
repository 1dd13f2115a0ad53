import type { Dataset } from '../data/dataset.js'
import { createDataset } from '../data/dataset.js'
import type { SeedData } from '../data/generate-seed-data.js'
import { loadFixtureDocument } from '../data/load-fixture-document.js'
import { parseFixtureDocumentInSlices } from '../data/parse-fixture-document.js'
import { resolveStoryOffsets } from '../data/resolve-story-offsets.js'
import type { LiveStream } from '../data/seed/live-stream.js'
import type { FixtureDocument } from '../schema/fixture.js'
import { viewersOf } from './visibility.js'

/**
 * The dataset a core serves now and its live stream, each load or reset
 * swapping a whole new one in.
 * @note Loads and resets run in the order asked for, so the last one stays
 * served; the initial data too, so a generated dataset still on its way (by
 * `import()`) cannot replace a document loaded meanwhile.
 */
export class ServedData {
  #dataset = createDataset(viewersOf)
  #liveStream: LiveStream | undefined
  #loads: Promise<unknown> = Promise.resolve()
  readonly #initial: SeedData | Promise<SeedData>

  constructor(initial: SeedData | Promise<SeedData>) {
    this.#initial = initial
  }

  get dataset(): Dataset {
    return this.#dataset
  }

  get liveStream(): LiveStream | undefined {
    return this.#liveStream
  }

  /** Serves the initial data, its story offsets (`"+2m"`) counted from `start`. */
  serveInitial(start: number): Promise<void> {
    return this.#inTurn(async () => {
      const { document, stream } = await this.#initial
      await this.#swapIn(document, start, stream)
    })
  }

  /** Validates `document` and serves it, its story offsets counted from `start`. */
  load(document: unknown, start: number): Promise<void> {
    return this.#inTurn(async () =>
      this.#swapIn(await parseFixtureDocumentInSlices(document), start),
    )
  }

  #inTurn<Result>(load: () => Promise<Result>): Promise<Result> {
    const turn = this.#loads.then(load)
    this.#loads = turn.catch(() => undefined)
    return turn
  }

  async #swapIn(
    document: FixtureDocument,
    start: number,
    stream?: LiveStream,
  ): Promise<void> {
    const resolved = resolveStoryOffsets(document, start)
    this.#dataset = await loadFixtureDocument(resolved, viewersOf)
    this.#liveStream = stream
  }
}
