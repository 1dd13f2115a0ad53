import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'

/** How long one command of a session may take. */
const COMMAND_TIMEOUT_MS = 20_000

/**
 * A bash the commands of one page run in, one after another, as a reader
 * types them into one terminal: variables set by one command stay for the
 * next.
 */
export interface Terminal {
  /** Runs a command (it may span lines); resolves with its output, stderr included, and status. */
  run(command: string): Promise<{ output: string; status: number }>
  close(): void
}

/**
 * Starts a bash in `cwd` for the commands of a page.
 * @example
 * const terminal = createTerminal(folder)
 * const { output, status } = await terminal.run('echo hi')
 * terminal.close()
 */
export function createTerminal(cwd: string): Terminal {
  const shell = spawn('bash', ['--noprofile', '--norc'], {
    cwd,
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  shell.stdout.setEncoding('utf8')
  let buffer = ''
  let onData: (() => void) | undefined
  shell.stdout.on('data', (chunk: string) => {
    buffer += chunk
    onData?.()
  })
  // Everything a command writes, stderr too, arrives on stdout, in order.
  shell.stdin.write('exec 2>&1\n')
  const token = randomUUID()
  let count = 0

  return {
    run(command) {
      const marker = `__docs_${token}_${++count}__`
      buffer = ''
      // @note stdin is /dev/null, so a command that reads input cannot eat the
      // commands after it; the marker carries the command's status.
      shell.stdin.write(
        `{\n${command}\n} </dev/null\nprintf '\\n${marker}:%s\\n' "$?"\n`,
      )
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          onData = undefined
          reject(
            new Error(
              `The command did not finish within ${COMMAND_TIMEOUT_MS} ms:\n${command}\nIts output so far:\n${buffer}`,
            ),
          )
        }, COMMAND_TIMEOUT_MS)
        onData = () => {
          const match = new RegExp(`\\n${marker}:(\\d+)\\n`).exec(buffer)
          if (match === null) return
          clearTimeout(timer)
          onData = undefined
          resolve({
            output: buffer.slice(0, match.index),
            status: Number(match[1]),
          })
        }
        onData()
      })
    },
    close() {
      shell.stdin.end()
      shell.kill()
    },
  }
}
