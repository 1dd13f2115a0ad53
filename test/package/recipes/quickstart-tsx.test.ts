import { execFile } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { readCodeBlocks } from '../../support/docs/read-code-blocks.js'
import {
  INSTALL_MS,
  installPacked,
  MSW_VERSION,
  usePackedWorkspace,
} from '../../support/packed-consumer.js'

// The README's Quickstart 2 program, word for word, as `npx tsx e2e.ts` in
// the project `npm init -y` makes: CommonJS, where tsx compiles TypeScript
// to `require()` and a top-level `await` cannot compile.

const run = promisify(execFile)
const workspace = usePackedWorkspace()

it(
  "runs Quickstart 2's program with tsx in a CommonJS project",
  async () => {
    const [block] = readCodeBlocks('README.md').filter(
      (candidate) =>
        candidate.kind === 'script' &&
        candidate.code.includes("from 'content-api-mock/server'"),
    )
    expect(block, 'the README has the program').toBeDefined()
    const project = join(workspace().folder, 'commonjs')
    mkdirSync(project)
    await run('npm', ['init', '-y'], { cwd: project })
    const { type } = JSON.parse(
      readFileSync(join(project, 'package.json'), 'utf8'),
    ) as { type?: string }
    expect(type ?? 'commonjs').toBe('commonjs')
    await installPacked(workspace(), project, [`msw@${MSW_VERSION}`, 'tsx@4'])
    writeFileSync(join(project, 'e2e.ts'), block!.code)

    const { stdout } = await run('npx', ['tsx', 'e2e.ts'], { cwd: project })

    expect(stdout).toMatch(/^200 http:\/\/127\.0\.0\.1:\d+\n$/)
  },
  INSTALL_MS,
)
