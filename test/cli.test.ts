import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { rename, writeFile } from 'node:fs/promises'
import { createServer, type AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
// The CLI runs as a child process below; from src/ come only the colour
// rules and the option tables that the expected help texts are built from.
import { createStyles, shouldUseColor } from '../src/cli/create-styles.js'
import { OPTION_RULES } from '../src/schema/option-rules.js'
import { SERVER_OPTION_RULES } from '../src/server/connections/defaults.js'
import { loadFixture } from './support/load-fixture.js'
import { SLOW_HANDLERS_MODULE } from './support/slow-handlers.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const MAIN = join(ROOT, 'dist/cli/main.js')
const PREFIX = 'content-api-mock: '

// @note Inside the repository, so that handler modules written here resolve
// `msw` from its node_modules.
let tmp: string
beforeAll(() => {
  tmp = mkdtempSync(join(ROOT, 'test', '.tmp-cli-'))
})
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true })
})

interface CliProcess {
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

function spawnCli(
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
async function runCli(args: string[], env?: Record<string, string>) {
  const cli = spawnCli(args, env)
  const code = await cli.exited
  return { code, stdout: cli.stdout(), stderr: cli.stderr() }
}

/** Starts the CLI and waits for its banner; returns the URLs it printed. */
async function startCli(args: string[], env?: Record<string, string>) {
  const cli = spawnCli(['--port', '0', ...args], env)
  const stream = args.includes('json') ? 'stderr' : 'stdout'
  const [, url] = await cli.waitFor(
    stream,
    /API +(http:\/\/127\.0\.0\.1:\d+)\/public-api\/v1\n[\s\S]*Press Ctrl\+C to stop\./,
  )
  return { ...cli, url: url!, apiUrl: `${url}/public-api/v1` }
}

/** Expects exit 2 with one line on stderr that matches `line`, and no output. */
function expectUsageError(
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

function get(url: string, key?: string) {
  return fetch(url, {
    headers: key === undefined ? {} : { authorization: `Bearer ${key}` },
  })
}

async function writeTemp(name: string, content: string): Promise<string> {
  const path = join(tmp, name)
  await writeFile(path, content)
  return path
}

it('prints the help and exits 0', async () => {
  const { code, stdout, stderr } = await runCli(['--help'])
  expect(code).toBe(0)
  expect(stdout).toContain('Usage: content-api-mock [options]')
  for (const flag of [
    '--port <number>',
    '--fixtures <file>',
    '--watch',
    '--log <format>',
  ]) {
    expect(stdout).toContain(flag)
  }
  expect(stderr).toBe('')
})

it('prints each default in the help from the option rules, and that --seed goes with --fixtures', async () => {
  const { stdout } = await runCli(['--help'])
  // One entry per option: its first line and the indented lines after it.
  const entries = stdout
    .split(/\n(?= {2}-)/)
    .map((entry) => entry.replace(/\s+/g, ' ').trim())
  const help = entries.join(' ')
  const { host, port } = SERVER_OPTION_RULES
  const defaults: Array<[string, string | number]> = [
    ['--host <address>', `$${host.env}, else ${host.default}`],
    ['-p, --port <number>', `$${port.env}, else ${port.default}`],
    ['--seed <number>', OPTION_RULES.seed.default],
    ['--projects <number>', OPTION_RULES.projects.default],
    ['--contents <number>', OPTION_RULES.contents.default],
    ['--api-key <key>', OPTION_RULES.apiKey.default],
    ['--asset-ttl <seconds>', OPTION_RULES.assetTtl.default],
    ['--journal-size <number>', OPTION_RULES.journalSize.default],
  ]
  for (const [flag, value] of defaults) {
    const entry = entries.find((text) => text.startsWith(`${flag} `))
    expect(entry, flag).toMatch(
      new RegExp(`\\(default: ${String(value).replace(/[$.]/g, '\\$&')}\\)$`),
    )
  }
  expect(help).toContain('with --fixtures, of the draws only (default: 1)')
})

it('prints the version from package.json and exits 0', async () => {
  const { version } = JSON.parse(
    readFileSync(join(ROOT, 'package.json'), 'utf8'),
  )
  const { code, stdout } = await runCli(['--version'])
  expect(code).toBe(0)
  expect(stdout).toBe(`${version}\n`)
})

it("lists its four commands in the help, and prints each command's help", async () => {
  const { stdout } = await runCli(['--help'])
  const commands = stdout.slice(stdout.indexOf('\nCommands:\n'))
  for (const name of ['serve', 'build-demo', 'record', 'verify']) {
    expect(commands).toMatch(new RegExp(`\\n {2}${name} `))
    const help = await runCli([name, '--help'])
    expect(help.code, name).toBe(0)
    expect(help.stderr, name).toBe('')
    expect(help.stdout, name).toContain(`Usage: content-api-mock ${name} `)
    expect(help.stdout, name).toContain('-h, --help')
  }
})

it('names a word where a command belongs as an unknown command, with the one it is closest to, and a command after a flag as misplaced', async () => {
  expectUsageError(
    await runCli(['verfiy']),
    /Unknown command 'verfiy' \(Did you mean verify\?\): the commands are serve, build-demo, record, verify, and serving \(the default\) takes no argument\./,
  )
  expectUsageError(
    await runCli(['--port', '0', 'record']),
    /The command 'record' comes first, before any flag, e\.g\. "content-api-mock record --help"\./,
  )
})

it('names $CONTENT_API_KEY, without its value, when the key in it cannot be one', async () => {
  const target = ['--target', 'http://127.0.0.1:9']
  for (const args of [
    ['verify', ...target],
    ['record', ...target, '--out', join(tmp, 'r.json')],
  ]) {
    const run = await runCli(args, { CONTENT_API_KEY: 'has space' })
    expectUsageError(
      run,
      /The environment variable CONTENT_API_KEY is invalid; expected the key as the service issued it: visible ASCII characters without spaces\. Fix or unset CONTENT_API_KEY, or pass --api-key, which wins over it\./,
    )
    expect(run.stderr).not.toContain('has space')
  }
})

it('prints a banner with the actual URL, every key with its label and status, and a curl line', async () => {
  const cli = await startCli([])
  const banner = cli.stdout()
  expect(cli.url).not.toMatch(/:0$/)
  expect(banner).toMatch(
    /demo-key-alpha +acct_alpha#1 +Alpha Studio +active +sees \d+ projects, 1 shared read-only/,
  )
  expect(banner).toMatch(/demo-key-beta +acct_beta#1 +Beta Media +active/)
  expect(banner).toMatch(
    /demo-key-expired +acct_alpha#2 +Alpha Studio +expired at \S+Z: answers 401/,
  )
  expect(banner).toMatch(
    /demo-key-revoked +acct_alpha#3 +Alpha Studio +revoked: answers 401/,
  )
  expect(banner).toContain(
    `curl -H "Authorization: Bearer demo-key-alpha" ${cli.apiUrl}/projects`,
  )
  expect(banner).toContain(`${cli.url}/__mock`)
  expect(banner).toContain(`${cli.url}/openapi.json`)
  expect(banner).not.toContain('\u001b[')
})

it('serves the API on the printed URL and logs each request on one line', async () => {
  const cli = await startCli([])
  const response = await get(`${cli.apiUrl}/projects`, 'demo-key-alpha')
  expect(response.status).toBe(200)
  expect((await response.json()).data.length).toBeGreaterThan(0)
  await cli.waitFor(
    'stdout',
    /^GET \/public-api\/v1\/projects 200 \d+\.\dms acct_alpha#1$/m,
  )
  await get(`${cli.apiUrl}/projects`)
  await cli.waitFor('stdout', /^GET \/public-api\/v1\/projects 401 \d+\.\dms$/m)
})

it('logs requests as JSON lines with --log json, with nothing else on stdout', async () => {
  const cli = await startCli(['--log', 'json'])
  await get(`${cli.apiUrl}/projects`, 'demo-key-beta')
  await cli.waitFor('stdout', /\n$/)
  const lines = cli.stdout().trimEnd().split('\n')
  expect(lines).toHaveLength(1)
  const entry = JSON.parse(lines[0]!)
  expect(entry).toMatchObject({
    method: 'GET',
    path: '/public-api/v1/projects',
    status: 200,
    keyLabel: 'acct_beta#1',
  })
  expect(entry.durationMs).toBeTypeOf('number')
  expect(new Date(entry.time).toISOString()).toBe(entry.time)
  expect(cli.stderr()).toContain('demo-key-beta')
})

it('logs no requests with --log off', async () => {
  const cli = await startCli(['--log', 'off'])
  const banner = cli.stdout()
  expect((await get(`${cli.apiUrl}/projects`, 'demo-key-alpha')).status).toBe(
    200,
  )
  await new Promise((resolve) => setTimeout(resolve, 100))
  expect(cli.stdout()).toBe(banner)
})

it('serves generated data of the given seed and size', async () => {
  const cli = await startCli([
    '--seed',
    '7',
    '--projects',
    '5',
    '--contents',
    '3',
    '--api-key',
    'my-key',
  ])
  expect(cli.stdout()).toContain(
    'generated from seed 7: 5 projects, 3 contents',
  )
  expect(cli.stdout()).toContain('Bearer my-key')
  expect((await get(`${cli.apiUrl}/projects`, 'my-key')).status).toBe(200)
})

it('passes --list-order and --asset-ttl to the mock', async () => {
  const cli = await startCli([
    '--list-order',
    'oldest-first',
    '--asset-ttl',
    '60',
  ])
  const projects = await (
    await get(`${cli.apiUrl}/projects`, 'demo-key-alpha')
  ).json()
  const dates = projects.data.map(
    (project: { created_at: string }) => project.created_at,
  )
  expect(dates).toEqual([...dates].sort())

  const { project_unique } = projects.data[0]
  const contents = await (
    await get(
      `${cli.apiUrl}/projects/${project_unique}/contents`,
      'demo-key-alpha',
    )
  ).json()
  const { variation_unique } = contents.data[0]
  const detail = await (
    await get(
      `${cli.apiUrl}/projects/${project_unique}/contents/${variation_unique}`,
      'demo-key-alpha',
    )
  ).json()
  const expires = Number(
    new URL(detail.data.content.download_url).searchParams.get('expires'),
  )
  expect(expires - Date.now() / 1000).toBeGreaterThan(50)
  expect(expires - Date.now() / 1000).toBeLessThanOrEqual(61)
})

it('allows only the --cors-origin origins', async () => {
  const cli = await startCli([
    '--cors-origin',
    'http://localhost:3000,http://localhost:5173',
  ])
  expect(cli.stdout()).toMatch(
    /CORS +http:\/\/localhost:3000, http:\/\/localhost:5173/,
  )
  const allowed = await fetch(`${cli.apiUrl}/projects`, {
    headers: { origin: 'http://localhost:5173' },
  })
  expect(allowed.headers.get('access-control-allow-origin')).toBe(
    'http://localhost:5173',
  )
  const other = await fetch(`${cli.apiUrl}/projects`, {
    headers: { origin: 'http://evil.example' },
  })
  expect(other.headers.get('access-control-allow-origin')).toBeNull()
})

it('allows any origin with --cors-origin "*"', async () => {
  const cli = await startCli(['--cors-origin', '*'])
  const response = await fetch(`${cli.apiUrl}/projects`, {
    headers: { origin: 'http://localhost:5173' },
  })
  expect(response.headers.get('access-control-allow-origin')).toBe('*')
})

it('protects the control API with --admin-token', async () => {
  const cli = await startCli(['--admin-token', 's3cret'])
  expect(cli.stdout()).toMatch(
    /Admin +http:\S+\/__mock \(needs "Authorization: Bearer <admin token>"\)/,
  )
  expect(cli.stdout()).not.toContain('s3cret')
  expect((await get(`${cli.url}/__mock/health`)).status).toBe(401)
  expect((await get(`${cli.url}/__mock/health`, 's3cret')).status).toBe(200)
})

const badInputs: Array<{
  name: string
  args: () => Promise<string[]> | string[]
  line: RegExp
}> = [
  {
    name: 'an unknown flag',
    args: () => ['--prot', '4011'],
    line: /Unknown option '--prot' \(Did you mean --port\?\)\. Run "content-api-mock --help"/,
  },
  {
    name: 'a port out of range',
    args: () => ['--port', '70000'],
    line: /--port <number>' argument '70000' is invalid\. Expected a whole number from 0 to 65535\./,
  },
  {
    name: 'a seed that is not an integer',
    args: () => ['--seed', '1.5'],
    line: /--seed <number>' argument '1\.5' is invalid\. Expected a whole number/,
  },
  {
    name: 'a rate limit without a window',
    args: () => ['--rate-limit', '60'],
    line: /--rate-limit <count\/window>' argument '60' is invalid\. Expected COUNT\/WINDOW/,
  },
  {
    name: 'a latency range that runs backwards',
    args: () => ['--latency', '200-50'],
    line: /--latency <ms>' argument '200-50' is invalid\. Expected milliseconds/,
  },
  {
    name: 'a fail rate above 1',
    args: () => ['--fail-rate', '1.5'],
    line: /--fail-rate <share>' argument '1\.5' is invalid\. Expected a share from 0 to 1/,
  },
  {
    name: 'an unknown scenario preset',
    args: () => ['--scenario', 'chaos'],
    line: /--scenario <name>' argument 'chaos' is invalid\. Expected one of: rate-limited, server-error/,
  },
  {
    name: 'an unknown log format',
    args: () => ['--log', 'verbose'],
    line: /--log <format>' argument 'verbose' is invalid\. Allowed choices are pretty, json, off\./,
  },
  {
    name: 'a missing fixture file',
    args: () => ['--fixtures', 'test/no-such-file.json'],
    line: /Cannot read the fixture file test\/no-such-file\.json: no such file/,
  },
  {
    name: 'a fixture file that is not JSON',
    args: async () => [
      '--fixtures',
      await writeTemp('broken.json', '{\n  "version": 1,\n'),
    ],
    line: /The fixture file \S+broken\.json is not valid JSON: .+\. Fix the JSON syntax/,
  },
  {
    name: 'a fixture file nested 3,000 levels deep',
    args: async () => {
      const document = loadFixture('small.json')
      document.contents[0].mode = 'storymode'
      document.contents[0].content = { scenes: 'DEEP' }
      const deep = `${'{"a":'.repeat(3000)}{}${'}'.repeat(3000)}`
      const text = JSON.stringify(document).replace('"DEEP"', deep)
      return ['--fixtures', await writeTemp('deep.json', text)]
    },
    line: /The fixture file \S+deep\.json nests objects and arrays more than 100 levels deep, at contents\[0\]\.content\.scenes\.a\.a\.a\.a…; the mock reads at most 100 levels\. Flatten that value/,
  },
  {
    name: '--api-key with --fixtures',
    args: () => ['--fixtures', 'test/fixtures/small.json', '--api-key', 'k'],
    line: /--api-key sets the main key of the generated dataset and cannot be combined with --fixtures\./,
  },
  {
    name: '--watch without --fixtures',
    args: () => ['--watch'],
    line: /--watch reloads the file given with --fixtures/,
  },
  {
    name: 'an --api-key that is the value of another demo key',
    args: () => ['--api-key', 'demo-key-beta'],
    line: /--api-key <key>' argument 'demo-key-beta' is invalid\. "demo-key-beta" is already the key of the second account \(acct_beta\) in the demo dataset; pick another value, or leave --api-key out to use demo-key-alpha\./,
  },
  {
    name: '--projects with --fixtures',
    args: () => [
      '--fixtures',
      'test/fixtures/small.json',
      '--seed',
      '7',
      '--projects',
      '5',
    ],
    line: /--projects shapes the generated dataset and cannot be combined with --fixtures, which serves the file as written\. Remove one or the other \(--seed may stay: with --fixtures it seeds the random traffic draws only\)\./,
  },
  {
    name: 'a --proxy URL without a scheme',
    args: () => ['--proxy', 'api.example.com/public-api/v1'],
    line: /--proxy <url>' argument 'api\.example\.com\/public-api\/v1' is invalid\. Expected an absolute http or https URL, such as https:\/\/api\.example\.com\/public-api\/v1\./,
  },
  {
    name: '--proxy-all without --proxy',
    args: () => ['--proxy-all'],
    line: /--proxy-all forwards every API request to the real service named with --proxy, and has nowhere to forward them without it\. Add --proxy URL/,
  },
  {
    name: '--redis-prefix without --redis',
    args: () => ['--redis-prefix', 'ci-42'],
    line: /--redis-prefix names the keys of a fleet in the Redis given with --redis, and there is none without it\. Add --redis URL/,
  },
  {
    name: '--redis-offline without --redis',
    args: () => ['--redis-offline', 'serve-last-state'],
    line: /--redis-offline says what a replica of a fleet does while it cannot reach the Redis given with --redis, and there is none without it\. Add --redis URL/,
  },
  {
    name: '--record without --proxy',
    args: () => ['--record', 'recorded.json'],
    line: /--record recorded\.json records the answers proxy mode passes through, and nothing passes through without --proxy\./,
  },
  {
    name: 'a --record file in a folder that does not exist',
    args: () => [
      '--proxy',
      'http://127.0.0.1:9/public-api/v1',
      '--record',
      join(tmp, 'no-such-folder', 'recorded.json'),
    ],
    line: /Cannot record to \S+recorded\.json: the folder \S+no-such-folder does not exist\. Create it, or give --record a file in an existing folder\./,
  },
  {
    name: 'a --record file that is not JSON',
    args: async () => [
      '--proxy',
      'http://127.0.0.1:9/public-api/v1',
      '--record',
      await writeTemp('recorded-broken.json', '{ "version": 1,'),
    ],
    line: /The fixture file \S+recorded-broken\.json is not valid JSON: /,
  },
  {
    name: 'a handlers file without handlers',
    args: async () => [
      '--handlers',
      await writeTemp('empty-handlers.mjs', 'export const other = 1\n'),
    ],
    line: /Cannot use the handlers file \S+empty-handlers\.mjs: it exports no array of msw handlers\. Export one as "handlers" or as the default/,
  },
]

it.each(badInputs)(
  'exits 2 with one line naming $name, serving nothing',
  async ({ args, line }) => {
    expectUsageError(await runCli([...(await args()), '--port', '0']), line)
  },
)

it('exits 2 naming every bad path of an invalid fixture file', async () => {
  const document = loadFixture('small.json')
  document.api_keys[0].account = 'acct_zz'
  document.contents[0].project_unique = 'p9'
  const path = await writeTemp('invalid.json', JSON.stringify(document))
  const { code, stdout, stderr } = await runCli([
    '--fixtures',
    path,
    '--port',
    '0',
  ])
  expect(code).toBe(2)
  expect(stdout).toBe('')
  const [first, ...issues] = stderr.trimEnd().split('\n')
  expect(first).toBe(
    `${PREFIX}Failed to load the fixture file ${path}: 2 problems found, nothing was loaded. Fix each one and load it again:`,
  )
  expect(issues).toEqual([
    '  api_keys[0].account: no such account "acct_zz"; add it to "accounts" or use one of its IDs',
    '  contents[0].project_unique: no such project "p9"; add it to "projects" or use one of its project_unique values',
  ])
})

it('exits 2 when the port is in use', async () => {
  const blocker = createServer()
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
  try {
    const { port } = blocker.address() as AddressInfo
    const { code, stdout, stderr } = await runCli(['--port', String(port)])
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toBe(
      `${PREFIX}Port ${port} on 127.0.0.1 is already in use. Stop the other process or pass --port <free port> (0 picks one).\n`,
    )
  } finally {
    blocker.close()
  }
})

it('finishes a request in flight on SIGTERM, then exits 0', async () => {
  const handlers = await writeTemp('slow-handlers.mjs', SLOW_HANDLERS_MODULE)
  const cli = await startCli(['--handlers', handlers])
  const pending = get(`${cli.apiUrl}/slow`)
  await cli.waitFor('stdout', /slow request started/)
  cli.child.kill('SIGTERM')
  const response = await pending
  expect(response.status).toBe(200)
  expect(await response.json()).toEqual({ slow: true })
  expect(await cli.exited).toBe(0)
  expect(cli.stderr()).toMatch(
    /^content-api-mock: SIGTERM received: stopping, finishing open requests \(at most 10000 ms; SIGTERM again exits at once\)\ncontent-api-mock: stopped\n$/,
  )
})

it('stops on SIGINT with exit code 0', async () => {
  const cli = await startCli([])
  cli.child.kill('SIGINT')
  expect(await cli.exited).toBe(0)
  expect(cli.stderr()).toContain(`${PREFIX}stopped\n`)
})

it('answers with the handlers of a --handlers file before the mock', async () => {
  const handlers = await writeTemp(
    'override-handlers.mjs',
    `import { http, HttpResponse } from 'msw'
export default [
  http.get('*/public-api/v1/projects', () =>
    HttpResponse.json({ data: [], meta: { total: 0 } }),
  ),
]
`,
  )
  const cli = await startCli(['--handlers', handlers])
  expect(cli.stdout()).toMatch(
    /Handlers +1 handler from \S+override-handlers\.mjs/,
  )
  const overridden = await get(`${cli.apiUrl}/projects`)
  expect(await overridden.json()).toEqual({ data: [], meta: { total: 0 } })
  // Everything else is still the mock's.
  expect(
    (await get(`${cli.apiUrl}/projects/nope`, 'demo-key-alpha')).status,
  ).toBe(404)
})

it('reloads the --watch fixture file when it changes', async () => {
  const document = loadFixture('small.json')
  const path = await writeTemp(
    'watched.json',
    JSON.stringify(document, null, 2),
  )
  const cli = await startCli(['--fixtures', path, '--watch'])
  const before = await (await get(`${cli.apiUrl}/projects/p1`, 'k_a')).json()
  expect(before.data.project_name).toBe('Spring Sneaker Launch')

  document.projects[0].project_name = 'Summer Sneaker Launch'
  await writeFile(path, JSON.stringify(document, null, 2))
  await cli.waitFor(
    'stderr',
    /reloaded 4 projects, 4 contents from \S+watched\.json\n/,
  )
  const after = await (await get(`${cli.apiUrl}/projects/p1`, 'k_a')).json()
  expect(after.data.project_name).toBe('Summer Sneaker Launch')
})

it('reloads a --watch fixture file that an editor replaces by renaming', async () => {
  const document = loadFixture('small.json')
  const path = await writeTemp('renamed.json', JSON.stringify(document))
  const cli = await startCli(['--fixtures', path, '--watch'])

  document.projects.pop()
  await writeFile(`${path}.swp`, JSON.stringify(document))
  await rename(`${path}.swp`, path)
  await cli.waitFor(
    'stderr',
    /reloaded 3 projects, 4 contents from \S+renamed\.json\n/,
  )
  expect((await get(`${cli.apiUrl}/projects/p4`, 'k_a')).status).toBe(404)
})

it('keeps the previous data when a --watch edit is invalid and logs why', async () => {
  const document = loadFixture('small.json')
  const path = await writeTemp('kept.json', JSON.stringify(document))
  const cli = await startCli(['--fixtures', path, '--watch'])

  document.projects[0].project_name = 'Never served'
  document.contents[0].project_unique = 'p9'
  await writeFile(path, JSON.stringify(document))
  await cli.waitFor(
    'stderr',
    /content-api-mock: warning: kept the previous data: Failed to load the fixture file \S+kept\.json: 1 problem found.*\n {2}contents\[0\]\.project_unique: no such project "p9"/,
  )
  await writeFile(path, '{ "version": 1,')
  await cli.waitFor(
    'stderr',
    /kept the previous data: The fixture file \S+kept\.json is not valid JSON/,
  )

  const body = await (await get(`${cli.apiUrl}/projects/p1`, 'k_a')).json()
  expect(body.data.project_name).toBe('Spring Sneaker Launch')
  expect(cli.stderr()).not.toContain('reloaded')
})

it('colors output only on a terminal and never with NO_COLOR set', () => {
  expect(shouldUseColor({ isTTY: true }, {})).toBe(true)
  expect(shouldUseColor({ isTTY: true }, { NO_COLOR: '' })).toBe(true)
  expect(shouldUseColor({ isTTY: true }, { NO_COLOR: '1' })).toBe(false)
  expect(shouldUseColor({ isTTY: false }, {})).toBe(false)
  expect(shouldUseColor({}, {})).toBe(false)
  expect(createStyles(true).bold('x')).toBe('\u001b[1mx\u001b[22m')
  expect(createStyles(false).bold('x')).toBe('x')
})

it('limits each key with --rate-limit and answers 429 with Retry-After beyond it', async () => {
  const cli = await startCli(['--rate-limit', '2/1m', '--log', 'off'])
  const statuses: number[] = []
  let last: Response | undefined
  for (let i = 0; i < 3; i++) {
    last = await get(`${cli.apiUrl}/projects`, 'demo-key-alpha')
    statuses.push(last.status)
  }
  expect(statuses).toEqual([200, 200, 429])
  expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(50)
  expect(last!.headers.get('ratelimit-limit')).toBe('2')
  expect((await get(`${cli.apiUrl}/projects`, 'demo-key-beta')).status).toBe(
    200,
  )
  const advanced = await fetch(`${cli.url}/__mock/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance: '1m' }),
  })
  expect(advanced.status).toBe(200)
  expect((await get(`${cli.apiUrl}/projects`, 'demo-key-alpha')).status).toBe(
    200,
  )
})

it('answers every request 500 with --fail-rate 1 and drops connections with --scenario network-error', async () => {
  const failing = await startCli(['--fail-rate', '1', '--log', 'off'])
  const response = await get(`${failing.apiUrl}/projects`, 'demo-key-alpha')
  expect(response.status).toBe(500)
  expect((await response.json()).error.code).toBe('internal_error')

  const dropping = await startCli([
    '--scenario',
    'network-error',
    '--log',
    'off',
  ])
  await expect(
    get(`${dropping.apiUrl}/projects`, 'demo-key-alpha'),
  ).rejects.toThrow()
})

it('delays responses with --latency and honours X-Mock-Scenario unless --strict', async () => {
  const slow = await startCli(['--latency', '120', '--log', 'off'])
  const started = performance.now()
  expect((await get(`${slow.apiUrl}/projects`, 'demo-key-alpha')).status).toBe(
    200,
  )
  expect(performance.now() - started).toBeGreaterThanOrEqual(110)
  const forced = await fetch(`${slow.apiUrl}/projects`, {
    headers: {
      authorization: 'Bearer demo-key-alpha',
      'x-mock-scenario': 'server-error',
    },
  })
  expect(forced.status).toBe(500)

  const strict = await startCli(['--strict', '--log', 'off'])
  const ignored = await fetch(`${strict.apiUrl}/projects`, {
    headers: {
      authorization: 'Bearer demo-key-alpha',
      'x-mock-scenario': 'server-error',
    },
  })
  expect(ignored.status).toBe(200)
})

it('shows the traffic flags in the banner', async () => {
  const cli = await startCli([
    '--rate-limit',
    '3/1m',
    '--latency',
    '50-200',
    '--fail-rate',
    '0.05',
  ])
  expect(cli.stdout()).toMatch(
    /Traffic +3 requests per 1m per key \(fixed-window, RateLimit-\* headers\); 50-200 ms latency; 500 on 5% of requests/,
  )
})

const SMALL = 'test/fixtures/small.json'

/** The asset URL of content v1 of small.json, asked for with these headers. */
async function downloadUrl(apiUrl: string, headers: Record<string, string>) {
  const detail = await fetch(`${apiUrl}/projects/p1/contents/v1`, {
    headers: { authorization: 'Bearer k_a', ...headers },
  })
  return (await detail.json()).data.content.download_url as string
}

it('prints the --public-url in every link of the banner beside the listening address, and issues links on it', async () => {
  const cli = spawnCli([
    ...['--port', '0', '--fixtures', SMALL],
    ...['--public-url', 'https://demo.example.com/mock/'],
  ])
  const [, url] = await cli.waitFor(
    'stdout',
    /Listening +(http:\/\/127\.0\.0\.1:\d+)\n[\s\S]*Press Ctrl\+C to stop\./,
  )
  const banner = cli.stdout()
  const base = 'https://demo.example.com/mock'
  expect(banner).toMatch(
    /\n {2}API +https:\/\/demo\.example\.com\/mock\/public-api\/v1\n {2}Listening +http:\/\/127\.0\.0\.1:\d+\n {2}Proxy +links use --public-url; forwarded headers are not read\n/,
  )
  expect(banner).toContain(`Admin     ${base}/__mock (open`)
  expect(banner).toContain(`OpenAPI   ${base}/openapi.json`)
  expect(banner).toContain(`Explorer  ${base}/ (open it in a browser`)
  expect(banner).toContain(`Docs      ${base}/docs\n`)
  expect(banner).toContain(
    `curl -H "Authorization: Bearer k_a" ${base}/public-api/v1/projects`,
  )
  expect(banner.split(`${url}`).length).toBe(2)

  expect(
    await downloadUrl(`${url}/public-api/v1`, {
      'x-forwarded-host': 'other.example',
    }),
  ).toMatch(/^https:\/\/demo\.example\.com\/mock\/__assets\/m1\/video\.mp4\?/)
  const openapi = await (await fetch(`${url}/mock/openapi.json`)).json()
  expect(openapi.servers).toEqual([{ url: `${base}/public-api/v1` }])
})

it('builds asset URLs from forwarded headers with --trust-proxy, and says so in the banner; without it they change nothing', async () => {
  const forwarded = {
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'demo.example.com',
  }
  const trusting = await startCli(['--trust-proxy', '--fixtures', SMALL])
  expect(trusting.stdout()).toMatch(
    /\n {2}Proxy +asset URLs follow Forwarded and X-Forwarded-Proto\/-Host \(--trust-proxy\)\n/,
  )
  expect(await downloadUrl(trusting.apiUrl, forwarded)).toMatch(
    /^https:\/\/demo\.example\.com\/__assets\/m1\//,
  )

  const plain = await startCli(['--fixtures', SMALL])
  expect(plain.stdout()).not.toMatch(/Proxy|Listening/)
  expect(await downloadUrl(plain.apiUrl, forwarded)).toMatch(
    new RegExp(`^${plain.url}/__assets/m1/`),
  )

  const both = spawnCli([
    ...['--port', '0', '--trust-proxy'],
    ...['--public-url', 'https://demo.example.com'],
  ])
  await both.waitFor(
    'stdout',
    /\n {2}Proxy +links use --public-url, which wins over --trust-proxy: forwarded headers are not read\n/,
  )
})

/** A port that was free a moment ago. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

it('listens on PORT and HOST from the environment, and --port and --host win over them', async () => {
  const port = await freePort()
  const fromEnvironment = spawnCli(['--log', 'off'], {
    PORT: String(port),
    HOST: '127.0.0.2',
  })
  await fromEnvironment.waitFor(
    'stdout',
    new RegExp(`API +http://127\\.0\\.0\\.2:${port}/public-api/v1\\n`),
  )
  expect((await get(`http://127.0.0.2:${port}/__mock/health`)).status).toBe(200)

  // A flag wins, and the variable it replaces is not even read.
  const fromFlags = spawnCli(
    ['--port', '0', '--host', '127.0.0.1', '--log', 'off'],
    { PORT: 'not-a-port', HOST: ' ' },
  )
  const [, flagPort] = await fromFlags.waitFor(
    'stdout',
    /API +http:\/\/127\.0\.0\.1:(\d+)\/public-api\/v1\n[\s\S]*Press Ctrl\+C/,
  )
  expect(Number(flagPort)).not.toBe(0)
  expect((await get(`http://127.0.0.1:${flagPort}/__mock/health`)).status).toBe(
    200,
  )
})

it('reads an empty PORT or HOST as unset, and neither when the flags are given', async () => {
  // A check that runs once the variables are read ends each run, so that
  // nothing is served: its line shows they were not refused.
  const clash = ['--headers-timeout', '5', '--request-timeout', '1']
  const line = /--headers-timeout 5 is longer than --request-timeout 1/
  expectUsageError(await runCli(clash, { PORT: '', HOST: '' }), line)
  expectUsageError(
    await runCli(['--host', '127.0.0.1', '--port', '0', ...clash], {
      PORT: 'x',
      HOST: ' ',
    }),
    line,
  )
  const cli = spawnCli(['--log', 'off'], { PORT: '0', HOST: '127.0.0.1' })
  const [, port] = await cli.waitFor(
    'stdout',
    /API +http:\/\/127\.0\.0\.1:(\d+)\//,
  )
  cli.child.kill('SIGTERM')
  await cli.exited
  expect(Number(port)).not.toBe(SERVER_OPTION_RULES.port.default)
})

const badEnvironments: Array<{ env: Record<string, string>; line: RegExp }> = [
  {
    env: { PORT: 'abc' },
    line: /The environment variable PORT is "abc"; expected a port, a whole number from 0 to 65535\. Fix or unset PORT, or pass --port, which wins over it\./,
  },
  { env: { PORT: '70000' }, line: /PORT is "70000"; expected a port/ },
  { env: { PORT: '-1' }, line: /PORT is "-1"; expected a port/ },
  { env: { PORT: '80.5' }, line: /PORT is "80\.5"; expected a port/ },
  {
    env: { HOST: '  ' },
    line: /The environment variable HOST is " {2}"; expected an address to listen on such as 127\.0\.0\.1 or 0\.0\.0\.0\. Fix or unset HOST, or pass --host, which wins over it\./,
  },
  {
    env: { HOST: 'no-such-host.invalid', PORT: '0' },
    line: /Cannot listen on no-such-host\.invalid: no such host name \(\w+\)\. .* \(The environment variable HOST set it: fix or unset HOST\.\)$/,
  },
]

it.each(badEnvironments)(
  'exits 2 with one line naming the environment variable in $env',
  async ({ env, line }) => {
    expectUsageError(await runCli([], env), line)
  },
)

it('exits 2 naming PORT when the port it sets is in use', async () => {
  const blocker = createServer()
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
  try {
    const { port } = blocker.address() as AddressInfo
    const { code, stderr } = await runCli([], { PORT: String(port) })
    expect(code).toBe(2)
    expect(stderr).toBe(
      `${PREFIX}Port ${port} on 127.0.0.1 is already in use. Stop the other process or pass --port <free port> (0 picks one). (The environment variable PORT set it: fix or unset PORT.)\n`,
    )
  } finally {
    blocker.close()
  }
})

it('exits 2 with one line for a --public-url that cannot work', async () => {
  const cases: Array<[string, RegExp]> = [
    [
      'demo.example.com',
      /Expected an absolute http or https URL, such as https:\/\/demo\.example\.com or https:\/\/example\.com\/mock\./,
    ],
    ['ftp://demo.example.com', /Expected an http or https URL, .* not ftp:\./],
    ['https://user:pw@demo.example.com', /It carries credentials/],
    ['https://demo.example.com/?x=1', /It has a query/],
    ['https://demo.example.com/#top', /It has a fragment/],
    [
      'https://demo.example.com/__mock',
      /Its path \/__mock starts like a path the mock answers itself/,
    ],
  ]
  for (const [value, line] of cases) {
    const run = await runCli(['--public-url', value])
    expectUsageError(
      run,
      /^\S+ Option '--public-url <url>' argument '.+' is invalid\./,
    )
    expect(run.stderr, value).toMatch(line)
  }
})
