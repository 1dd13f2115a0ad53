import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createServer, type AddressInfo, type Server } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
// runCli in-process, with an io of the test's own (stdin, TTY, env): fast
// enough for property runs, which a child process per case would not be.
import type { CliIo } from '../../src/cli/output/create-process-io.js'
import { runCli } from '../../src/cli/run-cli.js'
import { startServer } from '../support/server.js'
import { loadFixture } from '../support/load-fixture.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const PREFIX = 'content-api-mock: '

// @note Inside the repository, so that the handler modules written here
// resolve `msw` from its node_modules.
let tmp: string
let busy: Server
let busyPort: string
const files: Record<string, string> = {}

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

interface Run {
  code: number
  stdout: string
  stderr: string
}

/**
 * Runs the CLI in this process with stand-in streams. `onBanner` is called
 * with the banner once a server has started; the run ends when `stop` sends
 * the stop signal, as Ctrl+C does.
 */
function launch(
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
function runInProcess(
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
function flag(
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
function flagArbitraries(): Array<fc.Arbitrary<string[]>> {
  return [
    flag('--port', ['0'], {
      late: [busyPort, '80'],
      early: ['70000', '-1', '4.5', 'x'],
    }),
    flag('--host', ['127.0.0.1', 'localhost'], {
      late: ['no-such-host.invalid', '192.0.2.1', ' '],
      early: [''],
    }),
    flag(
      '--public-url',
      ['https://demo.example.com', 'http://localhost:8080/mock/'],
      {
        early: [
          'demo.example.com',
          'ftp://demo.example.com',
          'https://user:pw@demo.example.com',
          'https://demo.example.com/?q=1',
          'https://demo.example.com/#top',
          'https://demo.example.com/__mock',
          '',
        ],
      },
    ),
    fc.constant(['--trust-proxy']),
    flag('--seed', ['7', '0'], {
      early: ['1.5', '-3', '9007199254740993', 'seven'],
    }),
    flag('--projects', ['4', '5'], { early: ['3', '100001', 'many'] }),
    flag('--contents', ['3', '0'], { early: ['-1', '10000001'] }),
    flag('--api-key', ['my-key', 'demo-key-alpha'], {
      late: ['demo-key-beta', 'demo-key-expired', 'demo-key-revoked'],
      early: ['has space', 'clé', ''],
    }),
    flag('--fixtures', [files.fixtures!], {
      late: [
        files.invalidFixtures!,
        files.notJson!,
        files.deepFixtures!,
        files.empty!,
        files.missing!,
        files.directory!,
      ],
      early: [''],
    }),
    fc.constant(['--watch']),
    flag('--asset-ttl', ['60', '1'], { early: ['0', '2147483648'] }),
    flag('--list-order', ['oldest-first'], { early: ['sideways'] }),
    flag('--media-dir', [files.mediaDir!], {
      late: [
        files.emptyFolder!,
        files.otherFolder!,
        files.missing!,
        files.fixtures!,
      ],
      early: [''],
    }),
    flag(
      '--cors-origin',
      ['*', 'http://localhost:3000', 'http://a.test,http://b.test'],
      { early: ['localhost:3000', 'http://a.test/path', ','] },
    ),
    flag('--admin-token', ['s3cret', 'none'], { early: ['', 'has space'] }),
    flag('--allowed-hosts', ['mock', '.example.org,demo.example.com', 'all'], {
      early: ['https://example.com', 'mock:4010', 'all,mock', ',', '[::1]'],
    }),
    flag('--handlers', [files.handlers!], {
      late: [
        files.throwingHandlers!,
        files.noHandlers!,
        files.badHandlers!,
        files.missing!,
        files.directory!,
      ],
    }),
    flag('--rate-limit', ['60/1m', '3/10s'], {
      late: ['99999999999999999999/1h', '1/999999h'],
      early: ['0/1m', '60', '1/0s'],
    }),
    flag('--rate-limit-algorithm', ['token-bucket'], { early: ['leaky'] }),
    flag('--rate-limit-headers', ['x-ratelimit'], { early: ['none'] }),
    flag('--latency', ['0', '50-200', '600000'], {
      early: ['200-50', '600001', 'fast'],
    }),
    flag('--fail-rate', ['0.5', '0', '1'], {
      early: ['1.5', '-0.1', 'NaN', ''],
    }),
    flag('--scenario', ['flaky', 'slow', 'rate-limited'], {
      early: ['chaos', 'flakey'],
    }),
    flag('--variant', ['hostile', 'nullable,paginated', 'unicode'], {
      early: ['chaos', 'nullable,', 'nulable', ''],
    }),
    fc.constant(['--strict']),
    fc.constant(['--live']),
    flag('--speed', ['60', '0.5', '1'], { early: ['0', 'fast', '10001', ''] }),
    flag('--journal-size', ['10'], { early: ['0', '10000001'] }),
    flag('--headers-timeout', ['5000', '0', '2000'], {
      early: ['-1', '86400001', '1.5', 'soon'],
    }),
    flag('--request-timeout', ['60000', '0', '1000'], { early: ['1m'] }),
    flag('--keep-alive-timeout', ['5000', '0'], { early: ['-5'] }),
    flag('--idle-timeout', ['30000'], { early: ['1e3'] }),
    flag('--shutdown-timeout', ['0', '10000'], { early: ['ten', ''] }),
    flag('--log', ['off', 'json', 'pretty'], { early: ['verbose'] }),
    flag(
      '--proxy',
      ['http://127.0.0.1:9/public-api/v1', 'https://api.example.com/'],
      {
        early: [
          'api.example.com',
          'ftp://api.example.com',
          'https://user:pw@api.example.com',
          'https://api.example.com/?q=1',
          'https://api.example.com/#top',
          '',
        ],
      },
    ),
    fc.constant(['--proxy-all']),
    flag('--record', [files.missing!], {
      late: [
        files.notJson!,
        files.invalidFixtures!,
        files.directory!,
        join(files.missing!, 'in-no-folder.json'),
      ],
      early: [''],
    }),
    fc.constantFrom(['--prot', '4011'], ['extra'], ['-x']),
  ]
}

/**
 * A value of an environment variable the CLI reads, as `flag` draws a flag's:
 * mostly unset or right, sometimes wrong.
 */
function variable(
  right: readonly string[],
  wrong: readonly string[],
): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 4 },
    { arbitrary: fc.constantFrom(...right), weight: 2 },
    { arbitrary: fc.constantFrom(...wrong), weight: 1 },
  )
}

