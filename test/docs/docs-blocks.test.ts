import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { expect, it } from 'vitest'
import {
  BLOCK_KINDS,
  DOC_FILES,
  ROOT,
  proseLines,
  readCodeBlocks,
  type BlockKind,
  type CodeBlock,
} from '../support/docs/read-code-blocks.js'

// The docs' form: every code block says how the doc tests treat it, tables
// and prose fit a terminal, links lead somewhere, the README stays short.

const MAX_LINE = 120
const MAX_README_BYTES = 15 * 1024

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8')

function problemsOf(block: CodeBlock): string[] {
  const kinds = Object.keys(BLOCK_KINDS).join(', ')
  if (block.kind === undefined || !Object.hasOwn(BLOCK_KINDS, block.kind)) {
    return [
      `${block.where}: say after the language what the block is, e.g. \`\`\`${block.lang || 'sh'} fragment; one of ${kinds} (CONTRIBUTING.md#doc-tests).`,
    ]
  }
  const kind = block.kind as BlockKind
  const problems: string[] = []
  const langs: readonly string[] | undefined = BLOCK_KINDS[kind]
  if (langs !== undefined && !langs.includes(block.lang)) {
    problems.push(
      `${block.where}: a ${kind} block is written in ${langs.join(' or ')}, not "${block.lang}".`,
    )
  }
  const callsIt = /^\s*it(?:\.\w+)?\(/m.test(block.code)
  if (block.lang === 'ts' && callsIt !== (kind === 'test')) {
    problems.push(
      callsIt
        ? `${block.where}: it calls it(), so it is a vitest test file: mark it \`\`\`ts test to have it run.`
        : `${block.where}: a test block calls it() at least once.`,
    )
  }
  const [arg] = block.args
  if (
    kind === 'file' &&
    (arg === undefined || normalize(arg).startsWith('..'))
  ) {
    problems.push(
      `${block.where}: a file block names its path inside the page's folder: \`\`\`json file fixtures.json.`,
    )
  }
  if (kind === 'output' && arg !== 'stdout' && arg !== 'stderr') {
    problems.push(
      `${block.where}: an output block says which stream of the running server it shows: output stdout or output stderr.`,
    )
  }
  if (kind === 'transcript' && !block.code.startsWith('$ ')) {
    problems.push(`${block.where}: a transcript starts with a "$ " command.`)
  }
  for (const name of Object.keys(block.attributes)) {
    if (!(kind === 'transcript' && name === 'busy')) {
      problems.push(
        `${block.where}: unknown attribute "${name}" (only transcripts take busy=<port>).`,
      )
    }
  }
  return problems
}

it('knows of every code block of the docs whether and how it runs', () => {
  const blocks = DOC_FILES.flatMap(readCodeBlocks)
  expect(blocks.length).toBeGreaterThan(0)
  expect(blocks.flatMap(problemsOf)).toEqual([])
})

it('fits every line outside code blocks in a terminal of 120 columns', () => {
  const long = DOC_FILES.flatMap((file) =>
    proseLines(read(file))
      .filter(({ text }) => [...text].length > MAX_LINE)
      .map(
        ({ line, text }) =>
          `${file}:${line} has ${[...text].length} characters`,
      ),
  )
  expect(long).toEqual([])
})

/** The anchors of a page's headings, as GitHub makes them. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>()
  for (const { text } of proseLines(read(file))) {
    const heading = /^#{1,6}\s+(.+?)\s*#*$/.exec(text)?.[1]
    if (heading === undefined) continue
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    let anchor = slug
    for (let n = 1; anchors.has(anchor); n++) anchor = `${slug}-${n}`
    anchors.add(anchor)
  }
  return anchors
}

it('leads every relative link to a file and heading that exist', () => {
  const broken: string[] = []
  for (const file of DOC_FILES) {
    for (const { line, text } of proseLines(read(file))) {
      for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target)) continue
        const [path = '', anchor] = target.split('#')
        const linked = path === '' ? file : normalize(join(dirname(file), path))
        const where = `${file}:${line} links to ${target}`
        if (!existsSync(join(ROOT, linked)))
          broken.push(`${where}: no such file`)
        else if (
          anchor !== undefined &&
          (statSync(join(ROOT, linked)).isDirectory() ||
            !anchorsOf(linked).has(anchor))
        ) {
          broken.push(`${where}: no such heading in ${linked}`)
        }
      }
    }
  }
  expect(broken).toEqual([])
})

it('keeps the README a front door of at most 15 KiB, with the reference in docs/', () => {
  const size = Buffer.byteLength(read('README.md'))
  expect(size, `README.md has ${size} bytes`).toBeLessThanOrEqual(
    MAX_README_BYTES,
  )
})
