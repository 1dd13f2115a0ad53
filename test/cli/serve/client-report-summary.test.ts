import { expect, it } from 'vitest'
import { startCli } from '../../support/start-cli.js'

const PREFIX = 'content-api-mock: '

it('prints the client report when it stops: a line with the counts, then one per finding', async () => {
  const cli = await startCli(['--port', '0', '--log', 'off'])
  await fetch(`${cli.apiUrl}/projects`)
  await fetch(`${cli.apiUrl}/projects`, {
    headers: { authorization: 'Basic azphOg==' },
  })
  for (let poll = 0; poll < 10; poll++) {
    await fetch(`${cli.apiUrl}/projects`, {
      headers: { authorization: 'Bearer demo-key-alpha' },
    })
  }
  expect(await cli.stop()).toBe(0)
  const stopping = cli.stderr().slice(cli.stderr().indexOf('SIGINT received'))
  expect(stopping.split('\n')).toEqual([
    'SIGINT received: stopping, finishing open requests (at most 10000 ms; SIGINT again exits at once)',
    `${PREFIX}client report of the 12 requests in the journal: 1 error, 1 warning (entries: GET /__mock/client-report before stopping; rules: docs/client-report.md; --no-client-report leaves this out)`,
    `${PREFIX}  error   missing-authorization ×2: 2 API requests came without a Bearer key (1 with no Authorization header, 1 with another scheme): send "Authorization: Bearer <API_KEY>" on every request.`,
    expect.stringMatching(
      /^content-api-mock: {3}warning tight-polling ×1: acct_alpha#1 polled too fast 1 time: 10 or more of the same GET in a row, less than 1 s apart \(e\.g\. GET \/public-api\/v1\/projects, the closest \d+ ms apart\): poll once every 1 s or less often, and stop once progress\.is_complete is true\.$/,
    ),
    `${PREFIX}stopped`,
    '',
  ])
})

it('says so when the client broke no rule, and prints nothing when nothing was asked', async () => {
  const cli = await startCli(['--port', '0', '--log', 'off'])
  await fetch(`${cli.apiUrl}/projects`, {
    headers: { authorization: 'Bearer demo-key-alpha' },
  })
  expect(await cli.stop()).toBe(0)
  expect(cli.stderr()).toContain(
    `${PREFIX}client report of the 1 request in the journal: no findings, the client broke none of its rules\n${PREFIX}stopped\n`,
  )

  const idle = await startCli(['--port', '0', '--log', 'off'])
  expect(await idle.stop()).toBe(0)
  expect(idle.stderr()).not.toContain('client report')
})

it('leaves the report out with --no-client-report', async () => {
  const cli = await startCli('--port 0 --log off --no-client-report'.split(' '))
  await fetch(`${cli.apiUrl}/projects`)
  expect(await cli.stop()).toBe(0)
  expect(cli.stderr()).not.toContain('client report')
  expect(cli.stderr()).toContain(`${PREFIX}stopped\n`)
})
