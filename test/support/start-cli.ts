import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const MAIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url))

/** A started CLI process: where it serves, what it printed, and its stop. */
export interface StartedCli extends AsyncDisposable {
  url: string
  apiUrl: string
  stdout(): string
  stderr(): string
  /** Sends SIGINT to its process group, as Ctrl+C does, and waits for the exit code. */
  stop(): Promise<number | null>
  /** Sends a signal to its process group. */
  kill(signal: NodeJS.Signals): void
  /** Resolves when stdout and stderr together match `pattern`. */
  waitFor(pattern: RegExp): Promise<void>
  /** Resolves with the exit code once the process has ended. */
  readonly exited: Promise<number | null>
}

/**
 * Starts a command in its own process group (the built CLI by default) and
 * resolves once its banner names the URL it serves; it stops at the end of
 * the calling block: `await using cli = await startCli(['--live'])`.
 * @example
 * await using cli = await startCli(['--port', '0', '--log', 'off'])
 * await fetch(`${cli.apiUrl}/projects`)
 */
export async function startCli(
  args: readonly string[],
  options: { command?: string; env?: Record<string, string> } = {},
): Promise<StartedCli> {
  const command = options.command ?? process.execPath
  const child = spawn(
    command,
    options.command === undefined ? [MAIN, ...args] : [...args],
    {
      cwd: ROOT,
      detached: true,
      env: { ...process.env, NO_COLOR: '1', ...options.env },
    },
  )
  const exited = once(child, 'exit').then(([code]) => code as number | null)
  const output = { stdout: '', stderr: '' }
  const waiters = new Set<() => void>()
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    output.stdout += chunk
    for (const waiter of waiters) waiter()
  })
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.setEncoding('utf8')
    child.stdout.on('data', check)
    child.stderr.on('data', (chunk: string) => {
      output.stderr += chunk
      check()
      for (const waiter of waiters) waiter()
    })
    function check() {
      const match = /API +(http:\/\/[^/\s]+)\/public-api\/v1/.exec(
        output.stdout + output.stderr,
      )
      if (match !== null) resolve(match[1]!)
    }
    void exited.then(() =>
      reject(
        new Error(
          `${command} ${args.join(' ')} ended before its banner:\n${output.stdout}\n${output.stderr}`,
        ),
      ),
    )
  })
  let stopped: Promise<number | null> | undefined
  const stop = () => {
    if (stopped === undefined) {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGINT')
      stopped = exited
    }
    return stopped
  }
  return {
    url,
    apiUrl: `${url}/public-api/v1`,
    stdout: () => output.stdout,
    stderr: () => output.stderr,
    stop,
    kill: (signal) => process.kill(-child.pid!, signal),
    waitFor: (pattern) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!pattern.test(output.stdout + output.stderr)) return
          waiters.delete(check)
          resolve()
        }
        waiters.add(check)
        check()
        void exited.then(() => {
          if (!waiters.delete(check)) return
          reject(
            new Error(
              `The process ended before its output matched ${pattern}.`,
            ),
          )
        })
      }),
    exited,
    [Symbol.asyncDispose]: async () => {
      await stop()
    },
  }
}