/** The environment a hosting platform, or a user's shell, may set. */
function environmentArbitrary() {
  return fc.record({
    PORT: variable(['0', ''], [busyPort, '70000', '-1', '4.5', 'http']),
    HOST: variable(
      ['127.0.0.1', 'localhost', ''],
      ['no-such-host.invalid', '192.0.2.1', ' '],
    ),
  })
}

it('answers every combination of flags and environment with exit 0, or exit 2 and one line; never "please report it"', async () => {
  // Runs whose flags and environment were all accepted: a server started, or
  // its port (4010 when neither --port nor PORT is drawn) was taken by
  // another process on this machine, which is no fault of the draw.
  let accepted = 0
  await fc.assert(
    fc.asyncProperty(
      fc
        .array(fc.oneof(...flagArbitraries()), { maxLength: 5 })
        .map((flags) => flags.flat()),
      environmentArbitrary(),
      async (args, env) => {
        const run = await runInProcess(args, env)
        if (run.code === 0 || /is already in use/.test(run.stderr)) accepted++
        const variables = Object.entries(env)
          .filter(([, value]) => value !== undefined)
          .map(([name, value]) => `${name}=${JSON.stringify(value)} `)
          .join('')
        const context = `${variables}content-api-mock ${args.join(' ')}\nexit ${run.code}\nstderr:\n${run.stderr}`
        expect([0, 2], context).toContain(run.code)
        expect(run.stderr, context).not.toMatch(/please report|\n\s+at /)
        const lines = run.stderr.trimEnd().split('\n')
        if (run.code === 2) {
          expect(run.stdout, context).toBe('')
          expect(lines[0]!.startsWith(PREFIX), context).toBe(true)
          // A FixtureError adds one indented line per problem.
          for (const line of lines.slice(1)) {
            expect(line, context).toMatch(/^ {2}\S/)
          }
        } else {
          expect(run.stderr, context).toContain(`${PREFIX}stopped\n`)
        }
      },
    ),
    { numRuns: 300 },
  )
  // @note Guards the property itself: a generator that only made mistakes
  // would never start a server and would prove little.
  expect(accepted).toBeGreaterThan(40)
}, 60_000)

