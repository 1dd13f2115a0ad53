import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** The JSON-log example of docs/cli.md, as a user types it in a clone. */
const JSON_LOG_COMMAND = 'npm start --silent -- --log json'

it('keeps stdout to JSON lines under the JSON-log example, prestart included', async () => {
  expect(
    readFileSync(new URL('../docs/cli.md', import.meta.url), 'utf8'),
  ).toContain(JSON_LOG_COMMAND)
  const [command, ...args] = JSON_LOG_COMMAND.split(' ')
  // @note Its own process group, so that SIGINT reaches npm and the server
  // alike, as Ctrl+C in a terminal does.
  const child = spawn(command!, [...args, '--port', '0'], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, NO_COLOR: '1' },
  })
  const exited = once(child, 'exit')
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk))
  const banner = new Promise<string>((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
      const url = /API +(http:\/\/127\.0\.0\.1:\d+\/public-api\/v1)/.exec(
        stderr,
      )?.[1]
      if (url !== undefined) resolve(url)
    })
    void exited.then(() =>
      reject(new Error(`npm start ended before its banner:\n${stderr}`)),
    )
  })

  try {
    const apiUrl = await banner
    const response = await fetch(`${apiUrl}/projects`, {
      headers: { authorization: 'Bearer demo-key-alpha' },
    })
    expect(response.status).toBe(200)
    await expect
      .poll(() => stdout)
      .toContain('"path":"/public-api/v1/projects"')
  } finally {
    process.kill(-child.pid!, 'SIGINT')
    await exited
  }

  const lines = stdout.split('\n').filter((line) => line !== '')
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
