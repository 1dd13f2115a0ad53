import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { startCli } from '../support/start-cli.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** The JSON-log example of docs/cli.md, as a user types it in a clone. */
const JSON_LOG_COMMAND = 'npm start --silent -- --log json'

it('keeps stdout to JSON lines under the JSON-log example, prestart included', async () => {
  expect(
    readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8'),
  ).toContain(JSON_LOG_COMMAND)
  const [command, ...args] = JSON_LOG_COMMAND.split(' ')
  const cli = await startCli([...args, '--port', '0'], { command })
  try {
    const response = await fetch(`${cli.apiUrl}/projects`, {
      headers: { authorization: 'Bearer demo-key-alpha' },
    })
    expect(response.status).toBe(200)
    await expect.poll(cli.stdout).toContain('"path":"/public-api/v1/projects"')
  } finally {
    await cli.stop()
  }

  const lines = cli
    .stdout()
    .split('\n')
    .filter((line) => line !== '')
  expect(lines.length).toBeGreaterThan(0)
  for (const line of lines) {
    expect(() => JSON.parse(line), line).not.toThrow()
  }
})

it('starts without building when dist/ is newer than every source', async () => {
  const child = spawn(process.execPath, ['scripts/build-if-stale.js'], {
    cwd: ROOT,
  })
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk))
  const [code] = await once(child, 'exit')
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
})
