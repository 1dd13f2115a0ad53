import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'

// The CLI as a child process for the suites of test/cli/: run to its end,
// or started and read as it goes; every child is killed after each test.

/** The repository's root, where the CLI runs. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const MAIN = join(ROOT, 'dist/cli/main.js')
/** What every line the CLI prints to stderr starts with. */
export const PREFIX = 'content-api-mock: '

// @note Inside the repository, so that handler modules written here resolve
// `msw` from its node_modules.
let tmp: string
beforeAll(() => {
  tmp = mkdtempSync(join(ROOT, 'test', '.tmp-cli-'))
})
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true })
})

export interface CliProcess {
  child: ChildProcess
  stdout(): string
  stderr(): string
  /** Resolves when `stream` has matched `pattern`, with the match. */
  waitFor(
    stream: 'stdout' | 'stderr',
    pattern: RegExp,
  ): Promise<RegExpMatchArray>
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>
}

const running = new Set<ChildProcess>()
afterEach(() => {
  for (const child of running) child.kill('SIGKILL')
  running.clear()
})

export function spawnCli(
  args: string[],
  env: Record<string, string> = {},
): CliProcess {
  const child = spawn(process.execPath, [MAIN, ...args], {
    cwd: ROOT,
    // Where to listen comes from the flags unless a test sets these.
    env: {
      ...process.env,
      NO_COLOR: '',
      PORT: undefined,
      HOST: undefined,
      ...env,
    },
  })
  running.add(child)
  const output = { stdout: '', stderr: '' }
  const waiters: Array<() => void> = []
  for (const stream of ['stdout', 'stderr'] as const) {
    child[stream].setEncoding('utf8')
    child[stream].on('data', (chunk: string) => {
      output[stream] += chunk
      for (const waiter of [...waiters]) waiter()
    })
  }
  const exited = once(child, 'exit').then(([code]) => {
    running.delete(child)
    for (const waiter of [...waiters]) waiter()
    return code as number | null
  })
  return {
    child,
    stdout: () => output.stdout,
    stderr: () => output.stderr,
    exited,
    waitFor(stream, pattern) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = output[stream].match(pattern)
          if (match !== null) {
            resolve(match)
          } else if (child.exitCode !== null || child.signalCode !== null) {
            reject(
              new Error(
                `The CLI ended before ${stream} matched ${pattern}.\nstdout:\n${output.stdout}\nstderr:\n${output.stderr}`,
              ),
            )
          } else {
            return
          }
          waiters.splice(waiters.indexOf(check), 1)
        }
        waiters.push(check)
        check()
      })
    },
  }
}

/** Runs the CLI to its end. */
export async function runCli(args: string[], env?: Record<string, string>) {
  const cli = spawnCli(args, env)
  const code = await cli.exited
  return { code, stdout: cli.stdout(), stderr: cli.stderr() }
}

/** Starts the CLI and waits for its banner; returns the URLs it printed. */
export async function startCli(args: string[], env?: Record<string, string>) {
  const cli = spawnCli(['--port', '0', ...args], env)
  const stream = args.includes('json') ? 'stderr' : 'stdout'
  const [, url] = await cli.waitFor(
    stream,
    /API +(http:\/\/127\.0\.0\.1:\d+)\/public-api\/v1\n[\s\S]*Press Ctrl\+C to stop\./,
  )
  return { ...cli, url: url!, apiUrl: `${url}/public-api/v1` }
}

/** Expects exit 2 with one line on stderr that matches `line`, and no output. */
export function expectUsageError(
  run: { code: number | null; stdout: string; stderr: string },
  line: RegExp,
): void {
  expect(run.code, run.stderr).toBe(2)
  expect(run.stdout).toBe('')
  const lines = run.stderr.trimEnd().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]!.startsWith(PREFIX)).toBe(true)
  expect(lines[0]).toMatch(line)
}

/** A GET of `url`, with `key` as its Bearer key when given. */
export function get(url: string, key?: string) {
  return fetch(url, {
    headers: key === undefined ? {} : { authorization: `Bearer ${key}` },
  })
}

/** The suite's temporary folder inside the repository. */
export function tempFolder(): string {
  return tmp
}

/** Writes a file into the suite's temporary folder; returns its path. */
export async function writeTemp(
  name: string,
  content: string,
): Promise<string> {
  const path = join(tmp, name)
  await writeFile(path, content)
  return path
}