/** The statuses of 24 requests to a CLI started with these flags. */
async function statusesWith(args: readonly string[]) {
  const statuses: number[] = []
  let banner = ''
  const run = await launch(
    ['--port', '0', '--log', 'off', ...args],
    (text, stop) => {
      banner = text
      const apiUrl = /API +(\S+)/.exec(text)![1]
      void (async () => {
        for (let index = 0; index < 24; index++) {
          const response = await fetch(`${apiUrl}/projects`, {
            headers: { authorization: 'Bearer k_a' },
          })
          statuses.push(response.status)
        }
      })().finally(stop)
    },
  )
  expect(run.code).toBe(0)
  return { statuses, banner }
}

it('seeds the --fail-rate draws with --seed when --fixtures is given', async () => {
  const flags = ['--fixtures', files.fixtures!, '--fail-rate', '0.5']
  const seven = await statusesWith([...flags, '--seed', '7'])
  const sevenAgain = await statusesWith([...flags, '--seed', '7'])
  const eight = await statusesWith([...flags, '--seed', '8'])
  expect(seven.statuses).toEqual(sevenAgain.statuses)
  expect(seven.statuses).not.toEqual(eight.statuses)
  expect(new Set(seven.statuses)).toEqual(new Set([200, 500]))
  expect(seven.banner).toMatch(
    /Traffic +500 on 50% of requests; random draws from seed 7/,
  )
})

/** A new folder for each run of build-demo, in place of this word. */
const NEW_FOLDER = '{new folder}'

/** The arguments after `build-demo`: a folder, right or wrong, and flags. */
function buildDemoArbitrary(): fc.Arbitrary<string[]> {
  const folder = fc.oneof(
    { arbitrary: fc.constant([NEW_FOLDER]), weight: 4 },
    { arbitrary: fc.constant([files.earlierDemo!]), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        [files.otherFolder!],
        [files.fixtures!],
        [''],
        [],
      ),
      weight: 1,
    },
  )
  const flags = [
    flag('--seed', ['7', '0'], { early: ['1.5', '-3', 'seven'] }),
    flag('--fixtures', [files.fixtures!], {
      late: [
        files.invalidFixtures!,
        files.notJson!,
        files.deepFixtures!,
        files.missing!,
      ],
      early: [''],
    }),
    fc.constant(['--live']),
    flag('--speed', ['60', '0.5'], { early: ['0', 'fast', '10001'] }),
    flag('--projects', ['5'], { early: ['3', 'x'] }),
    flag('--contents', ['0', '200'], { early: ['-1'] }),
    flag('--asset-ttl', ['3600'], { early: ['0', '1.5'] }),
    flag('--media-dir', [files.mediaDir!], {
      late: [files.emptyFolder!, files.otherFolder!, files.missing!],
      early: [''],
    }),
    // @note A second folder inside tmp: drawn without the first, it becomes
    // the folder, and must not be written into the repository.
    fc.constantFrom(['--port', '0'], ['--watch'], [join(tmp, 'extra')], ['-x']),
  ]
  return fc
    .tuple(folder, fc.array(fc.oneof(...flags), { maxLength: 4 }))
    .map(([dir, chosen]) => [...dir, ...chosen.flat()])
}

it('answers every build-demo command line with exit 0 and a folder, or exit 2, one line and nothing written', async () => {
  const codes: number[] = []
  let runs = 0
  await fc.assert(
    fc.asyncProperty(buildDemoArbitrary(), async (drawn) => {
      const folder = join(tmp, `demo-${runs++}`)
      const args = [
        'build-demo',
        ...drawn.map((arg) => (arg === NEW_FOLDER ? folder : arg)),
      ]
      const run = await runInProcess(args)
      codes.push(run.code)
      const context = `content-api-mock ${args.join(' ')}\nexit ${run.code}\nstderr:\n${run.stderr}`
      expect([0, 2], context).toContain(run.code)
      expect(run.stderr, context).not.toMatch(/please report|\n\s+at /)
      if (run.code === 2) {
        expect(run.stdout, context).toBe('')
        const lines = run.stderr.trimEnd().split('\n')
        expect(lines[0]!.startsWith(PREFIX), context).toBe(true)
        for (const line of lines.slice(1))
          expect(line, context).toMatch(/^ {2}\S/)
        expect(existsSync(folder), context).toBe(false)
      } else {
        expect(run.stderr, context).toBe('')
        expect(run.stdout, context).toMatch(/^Wrote the demo to /)
      }
      expect(readdirSync(files.otherFolder!), context).toEqual(['notes.txt'])
      expect(existsSync(join(files.earlierDemo!, 'keep.txt')), context).toBe(
        true,
      )
      rmSync(folder, { recursive: true, force: true })
    }),
    { numRuns: 120 },
  )
  expect(codes.filter((code) => code === 0).length).toBeGreaterThan(15)
}, 120_000)

