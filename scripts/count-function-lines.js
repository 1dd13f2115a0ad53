// Lists the functions of src/ longer than a number of lines, so that function
// length is measured rather than policed by habit.
//
//   node scripts/count-function-lines.js                  functions over 80 lines in src/
//   node scripts/count-function-lines.js src/cli --over 60
//   node scripts/count-function-lines.js --check          exit 1 when a limit is broken
//   node scripts/count-function-lines.js --json           one object per function
//
// A function is any function declaration or expression, arrow function,
// method, constructor or accessor (a Preact component is a function). Its
// length is the lines from its first token to its last, the functions inside
// it included, its JSDoc not: what a reader holds while reading it. Each is
// named by file, the names of the functions around it and its own (a
// callback after the call it is passed to, e.g. `declareServe › action()`).
//
// --check fails when a function is longer than --limit (default 120) or more
// than --budget (default 20) are longer than --over (default 80). Files that
// are data rather than code a reader follows are left out of the check, and
// listed apart: the generated files (*.generated.ts) and the JPEG encoder,
// a port of a reference encoder whose long loops follow the standard's steps.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { parseArgs } from 'node:util'
import ts from 'typescript'

const ALLOWED = [
  /\.generated\.tsx?$/,
  /^src\/media\/internal\/encode-jpeg\.ts$/,
]

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    over: { type: 'string', default: '80' },
    limit: { type: 'string', default: '120' },
    budget: { type: 'string', default: '20' },
    check: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

if (values.help) {
  process.stdout.write(
    'Usage: node scripts/count-function-lines.js [paths…] [--over 80] [--limit 120] [--budget 20] [--check] [--json]\n',
  )
  process.exit(0)
}

const over = readWholeNumber('--over', values.over)
const limit = readWholeNumber('--limit', values.limit)
const budget = readWholeNumber('--budget', values.budget)
const roots = positionals.length === 0 ? ['src'] : positionals

const functions = roots.flatMap(listSourceFiles).flatMap(measureFile)
const counted = functions.filter((entry) => !isAllowed(entry.file))
const long = counted
  .filter((entry) => entry.lines > over)
  .sort((a, b) => b.lines - a.lines)

if (values.json) {
  process.stdout.write(`${JSON.stringify(long, null, 2)}\n`)
} else {
  printReport()
}

if (values.check) {
  const broken = describeBrokenLimits()
  for (const line of broken) process.stderr.write(`${line}\n`)
  process.exitCode = broken.length === 0 ? 0 : 1
}

function printReport() {
  for (const entry of long) {
    process.stdout.write(
      `${String(entry.lines).padStart(5)}  ${entry.file}:${entry.line}  ${entry.name}\n`,
    )
  }
  const tally = [over, 120, 150]
    .filter((value, index, all) => all.indexOf(value) === index)
    .map(
      (value) =>
        `${counted.filter((entry) => entry.lines > value).length} over ${value}`,
    )
  const allowed = functions.filter(
    (entry) => isAllowed(entry.file) && entry.lines > over,
  )
  process.stdout.write(
    `${counted.length} functions in ${roots.join(', ')}: ${tally.join(', ')} lines` +
      (allowed.length === 0
        ? '\n'
        : `; left out (generated, JPEG encoder): ${allowed.map((entry) => `${entry.name} ${entry.lines}`).join(', ')}\n`),
  )
}

function describeBrokenLimits() {
  const tooLong = counted.filter((entry) => entry.lines > limit)
  const lines = tooLong.map(
    (entry) =>
      `${entry.file}:${entry.line}: ${entry.name} is ${entry.lines} lines, over the limit of ${limit}. Split it into named parts.`,
  )
  if (long.length > budget) {
    lines.push(
      `${long.length} functions are over ${over} lines, more than the ${budget} allowed. Shorten some of those listed above.`,
    )
  }
  return lines
}

function readWholeNumber(flag, text) {
  const number = Number(text)
  if (!Number.isInteger(number) || number < 1) {
    process.stderr.write(
      `${flag} takes a whole number of lines, got "${text}".\n`,
    )
    process.exit(2)
  }
  return number
}

function isAllowed(file) {
  return ALLOWED.some((pattern) => pattern.test(file))
}

function listSourceFiles(path) {
  if (statSync(path).isFile()) return [path]
  const entries = readdirSync(path, { withFileTypes: true })
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  return entries.flatMap((entry) => {
    const child = join(path, entry.name)
    if (entry.isDirectory()) return listSourceFiles(child)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [child]
      : []
  })
}

function measureFile(path) {
  const file = relative(process.cwd(), path).split('\\').join('/')
  const source = ts.createSourceFile(
    path,
    readFileSync(path, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )
  const found = []
  const visit = (node, outer) => {
    let names = outer
    if (isFunction(node)) {
      names = [...outer, nameOf(node)]
      const start = source.getLineAndCharacterOfPosition(node.getStart(source))
      const end = source.getLineAndCharacterOfPosition(node.getEnd())
      found.push({
        file,
        line: start.line + 1,
        name: names.join(' › '),
        lines: end.line - start.line + 1,
      })
    } else if (ts.isClassLike(node) && node.name !== undefined) {
      names = [...outer, node.name.text]
    }
    ts.forEachChild(node, (child) => visit(child, names))
  }
  visit(source, [])
  return found
}

function isFunction(node) {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  )
}

/** A function's own name, else the name it is given, else the call it is passed to. */
function nameOf(node) {
  if (ts.isConstructorDeclaration(node)) return 'constructor'
  if (node.name !== undefined) return node.name.getText()
  const parent = node.parent
  if (
    (ts.isVariableDeclaration(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent)) &&
    parent.name !== undefined
  ) {
    return parent.name.getText()
  }
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression
    const called = ts.isPropertyAccessExpression(callee)
      ? callee.name.getText()
      : callee.getText()
    return `${called}()`
  }
  const { line } = node
    .getSourceFile()
    .getLineAndCharacterOfPosition(node.getStart())
  return `(function at line ${line + 1})`
}
