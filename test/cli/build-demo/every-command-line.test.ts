import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { expect, it } from 'vitest'
import * as inProcess from '../../support/cli-in-process.js'

// Every build-demo command line a user may type, drawn by fast-check and run
// in this process.

const NEW_FOLDER = '{new folder}'

/** The arguments after `build-demo`: a folder, right or wrong, and flags. */
function buildDemoArbitrary(): fc.Arbitrary<string[]> {
  const folder = fc.oneof(
    { arbitrary: fc.constant([NEW_FOLDER]), weight: 4 },
    { arbitrary: fc.constant([inProcess.files.earlierDemo!]), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        [inProcess.files.otherFolder!],
        [inProcess.files.fixtures!],
        [''],
        [],
      ),
      weight: 1,
    },
  )
  const flags = [
    inProcess.flag('--seed', ['7', '0'], { early: ['1.5', '-3', 'seven'] }),
    inProcess.flag('--fixtures', [inProcess.files.fixtures!], {
      late: [
        inProcess.files.invalidFixtures!,
        inProcess.files.notJson!,
        inProcess.files.deepFixtures!,
        inProcess.files.missing!,
      ],
      early: [''],
    }),
    fc.constant(['--live']),
    inProcess.flag('--speed', ['60', '0.5'], { early: ['0', 'fast', '10001'] }),
    inProcess.flag('--projects', ['5'], { early: ['3', 'x'] }),
    inProcess.flag('--contents', ['0', '200'], { early: ['-1'] }),
    inProcess.flag('--asset-ttl', ['3600'], { early: ['0', '1.5'] }),
    inProcess.flag('--media-dir', [inProcess.files.mediaDir!], {
      late: [
        inProcess.files.emptyFolder!,
        inProcess.files.otherFolder!,
        inProcess.files.missing!,
      ],
      early: [''],
    }),
    // @note A second folder inside tmp: drawn without the first, it becomes
    // the folder, and must not be written into the repository.
    fc.constantFrom(
      ['--port', '0'],
      ['--watch'],
      [join(inProcess.tempFolder(), 'extra')],
      ['-x'],
    ),
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
      const folder = join(inProcess.tempFolder(), `demo-${runs++}`)
      const args = [
        'build-demo',
        ...drawn.map((arg) => (arg === NEW_FOLDER ? folder : arg)),
      ]
      const run = await inProcess.runInProcess(args)
      codes.push(run.code)
      const context = `content-api-mock ${args.join(' ')}`
      inProcess.expectUserFacingEnd(run, context, { problemLines: true })
      if (run.code === 2) {
        expect(existsSync(folder), context).toBe(false)
      } else {
        expect(run.stderr, context).toBe('')
        expect(run.stdout, context).toMatch(/^Wrote the demo to /)
      }
      expect(readdirSync(inProcess.files.otherFolder!), context).toEqual([
        'notes.txt',
      ])
      expect(
        existsSync(join(inProcess.files.earlierDemo!, 'keep.txt')),
        context,
      ).toBe(true)
      rmSync(folder, { recursive: true, force: true })
    }),
    { numRuns: 120 },
  )
  expect(codes.filter((code) => code === 0).length).toBeGreaterThan(15)
}, 120_000)

/** The arguments after `verify`: flags right, wrong late, or wrong early. */
