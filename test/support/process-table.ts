import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * The lines of the process table (`pid ppid args`, from `ps`) whose command
 * line names `text`, e.g. a consumer's folder.
 * @example
 * const servers = await findProcesses(project)
 */
export async function findProcesses(text: string): Promise<string[]> {
  const { stdout } = await run('ps', ['-eo', 'pid=,ppid=,args='])
  return stdout.split('\n').filter((line) => line.includes(text))
}

/**
 * Waits until no process names `text`, for at most `deadlineMs`; resolves
 * with those still there then (none, once they all ended).
 * @example
 * expect(await findProcessesLeft(project, 10_000)).toEqual([])
 */
export async function findProcessesLeft(
  text: string,
  deadlineMs: number,
): Promise<string[]> {
  const end = Date.now() + deadlineMs
  for (;;) {
    const left = await findProcesses(text)
    if (left.length === 0 || Date.now() > end) return left
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
