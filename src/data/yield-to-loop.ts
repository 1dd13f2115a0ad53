/**
 * Lets the event loop run whatever is waiting (incoming requests, timers,
 * rendering) before the caller goes on: a long task awaits it between
 * slices of work so that it never holds the loop for long.
 * @note In order of preference: `scheduler.yield()` (Chromium 129+, which
 * resumes the caller ahead of other tasks), `setImmediate` (Node: it runs
 * after the poll phase, so requests that arrived meanwhile are read first),
 * then a `MessageChannel` message (browsers without `scheduler.yield`,
 * where a `setTimeout` chain is clamped to 4 ms a step).
 */
export function yieldToLoop(): Promise<void> {
  const scheduler = (
    globalThis as { scheduler?: { yield?: () => Promise<void> } }
  ).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  const { setImmediate } = globalThis as {
    setImmediate?: (callback: () => void) => unknown
  }
  if (typeof setImmediate === 'function') {
    return new Promise((resolve) => setImmediate(resolve))
  }
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => {
        channel.port1.close()
        resolve()
      }
      channel.port2.postMessage(undefined)
    })
  }
  return new Promise((resolve) => setTimeout(resolve, 0))
}
