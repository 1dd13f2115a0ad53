import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, it } from 'vitest'
import {
  DOC_FILES,
  ROOT,
  readCodeBlocks,
  type CodeBlock,
} from '../support/docs/read-code-blocks.js'

// The TypeScript examples of the docs, as a reader would use them: written to
// files in a folder of their own, type-checked against the built package's
// types, and the tests and scripts run by a child `vitest run` that imports
// the built package (test/support/docs/examples.vitest.config.ts).

const run = promisify(execFile)
const CONFIG = join(ROOT, 'test/support/docs/examples.vitest.config.ts')

const examples = DOC_FILES.flatMap(readCodeBlocks).filter(
  (block) =>
    block.kind === 'test' ||
    block.kind === 'script' ||
    block.kind === 'browser',
)
// @note Inside the repository, so that the examples resolve vitest, msw and
// the package itself from it; outside test/, which `npm run typecheck` reads.
const folder = mkdtempSync(join(ROOT, '.tmp-docs-examples-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

/** The file a block is written to, and the test file that runs it, if any. */
const files = new Map<string, CodeBlock>()
const suites = new Map<string, CodeBlock>()
for (const block of examples) {
  const id = `${block.file.replace(/[^A-Za-z0-9]+/g, '-')}-L${block.line}`
  const name = `${id}.${block.kind === 'test' ? 'doc' : block.kind}.ts`
  writeFileSync(join(folder, name), `${block.code}\n`)
  files.set(name, block)
  if (block.kind === 'test') suites.set(name, block)
  if (block.kind === 'script') {
    // vitest runs TypeScript with top-level await; the script runs on import.
    const wrapper = `${id}.run.doc.ts`
    writeFileSync(
      join(folder, wrapper),
      `import { it } from 'vitest'\n\nit('runs the script at ${block.where}', async () => {\n  await import('./${name}')\n})\n`,
    )
    suites.set(wrapper, block)
  }
}
writeFileSync(
  join(folder, 'tsconfig.json'),
  JSON.stringify({
    extends: '../tsconfig.json',
    include: ['*.ts'],
    exclude: ['*.run.doc.ts'],
  }),
)

/** Runs a Node script of a dev dependency; resolves with its status and output. */
async function runNode(args: string[]) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')),
  )
  try {
    const { stdout, stderr } = await run(process.execPath, args, {
      cwd: ROOT,
      env,
      maxBuffer: 16 * 1024 * 1024,
    })
    return { status: 0, output: stdout + stderr }
  } catch (error) {
    const { code, stdout, stderr } = error as {
      code: number
      stdout: string
      stderr: string
    }
    return { status: code, output: stdout + stderr }
  }
}

it.concurrent(
  'type-checks the TypeScript examples of the docs',
  async () => {
    const { status, output } = await runNode([
      join(ROOT, 'node_modules/typescript/bin/tsc'),
      '-p',
      join(folder, 'tsconfig.json'),
    ])
    // Each error named where it is in the docs: `README.md:41:3`.
    const errors = output.replace(
      /^\S*?([^/\s]+\.ts)\((\d+),(\d+)\)/gm,
      (text, name: string, line: string, column: string) => {
        const block = files.get(name)
        return block === undefined
          ? text
          : `${block.file}:${block.line + Number(line)}:${column}`
      },
    )
    expect(status, errors).toBe(0)
  },
  90_000,
)

it.concurrent(
  'runs the test and script examples of the docs as vitest suites',
  async () => {
    const report = join(folder, 'report.json')
    const { output } = await runNode([
      join(ROOT, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--config',
      CONFIG,
      '--root',
      folder,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ])
    const results = (
      JSON.parse(readFileSync(report, 'utf8')) as {
        testResults: Array<{
          name: string
          assertionResults: Array<{ status: string }>
        }>
      }
    ).testResults
    // Each example ran and every test in it passed: none may vanish unseen.
    const failed = [...suites].flatMap(([name, block]) => {
      const tests =
        results.find((result) => basename(result.name) === name)
          ?.assertionResults ?? []
      const passed = tests.filter((test) => test.status === 'passed').length
      return tests.length > 0 && passed === tests.length
        ? []
        : [`${block.where}: ${passed} of ${tests.length} tests passed`]
    })
    expect(failed, output).toEqual([])
  },
  90_000,
)
