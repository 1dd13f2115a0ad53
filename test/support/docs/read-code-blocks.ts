import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository's root folder. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/**
 * The pages the doc tests keep true, relative to the root: the README, the
 * reference in docs/, the contributing guide and the benchmarks page.
 */
export const DOC_FILES: readonly string[] = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
  'CONTRIBUTING.md',
  'bench/README.md',
]

/**
 * What a fenced code block is, as the word after its language says, and how
 * the doc tests treat it.
 */
export const BLOCK_KINDS = {
  /** A vitest test file: run as a suite against the built package, type-checked. */
  test: ['ts'],
  /** A complete program: run, type-checked. */
  script: ['ts'],
  /** A program for the browser: type-checked (test/browser/ runs the same calls). */
  browser: ['ts'],
  /** A shell session: run in the page's bash, its commands' expected output compared. */
  session: ['sh'],
  /** `$ ` commands and their output: run, the output compared. */
  transcript: ['console'],
  /** What the page's running server printed (`stdout` or `stderr`): compared. */
  output: ['text'],
  /** A file the page's sessions use (`file <path>`): written before they run. */
  file: undefined,
  /** Not run: part of a program, a layout, or a command that cannot run in a test. */
  fragment: undefined,
} as const satisfies Record<string, readonly string[] | undefined>

/** One of `BLOCK_KINDS`. */
export type BlockKind = keyof typeof BLOCK_KINDS

/**
 * One fenced code block of a page.
 */
export interface CodeBlock {
  /** The page, relative to the root, e.g. `docs/cli.md`. */
  file: string
  /** The 1-based line of the opening fence. */
  line: number
  /** The 1-based line of the closing fence (or the last line, if unclosed). */
  endLine: number
  /** The first word of the info string, e.g. `ts`. */
  lang: string
  /** The second word: what the block is (checked against `BLOCK_KINDS`). */
  kind: string | undefined
  /** Further words without `=`, e.g. the path of a `file` block. */
  args: string[]
  /** Further `name=value` words, e.g. `busy=4010`. */
  attributes: Record<string, string>
  /** The lines between the fences, joined with `\n`. */
  code: string
  /** `<file>:<line>`, for messages. */
  where: string
}

const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/

/**
 * Reads the fenced code blocks of a page, in order.
 * @example
 * const blocks = readCodeBlocks('docs/cli.md')
 * blocks.filter((block) => block.kind === 'session')
 */
export function readCodeBlocks(file: string): CodeBlock[] {
  return parseCodeBlocks(file, readFileSync(join(ROOT, file), 'utf8'))
}

/**
 * The fenced code blocks of a Markdown text; see `readCodeBlocks`.
 * @example
 * parseCodeBlocks('x.md', '```sh fragment\nls\n```\n')[0].kind // 'fragment'
 */
export function parseCodeBlocks(file: string, text: string): CodeBlock[] {
  const blocks: CodeBlock[] = []
  const lines = text.split('\n')
  for (let index = 0; index < lines.length; index++) {
    const open = FENCE.exec(lines[index]!)
    if (open === null) continue
    const [, indent = '', fence = '', info = ''] = open
    let end = index + 1
    while (end < lines.length && !isClosingFence(lines[end]!, fence)) end++
    const [lang = '', kind, ...rest] = info.trim().split(/\s+/)
    const pairs = rest.filter((word) => word.includes('='))
    blocks.push({
      file,
      line: index + 1,
      endLine: end + 1,
      lang,
      kind,
      args: rest.filter((word) => !word.includes('=')),
      attributes: Object.fromEntries(
        pairs.map((word) => [
          word.slice(0, word.indexOf('=')),
          word.slice(word.indexOf('=') + 1),
        ]),
      ),
      code: lines
        .slice(index + 1, end)
        .map((line) => line.slice(indent.length))
        .join('\n'),
      where: `${file}:${index + 1}`,
    })
    index = end
  }
  return blocks
}

/**
 * The lines of a Markdown text outside its fenced code blocks, with their
 * 1-based line numbers.
 * @example
 * proseLines(text).filter(({ text }) => text.length > 120)
 */
export function proseLines(
  text: string,
): Array<{ line: number; text: string }> {
  const inBlock = new Set<number>()
  for (const block of parseCodeBlocks('', text)) {
    for (let line = block.line; line <= block.endLine; line++) inBlock.add(line)
  }
  return text
    .split('\n')
    .map((line, index) => ({ line: index + 1, text: line }))
    .filter(({ line }) => !inBlock.has(line))
}

function isClosingFence(line: string, fence: string): boolean {
  const match = FENCE.exec(line)
  return (
    match !== null &&
    match[2]![0] === fence[0] &&
    match[2]!.length >= fence.length &&
    match[3]!.trim() === ''
  )
}
