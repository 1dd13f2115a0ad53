import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
// The CLI runs as a child process below; from src/ come only the tables the
// expected help is checked against: the environment variables and serve's
// options.
import { ENVIRONMENT_VARIABLES } from '../../src/cli/options/environment-variables.js'
import { SERVE_OPTION_TABLE } from '../../src/cli/serve/serve-option-table.js'
import {
  HELP_GROUPS,
  type CliOptionSpec,
} from '../../src/cli/options/cli-option-spec.js'
import { runNode } from '../support/run-node.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const MAIN = join(ROOT, 'dist/cli/main.js')
const VARIABLES = Object.values(ENVIRONMENT_VARIABLES)

/** The help of `args`, e.g. `['record']`; it must exit 0 and print nothing else. */
async function readHelp(args: readonly string[] = []): Promise<string> {
  const run = await runNode([MAIN, ...args, '--help'], { cwd: ROOT })
  expect(run.code, run.stderr).toBe(0)
  expect(run.stderr).toBe('')
  return run.stdout
}

/** The lines of the help's section under `heading`, up to the blank line that ends it. */
function readSection(help: string, heading: string): string[] {
  const lines = help.split('\n')
  const start = lines.indexOf(heading)
  expect(start, `${heading} in:\n${help}`).toBeGreaterThan(-1)
  const end = lines.indexOf('', start)
  return lines.slice(start + 1, end === -1 ? undefined : end)
}

it('shows the commands first, then the options in groups (common, traffic, data, server, fleet, proxy mode), the variables and the examples', async () => {
  const help = await readHelp()
  const headings = help.split('\n').filter((line) => /^\S.*:$/.test(line))
  expect(headings).toEqual([
    'Commands:',
    'Options:',
    'Traffic: how the mock misbehaves (docs/traffic-shaping.md):',
    'Data: what it serves:',
    'Server: who may call it, the control API, timeouts:',
    'Fleet: replicas sharing state (docs/replicas.md):',
    'Proxy mode: the real service behind the mock:',
    'Environment:',
    'Examples:',
  ])
  const common = readSection(help, 'Options:').join('\n')
  for (const flag of ['--port', '--host', '--seed', '--fixtures', '--log']) {
    expect(common).toContain(flag)
  }
  expect(common).toMatch(/-v, --version[\s\S]*-h, --help/)
})

it('lists each option of serve once, in the group its table gives it', async () => {
  const help = await readHelp()
  const table: Readonly<Record<string, CliOptionSpec>> = SERVE_OPTION_TABLE
  for (const [name, spec] of Object.entries(table)) {
    const flag = `--${spec.negated ? 'no-' : ''}${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`
    const pattern = new RegExp(`^ {2}(-\\w, )?${flag}( |$)`)
    const lines = help.split('\n').filter((line) => pattern.test(line))
    expect(lines, flag).toHaveLength(1)
    const group = readSection(help, HELP_GROUPS[spec.group ?? 'common'])
    expect(
      group.some((line) => pattern.test(line)),
      flag,
    ).toBe(true)
  }
})

it('lists every environment variable the project reads under Environment, and names it in the default of the flag that falls back to it', async () => {
  const help = await readHelp()
  const listed = readSection(help, 'Environment:')
    .filter((line) => /^ {2}\S/.test(line))
    .map((line) => line.trim().split(/\s+/)[0])
  expect(listed).toEqual(
    expect.arrayContaining(VARIABLES.map((variable) => variable.name)),
  )
  expect(listed).toHaveLength(VARIABLES.length)
  // One entry per option: its first line and the indented lines after it.
  const entries = help
    .split(/\n(?= {2}-)/)
    .map((entry) => entry.replace(/\s+/g, ' ').trim())
  const table: Readonly<Record<string, CliOptionSpec>> = SERVE_OPTION_TABLE
  for (const [name, spec] of Object.entries(table)) {
    if (spec.env === undefined) continue
    const flag = `--${spec.negated ? 'no-' : ''}${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`
    const entry = entries.find((text) => new RegExp(`${flag} `).test(text))
    expect(entry, flag).toContain(`(default: $${spec.env.name}`)
    expect(entry, flag).not.toContain('(env:')
  }
})

it('reads the environment only through the variables of environment-variables.ts', () => {
  // Every read of a variable in src/ goes through a name of the table: no
  // process.env outside the process's io, no variable spelled out elsewhere.
  const home = 'src/cli/options/environment-variables.ts'
  const names = VARIABLES.map((variable) => variable.name)
  const offenders: string[] = []
  for (const file of listSourceFiles(join(ROOT, 'src'))) {
    const path = relative(ROOT, file)
    if (path === home || path.endsWith('.generated.ts')) continue
    const code = stripComments(readFileSync(file, 'utf8'))
    if (
      /process\.env\b/.test(code) &&
      path !== 'src/cli/output/create-process-io.ts'
    ) {
      offenders.push(`${path}: process.env`)
    }
    if (/\benv\s*(\.\s*[A-Z_]|\[\s*['"`])/.test(code)) {
      offenders.push(`${path}: a variable read by a name of its own`)
    }
    for (const name of names) {
      if (new RegExp(`['"\`]\\$?${name}['"\`]`).test(code)) {
        offenders.push(`${path}: ${name}`)
      }
    }
  }
  expect(offenders).toEqual([])
})

it('names every environment variable in the Environment variables section of docs/cli.md', () => {
  const page = readFileSync(join(ROOT, 'docs/cli.md'), 'utf8')
  const section = page.slice(
    page.indexOf('\n## Environment variables\n'),
    page.indexOf('\n## ', page.indexOf('\n## Environment variables\n') + 1),
  )
  const named = [...section.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map(
    ([, name]) => name,
  )
  expect(new Set(named)).toEqual(new Set(VARIABLES.map(({ name }) => name)))
})

it('says in build-demo --help only what build-demo does: no traffic, no server', async () => {
  const help = await readHelp(['build-demo'])
  const options = readSection(help, 'Options:').join(' ').replace(/\s+/g, ' ')
  expect(options).toContain(
    '--seed <number> seed of the generated dataset, and of its live contents with --live (default: 1)',
  )
  for (const word of [/traffic/i, /scenario/i, /fail rate/i, /latency/i]) {
    expect(options).not.toMatch(word)
  }
  expect(help).not.toContain('Environment:')
})

it('names CONTENT_API_KEY, and the flag that wins over it, in the help of record and verify', async () => {
  for (const command of ['record', 'verify']) {
    const help = await readHelp([command])
    const environment = readSection(help, 'Environment:').join(' ')
    expect(environment.replace(/\s+/g, ' '), command).toContain(
      `${ENVIRONMENT_VARIABLES.serviceApiKey.name} ${ENVIRONMENT_VARIABLES.serviceApiKey.summary} (--api-key wins)`,
    )
  }
})

it('keeps the examples of the help to a few lines that fit one screen', async () => {
  for (const command of [
    [],
    ['serve'],
    ['build-demo'],
    ['record'],
    ['verify'],
  ]) {
    const examples = readSection(await readHelp(command), 'Examples:')
    expect(examples.length, command.join(' ')).toBeGreaterThan(0)
    expect(examples.length, command.join(' ')).toBeLessThanOrEqual(8)
  }
})

function listSourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return listSourceFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

function stripComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
}
