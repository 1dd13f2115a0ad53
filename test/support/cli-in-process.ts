import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type AddressInfo, type Server } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { afterAll, beforeAll, expect } from 'vitest'
// runCli in-process, with an io of the test's own (stdin, TTY, env): fast
// enough for property runs, which a child process per case would not be.
import type { CliIo } from '../../src/cli/output/create-process-io.js'
import { runCli } from '../../src/cli/run-cli.js'
import { loadFixture } from './load-fixture.js'

// The CLI run in this process for property tests of every command line a
// user may type: the files those command lines name, made once per suite,
// a port held busy, and the checks every run's end must pass.

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
/** What every line the CLI prints to stderr starts with. */
export const PREFIX = 'content-api-mock: '

// @note Inside the repository, so that the handler modules written here
// resolve `msw` from its node_modules.
let tmp: string
let busy: Server
let busyPort: string
/** The files (and folders) the command lines of the suites name, by role. */
export const files: Record<string, string> = {}

/** The suite's temporary folder inside the repository. */
export function tempFolder(): string {
  return tmp
}

/** A port another process of this machine holds while the suite runs. */
export function heldPort(): string {
  return busyPort
}

beforeAll(async () => {
  tmp = mkdtempSync(join(ROOT, 'test', '.tmp-inputs-'))
  const write = (name: string, content: string) => {
    const path = join(tmp, name)
    writeFileSync(path, content)
    return path
  }
  const invalid = loadFixture('small.json')
  invalid.contents[0].project_unique = 'p9'
  files.fixtures = join(ROOT, 'test/fixtures/small.json')
  files.invalidFixtures = write('invalid.json', JSON.stringify(invalid))
  files.notJson = write('broken.json', '{ "version": 1,')
  // Valid JSON, nested past the documented depth limit (issue 10).
  files.deepFixtures = write(
    'deep.json',
    `{"version":1,"accounts":${'['.repeat(3000)}${']'.repeat(3000)}}`,
  )
  files.empty = write('empty.json', '')
  files.missing = join(tmp, 'missing.json')
  files.directory = join(tmp, 'folder')
  mkdirSync(files.directory)
  files.handlers = write(
    'handlers.mjs',
    "import { http, HttpResponse } from 'msw'\nexport const handlers = [http.get('*/hello', () => HttpResponse.json({ hello: true }))]\n",
  )
  files.throwingHandlers = write(
    'throwing.mjs',
    "throw new Error('broken on purpose')\n",
  )
  files.noHandlers = write('none.mjs', 'export const other = 1\n')
  files.badHandlers = write('bad.mjs', 'export default [1, null]\n')
  files.mediaDir = join(tmp, 'media')
  mkdirSync(files.mediaDir)
  writeFileSync(join(files.mediaDir, 'a.jpg'), new Uint8Array([0xff, 0xd8]))
  files.emptyFolder = join(tmp, 'empty-folder')
  mkdirSync(files.emptyFolder)
  files.otherFolder = join(tmp, 'other-folder')
  mkdirSync(files.otherFolder)
  writeFileSync(join(files.otherFolder, 'notes.txt'), 'no media here')
  files.earlierDemo = join(tmp, 'earlier-demo')
  mkdirSync(files.earlierDemo)
  writeFileSync(join(files.earlierDemo, 'demo-options.json'), '{}')
  writeFileSync(
    join(files.earlierDemo, 'keep.txt'),
    'not written by build-demo',
  )

  busy = createServer()
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve))
  busyPort = String((busy.address() as AddressInfo).port)
})

afterAll(() => {
  busy.close()
  rmSync(tmp, { recursive: true, force: true })
})

/** How a command line ended, and what it printed. */
export interface Run {
  code: number
  stdout: string
  stderr: string
}

/**
 * Runs the CLI in this process with stand-in streams. `onBanner` is called
 * with the banner once a server has started; the run ends when `stop` sends
 * the stop signal, as Ctrl+C does.
 */
export function launch(
  args: readonly string[],
  onBanner: (banner: string, stop: () => void) => void,
  env: Readonly<Record<string, string | undefined>> = {},
): Promise<Run> {
  let stdout = ''
  let stderr = ''
  let stopListener: ((signal: NodeJS.Signals) => void) | undefined
  let started = false
  const stop = () => queueMicrotask(() => stopListener?.('SIGTERM'))
  const checkBanner = () => {
    if (!started && /Press Ctrl\+C to stop\./.test(stdout + stderr)) {
      started = true
      onBanner(stdout + stderr, stop)
    }
  }
  const io: CliIo = {
    stdout: {
      write(text: string) {
        stdout += text
        checkBanner()
      },
    },
    stderr: {
      write(text: string) {
        stderr += text
        checkBanner()
      },
    },
    env: { NO_COLOR: '1', ...env },
    onStopSignal(listener) {
      stopListener = listener
      return () => {
        stopListener = undefined
      }
    },
    exit(code) {
      throw new Error(`The CLI tried to end the process with ${code}.`)
    },
  }
  return runCli(args, io).then((code) => ({ code, stdout, stderr }))
}

/** Runs the CLI in this process; a server that starts is stopped at once. */
export function runInProcess(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): Promise<Run> {
  return launch(args, (_banner, stop) => stop(), env)
}

/**
 * One flag with a value a user may type: a right one, a wrong one that
 * only the mock can tell (it passes the flag's own parser: a clash, a file,
 * a port in use), or a wrong one the parser catches. The first two are
 * drawn most, so that many runs start a server and the late checks are hit.
 */
export function flag(
  name: string,
  right: readonly string[],
  {
    late = [],
    early = [],
  }: { late?: readonly string[]; early?: readonly string[] } = {},
): fc.Arbitrary<string[]> {
  const choices = [
    { arbitrary: fc.constantFrom(...right), weight: 3 },
    ...(late.length > 0
      ? [{ arbitrary: fc.constantFrom(...late), weight: 2 }]
      : []),
    ...(early.length > 0
      ? [{ arbitrary: fc.constantFrom(...early), weight: 1 }]
      : []),
  ]
  return fc.oneof(...choices).map((text) => [name, text])
}

/** Every flag, and a few mistakes that are no flag at all. */

/**
 * Expects an end a user may see: one of `codes`, no stack and no "please
 * report it"; on exit 2 nothing on stdout and one line, followed only by
 * the indented lines of a fixture's problems when `problemLines` allows them.
 * @example
 * expectUserFacingEnd(await runInProcess(args), `content-api-mock ${args.join(' ')}`)
 */
export function expectUserFacingEnd(
  run: Run,
  context: string,
  { codes = [0, 2], problemLines = false } = {},
): void {
  const described = `${context}\nexit ${run.code}\nstderr:\n${run.stderr}`
  expect(codes, described).toContain(run.code)
  expect(run.stderr, described).not.toMatch(/please report|\n\s+at /)
  if (run.code !== 2) return
  expect(run.stdout, described).toBe('')
  const lines = run.stderr.trimEnd().split('\n')
  expect(lines[0]!.startsWith(PREFIX), described).toBe(true)
  if (!problemLines) expect(lines, described).toHaveLength(1)
  // A FixtureError adds one indented line per problem.
  for (const line of lines.slice(1)) expect(line, described).toMatch(/^ {2}\S/)
}
