import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { startCli } from '../support/start-cli.js'

// CONTENT_API_MOCK_ADMIN_TOKEN: how a container (or any platform's secret)
// gives the admin token without it showing in the process list or the
// image. Like the other variables: the flag wins, an empty one counts as
// unset, and a bad one exits 2 naming the variable but not its value.

const run = promisify(execFile)
const TOKEN = 'variable-token-7c1e'
const VARIABLE = 'CONTENT_API_MOCK_ADMIN_TOKEN'

function health(url: string, token?: string) {
  return fetch(`${url}/__mock/health`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  })
}

it('protects the control API with the token of CONTENT_API_MOCK_ADMIN_TOKEN, and prints it nowhere', async () => {
  await using cli = await startCli(['--port', '0'], {
    env: { [VARIABLE]: TOKEN },
  })
  expect(cli.stdout()).toMatch(
    /Admin +http:\S+\/__mock \(needs "Authorization: Bearer <admin token>"\)/,
  )
  expect((await health(cli.url)).status).toBe(401)
  expect((await health(cli.url, TOKEN)).status).toBe(200)
  expect(cli.stdout() + cli.stderr()).not.toContain(TOKEN)
})

it('takes --admin-token over the variable, and an empty variable as unset', async () => {
  await using flag = await startCli(['--port', '0', '--admin-token', 'flag'], {
    env: { [VARIABLE]: TOKEN },
  })
  expect((await health(flag.url, TOKEN)).status).toBe(401)
  expect((await health(flag.url, 'flag')).status).toBe(200)

  await using empty = await startCli(['--port', '0'], {
    env: { [VARIABLE]: '' },
  })
  expect((await health(empty.url)).status).toBe(200)
})

it('exits 2 with one line naming the variable, not its value, when it is no token', async () => {
  const bad = 'has space'
  const failed = await run(process.execPath, ['dist/cli/main.js'], {
    env: { ...process.env, [VARIABLE]: bad },
  }).catch((error: { code: number; stdout: string; stderr: string }) => error)
  expect('code' in failed && failed.code).toBe(2)
  expect(failed.stdout).toBe('')
  expect(failed.stderr).toBe(
    `content-api-mock: The environment variable ${VARIABLE} is invalid; expected visible ASCII characters without spaces, as an HTTP header carries them. Fix or unset ${VARIABLE}, or pass --admin-token, which wins over it.\n`,
  )
})

it('names the variable in --help', async () => {
  const { stdout } = await run(process.execPath, ['dist/cli/main.js', '--help'])
  expect(stdout).toMatch(
    /--admin-token <token>[\s\S]*\(default:\s+\$CONTENT_API_MOCK_ADMIN_TOKEN,\s+else/,
  )
})