/** The arguments after `verify`: flags right, wrong late, or wrong early. */
function verifyArbitrary(urls: {
  api: string
  root: string
  closed: string
}): fc.Arbitrary<string[]> {
  // @note --target is required: drawn first and mostly right, so that many
  // runs get to ask the server.
  const target = fc.oneof(
    {
      arbitrary: flag('--target', [urls.api, `${urls.api}/`], {
        late: [urls.root, urls.closed],
        early: [
          'not a url',
          'ftp://example.com/v1',
          'https://u:p@example.com',
          '',
        ],
      }),
      weight: 6,
    },
    { arbitrary: fc.constant([]), weight: 1 },
  )
  const flags = [
    flag('--api-key', ['demo-key-alpha'], {
      late: ['not-a-key-of-this-service'],
      early: ['has space', 'clé', ''],
    }),
    flag('--report', ['table', 'json'], { early: ['xml', ''] }),
    flag('--report-file', [join(tmp, 'report.json')], {
      late: [files.directory!, join(tmp, 'no-such-folder', 'report.json')],
      early: [''],
    }),
    flag('--max-projects', ['1', '2'], { early: ['0', '1001', 'all'] }),
    flag('--max-contents', ['0', '1'], { early: ['-1', '1.5'] }),
    flag('--timeout', ['5000'], { early: ['0', '600001', 'soon'] }),
    fc.constantFrom(['-x'], ['extra'], ['--target']),
  ]
  return fc
    .tuple(target, fc.array(fc.oneof(...flags), { maxLength: 4 }))
    .map(([first, chosen]) => [...first, ...chosen.flat()])
}

