import { once } from 'node:events'
import {
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { createTerminal } from './create-terminal.js'
import {
  describeMismatch,
  hideTimings,
  matchesOutput,
  tidyOutput,
} from './match-output.js'
import { isSubcommand, placeCliArguments } from './place-cli-arguments.js'
import { ROOT, type CodeBlock } from './read-code-blocks.js'
import {
  readSessionSteps,
  readTranscriptSteps,
  type ExampleStep,
} from './read-example-steps.js'
import {
  CLI_LINE,
  readCliCommand,
  startCli,
  type StartedCli,
} from './start-cli.js'

const INSTALLED_PACKAGE = 'node_modules/content-api-mock'

/** The working folder the docs show, whatever folder the test runs in. */
export const SHOWN_FOLDER = '/home/me/app'
/** How long a server may take to print what an `output` block shows. */
const OUTPUT_TIMEOUT_MS = 10_000

/** A port the command listened on, and the one the docs show instead. */
type PortShown = [actual: number, shown: number]

interface Server {
  cli: StartedCli
  port: PortShown
  /** How much of each stream the banner and earlier `output` blocks showed. */
  seen: { stdout: number; stderr: number }
}

/**
 * Runs the examples of one page as a reader would, top to bottom, in a fresh
 * folder inside the repository: writes its `file` blocks, runs its `session`
 * and `transcript` blocks in one bash, and compares each shown output with
 * what the programs printed. Throws at the first difference, naming where.
 * Every server it starts is stopped before it returns.
 * @example
 * await runPageExamples(readCodeBlocks('docs/cli.md'))
 */
export async function runPageExamples(
  blocks: readonly CodeBlock[],
): Promise<void> {
  const name = (blocks[0]?.file ?? 'page').replace(/[^A-Za-z0-9]+/g, '-')
  const folder = mkdtempSync(join(ROOT, 'test', `.tmp-docs-${name}-`))
  // As in a project that installed the package, for a page that names its
  // files (`node_modules/content-api-mock/fixtures/storyline.json`). Only
  // then: a node_modules folder makes npm take this folder for a project of
  // its own, and `npm start` would look for a package.json here.
  if (blocks.some((block) => block.code.includes(INSTALLED_PACKAGE))) {
    mkdirSync(join(folder, 'node_modules'))
    symlinkSync(ROOT, join(folder, INSTALLED_PACKAGE), 'dir')
  }
  const terminal = createTerminal(folder)
  let server: Server | undefined

  /** Output as the docs show it: their ports and folder. */
  const asShown = (text: string, ports: readonly PortShown[]) =>
    ports.reduce(
      (result, [actual, shown]) =>
        result.replace(new RegExp(`\\b${actual}\\b`, 'g'), String(shown)),
      text.split(folder).join(SHOWN_FOLDER),
    )

  async function stopServer(): Promise<void> {
    const stopping = server
    server = undefined
    await stopping?.cli.stop()
  }

  /** The command of a line, with words as bash splits and expands them. */
  async function readLine(line: string) {
    const words = (await terminal.run(`printf '%s\\0' ${line}`)).output
      .split('\0')
      .slice(0, -1)
    return readCliCommand(words)
  }

  /** A line with the page server's shown port replaced by its real one. */
  const toActualPorts = (line: string, ports: readonly PortShown[]) =>
    ports.reduce(
      (result, [actual, shown]) =>
        result.replace(
          new RegExp(`\\b(?:127\\.0\\.0\\.1|localhost):${shown}\\b`, 'g'),
          `127.0.0.1:${actual}`,
        ),
      line,
    )

  /** Starts the command of a `npx content-api-mock …` line of the docs. */
  async function start(
    line: string,
    options: Parameters<typeof placeCliArguments>[1],
  ) {
    const command = await readLine(line)
    const { args, shownPort } = placeCliArguments(command.args, options)
    return { cli: await startCli({ ...command, args }, folder), shownPort }
  }

  async function runSession(block: CodeBlock): Promise<void> {
    for (const step of readSessionSteps(block)) {
      const ports = server === undefined ? [] : [server.port]
      const command = toActualPorts(step.command, ports)
      if (!CLI_LINE.test(step.command)) {
        const { output, status } = await terminal.run(command)
        check(step, asShown(output, ports), status)
        continue
      }
      // A subcommand (verify, build-demo) runs beside the page's server.
      if (isSubcommand((await readLine(command)).args)) {
        const { cli } = await start(command, { keepNamedPort: true })
        const status = 'exitCode' in cli.outcome ? cli.outcome.exitCode : 0
        check(step, asShown(cli.stdout() + cli.stderr(), ports), status)
        continue
      }
      // A new server replaces the page's running one, as after Ctrl+C.
      await stopServer()
      const { cli, shownPort } = await start(step.command, {
        keepNamedPort: false,
      })
      if (!('port' in cli.outcome)) {
        check(
          step,
          asShown(cli.stdout() + cli.stderr(), []),
          cli.outcome.exitCode,
        )
        continue
      }
      server = {
        cli,
        port: [cli.outcome.port, shownPort],
        // Output blocks show what came after the banner, and on the other
        // stream everything: npm's own lines before a JSON log too.
        seen: {
          stdout: cli.outcome.bannerOn === 'stdout' ? cli.stdout().length : 0,
          stderr: cli.outcome.bannerOn === 'stderr' ? cli.stderr().length : 0,
        },
      }
    }
  }

  async function runTranscript(block: CodeBlock): Promise<void> {
    const shownBusy = block.attributes.busy
    const holder = shownBusy === undefined ? undefined : await holdFreePort()
    try {
      for (const step of readTranscriptSteps(block)) {
        if (!CLI_LINE.test(step.command)) {
          const { output, status } = await terminal.run(step.command)
          check(step, asShown(output, []), status)
          continue
        }
        const ports: PortShown[] =
          holder === undefined ? [] : [[holder.port, Number(shownBusy)]]
        const { cli, shownPort } = await start(step.command, {
          keepNamedPort: true,
          busy:
            holder === undefined
              ? undefined
              : { shown: Number(shownBusy), held: holder.port },
        })
        // A server shows its banner, then is stopped; a command runs to its end.
        const output = cli.stdout() + cli.stderr()
        if ('port' in cli.outcome) {
          ports.push([cli.outcome.port, shownPort])
          await cli.stop()
        }
        const status = 'exitCode' in cli.outcome ? cli.outcome.exitCode : 0
        check(step, asShown(output, ports), status)
      }
    } finally {
      holder?.close()
    }
  }

  async function checkServerOutput(block: CodeBlock): Promise<void> {
    const stream = block.args[0] as 'stdout' | 'stderr'
    const current = server
    if (current === undefined) {
      throw new Error(
        `${block.where}: no server of this page is running to have printed this ${stream}.`,
      )
    }
    const printed = () =>
      asShown(current.cli[stream]().slice(current.seen[stream]), [current.port])
    const expected = hideTimings(block.code)
    const deadline = Date.now() + OUTPUT_TIMEOUT_MS
    // The server prints once it is done with a request or a file: wait for it.
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

/**
 * Throws unless the output is what the docs show for the step; a step that
 * shows none must exit with 0.
 */
function check(step: ExampleStep, output: string, status: number | null): void {
  if (step.expected === undefined) {
    if (status === 0) return
    throw new Error(
      `${step.where}: "${step.command}" exited with ${status}. Its output:\n${tidyOutput(output)}`,
    )
  }
  const expected = step.expected.join('\n')
  if (!matchesOutput(expected, output)) {
    throw new Error(
      describeMismatch(`${step.where} (${step.command})`, expected, output),
    )
  }
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
