// `npm run bench`: runs every bench script in turn (after `npm run build`),
// each in a process of its own with its own output, then prints one summary
// table of the headline figures they reported (bench/support/figures.js),
// each with its same-run baseline and its goal. Exits 1 when a script fails;
// a goal not met is reported, not a failure: figures depend on the machine.
//
//   npm run bench                 (all scripts)
//   node bench/run-all.js server  (only the scripts whose names contain "server")
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

// [script, node flags]: in the order a reader of bench/README.md meets them.
const SCRIPTS = [
  ['startup.js', []],
  ['consumer.js', []],
  ['lookup.js', []],
  ['growth.js', []],
  ['storage.js', []],
  ['hmac.js', []],
  ['server.js', []],
  ['variants.js', []],
  ['verify.js', []],
  ['record.js', []],
  ['client-report.js', []],
  ['bigload.js', []],
  ['records.js', []],
  ['depth.js', []],
  ['origin.js', []],
  ['proxy.js', []],
  ['replicas.js', []],
  ['thumbnails.js', ['--expose-gc']],
  ['bundle.js', []],
  ['page.js', []],
  ['demo.js', []],
  ['docs-transfer.js', []],
]

const only = process.argv.slice(2)
const chosen = SCRIPTS.filter(
  ([script]) => only.length === 0 || only.some((name) => script.includes(name)),
)
const work = mkdtempSync(join(tmpdir(), 'content-api-mock-bench-figures-'))
const figuresFile = join(work, 'figures.jsonl')
writeFileSync(figuresFile, '')
const failed = []
for (const [script, flags] of chosen) {
  console.log(`\n## bench/${script}\n`)
  const result = spawnSync(
    process.execPath,
    [...flags, fileURLToPath(new URL(script, import.meta.url))],
    { stdio: 'inherit', env: { ...process.env, BENCH_FIGURES: figuresFile } },
  )
  if (result.status !== 0) failed.push(script)
}
const figures = readFileSync(figuresFile, 'utf8')
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => JSON.parse(line))
rmSync(work, { recursive: true, force: true })

console.log(
  `\n## Summary (node ${process.version}, ${new Date().toISOString()})\n`,
)
console.table(
  figures.map(({ what, value, baseline, goal, met }) => ({
    what,
    value,
    'same-run baseline': baseline,
    goal,
    met: met === undefined || met === null ? '' : met ? 'yes' : 'NO',
  })),
)
if (failed.length > 0) {
  console.error(`These bench scripts failed: ${failed.join(', ')}`)
  process.exit(1)
}
