import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { expect, it } from 'vitest'
import { ROOT } from '../support/docs/read-code-blocks.js'

// CONTRIBUTING's "Where is it" list sends a newcomer from a behaviour to the
// file that holds it. Each item names a file and a name defined in it, so a
// move or a rename that forgets the list fails here.

interface MapRow {
  behaviour: string
  file: string
  name: string
}

function readMapRows(): MapRow[] {
  const text = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8')
  const start = text.indexOf('\n## Where is it\n')
  expect(start, 'CONTRIBUTING.md has a "## Where is it" section').not.toBe(-1)
  const section = text.slice(start + 1).split(/\n## /)[0] ?? ''
  // One item a behaviour, wrapped onto an indented line where it is long.
  const items = section.replace(/\n {2}/g, ' ').split('\n')
  return items.flatMap((item) => {
    const row = /^- (.+?): \[`[^`]+`\]\(([^)]+)\), `([^`]+)`$/.exec(item)
    if (row === null) return []
    const [, behaviour = '', file = '', name = ''] = row
    return [{ behaviour, file, name }]
  })
}

it('lists at least sixty behaviours, each with a file and a name', () => {
  const rows = readMapRows()
  expect(rows.length).toBeGreaterThanOrEqual(60)
  expect(new Set(rows.map((row) => row.behaviour)).size).toBe(rows.length)
})

it('names files that exist and define the name the item gives', () => {
  const stale = readMapRows().flatMap(({ behaviour, file, name }) => {
    const path = join(ROOT, file)
    if (!existsSync(path)) return [`${behaviour}: ${file} does not exist`]
    const source = readFileSync(path, 'utf8')
    const defines = new RegExp(
      `(?:function|const|class|interface|type|let)\\s+${name}\\b`,
    )
    return defines.test(source)
      ? []
      : [`${behaviour}: ${file} defines no ${name}`]
  })
  expect(stale).toEqual([])
})

it('sends a reader into every room of src/', () => {
  const named = new Set(readMapRows().map(({ file }) => dirname(file)))
  const rooms = readdirSync(join(ROOT, 'src'), {
    recursive: true,
    withFileTypes: true,
  })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, entry.parentPath))
    // Generated files only: the clips and the title font's glyphs.
    .filter((room) => room !== join('src', 'media', 'clips'))
  expect([...new Set(rooms)].filter((room) => !named.has(room))).toEqual([])
})
