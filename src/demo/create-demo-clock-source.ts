/**
 * Where one browser keeps a demo folder's timeline, followed by the
 * folder's URL.
 */
const STORAGE_PREFIX = 'content-api-mock demo clock '

/**
 * A straight line of mock time: `mock` at the real instant `real`, then
 * `speed` times as fast; `start` is the mock time of the first visit, from
 * which a storyline's offsets count.
 */
interface DemoTimeline {
  real: number
  mock: number
  speed: number
  start: number
}

/** A demo folder's time source and the moment its story started. */
interface DemoClockSource {
  /** The time source (`now` of the mock's options). */
  now: () => number
  /**
   * The mock time of this browser's first visit of the folder: a storyline
   * (`"+2m"`) counts from it, so a reload does not play it again.
   */
  storyStart: number
}

/** The part of `localStorage` the timeline needs. */
type TimelineStorage = Pick<Storage, 'getItem' | 'setItem'>

/**
 * The time source (`now` of `createContentApiMock`) of a build-demo folder's
 * mock, running at `speed`, and the start of its story: the timeline starts at the real time of the
 * browser's first visit of the folder and is kept in `storage`, so a reload
 * or a second tab goes on from the same moment instead of rewinding to the
 * real date. A folder rebuilt with another speed goes on from where the old
 * timeline stands, at the new speed. Without storage (blocked, full) the
 * timeline starts at this visit.
 * @note Not a fixed epoch (as live data counts from): at speed 60 it would
 * put the demo decades ahead of the real date. Not the build's time either:
 * the folder's bytes stay a function of the flags alone.
 */
export function createDemoClockSource(
  storage: TimelineStorage | undefined,
  folder: string,
  speed: number,
  realNow: () => number = () => Date.now(),
): DemoClockSource {
  const key = STORAGE_PREFIX + folder
  const at = realNow()
  const stored = readTimeline(storage, key)
  const timeline: DemoTimeline =
    stored === undefined
      ? { real: at, mock: at, speed, start: at }
      : stored.speed === speed
        ? stored
        : {
            real: at,
            mock: stored.mock + (at - stored.real) * stored.speed,
            speed,
            start: stored.start,
          }
  if (timeline !== stored) {
    try {
      storage?.setItem(key, JSON.stringify(timeline))
    } catch {
      // Storage full or blocked: this tab keeps its own timeline.
    }
  }
  // The mock clock runs `speed` times as fast as this source from its first
  // reading on, so the source is the real time shifted by the one offset
  // that puts that first reading on the timeline.
  let offset: number | undefined
  const now = () => {
    const real = realNow()
    offset ??= timeline.mock - real + (real - timeline.real) * timeline.speed
    return real + offset
  }
  return { now, storyStart: timeline.start }
}

function readTimeline(
  storage: TimelineStorage | undefined,
  key: string,
): DemoTimeline | undefined {
  let text: string | null = null
  try {
    text = storage?.getItem(key) ?? null
  } catch {
    return undefined
  }
  if (text === null) return undefined
  try {
    const value = JSON.parse(text) as Partial<DemoTimeline>
    if (![value.real, value.mock, value.speed].every(Number.isFinite)) {
      return undefined
    }
    // A timeline kept before it had a start: its first moment is the best known.
    return { ...(value as DemoTimeline), start: value.start ?? value.mock! }
  } catch {
    return undefined
  }
}
