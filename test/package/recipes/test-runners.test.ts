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

const JEST_TS = [
  'ts-jest@29',
  'typescript@5',
  '@types/jest@30',
  '@types/node@20',
]
const JEST_BABEL = ['babel-jest@30', '@babel/core@7', '@babel/preset-env@7']
const JSDOM = ['jest-environment-jsdom@30', 'jest-fixed-jsdom@0']

it.each([
  {
    recipe: 'in ESM mode with ts-jest',
    folder: 'jest',
    packages: JEST_TS,
    tests: 2,
  },
  {
    recipe: 'in its default CommonJS mode with babel-jest',
    folder: 'jest-babel',
    packages: JEST_BABEL,
    tests: 1,
  },
  {
    recipe: 'in its default CommonJS mode with ts-jest',
    folder: 'jest-ts',
    packages: JEST_TS,
    tests: 1,
  },
  {
    recipe: 'for jsdom: a title card fetched in jest-fixed-jsdom',
    folder: 'jest-jsdom',
    packages: [...JEST_BABEL, ...JSDOM],
    tests: 1,
  },
])(
  'runs the Jest recipe $recipe against the installed package',
  async ({ folder, packages, tests }) => {
    const { stderr } = await installAndTest(folder, [
      `msw@${MSW_VERSION}`,
      'jest@30',
      ...packages,
    ])
    expect(stderr).toMatch(
      new RegExp(`Tests:\\s+${tests} passed, ${tests} total`),
    )
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
