// `mock` at the real instant `real`, then `speed` times as fast; a storyline counts from `start`.
interface DemoTimeline {
  real: number
  mock: number
  speed: number
  start: number
}

type TimelineStorage = Pick<Storage, 'getItem' | 'setItem'>

/**
 * A build-demo folder's clock: starts at this browser's first visit and is kept
 * in `storage`, so a reload or a second tab goes on instead of rewinding; a new
 * speed goes on from where the old timeline stands.
 * @note Not a fixed epoch: at speed 60 it would put the demo decades ahead.
 * Not the build's time: the folder's bytes stay a function of the flags alone.
 */
export function createDemoClockSource(
  storage: TimelineStorage | undefined,
  folder: string,
  speed: number,
  realNow: () => number = () => Date.now(),
) {
  const key = `content-api-mock demo clock ${folder}`
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
  // The mock clock runs `speed` times as fast from its first reading, so the
  // source is real time shifted to put that first reading on the timeline.
  let offset: number | undefined
  const now = () => {
    const real = realNow()
    offset ??= timeline.mock - real + (real - timeline.real) * timeline.speed
    return real + offset
  }
  // A storyline counts from the first visit, so a reload does not replay it.
  return { now, storyStart: timeline.start }
}

function readTimeline(
  storage: TimelineStorage | undefined,
  key: string,
): DemoTimeline | undefined {
  try {
    const text = storage?.getItem(key)
    if (text == null) return undefined
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
