import type { LiveStream, LiveWindow } from './live-stream.js'
import type { FixtureContent } from '../../schema/fixture.js'
import { MOVIEMODE } from '../../schema/moviemode-content.js'
import type { FixtureTimelinePublish } from '../../schema/timeline.js'
import { cached } from '../cached.js'
import { GENERATION_STEPS } from '../generation-steps.js'
import type { SeedProject } from './create-project.js'
import { createTitle } from './create-title.js'
import { PLATFORMS, createPostUrl } from './platforms.js'
import {
  createPublicId,
  readPublicIdIndex,
  RECORD_KIND,
  reseed,
} from './record-randomizer.js'
import { toTimestamp, type SeedContext } from './seed-context.js'

/** Fixed, so the stream depends on the seed and the clock alone, never on when a process started. */
const LIVE_EPOCH = Date.UTC(2026, 0, 1) / 1000

/** A new live content starts in each project every this many seconds, on average. */
const LIVE_CADENCE_SECONDS = 180

/** How long a live content stays in its project's list, in seconds. */
const LIVE_RETENTION_SECONDS = 3 * 60 * 60

/** Share of the live publish results that settle as `failed`; the rest `success`. */
const LIVE_FAILED_SHARE = 0.15

/** How long each of a live content's generation steps takes, in seconds. */
const STEP_SECONDS = { min: 50, max: 90 }
/** Starts are then 120 to 240 s apart and generating takes 250 or more, so a project always has one in progress. */
const JITTER_SECONDS = 60
const LIVE_PUBLISH_COUNT_WEIGHTS = [
  { weight: 10, value: 0 },
  { weight: 35, value: 1 },
  { weight: 35, value: 2 },
  { weight: 20, value: 3 },
]

interface ProjectStream {
  project: SeedProject
  /** The project's position among the dataset's projects. */
  position: number
  /** Seconds after `LIVE_EPOCH` at which its first slot starts. */
  phase: number
  records: Map<number, FixtureContent>
  window?: { low: number; high: number; value: LiveWindow }
}

export function createLiveStream(
  context: SeedContext,
  projects: readonly SeedProject[],
): LiveStream {
  return new SlotStreams(context, projects)
}

/** Each project's live stream: slots on a cadence, records made on demand. */
class SlotStreams implements LiveStream {
  readonly #context: SeedContext
  readonly #streams = new Map<string, ProjectStream>()

