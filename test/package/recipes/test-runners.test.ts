import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { freePort } from '../../support/free-port.js'
import { findProcessesLeft } from '../../support/process-table.js'
import {
  consumerEnv,
  INSTALL_MS,
  installPacked,
  MSW_VERSION,
  runNpmTest,
  usePackedWorkspace,
  writeRecipe,
} from '../../support/packed-consumer.js'

// docs/test-runners.md's recipes, run as a client project would: the files
// of the page in a folder of their own, the package installed from the
// tarball npm packs, the runner started with the page's own `npm test`.

const PAGE = 'docs/test-runners.md'
// An install, then a first run that transforms the packages (Jest in its
// CommonJS mode transforms msw and the mock): minutes on a busy machine.
const RECIPE_MS = 2 * INSTALL_MS
const workspace = usePackedWorkspace()

async function installAndTest(folder: string, packages: string[]) {
  const project = writeRecipe(workspace(), PAGE, folder)
  await installPacked(workspace(), project, packages)
  return runNpmTest(project)
}

it(
  'runs the Jest recipe in ESM mode with ts-jest against the installed package',
  async () => {
    const { stderr } = await installAndTest('jest', [
      `msw@${MSW_VERSION}`,
      'jest@30',
      'ts-jest@29',
      'typescript@5',
      '@types/jest@30',
      '@types/node@20',
    ])
    expect(stderr).toMatch(/Tests:\s+2 passed, 2 total/)
  },
  RECIPE_MS,
)

it(
  'runs the Jest recipe in its default CommonJS mode with babel-jest',
  async () => {
    const { stderr } = await installAndTest('jest-babel', [
      `msw@${MSW_VERSION}`,
      'jest@30',
      'babel-jest@30',
      '@babel/core@7',
      '@babel/preset-env@7',
    ])
    expect(stderr).toMatch(/Tests:\s+1 passed, 1 total/)
  },
  RECIPE_MS,
)

it(
  'runs the Jest recipe in its default CommonJS mode with ts-jest',
  async () => {
    const { stderr } = await installAndTest('jest-ts', [
      `msw@${MSW_VERSION}`,
      'jest@30',
      'ts-jest@29',
      'typescript@5',
      '@types/jest@30',
      '@types/node@20',
    ])
    expect(stderr).toMatch(/Tests:\s+1 passed, 1 total/)
  },
  RECIPE_MS,
)

it(
  'runs the Jest jsdom recipe: a title card fetched in jest-fixed-jsdom',
  async () => {
    const { stderr } = await installAndTest('jest-jsdom', [
      `msw@${MSW_VERSION}`,
      'jest@30',
      'babel-jest@30',
      '@babel/core@7',
      '@babel/preset-env@7',
      'jest-environment-jsdom@30',
      'jest-fixed-jsdom@0',
    ])
    expect(stderr).toMatch(/Tests:\s+1 passed, 1 total/)
  },
  RECIPE_MS,
)

it(
  'runs the vitest recipe in the jsdom environment, and in happy-dom',
  async () => {
    const project = writeRecipe(workspace(), PAGE, 'vitest-dom')
    await installPacked(workspace(), project, [
      `msw@${MSW_VERSION}`,
      'vitest@4',
      'jsdom@28',
      'happy-dom@21',
    ])
    const { stdout } = await runNpmTest(project)
    expect(stdout).toMatch(/Tests\s+1 passed \(1\)/)
    const happy = await promisify(execFile)(
      'npx',
      ['vitest', 'run', '--environment', 'happy-dom'],
      { cwd: project, env: consumerEnv() },
    )
    expect(happy.stdout).toMatch(/Tests\s+1 passed \(1\)/)
  },
  RECIPE_MS,
)

it(
  'runs the node:test recipe against the installed package',
  async () => {
    const { stdout } = await installAndTest('node-test', [`msw@${MSW_VERSION}`])
    expect(stdout).toMatch(/^# pass 1$/m)
    expect(stdout).toMatch(/^# fail 0$/m)
  },
  RECIPE_MS,
)

it(
  'runs the Playwright Test recipe: webServer starts and stops the mock, tests reset it without a Content-Type',
  async () => {
    const port = await freePort()
    const project = writeRecipe(workspace(), PAGE, 'playwright')
    await installPacked(workspace(), project, [
      `msw@${MSW_VERSION}`,
      '@playwright/test@1',
    ])
    const { stdout } = await runNpmTest(project, { MOCK_PORT: String(port) })
    expect(stdout).toMatch(/\b2 passed\b/)
    expect(await findProcessesLeft(project, 10_000)).toEqual([])
  },
  RECIPE_MS,
)

it(
  'runs the undici recipe against the standalone server, its title card included',
  async () => {
    const { stdout } = await installAndTest('undici', [
      `msw@${MSW_VERSION}`,
      'undici@7',
    ])
    expect(stdout).toMatch(/^# pass 1$/m)
    expect(stdout).toMatch(/^# fail 0$/m)
  },
  RECIPE_MS,
)
