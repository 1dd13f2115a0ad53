import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { startCli } from '../../support/start-cli.js'

// A generated dataset too large for the heap Node.js gives the process: the
// CLI says so, with the flag that makes room, before it starts generating.

const MAIN = fileURLToPath(
  new URL('../../../dist/cli/main.js', import.meta.url),
)

it('warns before generating a dataset that needs more heap than the process has, naming --max-old-space-size', async () => {
  const child = spawn(
    process.execPath,
    ['--max-old-space-size=64', MAIN, '--contents', '10000000', '--port', '0'],
    { env: { ...process.env, NO_COLOR: '1' } },
  )
  let stderr = ''
  try {
    await new Promise<void>((resolve, reject) => {
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk
        if (stderr.includes('\n')) resolve()
      })
      child.once('exit', () => resolve())
      child.once('error', reject)
    })
  } finally {
    child.kill('SIGKILL')
  }
  expect(stderr.split('\n')[0]).toMatch(
    /^content-api-mock: warning: 10,000,000 contents need about [\d,]+ MB of heap, and this Node\.js process may use \d+ MB: .* NODE_OPTIONS=--max-old-space-size=\d+ /,
  )
})

it('starts without a heap warning when the dataset fits', async () => {
  await using cli = await startCli(['--contents', '1000', '--port', '0'])
  expect(cli.stderr()).not.toMatch(/heap/)
})
