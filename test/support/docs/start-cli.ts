import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { ROOT } from './read-code-blocks.js'

const MAIN = join(ROOT, 'dist/cli/main.js')
const START_TIMEOUT_MS = 30_000
const STOP_TIMEOUT_MS = 10_000
const BANNER_END = /Press Ctrl\+C to stop\.\n/
const BANNER_PORT = /API +http:\/\/[^\s/]+:(\d+)\//
// With --public-url, the API line shows that URL and this one the server's.
const LISTENING_PORT = /Listening +http:\/\/[^\s/]+:(\d+)\n/
// The docs' commands say where to listen; a HOST or PORT of the test's own
// environment must not move them.
const ENV = { ...process.env, HOST: undefined, PORT: undefined }

/**
 * A line of the docs that runs the command: `npx content-api-mock …`,
 * `npm start …` or `node dist/cli/main.js …`.
 */
export const CLI_LINE =
  /^(?:npx content-api-mock|npm start|node dist\/cli\/main\.js)(?=\s|$)/

/**
 * How a line of the docs runs the command, with its words as the shell gave
 * them.
 */
export interface CliCommand {
  /** `npm` runs the real `npm start`; the others run `dist/cli/main.js`. */
  via: 'npm' | 'node'
  /** npm's own flags, such as `--silent`. */
  npmFlags: string[]
  /** The command's flags. */
  args: string[]
}

/**
 * Reads the words of a CLI line (see `CLI_LINE`), as the shell split them.
 * @example
 * readCliCommand(['npm', 'start', '--silent', '--', '--log', 'json'])
 * // { via: 'npm', npmFlags: ['--silent'], args: ['--log', 'json'] }
 */
export function readCliCommand(words: readonly string[]): CliCommand {
  if (words[0] === 'npm') {
    const rest = words.slice(2)
    const dashes = rest.indexOf('--')
    return dashes === -1
      ? { via: 'npm', npmFlags: rest, args: [] }
      : {
          via: 'npm',
          npmFlags: rest.slice(0, dashes),
          args: rest.slice(dashes + 1),
        }
  }
  return { via: 'node', npmFlags: [], args: words.slice(2) }
}

/**
 * A started command: a server that printed its banner, or a command that ended.
 */
export interface StartedCli {
  stdout(): string
  stderr(): string
  /**
   * The port it listens on and the stream it printed its banner on (stderr
   * with `--log json`); else, when it ended instead, its exit code.
   */
  outcome:
    | { port: number; bannerOn: 'stdout' | 'stderr' }
    | { exitCode: number | null }
  /**
   * Stops it as Ctrl+C does (SIGINT to its process group).
   * @throws when `dist/cli/main.js` then exits with another code than 0.
   */
  stop(): Promise<void>
}

const running = new Set<ChildProcess>()

/**
 * Starts the command, in a process group of its own, and waits for its banner
 * or its end. `npm start` runs without pre- and post-scripts, which would
 * rebuild the package under the other tests.
 * @example
 * const cli = await startCli({ via: 'node', npmFlags: [], args: ['--port', '0'] }, folder)
 * if ('port' in cli.outcome) await cli.stop()
 */
export async function startCli(
  command: CliCommand,
  cwd: string,
): Promise<StartedCli> {
  const child =
    command.via === 'npm'
      ? spawn(
          'npm',
          [
            'start',
            ...command.npmFlags,
            '--ignore-scripts',
            '--',
            ...command.args,
          ],
          { cwd, env: ENV, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
        )
      : spawn(process.execPath, [MAIN, ...command.args], {
          cwd,
          env: ENV,
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
        })
  running.add(child)
  // 'close': the process has ended and its output has been read to the end.
  const exited = once(child, 'close').then(([code]) => {
    running.delete(child)
    return code as number | null
  })
  const output = { stdout: '', stderr: '' }
  let check = () => {}
  for (const stream of ['stdout', 'stderr'] as const) {
    child[stream].setEncoding('utf8')
    child[stream].on('data', (chunk: string) => {
      output[stream] += chunk
      check()
    })
  }

  const banner = new Promise<StartedCli['outcome']>((resolve) => {
    check = () => {
      for (const stream of ['stdout', 'stderr'] as const) {
        if (!BANNER_END.test(output[stream])) continue
        const port = Number(
          (LISTENING_PORT.exec(output[stream]) ??
            BANNER_PORT.exec(output[stream]))?.[1],
        )
        resolve({ port, bannerOn: stream })
      }
    }
  })
  let timer: NodeJS.Timeout | undefined
  const outcome = await Promise.race([
    banner,
    exited.then((exitCode) => ({ exitCode })),
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        kill(child, 'SIGKILL')
        reject(
          new Error(
            `content-api-mock ${command.args.join(' ')} printed no banner within ${START_TIMEOUT_MS} ms.\nstdout:\n${output.stdout}\nstderr:\n${output.stderr}`,
          ),
        )
      }, START_TIMEOUT_MS)
    }),
  ]).finally(() => clearTimeout(timer))

  return {
    stdout: () => output.stdout,
    stderr: () => output.stderr,
    outcome,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        kill(child, 'SIGINT')
      }
      const forced = setTimeout(() => kill(child, 'SIGKILL'), STOP_TIMEOUT_MS)
      const code = await exited.finally(() => clearTimeout(forced))
      // npm answers Ctrl+C with the signal's code; the command itself with 0.
      if (command.via === 'node' && code !== 0) {
        throw new Error(
          `content-api-mock ${command.args.join(' ')} exited with ${code} when stopped with Ctrl+C (SIGINT), not 0.\nstderr:\n${output.stderr}`,
        )
      }
    },
  }
}

/**
 * Ends every command `startCli` started that is still running, e.g. after a
 * failed test.
 * @example
 * afterAll(killAllClis)
 */
export function killAllClis(): void {
  for (const child of running) kill(child, 'SIGKILL')
  running.clear()
}

function kill(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    // The whole group, as a terminal's Ctrl+C: npm and the server it started.
    process.kill(-child.pid!, signal)
  } catch {
    // Already gone.
  }
}
