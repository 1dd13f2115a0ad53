import { join } from 'node:path'
import fc from 'fast-check'
import { expect, it } from 'vitest'
import {
  files,
  heldPort,
  launch,
  runInProcess,
  flag,
  PREFIX,
  expectUserFacingEnd,
} from '../../support/cli-in-process.js'

// Every serve command line and environment a user may type, drawn by
// fast-check and run in this process; and --seed seeding the --fail-rate
// draws.

function flagArbitraries(): Array<fc.Arbitrary<string[]>> {
  return [
    flag('--port', ['0'], {
      late: [heldPort(), '80'],
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
    PORT: variable(['0', ''], [heldPort(), '70000', '-1', '4.5', 'http']),
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
        const context = `${variables}content-api-mock ${args.join(' ')}`
        expectUserFacingEnd(run, context, { problemLines: true })
        if (run.code === 0) {
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
