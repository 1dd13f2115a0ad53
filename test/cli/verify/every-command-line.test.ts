import { createServer, type AddressInfo } from 'node:net'
import { join } from 'node:path'
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { startServer } from '../../support/server.js'
import * as inProcess from '../../support/cli-in-process.js'

// Every verify command line a user may type, against a real server, drawn by
// fast-check and run in this process.

function verifyArbitrary(urls: {
  api: string
  root: string
  closed: string
}): fc.Arbitrary<string[]> {
  // @note --target is required: drawn first and mostly right, so that many
  // runs get to ask the server.
  const target = fc.oneof(
    {
      arbitrary: inProcess.flag('--target', [urls.api, `${urls.api}/`], {
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
    inProcess.flag('--api-key', ['demo-key-alpha'], {
      late: ['not-a-key-of-this-service'],
      early: ['has space', 'clé', ''],
    }),
    inProcess.flag('--report', ['table', 'json'], { early: ['xml', ''] }),
    inProcess.flag(
      '--report-file',
      [join(inProcess.tempFolder(), 'report.json')],
      {
        late: [
          inProcess.files.directory!,
          join(inProcess.tempFolder(), 'no-such-folder', 'report.json'),
        ],
        early: [''],
      },
    ),
    inProcess.flag('--max-projects', ['1', '2'], {
      early: ['0', '1001', 'all'],
    }),
    inProcess.flag('--max-contents', ['0', '1'], { early: ['-1', '1.5'] }),
    inProcess.flag('--timeout', ['5000'], { early: ['0', '600001', 'soon'] }),
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
        const run = await inProcess.runInProcess(
          args,
          key === undefined ? {} : { CONTENT_API_KEY: key },
        )
        codes.push(run.code)
        const context = `CONTENT_API_KEY=${key} content-api-mock ${args.join(' ')}`
        inProcess.expectUserFacingEnd(run, context, { codes: [0, 1, 2] })
        if (run.code !== 2) {
          expect(run.stderr, context).toBe('')
          expect(run.stdout, context).toMatch(/^(Verified |\{)/)
        }
      },
    ),
    { numRuns: 150 },
  )
  // A default server matches: the runs that get through exit 0. About 10
  // of 150 draws get through (every inProcess.flag valid and the right key); the draws
  // are not seeded, so the guard asks only that the property was not vacuous.
  expect(codes.filter((code) => code === 0).length).toBeGreaterThan(0)
}, 120_000)

/** A new file, or a new folder, for each run of record, in place of this word. */
