import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, it } from 'vitest'
import { runNode } from '../support/run-node.js'

// scripts/count-function-lines.js measures the functions of src/ (issue 33's
// limits). These tests run it on small trees laid out like src/, so that a
// kind of function it stops seeing, or a limit it stops enforcing, fails here.

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SCRIPT = join(ROOT, 'scripts/count-function-lines.js')
const trees: string[] = []

afterAll(async () => {
  for (const tree of trees) await rm(tree, { recursive: true, force: true })
})

/** `lines` lines of a function body, each a statement. */
function body(lines: number): string {
  return Array.from({ length: lines }, (_, i) => `  void ${i}\n`).join('')
}

/** Runs the script in a tree of `src/` files; returns its exit code and output. */
async function count(files: Record<string, string>, args: string[]) {
  const tree = await mkdtemp(join(tmpdir(), 'content-api-mock-lines-'))
  trees.push(tree)
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(tree, path)), { recursive: true })
    await writeFile(join(tree, path), text)
  }
  return runNode([SCRIPT, ...args], { cwd: tree })
}

it('names each kind of function by file and by the functions around it, and counts its lines from first to last token', async () => {
  const source = [
    '/** Its JSDoc does not count. */',
    `export function declared() {\n${body(3)}}`,
    `export const arrow = () => {\n${body(4)}}`,
    `export class Store {\n  #items = 0\n  add() {\n${body(5)}  }\n}`,
    `export function Component() {\n  const onClick = () => {\n${body(2)}  }\n  return onClick\n}`,
    `export function outer(command: { action(f: () => void): void }) {\n  command.action(() => {\n${body(6)}  })\n}`,
  ].join('\n')
  const { code, stdout } = await count({ 'src/a/b.ts': source }, [
    '--over',
    '3',
    '--json',
  ])
  expect(code).toBe(0)
  const found = JSON.parse(stdout) as Array<{
    file: string
    name: string
    lines: number
  }>
  expect(
    found.map(({ file, name, lines }) => `${file} ${name} ${lines}`).sort(),
  ).toEqual(
    [
      'src/a/b.ts declared 5',
      'src/a/b.ts arrow 6',
      'src/a/b.ts Store › add 7',
      'src/a/b.ts Component › onClick 4',
      'src/a/b.ts Component 7',
      'src/a/b.ts outer 10',
      'src/a/b.ts outer › action() 8',
    ].sort(),
  )
})

it('fails --check for a function over the limit, and for more functions over --over than the budget', async () => {
  const files = {
    'src/long.ts': `export function long() {\n${body(12)}}\n`,
    'src/short.ts': `export function short() {\n${body(4)}}\n`,
  }
  const overLimit = await count(files, ['--check', '--limit', '10'])
  expect(overLimit.code).toBe(1)
  expect(overLimit.stderr).toContain(
    'src/long.ts:1: long is 14 lines, over the limit of 10.',
  )

  const overBudget = await count(files, [
    '--check',
    '--over',
    '3',
    '--budget',
    '1',
  ])
  expect(overBudget.code).toBe(1)
  expect(overBudget.stderr).toContain(
    '2 functions are over 3 lines, more than the 1 allowed.',
  )

  const within = await count(files, ['--check', '--over', '3', '--limit', '20'])
  expect(within.code, within.stderr).toBe(0)
  expect(within.stdout).toContain('2 functions in src: 2 over 3')
})

it('leaves generated files and the JPEG encoder out of the check, and says so', async () => {
  const long = `export function long() {\n${body(200)}}\n`
  const { code, stdout } = await count(
    {
      'src/media/internal/encode-jpeg.ts': long.replace('long', 'encodeJpeg'),
      'src/data/words.generated.ts': long,
    },
    ['--check'],
  )
  expect(code).toBe(0)
  expect(stdout).toContain('0 over 80')
  expect(stdout).toContain(
    'left out (generated, JPEG encoder): long 202, encodeJpeg 202',
  )
})

it('refuses a threshold that is not a whole number of lines', async () => {
  const { code, stderr } = await count({ 'src/a.ts': '' }, ['--over', 'x'])
  expect(code).toBe(2)
  expect(stderr).toBe('--over takes a whole number of lines, got "x".\n')
})
