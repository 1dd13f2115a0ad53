const WATCH_INTERVAL_MS = 500

/**
 * Calls `listener` once, with the launcher's name, when the npm process that
 * started this one (`npx`, `npm exec`, `npm start`, `npm run <script>`) is
 * gone while this one still runs; returns a function that stops watching.
 * Watches nothing when npm did not start the process, or started it from a
 * script that is more than one command (`content-api-mock &`, `a && b`),
 * whose shell may end before it on purpose.
 * @note npm runs a bin or a script through `sh -c`, and on SIGTERM passes the
 * signal to that shell, which ends without passing it on (npm 11): so
 * `npx content-api-mock & … kill $!` left the server running, a child of
 * init. Its parent then changes, which is what is watched: `process.ppid`
 * is read anew on each access.
 */
export function watchLauncherExit(
  env: Readonly<Record<string, string | undefined>>,
  listener: (launcher: string) => void,
): () => void {
  const event = env.npm_lifecycle_event
  const script = env.npm_lifecycle_script
  const parent = process.ppid
  if (
    event === undefined ||
    script === undefined ||
    isCompound(script) ||
    parent <= 1
  ) {
    return () => {}
  }
  const launcher = event === 'npx' ? 'npx' : `npm run ${event}`
  const timer = setInterval(() => {
    if (process.ppid === parent) return
    clearInterval(timer)
    listener(launcher)
  }, WATCH_INTERVAL_MS)
  timer.unref()
  return () => clearInterval(timer)
}

/** A control operator outside single quotes (npx quotes each word so). */
function isCompound(script: string): boolean {
  return /[;&|()\n]/.test(script.replace(/'[^']*'/g, ''))
}
