#!/usr/bin/env node
import { CLI_NAME } from './parse-arguments.js'
import { runCli } from './run-cli.js'

/**
 * How long the process may take to end by itself once the CLI is done, before
 * it is ended: something left open must not keep a stopped server's process alive.
 */
const EXIT_GRACE_MS = 2_000

try {
  process.exitCode = await runCli(process.argv.slice(2))
} catch (error) {
  process.stderr.write(
    `${CLI_NAME}: unexpected error; please report it with the command you ran:\n${(error as Error).stack ?? String(error)}\n`,
  )
  process.exitCode = 1
}
setTimeout(() => process.exit(), EXIT_GRACE_MS).unref()
