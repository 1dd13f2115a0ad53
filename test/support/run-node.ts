import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

/** How a Node.js process ended: its exit code and what it printed. */
export interface NodeRun {
  code: number
  stdout: string
  stderr: string
}

/**
 * Runs `node <args>` to its end and resolves with its exit code whatever it
 * is (a non-zero one does not reject), for tests that check failures too.
 * @example
 * const { code, stderr } = await runNode([CLI, 'build-demo', folder], { timeout: 30_000 })
 */
export async function runNode(
  args: readonly string[],
  options: { cwd?: string; timeout?: number } = {},
): Promise<NodeRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      args,
      options,
    )
    return { code: 0, stdout, stderr }
  } catch (error) {
    const { code, stdout, stderr } = error as NodeRun
    return { code, stdout, stderr }
  }
}