  constructor(context: SeedContext, projects: readonly SeedProject[]) {
    this.#context = context
    projects.forEach((project, position) => {
      if (project.role === 'empty') return
      reseed(context, RECORD_KIND.liveSchedule, position)
      this.#streams.set(project.record.project_unique, {
        project,
        position,
        phase: context.faker.number.int(LIVE_CADENCE_SECONDS - 1),
        records: new Map(),
      })
    })
  }

  windowAt(projectUnique: string, now: number): LiveWindow | undefined {
    const stream = this.#streams.get(projectUnique)
    return stream && this.#windowAt(stream, now)
  }

  allAt(now: number): FixtureContent[] {
    return [...this.#streams.values()].flatMap((stream) =>
      [...this.#windowAt(stream, now).items.values()].reverse(),
    )
  }

  contentById(
    projectUnique: string,
    variationUnique: string,
    now: number,
  ): FixtureContent | undefined {
    const stream = this.#streams.get(projectUnique)
    return stream && this.#contentIn(stream, variationUnique, now)
  }

  contentOf(variationUnique: string, now: number): FixtureContent | undefined {
    for (const stream of this.#streams.values()) {
      const record = this.#contentIn(stream, variationUnique, now)
      if (record !== undefined) return record
    }
    return undefined
  }

  contentOfMovie(movieUnique: string, now: number): FixtureContent | undefined {
    for (const stream of this.#streams.values()) {
      for (const record of this.#windowAt(stream, now).items.values()) {
        if (record.content.movie_unique === movieUnique) return record
      }
    }
    for (const stream of this.#streams.values()) {
      const record = this.#startedRecordOf(stream, 'mov_', movieUnique, now)
      if (record !== undefined) return record
    }
    return undefined
  }

  #contentIn(
    stream: ProjectStream,
    variationUnique: string,
    now: number,
  ): FixtureContent | undefined {
    return (
      this.#windowAt(stream, now).items.get(variationUnique) ??
      this.#startedRecordOf(stream, 'var_', variationUnique, now)
    )
  }

  #startOf(stream: ProjectStream, slot: number): number {
    reseed(this.#context, RECORD_KIND.liveSchedule, slotIndex(stream, slot))
    return (
      LIVE_EPOCH +
      stream.phase +
      slot * LIVE_CADENCE_SECONDS +
      this.#context.faker.number.int(JITTER_SECONDS)
    )
  }

  /** The first and last slot listed at `now` (seconds). */
  #slotsAt(stream: ProjectStream, now: number): { low: number; high: number } {
    const slotOf = (time: number) =>
      Math.floor((time - LIVE_EPOCH - stream.phase) / LIVE_CADENCE_SECONDS)
    let high = slotOf(now)
    if (this.#startOf(stream, high) > now) high--
    const oldest = now - LIVE_RETENTION_SECONDS
    let low = slotOf(oldest)
    if (this.#startOf(stream, low) <= oldest) low++
    return { low, high }
  }

  #windowAt(stream: ProjectStream, nowMs: number): LiveWindow {
    const { low, high } = this.#slotsAt(stream, Math.floor(nowMs / 1000))
    const cached = stream.window
    if (cached?.low === low && cached.high === high) return cached.value
    const items = new Map<string, FixtureContent>()
    for (let slot = low; slot <= high; slot++) {
      const record = this.#recordOf(stream, slot)
      items.set(record.variation_unique, record)
    }
    // Records outside the window are kept only while the window is near.
    for (const slot of stream.records.keys()) {
      if (slot < low - 2 * (high - low + 1) || slot > high + (high - low + 1)) {
        stream.records.delete(slot)
      }
    }
    const startOf = (slot: number) => this.#startOf(stream, slot)
    const value: LiveWindow = {
      key: {},
      items,
      from:
        1000 *
        Math.max(startOf(high), startOf(low - 1) + LIVE_RETENTION_SECONDS),
      until:
        1000 *
        Math.min(startOf(high + 1), startOf(low) + LIVE_RETENTION_SECONDS),
    }
    stream.window = { low, high, value }
    return value
  }

  #headOf(stream: ProjectStream, slot: number): LiveContentHead {
    const id = (prefix: IdPrefix) =>
      createPublicId(
        this.#context,
        prefix,
        idKindOf(stream, prefix),
        slot >>> 0,
      )
    return {
      start: this.#startOf(stream, slot),
      variationUnique: id('var_'),
      movieUnique: id('mov_'),
    }
  }

  #recordOf(stream: ProjectStream, slot: number): FixtureContent {
    return cached(stream.records, slot, () => {
      const head = this.#headOf(stream, slot)
      return createLiveContent(this.#context, stream, slot, head)
    })
  }

  /** IDs carry their slot (see `readPublicIdIndex`); the slot must have started by `nowMs`. */
  #startedRecordOf(
    stream: ProjectStream,
    prefix: IdPrefix,
    id: string,
    nowMs: number,
  ): FixtureContent | undefined {
    const idKind = idKindOf(stream, prefix)
    const index = readPublicIdIndex(this.#context, prefix, idKind, id)
    if (index === undefined) return undefined
    const slot = index | 0
    const head = this.#headOf(stream, slot)
    if (head.start > Math.floor(nowMs / 1000)) return undefined
    const own = prefix === 'var_' ? head.variationUnique : head.movieUnique
    if (own !== id) return undefined
    // Not kept: the cache holds the slots near the list, not every one asked for.
    return (
      stream.records.get(slot) ??
      createLiveContent(this.#context, stream, slot, head)
    )
  }
}

type IdPrefix = 'var_' | 'mov_'

/** See `RECORD_KIND.liveIds`. */
function idKindOf(stream: ProjectStream, prefix: IdPrefix): number {
  const kind = RECORD_KIND.liveIds + 2 * stream.position
  return prefix === 'var_' ? kind : kind + 1
}

/** The project's position in the high word, the slot in the low one. */
function slotIndex(stream: ProjectStream, slot: number): number {
  return stream.position * 4294967296 + (slot >>> 0)
}

/** What a live content's record starts with: its start (seconds) and IDs. */
interface LiveContentHead {
  start: number
  variationUnique: string
  movieUnique: string
}

function createLiveContent(
  context: SeedContext,
  stream: ProjectStream,
  slot: number,
  { start, variationUnique, movieUnique }: LiveContentHead,
): FixtureContent {
  const { faker } = context
  const { project } = stream
  const index = slotIndex(stream, slot)

  reseed(context, RECORD_KIND.liveContent, index)
  const title = createTitle(context, project.product)
  const stepEnds: number[] = []
  let time = start
  for (let step = 0; step < GENERATION_STEPS; step++) {
    time += faker.number.int(STEP_SECONDS)
    stepEnds.push(time)
  }

  reseed(context, RECORD_KIND.livePublish, index)
  const count = faker.helpers.weightedArrayElement(LIVE_PUBLISH_COUNT_WEIGHTS)
  const publish: FixtureTimelinePublish[] = faker.helpers
    .arrayElements(PLATFORMS, count)
    .map((platform) => {
      const requested = time + faker.number.int({ min: 5, max: 40 })
      const settled = requested + faker.number.int({ min: 20, max: 120 })
      return {
        platform,
        post_url: createPostUrl(context, platform, project.owner, title),
        requested_at: toTimestamp(requested),
        settled_at: toTimestamp(settled),
        status: faker.datatype.boolean({ probability: 1 - LIVE_FAILED_SHARE })
          ? 'success'
          : 'failed',
      }
    })
    .sort(
      (left, right) =>
        Date.parse(left.requested_at) - Date.parse(right.requested_at),
    )

  return Object.freeze({
    variation_unique: variationUnique,
    project_unique: project.record.project_unique,
    mode: MOVIEMODE,
    title,
    created_at: toTimestamp(start),
    content: { movie_unique: movieUnique },
    timeline: { step_ends: stepEnds.map(toTimestamp), publish },
  })
}
