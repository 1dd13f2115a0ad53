import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
// The CLI runs as a child process; from src/ come only the colour rules and
// the option tables that the expected texts are built from.
import { OPTION_RULES } from '../../src/schema/option-rules.js'
import { SERVER_OPTION_RULES } from '../../src/server/connections/defaults.js'
import { ENVIRONMENT_VARIABLES } from '../../src/cli/options/environment-variables.js'
import {
  runCli,
  expectUsageError,
  tempFolder,
  ROOT,
} from '../support/cli-process.js'

// The CLI's help, version and command names, as a newcomer first runs it.

it('prints the help and exits 0', async () => {
  const { code, stdout, stderr } = await runCli(['--help'])
  expect(code).toBe(0)
  expect(stdout).toContain('Usage: content-api-mock [options]')
  for (const flag of [
    '--port <number>',
    '--fixtures <file>',
    '--watch',
    '--log <format>',
  ]) {
    expect(stdout).toContain(flag)
  }
  expect(stderr).toBe('')
})

it('prints each default in the help from the option rules, and that --seed goes with --fixtures', async () => {
  const { stdout } = await runCli(['--help'])
  // One entry per option: its first line and the indented lines after it.
  const entries = stdout
    .split(/\n(?= {2}-)/)
    .map((entry) => entry.replace(/\s+/g, ' ').trim())
  const help = entries.join(' ')
  const { host, port } = SERVER_OPTION_RULES
  const defaults: Array<[string, string | number]> = [
    [
      '--host <address>',
      `$${ENVIRONMENT_VARIABLES.host.name}, else ${host.default}`,
    ],
    [
      '-p, --port <number>',
      `$${ENVIRONMENT_VARIABLES.port.name}, else ${port.default}`,
    ],
    ['--seed <number>', OPTION_RULES.seed.default],
    ['--projects <number>', OPTION_RULES.projects.default],
    ['--contents <number>', OPTION_RULES.contents.default],
    ['--api-key <key>', OPTION_RULES.apiKey.default],
    ['--asset-ttl <seconds>', OPTION_RULES.assetTtl.default],
    ['--journal-size <number>', OPTION_RULES.journalSize.default],
  ]
  for (const [flag, value] of defaults) {
    const entry = entries.find((text) => text.startsWith(`${flag} `))
    expect(entry, flag).toMatch(
      new RegExp(`\\(default: ${String(value).replace(/[$.]/g, '\\$&')}\\)$`),
    )
  }
  expect(help).toContain('with --fixtures, of the draws only (default: 1)')
})

it('prints the version from package.json and exits 0', async () => {
  const { version } = JSON.parse(
    readFileSync(join(ROOT, 'package.json'), 'utf8'),
  )
  const { code, stdout } = await runCli(['--version'])
  expect(code).toBe(0)
  expect(stdout).toBe(`${version}\n`)
})

it("lists its four commands in the help, and prints each command's help", async () => {
  const { stdout } = await runCli(['--help'])
  const commands = stdout.slice(stdout.indexOf('\nCommands:\n'))
  for (const name of ['serve', 'build-demo', 'record', 'verify']) {
    expect(commands).toMatch(new RegExp(`\\n {2}${name} `))
    const help = await runCli([name, '--help'])
    expect(help.code, name).toBe(0)
    expect(help.stderr, name).toBe('')
    expect(help.stdout, name).toContain(`Usage: content-api-mock ${name} `)
    expect(help.stdout, name).toContain('-h, --help')
  }
})

it('names a word where a command belongs as an unknown command, with the one it is closest to, and a command after a flag as misplaced', async () => {
  expectUsageError(
    await runCli(['verfiy']),
    /Unknown command 'verfiy' \(Did you mean verify\?\): the commands are serve, build-demo, record, verify, and serving \(the default\) takes no argument\./,
  )
  expectUsageError(
    await runCli(['--port', '0', 'record']),
    /The command 'record' comes first, before any flag, e\.g\. "content-api-mock record --help"\./,
  )
})

it('names $CONTENT_API_KEY, without its value, when the key in it cannot be one', async () => {
  const target = ['--target', 'http://127.0.0.1:9']
  for (const args of [
    ['verify', ...target],
    ['record', ...target, '--out', join(tempFolder(), 'r.json')],
  ]) {
    const run = await runCli(args, { CONTENT_API_KEY: 'has space' })
    expectUsageError(
      run,
      /The environment variable CONTENT_API_KEY is invalid; expected the key as the service issued it: visible ASCII characters without spaces\. Fix or unset CONTENT_API_KEY, or pass --api-key, which wins over it\./,
    )
    expect(run.stderr).not.toContain('has space')
  }
})
