import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { readCodeBlocks, ROOT } from '../support/docs/read-code-blocks.js'

// docs/test-runners.md's recipes, run as a client project would: the files
// of the page in a folder of their own, the package installed from the
// tarball npm packs, the runner started with the page's own `npm test`.

const run = promisify(execFile)
const PAGE = 'docs/test-runners.md'
const INSTALL_MS = 240_000
const { version: MSW_VERSION } = JSON.parse(
  readFileSync(join(ROOT, 'node_modules/msw/package.json'), 'utf8'),
) as { version: string }

let workspace: string
let tarball: string

beforeAll(async () => {
  workspace = mkdtempSync(join(tmpdir(), 'test-runners-'))
  const { stdout } = await run(
    'npm',
    ['pack', '--ignore-scripts', '--pack-destination', workspace, '--json'],
    { cwd: ROOT },
  )
  const [packed] = JSON.parse(stdout) as Array<{ filename: string }>
  tarball = join(workspace, packed!.filename)
}, INSTALL_MS)

afterAll(() => rm(workspace, { recursive: true, force: true }), INSTALL_MS)

/** Writes the page's `file` blocks under `folder/` into a project folder. */
function writeProject(folder: string): string {
  const project = join(workspace, folder)
  const blocks = readCodeBlocks(PAGE).filter(
    (block) => block.kind === 'file' && block.args[0]?.startsWith(`${folder}/`),
  )
  expect(blocks.length, `${PAGE} has files under ${folder}/`).toBeGreaterThan(1)
  for (const block of blocks) {
    const path = join(workspace, block.args[0]!)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, `${block.code}\n`)
  }
  return project
}

async function installAndTest(project: string, packages: string[]) {
  await run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--save-dev', tarball, ...packages],
    { cwd: project },
  )
  return run('npm', ['test'], {
    cwd: project,
    env: { ...process.env, CI: 'true' },
  })
}

it(
  'runs the Jest recipe in ESM mode with ts-jest against the installed package',
  async () => {
    const project = writeProject('jest')
    const { stderr } = await installAndTest(project, [
      `msw@${MSW_VERSION}`,
      'jest@30',
      'ts-jest@29',
      'typescript@5',
      '@types/jest@30',
      '@types/node@20',
    ])
    expect(stderr).toMatch(/Tests:\s+2 passed, 2 total/)
  },
  INSTALL_MS,
)

it(
  'runs the node:test recipe against the installed package',
  async () => {
    const project = writeProject('node-test')
    const { stdout } = await installAndTest(project, [`msw@${MSW_VERSION}`])
    expect(stdout).toMatch(/^# pass 1$/m)
    expect(stdout).toMatch(/^# fail 0$/m)
  },
  INSTALL_MS,
)
