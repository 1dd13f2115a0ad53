/**
 * @note `scheduler.yield()` (resumes the caller ahead of other tasks), else `setImmediate` (Node: after the poll
 * phase, so requests that arrived are read first), else a `MessageChannel` (a `setTimeout` chain is clamped to 4 ms).
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
