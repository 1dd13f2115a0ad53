#!/usr/bin/env node
import { runCli } from './run-cli.js'

// Something left open must not keep a stopped server's process alive.
const EXIT_GRACE_MS = 2_000

process.exitCode = await runCli(process.argv.slice(2))
setTimeout(() => process.exit(), EXIT_GRACE_MS).unref()
