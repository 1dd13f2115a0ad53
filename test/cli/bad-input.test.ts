import { createServer, type AddressInfo } from 'node:net'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import {
  PREFIX,
  runCli,
  expectUsageError,
  writeTemp,
  tempFolder,
} from '../support/cli-process.js'
import { loadFixture } from '../support/load-fixture.js'

// Every mistake a user can make on the command line or in the environment:
// exit 2, one line, nothing served.

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
      join(tempFolder(), 'no-such-folder', 'recorded.json'),
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
