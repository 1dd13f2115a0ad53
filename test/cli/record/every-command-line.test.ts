import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { expect, it } from 'vitest'
import * as inProcess from '../../support/cli-in-process.js'

// Every record command line a user may type, against a real server, drawn by
// fast-check and run in this process.

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
    [
      inProcess.files.directory!,
      join(inProcess.tempFolder(), 'no-such-folder', 'rec.json'),
    ],
    [''],
  )
  const flags = [
    inProcess.flag('--api-key', ['demo-key-alpha'], {
      late: ['not-a-key'],
      early: ['has space', 'clé', ''],
    }),
    fc.constant(['--anonymize']),
    inProcess.flag('--seed', ['7'], { early: ['-1', 'seven'] }),
    inProcess.flag('--media-dir', [NEW_PATH], {
      late: [inProcess.files.fixtures!],
      early: [''],
    }),
    inProcess.flag('--concurrency', ['1', '8'], { early: ['0', '65', 'many'] }),
    inProcess.flag('--rate', ['500', '100.5'], {
      early: ['0', '1001', 'fast', ''],
    }),
    fc.constantFrom(['--port', '0'], ['extra'], ['-x']),
  ]
  return fc
    .tuple(target, out, fc.array(fc.oneof(...flags), { maxLength: 2 }))
    .map(([to, into, chosen]) => [...to, ...into, ...chosen.flat()])
}

it('answers every record command line with exit 0 and a file, or exit 2, one line and nothing written', async () => {
  const { startServer } = await import('../../support/server.js')
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
      const paths = [
        join(inProcess.tempFolder(), `record-${run}.json`),
        join(inProcess.tempFolder(), `media-${run}`),
      ]
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
      const result = await inProcess.runInProcess(args, env)
      const context = `CONTENT_API_KEY=${JSON.stringify(apiKey)} content-api-mock ${args.join(' ')}`
      inProcess.expectUserFacingEnd(result, context)
      const out = args[args.indexOf('--out') + 1]
      if (result.code === 2) {
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
