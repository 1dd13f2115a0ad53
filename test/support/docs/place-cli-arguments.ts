/** The port the docs mean when a command names none. */
export const SHOWN_DEFAULT_PORT = 4010

const PORT_FLAGS = ['--port', '-p']

/**
 * Whether a command line names a subcommand (`build-demo`, `verify`, …):
 * it serves nothing, so it runs as written, beside the page's server.
 * @example
 * isSubcommand(['verify', '--target', url]) // true
 */
export function isSubcommand(args: readonly string[]): boolean {
  return /^[a-z]/.test(args[0] ?? '')
}

/**
 * Where a command of the docs runs in a test: on 127.0.0.1 instead of
 * `0.0.0.0` (a demo on every interface is shown, not done), and on a free
 * port instead of the one it names, unless `keepNamedPort` (a transcript's
 * `--port 70000` is the example of a bad port). A port named in `busy` becomes
 * the port the test holds busy. Returns the arguments to run with and the
 * port the docs show.
 * @example
 * placeCliArguments(['--host', '0.0.0.0', '--port', '8080'], { keepNamedPort: false })
 * // { args: ['--host', '127.0.0.1', '--port', '0'], shownPort: 8080 }
 */
export function placeCliArguments(
  args: readonly string[],
  options: { keepNamedPort: boolean; busy?: { shown: number; held: number } },
): { args: string[]; shownPort: number } {
  if (isSubcommand(args)) {
    return { args: [...args], shownPort: SHOWN_DEFAULT_PORT }
  }
  const onLoopback = args.map((arg, index) =>
    arg === '0.0.0.0' && args[index - 1] === '--host' ? '127.0.0.1' : arg,
  )
  const named = portOf(args)
  const withoutPort = onLoopback.filter(
    (arg, index) =>
      !PORT_FLAGS.includes(arg) &&
      !PORT_FLAGS.includes(onLoopback[index - 1] ?? '') &&
      !arg.startsWith('--port='),
  )
  const shownPort = named ?? SHOWN_DEFAULT_PORT
  if (options.busy !== undefined && shownPort === options.busy.shown) {
    return {
      args: [...withoutPort, '--port', String(options.busy.held)],
      shownPort,
    }
  }
  if (named !== undefined && options.keepNamedPort) {
    return { args: onLoopback, shownPort }
  }
  return { args: [...withoutPort, '--port', '0'], shownPort }
}

function portOf(args: readonly string[]): number | undefined {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!
    if (PORT_FLAGS.includes(arg)) return Number(args[index + 1])
    if (arg.startsWith('--port=')) return Number(arg.slice('--port='.length))
  }
  return undefined
}
