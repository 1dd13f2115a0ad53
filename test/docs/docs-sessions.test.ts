import { afterAll, it } from 'vitest'
import { DOC_FILES, readCodeBlocks } from '../support/docs/read-code-blocks.js'
import { runPageExamples } from '../support/docs/run-page-examples.js'
import { killAllClis } from '../support/docs/start-cli.js'

// The shell sessions and transcripts of the docs, run for real: every server
// they start listens on 127.0.0.1, on a free port, and is stopped at the end.

afterAll(killAllClis)

const RUNS = new Set(['session', 'transcript', 'output'])

for (const file of DOC_FILES) {
  const blocks = readCodeBlocks(file)
  if (!blocks.some((block) => RUNS.has(block.kind ?? ''))) continue
  // @note Pages run side by side: each has its own folder, bash and ports.
  it.concurrent(
    `runs the shell sessions of ${file} and shows what they print`,
    async () => {
      await runPageExamples(blocks)
    },
    90_000,
  )
}
