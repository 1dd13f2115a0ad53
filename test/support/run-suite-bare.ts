import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll } from 'vitest'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs')

/**
 * A runner of one suite as a newcomer's machine runs it: vitest with its
 * default reporter, a PATH that holds node and nothing else (no Chromium, no
 * redis-server), and an empty home folder (no Playwright cache). The folder
 * goes after the calling file's tests.
 * @example
 * const runBare = useBareMachine()
 * const { code, output } = await runBare('test/browser/setup-worker.test.ts', { REQUIRE_BROWSER: '1' })
 * // A suite of another vitest config: the arguments after `vitest run`.
 * await runBare(['--config', 'test/deploy/containers/vitest.config.ts', 'test/deploy/containers/image.test.ts'])
 */
export function useBareMachine(): (
  suite: string | string[],
  env?: Record<string, string>,
) => Promise<{ code: number | null; output: string }> {
  const home = mkdtempSync(join(tmpdir(), 'content-api-mock-bare-'))
  afterAll(() => rmSync(home, { recursive: true, force: true }))
  const bin = join(home, 'bin')
  mkdirSync(bin)
  symlinkSync(process.execPath, join(bin, 'node'))
  return async (suite, env = {}) => {
    const args = typeof suite === 'string' ? [suite] : suite
    const child = spawn(process.execPath, [VITEST, 'run', ...args], {
      cwd: ROOT,
      // @note Only these: vitest's own variables would make the child think it
      // is a worker of this run, and CHROMIUM_PATH, CI and the rest must be unset.
      env: { PATH: bin, HOME: home, NO_COLOR: '1', ...env },
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const [code] = await once(child, 'exit')
    return { code: code as number | null, output }
  }
}
