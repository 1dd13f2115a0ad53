import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { once } from 'node:events'
import { createServer, type AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { createTerminal, type Terminal } from './create-terminal.js'
import {
  describeMismatch,
  hideTimings,
  matchesOutput,
  tidyOutput,
} from './match-output.js'
import { ROOT, type CodeBlock } from './read-code-blocks.js'
import {
  CLI_LINE,
  readCliCommand,
  startCli,
  type CliCommand,
  type StartedCli,
} from './start-cli.js'

/** The working folder transcripts show, whatever folder the test runs in. */
export const SHOWN_FOLDER = '/home/me/app'
/** The port the docs show when they name none. */
const DEFAULT_PORT = 4010
/** How long a server may take to print what an `output` block shows. */
const OUTPUT_TIMEOUT_MS = 10_000

interface Server {
  cli: StartedCli
  via: CliCommand['via']
  /** The port the docs wrote, e.g. 4010. */
  shownPort: number
  /** The port it listens on. */
  port: number
  /** How much of each stream the banner and earlier `output` blocks showed. */
  seen: { stdout: number; stderr: number }
}

/**
 * Runs the examples of one page as a reader would, top to bottom, in a fresh
 * folder inside the repository: writes its `file` blocks, runs its `session`
 * and `transcript` blocks in one bash, and compares each shown output with
 * what the programs printed. Throws at the first difference, naming the block.
 * @example
 * await runPageExamples(readCodeBlocks('docs/cli.md'))
 */
export async function runPageExamples(
  blocks: readonly CodeBlock[],
): Promise<void> {
  const name = (blocks[0]?.file ?? 'page').replace(/[^A-Za-z0-9]+/g, '-')
  const folder = mkdtempSync(join(ROOT, 'test', `.tmp-docs-${name}-`))
  const terminal = createTerminal(folder)
  let server: Server | undefined

  /** The output as the docs show it: their port and folder. */
  const asShown = (text: string, ports: Array<[number, number]>) => {
    let result = text.split(folder).join(SHOWN_FOLDER)
    for (const [actual, shown] of ports) {
      result = result.replace(new RegExp(`\\b${actual}\\b`, 'g'), String(shown))
    }
    return result
  }
  const serverPorts = (): Array<[number, number]> =>
    server === undefined ? [] : [[server.port, server.shownPort]]

  async function stopServer(): Promise<void> {
    if (server === undefined) return
    const { cli, via } = server
    server = undefined
    const code = await cli.stop()
    // npm reports the signal its script got; the command itself exits with 0.
    if (via === 'node' && code !== 0) {
      throw new Error(
        `content-api-mock exited with ${code} when stopped with Ctrl+C (SIGINT).\nstderr:\n${cli.stderr()}`,
      )
    }
  }

  /** The words of a line, as bash splits and expands them. */
  async function wordsOf(line: string): Promise<string[]> {
    const { output } = await terminal.run(`printf '%s\\0' ${line}`)
    return output.split('\0').slice(0, -1)
  }

  async function runSession(block: CodeBlock): Promise<void> {
    for (const step of readSessionSteps(block)) {
      if (CLI_LINE.test(step.command)) {
        const command = readCliCommand(await wordsOf(step.command))
        const { args, shownPort } = onFreePort(command.args)
        await stopServer()
        const cli = await startCli({ ...command, args }, folder)
        if ('port' in cli.outcome) {
          server = {
            cli,
            via: command.via,
            shownPort,
            port: cli.outcome.port,
            // Output blocks show what came after the banner, and on the other
            // stream everything: npm's own lines before a JSON log too.
            seen: {
              stdout:
                cli.outcome.bannerOn === 'stdout' ? cli.stdout().length : 0,
              stderr:
                cli.outcome.bannerOn === 'stderr' ? cli.stderr().length : 0,
            },
          }
          continue
        }
        check(
          step,
          asShown(cli.stdout() + cli.stderr(), []),
          cli.outcome.exitCode,
        )
        continue
      }
      let command = step.command
      if (server !== undefined) {
        for (const host of ['127.0.0.1', 'localhost']) {
          command = command.replaceAll(
            `${host}:${server.shownPort}`,
            `127.0.0.1:${server.port}`,
          )
        }
      }
      const { output, status } = await terminal.run(command)
      check(step, asShown(output, serverPorts()), status)
    }
  }

  async function runTranscript(block: CodeBlock): Promise<void> {
    const busyPort = block.attributes.busy
    const holder = busyPort === undefined ? undefined : await holdFreePort()
    try {
      for (const step of readTranscriptSteps(block)) {
        let output: string
        if (CLI_LINE.test(step.command)) {
          const command = readCliCommand(await wordsOf(step.command))
          const args = onPortForTranscript(
            command.args,
            busyPort === undefined || holder === undefined
              ? undefined
              : [Number(busyPort), holder.port],
          )
          const cli = await startCli({ ...command, args }, folder)
          const ports: Array<[number, number]> =
            holder === undefined ? [] : [[holder.port, Number(busyPort)]]
          if ('port' in cli.outcome) {
            output = cli.stdout() + cli.stderr()
            ports.push([cli.outcome.port, shownPortOf(command.args)])
            const code = await cli.stop()
            if (code !== 0) {
              throw new Error(
                `${step.where}: content-api-mock exited with ${code} when stopped.\nstderr:\n${cli.stderr()}`,
              )
            }
          } else {
            output = cli.stdout() + cli.stderr()
          }
          output = asShown(output, ports)
        } else {
          output = asShown((await terminal.run(step.command)).output, [])
        }
        if (!matchesOutput(step.expected.join('\n'), output)) {
          throw new Error(
            describeMismatch(
              `${step.where} (${step.command})`,
              step.expected.join('\n'),
              output,
            ),
          )
        }
      }
    } finally {
      holder?.close()
    }
  }

  async function checkServerOutput(block: CodeBlock): Promise<void> {
    const stream = block.args[0] as 'stdout' | 'stderr'
    if (server === undefined) {
      throw new Error(
        `${block.where}: no server of this page is running to have printed this ${stream}.`,
      )
    }
    const current = server
    const printed = () =>
      asShown(current.cli[stream]().slice(current.seen[stream]), serverPorts())
    const expected = hideTimings(block.code)
    const deadline = Date.now() + OUTPUT_TIMEOUT_MS
    // The server prints when it is done with a request or a file: wait for it.
    while (!matchesOutput(expected, hideTimings(printed()))) {
      if (Date.now() > deadline) {
        throw new Error(
          describeMismatch(
            `${block.where} (${stream} of the running server)`,
            block.code,
            printed(),
          ),
        )
      }
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    current.seen[stream] = current.cli[stream]().length
  }

  try {
    for (const block of blocks) {
      if (block.kind !== 'file') continue
      const path = join(folder, block.args[0]!)
      mkdirSync(dirname(path), { recursive: true })
      writeFileSync(path, `${block.code}\n`)
    }
    for (const block of blocks) {
      if (block.kind === 'session') await runSession(block)
      else if (block.kind === 'transcript') await runTranscript(block)
      else if (block.kind === 'output') await checkServerOutput(block)
    }
    await stopServer()
  } finally {
    await stopServer().catch(() => {})
    terminal.close()
    rmSync(folder, { recursive: true, force: true })
  }
}

interface Step {
  command: string
  /** The output the docs show for it; undefined in a session that shows none. */
  expected: string[] | undefined
  where: string
}

/**
 * The commands of a session and the output shown for each: comment lines
 * right after a command (no blank line between) are its output; a comment
 * after a blank line describes what follows. A line ending in `\`, `|`, `&&`
 * or `||` goes on in the next.
 */
export function readSessionSteps(block: CodeBlock): Step[] {
  const lines = block.code.split('\n')
  const steps: Step[] = []
  let last: Step | undefined
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!
    if (line.trim() === '') {
      last = undefined
    } else if (line.startsWith('#')) {
      if (last !== undefined)
        (last.expected ??= []).push(line.replace(/^# ?/, ''))
    } else {
      const where = `${block.file}:${block.line + 1 + index}`
      let command = line
      while (/(\\|\||&&)\s*$/.test(lines[index]!) && index + 1 < lines.length) {
        command += `\n${lines[++index]}`
      }
      last = { command, expected: undefined, where }
      steps.push(last)
    }
  }
  return steps
}

/**
 * The `$ ` commands of a transcript, each with the lines up to the next one.
 */
export function readTranscriptSteps(
  block: CodeBlock,
): Array<Step & { expected: string[] }> {
  const steps: Array<Step & { expected: string[] }> = []
  block.code.split('\n').forEach((line, index) => {
    if (line.startsWith('$ ')) {
      steps.push({
        command: line.slice(2),
        expected: [],
        where: `${block.file}:${block.line + 1 + index}`,
      })
    } else {
      steps.at(-1)?.expected.push(line)
    }
  })
  return steps
}

function check(step: Step, output: string, status: number | null): void {
  if (step.expected !== undefined) {
    if (!matchesOutput(step.expected.join('\n'), output)) {
      throw new Error(
        describeMismatch(
          `${step.where} (${step.command})`,
          step.expected.join('\n'),
          output,
        ),
      )
    }
  } else if (status !== 0) {
    throw new Error(
      `${step.where}: "${step.command}" exited with ${status}. Its output:\n${tidyOutput(output)}`,
    )
  }
}

const PORT_FLAGS = ['--port', '-p']

function shownPortOf(args: readonly string[]): number {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!
    if (PORT_FLAGS.includes(arg)) return Number(args[index + 1])
    if (arg.startsWith('--port=')) return Number(arg.slice('--port='.length))
  }
  return DEFAULT_PORT
}

function withoutPort(args: readonly string[]): string[] {
  return args.filter(
    (arg, index) =>
      !PORT_FLAGS.includes(arg) &&
      !PORT_FLAGS.includes(args[index - 1] ?? '') &&
      !arg.startsWith('--port='),
  )
}

/** Loopback only: a demo on every interface is shown, not done. */
function onLoopback(args: readonly string[]): string[] {
  return args.map((arg, index) =>
    arg === '0.0.0.0' && args[index - 1] === '--host' ? '127.0.0.1' : arg,
  )
}

/** A server of a session listens on a free port, whatever the docs wrote. */
function onFreePort(args: readonly string[]): {
  args: string[]
  shownPort: number
} {
  return {
    args: [...onLoopback(withoutPort(args)), '--port', '0'],
    shownPort: shownPortOf(args),
  }
}

/**
 * A transcript keeps a port it names (`--port 70000` is the example of a bad
 * one), except the busy one, which becomes the port the test holds; without a
 * port, it gets a free one.
 */
function onPortForTranscript(
  args: readonly string[],
  busy: [shown: number, held: number] | undefined,
): string[] {
  const named = args.some(
    (arg) => PORT_FLAGS.includes(arg) || arg.startsWith('--port='),
  )
  if (!named) return [...onLoopback(args), '--port', '0']
  if (busy !== undefined && shownPortOf(args) === busy[0]) {
    return [...onLoopback(withoutPort(args)), '--port', String(busy[1])]
  }
  return onLoopback(args)
}

/** Listens on a free loopback port, as "another program" on it. */
async function holdFreePort(): Promise<{ port: number; close(): void }> {
  const holder = createServer()
  holder.listen(0, '127.0.0.1')
  await once(holder, 'listening')
  return {
    port: (holder.address() as AddressInfo).port,
    close: () => holder.close(),
  }
}
