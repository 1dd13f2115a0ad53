import { expect, it } from 'vitest'
// The CLI runs as a child process; from src/ come only the colour rules and
// the option tables that the expected texts are built from.
import { SERVER_OPTION_RULES } from '../../../src/server/connections/defaults.js'
import {
  spawnCli,
  runCli,
  startCli,
  expectUsageError,
  get,
} from '../../support/cli-process.js'
import { freePort } from '../../support/free-port.js'

// Where serve listens and which origin its links name: --public-url,
// --trust-proxy, PORT and HOST.

const SMALL = 'test/fixtures/small.json'

/** The asset URL of content v1 of small.json, asked for with these headers. */
async function downloadUrl(apiUrl: string, headers: Record<string, string>) {
  const detail = await fetch(`${apiUrl}/projects/p1/contents/v1`, {
    headers: { authorization: 'Bearer k_a', ...headers },
  })
  return (await detail.json()).data.content.download_url as string
}

it('prints the --public-url in every link of the banner beside the listening address, and issues links on it', async () => {
  const cli = spawnCli([
    ...['--port', '0', '--fixtures', SMALL],
    ...['--public-url', 'https://demo.example.com/mock/'],
  ])
  const [, url] = await cli.waitFor(
    'stdout',
    /Listening +(http:\/\/127\.0\.0\.1:\d+)\n[\s\S]*Press Ctrl\+C to stop\./,
  )
  const banner = cli.stdout()
  const base = 'https://demo.example.com/mock'
  expect(banner).toMatch(
    /\n {2}API +https:\/\/demo\.example\.com\/mock\/public-api\/v1\n {2}Listening +http:\/\/127\.0\.0\.1:\d+\n {2}Proxy +links use --public-url; forwarded headers are not read\n/,
  )
  expect(banner).toContain(`Admin     ${base}/__mock (open`)
  expect(banner).toContain(`OpenAPI   ${base}/openapi.json`)
  expect(banner).toContain(`Explorer  ${base}/ (open it in a browser`)
  expect(banner).toContain(`Docs      ${base}/docs\n`)
  expect(banner).toContain(
    `curl -H "Authorization: Bearer k_a" ${base}/public-api/v1/projects`,
  )
  expect(banner.split(`${url}`).length).toBe(2)

  expect(
    await downloadUrl(`${url}/public-api/v1`, {
      'x-forwarded-host': 'other.example',
    }),
  ).toMatch(/^https:\/\/demo\.example\.com\/mock\/__assets\/m1\/video\.mp4\?/)
  const openapi = await (await fetch(`${url}/mock/openapi.json`)).json()
  expect(openapi.servers).toEqual([{ url: `${base}/public-api/v1` }])
})

it('builds asset URLs from forwarded headers with --trust-proxy, and says so in the banner; without it they change nothing', async () => {
  const forwarded = {
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'demo.example.com',
  }
  const trusting = await startCli(['--trust-proxy', '--fixtures', SMALL])
  expect(trusting.stdout()).toMatch(
    /\n {2}Proxy +asset URLs follow Forwarded and X-Forwarded-Proto\/-Host \(--trust-proxy\)\n/,
  )
  expect(await downloadUrl(trusting.apiUrl, forwarded)).toMatch(
    /^https:\/\/demo\.example\.com\/__assets\/m1\//,
  )

  const plain = await startCli(['--fixtures', SMALL])
  expect(plain.stdout()).not.toMatch(/Proxy|Listening/)
  expect(await downloadUrl(plain.apiUrl, forwarded)).toMatch(
    new RegExp(`^${plain.url}/__assets/m1/`),
  )

  const both = spawnCli([
    ...['--port', '0', '--trust-proxy'],
    ...['--public-url', 'https://demo.example.com'],
  ])
  await both.waitFor(
    'stdout',
    /\n {2}Proxy +links use --public-url, which wins over --trust-proxy: forwarded headers are not read\n/,
  )
})

it('listens on PORT and HOST from the environment, and --port and --host win over them', async () => {
  const port = await freePort()
  const fromEnvironment = spawnCli(['--log', 'off'], {
    PORT: String(port),
    HOST: '127.0.0.2',
  })
  await fromEnvironment.waitFor(
    'stdout',
    new RegExp(`API +http://127\\.0\\.0\\.2:${port}/public-api/v1\\n`),
  )
  expect((await get(`http://127.0.0.2:${port}/__mock/health`)).status).toBe(200)

  // A flag wins, and the variable it replaces is not even read.
  const fromFlags = spawnCli(
    ['--port', '0', '--host', '127.0.0.1', '--log', 'off'],
    { PORT: 'not-a-port', HOST: ' ' },
  )
  const [, flagPort] = await fromFlags.waitFor(
    'stdout',
    /API +http:\/\/127\.0\.0\.1:(\d+)\/public-api\/v1\n[\s\S]*Press Ctrl\+C/,
  )
  expect(Number(flagPort)).not.toBe(0)
  expect((await get(`http://127.0.0.1:${flagPort}/__mock/health`)).status).toBe(
    200,
  )
})

it('reads an empty PORT or HOST as unset, and neither when the flags are given', async () => {
  // A check that runs once the variables are read ends each run, so that
  // nothing is served: its line shows they were not refused.
  const clash = ['--headers-timeout', '5', '--request-timeout', '1']
  const line = /--headers-timeout 5 is longer than --request-timeout 1/
  expectUsageError(await runCli(clash, { PORT: '', HOST: '' }), line)
  expectUsageError(
    await runCli(['--host', '127.0.0.1', '--port', '0', ...clash], {
      PORT: 'x',
      HOST: ' ',
    }),
    line,
  )
  const cli = spawnCli(['--log', 'off'], { PORT: '0', HOST: '127.0.0.1' })
  const [, port] = await cli.waitFor(
    'stdout',
    /API +http:\/\/127\.0\.0\.1:(\d+)\//,
  )
  cli.child.kill('SIGTERM')
  await cli.exited
  expect(Number(port)).not.toBe(SERVER_OPTION_RULES.port.default)
})