it('answers every verify command line with exit 0 or 1 and a report, or exit 2 and one line', async () => {
  await using server = await startServer({ seed: 7 })
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const closedPort = (probe.address() as AddressInfo).port
  await new Promise((resolve) => probe.close(resolve))
  const urls = {
    api: server.apiUrl,
    root: server.url,
    closed: `http://127.0.0.1:${closedPort}/public-api/v1`,
  }
  const codes: number[] = []
  await fc.assert(
    fc.asyncProperty(
      verifyArbitrary(urls),
      fc.constantFrom(
        undefined,
        'demo-key-alpha',
        'demo-key-alpha',
        'wrong-key',
      ),
      async (flags, key) => {
        const args = ['verify', ...flags]
        const run = await runInProcess(
          args,
          key === undefined ? {} : { CONTENT_API_KEY: key },
        )
        codes.push(run.code)
        const context = `CONTENT_API_KEY=${key} content-api-mock ${args.join(' ')}\nexit ${run.code}\nstderr:\n${run.stderr}`
        expect([0, 1, 2], context).toContain(run.code)
        expect(run.stderr, context).not.toMatch(/please report|\n\s+at /)
        if (run.code === 2) {
          expect(run.stdout, context).toBe('')
          const lines = run.stderr.trimEnd().split('\n')
          expect(lines, context).toHaveLength(1)
          expect(lines[0]!.startsWith(PREFIX), context).toBe(true)
        } else {
          expect(run.stderr, context).toBe('')
          expect(run.stdout, context).toMatch(/^(Verified |\{)/)
        }
      },
    ),
    { numRuns: 150 },
  )
  // A default server matches: the runs that get through exit 0. About 10
  // of 150 draws get through (every flag valid and the right key); the draws
  // are not seeded, so the guard asks only that the property was not vacuous.
  expect(codes.filter((code) => code === 0).length).toBeGreaterThan(0)
}, 120_000)

/** A new file, or a new folder, for each run of record, in place of this word. */
const NEW_PATH = '{new path}'

/** The arguments after `record`, right or wrong, against `service`. */
function recordArbitrary(service: {
  url: string
  apiUrl: string
  closedUrl: string
}): fc.Arbitrary<string[]> {
  // @note Both required flags mostly right, so that enough runs record.
  const required = (
    name: string,
    right: string,
    late: readonly string[],
    early: readonly string[],
  ) =>
    fc.oneof(
      { arbitrary: fc.constant([name, right]), weight: 8 },
      { arbitrary: fc.constantFrom(...late).map((v) => [name, v]), weight: 2 },
      { arbitrary: fc.constantFrom(...early).map((v) => [name, v]), weight: 1 },
      { arbitrary: fc.constant([]), weight: 1 },
    )
  const target = fc.oneof(
    required(
      '--target',
      service.apiUrl,
      [service.closedUrl, `${service.url}/v2`],
      [
        'not a url',
        'ftp://example.com',
        'https://user:pw@example.com',
        `${service.apiUrl}?page=1`,
        '',
      ],
    ),
    fc.constant(['--target', service.url]),
  )
  const out = required(
    '--out',
    NEW_PATH,
    [files.directory!, join(tmp, 'no-such-folder', 'rec.json')],
    [''],
  )
  const flags = [
    flag('--api-key', ['demo-key-alpha'], {
      late: ['not-a-key'],
      early: ['has space', 'clé', ''],
    }),
    fc.constant(['--anonymize']),
    flag('--seed', ['7'], { early: ['-1', 'seven'] }),
    flag('--media-dir', [NEW_PATH], { late: [files.fixtures!], early: [''] }),
    flag('--concurrency', ['1', '8'], { early: ['0', '65', 'many'] }),
    flag('--rate', ['500', '100.5'], { early: ['0', '1001', 'fast', ''] }),
    fc.constantFrom(['--port', '0'], ['extra'], ['-x']),
  ]
  return fc
    .tuple(target, out, fc.array(fc.oneof(...flags), { maxLength: 2 }))
    .map(([to, into, chosen]) => [...to, ...into, ...chosen.flat()])
}

it('answers every record command line with exit 0 and a file, or exit 2, one line and nothing written', async () => {
  const { startServer } = await import('../support/server.js')
  await using server = await startServer({ size: { projects: 4, contents: 6 } })
  const closed = await startServer()
  const closedUrl = closed.url
  await closed.close()
  const service = { url: server.url, apiUrl: server.apiUrl, closedUrl }
  const key = fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 1 },
    { arbitrary: fc.constant('demo-key-alpha'), weight: 3 },
    { arbitrary: fc.constantFrom('not-a-key', 'has space'), weight: 1 },
  )
  let written = 0
  let runs = 0
  await fc.assert(
    fc.asyncProperty(recordArbitrary(service), key, async (drawn, apiKey) => {
      const run = runs++
      const paths = [join(tmp, `record-${run}.json`), join(tmp, `media-${run}`)]
      let next = 0
      // @note A fast pace first, so accepted runs take little time; a --rate
      // drawn later wins.
      const args = [
        'record',
        '--rate',
        '500',
        ...drawn.map((arg) => (arg === NEW_PATH ? paths[next++ % 2]! : arg)),
      ]
      const env = apiKey === undefined ? {} : { CONTENT_API_KEY: apiKey }
      const result = await runInProcess(args, env)
      const context = `CONTENT_API_KEY=${JSON.stringify(apiKey)} content-api-mock ${args.join(' ')}\nexit ${result.code}\nstderr:\n${result.stderr}`
      expect([0, 2], context).toContain(result.code)
      expect(result.stderr, context).not.toMatch(/please report|\n\s+at /)
      const out = args[args.indexOf('--out') + 1]
      if (result.code === 2) {
        expect(result.stdout, context).toBe('')
        const lines = result.stderr.trimEnd().split('\n')
        expect(lines, context).toHaveLength(1)
        expect(lines[0]!.startsWith(PREFIX), context).toBe(true)
        expect(existsSync(paths[0]!), context).toBe(false)
      } else {
        written++
        expect(result.stdout, context).toMatch(/^Recorded http/)
        expect(existsSync(out!), context).toBe(true)
      }
      for (const path of paths) rmSync(path, { recursive: true, force: true })
    }),
    {
      numRuns: 80,
      // A --media-dir that falls on the --out file (found by a random seed).
      examples: [
        [
          [
            ...['--target', service.apiUrl, '--out', NEW_PATH],
            ...['--media-dir', NEW_PATH, '--media-dir', NEW_PATH],
          ],
          'demo-key-alpha',
        ],
      ],
    },
  )
  expect(written).toBeGreaterThan(8)
}, 120_000)
