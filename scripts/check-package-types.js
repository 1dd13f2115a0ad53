// Run by `npm run lint` after the build: checks the types of the package as
// npm would publish it with "Are the Types Wrong?" (attw), for ESM consumers
// (`--profile esm-only`: the package has no CommonJS build, on purpose).
// @note Packed here with --ignore-scripts, since `attw --pack` runs a plain
// `npm pack`, whose prepack would build dist/ a second time.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../', import.meta.url))
const folder = mkdtempSync(join(tmpdir(), 'content-api-mock-attw-'))
try {
  const [packed] = JSON.parse(
    execFileSync(
      'npm',
      ['pack', '--ignore-scripts', '--json', '--pack-destination', folder],
      { cwd: root, encoding: 'utf8' },
    ),
  )
  execFileSync(
    'npx',
    ['attw', join(folder, packed.filename), '--profile', 'esm-only'],
    { cwd: root, stdio: 'inherit' },
  )
} catch (error) {
  process.exitCode = error.status ?? 1
} finally {
  rmSync(folder, { recursive: true, force: true })
}
