// Counts the lines of src/ and test/ per folder: all of them, the blank ones,
// and the ones that hold only a comment, so that the house's size and its
// comment share are measured the same way from one review to the next.
//
//   node scripts/count-source-lines.js            src/ and test/, per folder
//   node scripts/count-source-lines.js src/api    one folder, per folder below it
//   node scripts/count-source-lines.js --json
//
// Hand-written TypeScript only (.ts, .tsx): the generated files
// (*.generated.ts) are counted apart. The JPEG encoder, a port of a reference
// encoder that scripts/count-function-lines.js leaves out, is hand-written
// and counts here.
//
// A line holds only a comment when it is not blank and the parser finds no
// token on it: a JSDoc block's every line, a `//` line, not a line of code
// with a comment after it, nor a line inside a template string.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { parseArgs } from 'node:util'
import ts from 'typescript'

const LEFT_OUT = [/\.generated\.tsx?$/]

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

if (values.help) {
  process.stdout.write(
    'Usage: node scripts/count-source-lines.js [folders…] [--json]\n',
  )
  process.exit(0)
}

const root = new URL('..', import.meta.url).pathname
const roots = positionals.length > 0 ? positionals : ['src', 'test']

/** Every .ts and .tsx file below `folder`, as paths from the repository. */
function filesBelow(folder) {
  const found = []
  for (const name of readdirSync(join(root, folder))) {
    const path = join(folder, name)
    if (statSync(join(root, path)).isDirectory())
      found.push(...filesBelow(path))
    else if (/\.tsx?$/.test(name)) found.push(path)
  }
  return found
}

/** `{ lines, blank, comment }` of one file's text. */
function countLines(path, text) {
  const lines = text.split('\n')
  const length = text.endsWith('\n') ? lines.length - 1 : lines.length
  const hasToken = new Uint8Array(length)
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true)
  // Every token, template texts included, marks the lines it spans.
  const mark = (node) => {
    // The parser hangs a JSDoc block on its node: a comment, not a token.
    if (
      node.kind >= ts.SyntaxKind.FirstJSDocNode &&
      node.kind <= ts.SyntaxKind.LastJSDocNode
    )
      return
    const children = node.getChildren(file)
    if (children.length > 0 || node.kind === ts.SyntaxKind.SyntaxList) {
      children.forEach(mark)
      return
    }
    if (node.kind === ts.SyntaxKind.EndOfFileToken) return
    const from = file.getLineAndCharacterOfPosition(node.getStart(file)).line
    const to = file.getLineAndCharacterOfPosition(node.getEnd()).line
    for (let line = from; line <= to; line++) hasToken[line] = 1
  }
  mark(file)
  let blank = 0
  let comment = 0
  for (let line = 0; line < length; line++) {
    if (hasToken[line] === 1) continue
    if (lines[line].trim() === '') blank++
    else comment++
  }
  return { lines: length, blank, comment }
}

const folders = new Map()
const leftOut = []
for (const top of roots) {
  for (const path of filesBelow(top)) {
    const counts = countLines(path, readFileSync(join(root, path), 'utf8'))
    if (LEFT_OUT.some((pattern) => pattern.test(path))) {
      leftOut.push(`${path} ${counts.lines}`)
      continue
    }
    const parts = relative('.', path).split('/')
    const folder = parts.length > 2 ? parts.slice(0, 2).join('/') : parts[0]
    const sum = folders.get(folder) ?? { lines: 0, blank: 0, comment: 0 }
    for (const field of ['lines', 'blank', 'comment'])
      sum[field] += counts[field]
    folders.set(folder, sum)
  }
}

const rows = [...folders].sort(([a], [b]) => a.localeCompare(b))
if (values.json) {
  process.stdout.write(JSON.stringify(Object.fromEntries(rows), null, 2) + '\n')
  process.exit(0)
}
const percent = (part, whole) => ((100 * part) / whole).toFixed(1) + ' %'
console.log(
  'folder                      lines    blank  comment  comment share',
)
for (const top of roots) {
  const total = { lines: 0, blank: 0, comment: 0 }
  for (const [folder, sum] of rows) {
    if (folder !== top && !folder.startsWith(top + '/')) continue
    for (const field of ['lines', 'blank', 'comment'])
      total[field] += sum[field]
    console.log(
      `${folder.padEnd(24)} ${String(sum.lines).padStart(8)} ${String(sum.blank).padStart(8)} ${String(sum.comment).padStart(8)}  ${percent(sum.comment, sum.lines)}`,
    )
  }
  console.log(
    `${(top + ' (all)').padEnd(24)} ${String(total.lines).padStart(8)} ${String(total.blank).padStart(8)} ${String(total.comment).padStart(8)}  ${percent(total.comment, total.lines)}`,
  )
}
if (leftOut.length > 0) console.log(`left out: ${leftOut.join(', ')}`)
