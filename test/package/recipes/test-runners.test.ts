import { expect, it } from 'vitest'
import { findFreePort } from '../../support/find-free-port.js'
import { findProcessesLeft } from '../../support/process-table.js'
import {
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
  INSTALL_MS,
)

it(
  'runs the node:test recipe against the installed package',
  async () => {
    const { stdout } = await installAndTest('node-test', [`msw@${MSW_VERSION}`])
    expect(stdout).toMatch(/^# pass 1$/m)
    expect(stdout).toMatch(/^# fail 0$/m)
  },
  INSTALL_MS,
)

it(
  'runs the Playwright Test recipe: webServer starts and stops the mock, tests reset it without a Content-Type',
  async () => {
    const port = await findFreePort()
    const project = writeRecipe(workspace(), PAGE, 'playwright')
    await installPacked(workspace(), project, [
      `msw@${MSW_VERSION}`,
      '@playwright/test@1',
    ])
    const { stdout } = await runNpmTest(project, { MOCK_PORT: String(port) })
    expect(stdout).toMatch(/\b2 passed\b/)
    expect(await findProcessesLeft(project, 10_000)).toEqual([])
  },
  INSTALL_MS,
)
