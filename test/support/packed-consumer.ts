import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect } from 'vitest'
import { readCodeBlocks, ROOT } from './docs/read-code-blocks.js'

const run = promisify(execFile)

/**
 * How long packing, or one `npm install` of a consumer, may take: npm
 * reaches the registry for the peers and the runners a recipe names.
 */
export const INSTALL_MS = 240_000

/** The msw this checkout tests with, which consumers install too. */
export const MSW_VERSION = (
  JSON.parse(
    readFileSync(join(ROOT, 'node_modules/msw/package.json'), 'utf8'),
  ) as { version: string }
).version

/** The folder of a suite's consumers and the tarball they install. */
export interface PackedWorkspace {
  /** A temporary folder, removed after the suite. */
  folder: string
  /** The tarball `npm pack` made of this checkout, inside `folder`. */
  tarball: string
}

/**
 * Packs the built package once for the calling suite, as npm would publish
 * it, into a temporary folder removed after the suite; returns a getter.
 * @example
 * const workspace = usePackedWorkspace()
 * it('…', async () => { const project = writeRecipe(workspace(), PAGE, 'jest') })
 */
export function usePackedWorkspace(): () => PackedWorkspace {
  let workspace: PackedWorkspace | undefined
  beforeAll(async () => {
    const folder = mkdtempSync(join(tmpdir(), 'content-api-mock-consumer-'))
    const { stdout } = await run(
      'npm',
      ['pack', '--ignore-scripts', '--pack-destination', folder, '--json'],
      { cwd: ROOT },
    )
    const [packed] = JSON.parse(stdout) as Array<{ filename: string }>
    workspace = { folder, tarball: join(folder, packed!.filename) }
  }, INSTALL_MS)
  afterAll(async () => {
    if (workspace !== undefined) {
      await rm(workspace.folder, { recursive: true, force: true })
    }
  }, INSTALL_MS)
  return () => {
    if (workspace === undefined) throw new Error('The package was not packed.')
    return workspace
  }
}

/**
 * Writes a page's `file` blocks under `folder/` (` ```json file jest/package.json`)
 * into the workspace, as a reader would save them; returns the project folder.
 * @example
 * const project = writeRecipe(workspace(), 'docs/test-runners.md', 'jest')
 */
export function writeRecipe(
  workspace: PackedWorkspace,
  page: string,
  folder: string,
): string {
  const project = join(workspace.folder, folder)
  const blocks = readCodeBlocks(page).filter(
    (block) => block.kind === 'file' && block.args[0]?.startsWith(`${folder}/`),
  )
  expect(blocks.length, `${page} has files under ${folder}/`).toBeGreaterThan(1)
  for (const block of blocks) {
    const path = join(workspace.folder, block.args[0]!)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, `${block.code}\n`)
  }
  return project
}

/**
 * Installs the packed package and `packages` (from the registry) into
 * `project` as devDependencies, as the page's `npm install` line does.
 * @example
 * await installPacked(workspace(), project, [`msw@${MSW_VERSION}`])
 */
export async function installPacked(
  workspace: PackedWorkspace,
  project: string,
  packages: readonly string[],
): Promise<void> {
  mkdirSync(project, { recursive: true })
  await run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--save-dev',
      workspace.tarball,
      ...packages,
    ],
    { cwd: project },
  )
}

/**
 * The environment a consumer's runner gets: this one's, as in CI, without
 * colors whatever this run has (a runner's summary is matched as text, and
 * FORCE_COLOR, which some parents set, puts escape codes between its words).
 */
export function consumerEnv(
  env: Readonly<Record<string, string>> = {},
): NodeJS.ProcessEnv {
  const { FORCE_COLOR: _, ...inherited } = process.env
  return { ...inherited, CI: 'true', NO_COLOR: '1', ...env }
}

/**
 * Runs `npm test` in `project` as CI would (`CI=true`).
 * @example
 * const { stdout } = await runNpmTest(project)
 */
export function runNpmTest(
  project: string,
  env: Readonly<Record<string, string>> = {},
): Promise<{ stdout: string; stderr: string }> {
  return run('npm', ['test'], { cwd: project, env: consumerEnv(env) })
}
