import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, expect, it } from 'vitest'

// `npm run lint` checks the house rules of src/ with dependency-cruiser
// (.dependency-cruiser.cjs). These tests run that check on small trees laid
// out like src/, so a rule that stops firing fails here.

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const DEPCRUISE = join(ROOT, 'node_modules/.bin/depcruise')
const CONFIG = join(ROOT, '.dependency-cruiser.cjs')
const run = promisify(execFile)
const trees: string[] = []

afterAll(async () => {
  for (const tree of trees) await rm(tree, { recursive: true, force: true })
})

/** Checks a tree of `src/` files with the lint's rules; returns its report. */
async function checkTree(files: Record<string, string>) {
  const tree = await mkdtemp(join(tmpdir(), 'content-api-mock-layers-'))
  trees.push(tree)
  const all = {
    'tsconfig.build.json': JSON.stringify({
      compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' },
      include: ['src'],
    }),
    ...files,
  }
  for (const [path, text] of Object.entries(all)) {
    await mkdir(dirname(join(tree, path)), { recursive: true })
    await writeFile(join(tree, path), text)
  }
  try {
    const { stdout } = await run(DEPCRUISE, ['src', '--config', CONFIG], {
      cwd: tree,
    })
    return { failed: false, report: stdout }
  } catch (error) {
    return { failed: true, report: (error as { stdout: string }).stdout }
  }
}

it('passes a tree whose imports all point down the layers', async () => {
  const { failed, report } = await checkTree({
    'src/schema/resource.ts': 'export const a = 1\n',
    'src/data/store.ts':
      "import { a } from '../schema/resource.js'\nexport const b = a\n",
    'src/api/answer.ts':
      "import { b } from '../data/store.js'\nexport const c = b\n",
    'src/server/serve.ts':
      "import 'node:http'\nimport { c } from '../api/answer.js'\nexport const d = c\n",
    'src/cli/main.ts': "import { d } from '../server/serve.js'\nvoid d\n",
  })
  expect(report).toContain('no dependency violations found')
  expect(failed).toBe(false)
})

it('fails an import from a lower layer up to a higher one', async () => {
  const { failed, report } = await checkTree({
    'src/api/answer.ts': 'export const c = 1\n',
    'src/data/store.ts':
      "import { c } from '../api/answer.js'\nexport const b = c\n",
    'src/server/serve.ts': 'export const d = 1\n',
    'src/msw/handlers.ts': "import { d } from '../server/serve.js'\nvoid d\n",
  })
  expect(failed).toBe(true)
  expect(report).toContain('data-imports-only-below: src/data/store.ts')
  expect(report).toContain('msw-imports-only-below: src/msw/handlers.ts')
})

it('fails a node: import in the layers that run in browsers', async () => {
  const { failed, report } = await checkTree({
    'src/schema/resource.ts': "import 'node:crypto'\n",
    'src/api/answer.ts':
      "import { readFileSync } from 'node:fs'\nvoid readFileSync\n",
    'src/msw/handlers.ts': "import 'node:url'\n",
  })
  expect(failed).toBe(true)
  for (const file of [
    'src/schema/resource.ts',
    'src/api/answer.ts',
    'src/msw/handlers.ts',
  ]) {
    expect(report).toContain(`browser-safe-imports-no-node-module: ${file}`)
  }
})

it('keeps media/ beside data/: it imports schema/ only, and api/ may import it', async () => {
  const passing = await checkTree({
    'src/schema/resource.ts': 'export const a = 1\n',
    'src/media/card.ts':
      "import { a } from '../schema/resource.js'\nexport const m = a\n",
    'src/api/answer.ts':
      "import { m } from '../media/card.js'\nexport const c = m\n",
  })
  expect(passing.report).toContain('no dependency violations found')
  const failing = await checkTree({
    'src/data/store.ts': 'export const b = 1\n',
    'src/api/answer.ts': 'export const c = 1\n',
    'src/media/card.ts':
      "import { b } from '../data/store.js'\nimport { c } from '../api/answer.js'\nimport 'node:fs'\nexport const m = b + c\n",
  })
  expect(failing.failed).toBe(true)
  expect(failing.report).toMatch(
    /media-imports-only-below: src\/media\/card\.ts → src\/data\/store\.ts/,
  )
  expect(failing.report).toMatch(
    /media-imports-only-below: src\/media\/card\.ts → src\/api\/answer\.ts/,
  )
  expect(failing.report).toContain(
    'browser-safe-imports-no-node-module: src/media/card.ts',
  )
})

it('keeps schema/ beside random/, and server/ and contract/ apart, as the data-flow line says', async () => {
  const { failed, report } = await checkTree({
    'src/random/hash.ts': 'export const h = 1\n',
    'src/schema/resource.ts':
      "import { h } from '../random/hash.js'\nexport const a = h\n",
    'src/contract/drift.ts': 'export const k = 1\n',
    'src/server/serve.ts':
      "import { k } from '../contract/drift.js'\nexport const d = k\n",
  })
  expect(failed).toBe(true)
  expect(report).toMatch(
    /schema-imports-only-below: src\/schema\/resource\.ts → src\/random\/hash\.ts/,
  )
  expect(report).toMatch(
    /server-imports-only-below: src\/server\/serve\.ts → src\/contract\/drift\.ts/,
  )
})

it('fails an import circle', async () => {
  const { failed, report } = await checkTree({
    'src/api/one.ts':
      "import { two } from './two.js'\nexport const one = () => two\n",
    'src/api/two.ts':
      "import { one } from './one.js'\nexport const two = () => one\n",
  })
  expect(failed).toBe(true)
  expect(report).toContain('no-circular')
})

it('keeps page/ apart: it imports no code of src/ (types are fine), and nothing of src/ imports it', async () => {
  const passing = await checkTree({
    'src/page/api-client.ts': 'export const p = 1\n',
    'src/schema/resource.ts': 'export type R = { a: number }\n',
    'src/page/app.ts':
      "import { p } from './api-client.js'\nimport type { R } from '../schema/resource.js'\nexport const r: R = { a: p }\n",
  })
  expect(passing.report).toContain('no dependency violations found')
  const failing = await checkTree({
    'src/api/answer.ts': 'export const c = 1\n',
    'src/page/app.ts':
      "import { c } from '../api/answer.js'\nimport 'node:fs'\nexport const p = c\n",
    'src/server/serve.ts': "import { p } from '../page/app.js'\nvoid p\n",
    'src/index.ts': "import { p } from './page/app.js'\nexport { p }\n",
  })
  expect(failing.failed).toBe(true)
  expect(failing.report).toMatch(
    /page-imports-only-below: src\/page\/app\.ts → src\/api\/answer\.ts/,
  )
  expect(failing.report).toContain(
    'page-imports-no-node-module: src/page/app.ts',
  )
  expect(failing.report).toMatch(
    /nothing-imports-the-page: src\/server\/serve\.ts → src\/page\/app\.ts/,
  )
  expect(failing.report).toMatch(
    /nothing-imports-the-page: src\/index\.ts → src\/page\/app\.ts/,
  )
})

it('keeps demo/ (the build-demo boot script) above msw/: browser-safe, and imported by nothing', async () => {
  const passing = await checkTree({
    'src/msw/handlers.ts': 'export const h = 1\n',
    'src/demo/boot.ts': "import { h } from '../msw/handlers.js'\nvoid h\n",
  })
  expect(passing.report).toContain('no dependency violations found')
  const failing = await checkTree({
    'src/server/serve.ts': 'export const d = 1\n',
    'src/demo/boot.ts':
      "import { d } from '../server/serve.js'\nimport 'node:fs'\nexport const b = d\n",
    'src/cli/main.ts': "import { b } from '../demo/boot.js'\nvoid b\n",
  })
  expect(failing.failed).toBe(true)
  expect(failing.report).toMatch(
    /demo-imports-only-below: src\/demo\/boot\.ts → src\/server\/serve\.ts/,
  )
  expect(failing.report).toContain(
    'browser-safe-imports-no-node-module: src/demo/boot.ts',
  )
  expect(failing.report).toMatch(
    /cli-imports-only-below: src\/cli\/main\.ts → src\/demo\/boot\.ts/,
  )
})
